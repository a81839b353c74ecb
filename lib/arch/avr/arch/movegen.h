/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen.h (AVR) - override of checkers/movegen.c's capture test,
 * kind of moves and move count by lib/arch/avr/movegen_asm.S, and of the
 * move listing (mg_generate_known) by lib/arch/avr/generate_asm.S.
 *
 * The assembly keeps the position in registers as bitboards.  The capture
 * test, the count of quiet moves and of men's captures, the listing of
 * steps and single jumps, and the square-by-square walk of the captures
 * that need it (in a list, a jump that can go on; a man promoted where the
 * capture continues; flying kings: walk_asm.S) are its own.  The portable versions of the replaced
 * functions are compiled under other names (below), which nothing calls,
 * and dropped by the linker, and with them the C walk: mg_path is the
 * search over the move's own pieces (MG_PATH_BY_SEARCH, move.c).
 *
 * The assembly and its 256-byte popcount table cost more flash than the
 * portable C: a board whose flash cannot spare it (the 8 KB parts) builds
 * the small generator instead (MOVEGEN := small), whose folder,
 * lib/arch/small, comes first on the include path with its own
 * arch/movegen.h.
 */
#ifndef BITDRAUGHTS_MOVEGEN_AVR_H
#define BITDRAUGHTS_MOVEGEN_AVR_H

/* Only checkers/movegen.c and move.c include this header, after the
 * declarations: their definitions of the entry points that the assembly
 * replaces take these names. */
#define mg_count mg_count_portable
#define mg_generate_known mg_generate_known_portable
#define mg_make mg_make_portable        /* perft_asm.S: bd_asm_make */
#define mg_has_capture mg_has_capture_portable
#define mg_move_kind mg_move_kind_portable

/* The path of a capture for its notation without the walk, which nothing
 * else here needs. */
#define MG_PATH_BY_SEARCH

#endif
