/* SPDX-License-Identifier: MIT */
/*
 * perft_portable.c - lib/checkers/perft.c under the name ref_perft, on
 * the portable move generation (movegen_portable.c).
 */
#include "names.h"
#include "checkers/perft.c"
