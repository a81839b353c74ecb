/*
 * arch/movegen.h (AVR) - override of checkers/movegen.c's capture test and
 * move count by lib/arch/avr/movegen_asm.S, and of the move listing
 * (mg_generate_known) by lib/arch/avr/generate_asm.S.
 *
 * The assembly keeps the position in registers as bitboards.  The capture
 * test, the count of quiet moves, the listing of steps and single jumps,
 * and the square-by-square walk of the captures that need it (a jump that
 * can go on, a man promoted where the capture continues, flying kings:
 * walk_asm.S) are its own.  The portable versions of the replaced
 * functions are compiled under the names MG_PORTABLE gives them, and
 * dropped by the linker, and with them the C walk: mg_path is the search
 * over the move's own pieces (MG_PATH_BY_SEARCH, move.c).
 *
 * The assembly and its 256-byte popcount table cost more flash than the
 * portable C: a board whose flash cannot spare it (the 8 KB parts) builds
 * the small generator instead (MOVEGEN := small), whose folder,
 * lib/arch/small, comes first on the include path with its own
 * arch/movegen.h.
 */
#ifndef BITDRAUGHTS_MOVEGEN_AVR_H
#define BITDRAUGHTS_MOVEGEN_AVR_H

#define MG_PORTABLE(name) name##_portable

#define mg_count mg_count
#define mg_generate_known mg_generate_known
#define mg_make mg_make         /* perft_asm.S: bd_asm_make */
#define mg_has_capture mg_has_capture

/* The C generator's capture test is the assembly's (flying kings included),
 * so that the portable one is not linked. */
#define MG_CAPTURE_TEST(pos, rules, movers) mg_has_capture(pos, rules)

/* The path of a capture for its notation without the walk, which nothing
 * else here needs. */
#define MG_PATH_BY_SEARCH

#endif
