/* SPDX-License-Identifier: MIT */
/*
 * movegen_portable.c - lib/checkers/movegen.c and move.c under the names ref_*
 * (movegen_portable.h), built with lib/bench/portable first on the include
 * path so that no override replaces the portable C.
 */
#include "names.h"
#include "checkers/movegen.c"
#include "checkers/move.c"
