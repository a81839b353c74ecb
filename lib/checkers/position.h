/* SPDX-License-Identifier: MIT */
/*
 * position.h - a checkers position on 32-bit bitboards, and the rules of the
 * two variants as data.
 *
 * As in the seed: all white pieces, all black pieces, white men, black men
 * (kings are pieces that are not men), and the side to move: 17 bytes, so a
 * search copies the position rather than undoing moves.  Both variants share
 * the geometry: White sits on ranks 1-3 and moves up, Black on ranks 6-8 and
 * moves down; what differs (who starts, men capturing backwards, flying
 * kings, promotion in the middle of a capture) is a row of the rules table,
 * read by the move generator, never a copy of its code.
 */
#ifndef BITDRAUGHTS_POSITION_H
#define BITDRAUGHTS_POSITION_H

#include <stdint.h>
#include "checkers/bitboard32.h"

#ifdef __cplusplus
extern "C" {
#endif

enum bd_colour { BD_WHITE = 0, BD_BLACK = 1 };
#define BD_OTHER_COLOUR(c) ((uint8_t)((c) ^ 1u))
/* The first forward direction of a colour's men (bitboard32.h): white up
 * (directions 0, 1), black down (2, 3). */
#define BD_FIRST_FORWARD(c) ((uint8_t)((c) * 2u))

enum bd_variant { BD_VARIANT_RUSSIAN = 0, BD_VARIANT_ENGLISH = 1, BD_VARIANT_COUNT = 2 };

struct bd_rules {
    uint8_t variant;
    uint8_t first_to_move;              /* colour */
    uint8_t men_capture_backwards;      /* Russian: yes */
    uint8_t flying_kings;               /* Russian: any distance */
    uint8_t promotion_continues_capture;/* Russian: the new king goes on capturing */
    uint8_t pdn_game_type;              /* PDN GameType tag: 25 Russian, 21 English */
    uint8_t draw_quiet_plies;           /* a draw after this many plies with no capture
                                           and no man move: Russian 15 moves each (30),
                                           English 40 moves each (80) */
};

extern const struct bd_rules bd_rules_russian;
extern const struct bd_rules bd_rules_english;
/* The rules of a variant (BD_VARIANT_RUSSIAN or BD_VARIANT_ENGLISH). */
const struct bd_rules *bd_rules_of(uint8_t variant);

typedef struct {
    bb32 pieces[2];     /* by colour: every piece */
    bb32 men[2];        /* by colour: men only */
    uint8_t side;       /* colour to move */
} bd_position;

/* The variant's start position: 12 men each on ranks 1-3 and 6-8. */
void pos_initial(bd_position *pos, const struct bd_rules *rules);
/* An empty board with side to move. */
void pos_clear(bd_position *pos, uint8_t side);
/* True when both positions hold the same pieces and side to move. */
uint8_t pos_equal(const bd_position *a, const bd_position *b);
/* True when the bitboards are consistent: colours disjoint, men within
 * their colour, no man on the rank where it would have been promoted. */
uint8_t pos_is_consistent(const bd_position *pos);

BD_INLINE bb32 pos_kings(const bd_position *pos, uint8_t colour)
{
    return pos->pieces[colour] & ~pos->men[colour];
}

BD_INLINE bb32 pos_occupied(const bd_position *pos)
{
    return pos->pieces[BD_WHITE] | pos->pieces[BD_BLACK];
}

/* The rank where a colour's men become kings. */
BD_INLINE bb32 pos_promotion_rank(uint8_t colour)
{
    return colour == BD_WHITE ? BB_RANK_8 : BB_RANK_1;
}

#ifdef __cplusplus
}
#endif

#endif
