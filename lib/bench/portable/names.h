/* SPDX-License-Identifier: MIT */
/*
 * names.h - the names under which lib/bench/movegen_portable.c and
 * perft_portable.c compile the portable move generation and perft
 * (declared in lib/bench/movegen_portable.h).
 */
#define mg_generate ref_mg_generate
#define mg_generate_known ref_mg_generate_known
#define mg_generate_captures ref_mg_generate_captures
#define mg_count ref_mg_count
#define mg_count_captures ref_mg_count_captures
#define mg_has_capture ref_mg_has_capture
#define mg_move_kind ref_mg_move_kind
#define mg_make ref_mg_make
#define mg_path ref_mg_path
#define mg_path_search ref_mg_path_search
#define mg_path_follows ref_mg_path_follows
#define perft ref_perft
