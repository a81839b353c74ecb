/* SPDX-License-Identifier: MIT */
/*
 * movegen.h - legal moves of both variants.
 *
 * A move is (from, to, set of captured pieces) in 6 bytes; bit 7 of `to`
 * says that the moving man is promoted (on the last rank, or in the middle of
 * a Russian capture after which it goes on as a king).  Two capture paths
 * that take the same pieces and end on the same square are one move.
 *
 * Capture is mandatory and any capture sequence may be chosen.  Men move one
 * square forward; quiet moves of all men are found at once by shifting the
 * men's bitboard (up-left by 1, up-right by 7).  Whether any capture exists
 * is also a bitboard test: two successive steps, masked first by the enemy
 * and then by the empty squares.  Only then are the sequences walked square
 * by square, because of the rules that bitboards cannot see at once: a piece
 * is never jumped twice, and jumped pieces stay on the board until the move
 * ends, blocking the way (the Turkish strike).
 */
#ifndef BITDRAUGHTS_MOVEGEN_H
#define BITDRAUGHTS_MOVEGEN_H

#include <stdint.h>
#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint8_t from;
    uint8_t to;         /* square | MG_MOVE_PROMOTES */
    bb32 captured;
} bd_move;

#define MG_MOVE_PROMOTES 0x80u
#define MG_MOVE_SQUARE_MASK 0x1Fu
/* The most moves a legal position can have, with room to spare. */
#define MG_MAX_MOVES 128u
/* The most squares a capture path visits (from, every landing, to). */
#define MG_MAX_PATH 16u

BD_INLINE uint8_t mg_move_to(const bd_move *m) { return (uint8_t)(m->to & MG_MOVE_SQUARE_MASK); }
BD_INLINE uint8_t mg_move_promotes(const bd_move *m) { return (uint8_t)(m->to & MG_MOVE_PROMOTES); }
BD_INLINE uint8_t mg_move_is_capture(const bd_move *m) { return m->captured != 0; }

/* mg_generate() for a caller that has asked mg_has_capture() already, so
 * that the capture test runs once a position: capture is its answer, or
 * MG_CAPTURE_UNKNOWN to have it asked here. */
bd_move *mg_generate_known(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                           bd_move *out_end, uint8_t capture);
#define MG_CAPTURE_UNKNOWN 0xFFu
/* The captures of a position whose side must capture (the part of
 * mg_generate_known that a target's override may leave to the C); NULL
 * past out_end. */
bd_move *mg_generate_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                              bd_move *out_end);
/* Writes the legal moves of pos from out and returns the end; NULL when they
 * would not fit below out_end (nothing is silently dropped). */
BD_INLINE bd_move *mg_generate(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                               bd_move *out_end)
{
    return mg_generate_known(pos, rules, out, out_end, MG_CAPTURE_UNKNOWN);
}
/* The number of legal moves, without listing quiet ones; a capture position
 * lists its captures in scratch..scratch_end to count the distinct ones.
 * Returns MG_OVERFLOW when they do not fit. */
uint16_t mg_count(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch, bd_move *scratch_end);
#define MG_OVERFLOW 0xFFFFu
/* mg_count for a position where the side to move must capture. */
uint16_t mg_count_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                           bd_move *scratch_end);
/* True when the side to move has a capture (so only captures are legal). */
uint8_t mg_has_capture(const bd_position *pos, const struct bd_rules *rules);

/* True when the side to move has a quiet step (men forward, kings any
 * way); with no capture either, it has no move and has lost.  The side's
 * two forward directions (2 * side and the next, bitboard32.h) are tried
 * first, with all its pieces, then the two others with its kings only: one
 * out-of-line step, and most positions answer at the first. */
BD_INLINE uint8_t mg_has_step(const bd_position *pos)
{
    uint8_t side = pos->side;
    uint8_t forward = (uint8_t)(2u * side);
    for (uint8_t k = 0; k < BB_DIRECTIONS; k++) {
        /* Read from pos at each turn: kept in registers across the calls,
         * the boards would cost a long prologue (flash). */
        bb32 movers = pos->pieces[side];
        if (k >= 2u)
            movers &= ~pos->men[side];
        if (movers && (bb_step_call(movers, (uint8_t)((forward + k) % BB_DIRECTIONS)) & ~pos_occupied(pos)))
            return 1;
    }
    return 0;
}

/* What the side to move can play: captures (MG_KIND_CAPTURE; they are then
 * its only legal moves), quiet moves only (MG_KIND_QUIET), or nothing
 * (MG_KIND_NONE: it has lost).  The capture test and the step test in one
 * call, for a search that asks both of most positions it decides without
 * listing their moves; the generators' C is mg_move_kind_of().  The
 * assembly (lib/arch/avr/movegen_regs.h) has the same values, and its
 * mg_has_capture is the kind's bit 0, set by MG_KIND_CAPTURE alone. */
uint8_t mg_move_kind(const bd_position *pos, const struct bd_rules *rules);
#define MG_KIND_QUIET 0u
#define MG_KIND_CAPTURE 1u
#define MG_KIND_NONE 2u
BD_STATIC_ASSERT((MG_KIND_CAPTURE & 1u) && !(MG_KIND_QUIET & 1u) && !(MG_KIND_NONE & 1u),
                 "only a capture's kind has bit 0 set");
BD_INLINE uint8_t mg_move_kind_of(const bd_position *pos, const struct bd_rules *rules)
{
    if (mg_has_capture(pos, rules))
        return MG_KIND_CAPTURE;
    return mg_has_step(pos) ? MG_KIND_QUIET : MG_KIND_NONE;
}

/* Plays a legal move of pos. */
void mg_make(bd_position *pos, const bd_move *m);

/* A move and its taking back as the same flips of single squares (see
 * bb_toggle), for a search that plays and takes back in place: from and to
 * (to with MG_MOVE_PROMOTES) of the pieces of `side`, of its men when the
 * mover is (was) a man and, unless it promotes, to; then the captured
 * pieces and the men among them (captured_men) of the other side.  As
 * mg_make, a king's capture that ends where it started flips its square
 * twice.  The side to move is the caller's to hand over. */
#include "arch/movegen_flip.h"
#ifndef mg_flip_mover
/* mg_flip's part on the mover's own boards. */
BD_INLINE void mg_flip_mover(bd_position *pos, uint8_t side, uint8_t from, uint8_t to, uint8_t man)
{
    uint8_t square = (uint8_t)(to & MG_MOVE_SQUARE_MASK);
    bb_toggle(&pos->pieces[side], from);
    bb_toggle(&pos->pieces[side], square);
    if (man) {
        bb_toggle(&pos->men[side], from);
        if (!(to & MG_MOVE_PROMOTES))
            bb_toggle(&pos->men[side], square);
    }
}
#endif
/* mg_flip's part on the other side's boards: the captured pieces and the
 * men among them. */
#ifndef mg_flip_captured
BD_INLINE void mg_flip_captured(bd_position *pos, uint8_t side, bb32 captured, bb32 captured_men)
{
    uint8_t other = BD_OTHER_COLOUR(side);
    pos->pieces[other] ^= captured;
    pos->men[other] ^= captured_men;
}
#endif
BD_INLINE void mg_flip(bd_position *pos, uint8_t side, uint8_t from, uint8_t to, uint8_t man,
                       bb32 captured, bb32 captured_men)
{
    mg_flip_mover(pos, side, from, to, man);
    if (captured)
        mg_flip_captured(pos, side, captured, captured_men);
}

/* mg_flip for a caller that does not know whether the mover is a man:
 * the men's bits tell, read before the flips (from's while the move is
 * played, to's once it has been, unless the man promoted, which `to`
 * says; the other square is empty then, or, for a king's capture that
 * ends where it started, a king's).  Returns whether the mover is (was) a
 * man. */
#ifndef mg_flip_mover_tell_man
BD_INLINE uint8_t mg_flip_mover_tell_man(bd_position *pos, uint8_t side, uint8_t from, uint8_t to)
{
    uint8_t square = (uint8_t)(to & MG_MOVE_SQUARE_MASK);
    uint8_t man = (to & MG_MOVE_PROMOTES) || bb_has(&pos->men[side], from) ||
                  bb_has(&pos->men[side], square);
    mg_flip_mover(pos, side, from, to, man);
    return man;
}
#endif
BD_INLINE uint8_t mg_flip_tell_man(bd_position *pos, uint8_t side, uint8_t from, uint8_t to,
                                   bb32 captured, bb32 captured_men)
{
    uint8_t man = mg_flip_mover_tell_man(pos, side, from, to);
    if (captured)
        mg_flip_captured(pos, side, captured, captured_men);
    return man;
}

/* After side's move to `to` (with MG_MOVE_PROMOTES) was played: whether its
 * mover was a man, as mg_flip needs to take it back (a man now, or
 * promoted on the way). */
BD_INLINE uint8_t mg_moved_a_man(const bd_position *pos, uint8_t side, uint8_t to)
{
    return (to & MG_MOVE_PROMOTES) || bb_has(&pos->men[side], (uint8_t)(to & MG_MOVE_SQUARE_MASK));
}
/* The squares a capture visits, from first to last: fills path and returns
 * the count (2 for a quiet move).  When several paths give the same move,
 * the first found; path must hold MG_MAX_PATH squares. */
uint8_t mg_path(const bd_position *pos, const struct bd_rules *rules, const bd_move *m, uint8_t *path);
/* mg_path's path found from the move alone, by a search over the jumps that
 * take its pieces (no move listing): the same squares, the same count (0
 * for a move that is not legal).  A target whose captures are listed
 * without the C walk has it as mg_path (arch/movegen.h, MG_PATH_BY_SEARCH). */
uint8_t mg_path_search(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                       uint8_t *path);
/* True when path[0..count) is a path the rules allow for capture m: each
 * square a landing after one jump over a piece of the move, ending on its
 * last square where the piece must stop. */
uint8_t mg_path_follows(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                        const uint8_t *path, uint8_t count);
/* True when a and b are the same move (from, to, captured). */
BD_INLINE uint8_t mg_move_equal(const bd_move *a, const bd_move *b)
{
    return a->from == b->from && mg_move_to(a) == mg_move_to(b) && a->captured == b->captured;
}

#ifdef __cplusplus
}
#endif

#endif
