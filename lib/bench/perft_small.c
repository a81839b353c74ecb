/* SPDX-License-Identifier: MIT */
/*
 * perft_small.c - lib/checkers/perft.c under the name small_perft, on the
 * small move generator (movegen_small.c).
 */
#include "small_names.h"
#include "checkers/perft.c"
