/* SPDX-License-Identifier: MIT */
/*
 * small_names.h - the names under which lib/bench/movegen_small.c and
 * perft_small.c compile the small move generator and perft on it
 * (declared in lib/bench/movegen_small.h).
 */
#define mg_generate_known small_mg_generate_known
#define mg_generate_captures small_mg_generate_captures
#define mg_count small_mg_count
#define mg_count_captures small_mg_count_captures
#define mg_has_capture small_mg_has_capture
#define mg_move_kind small_mg_move_kind
#define perft small_perft
