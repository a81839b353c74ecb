/* SPDX-License-Identifier: MIT */
/*
 * movegen_small.c - lib/arch/small/movegen.c under the names small_*
 * (movegen_small.h).
 */
#include "small_names.h"
#include "arch/small/movegen.c"
