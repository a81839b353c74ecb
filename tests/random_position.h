/* SPDX-License-Identifier: MIT */
/*
 * random_position.h - the random positions the move generator tests share
 * (the reference generator test on the host, the override test in the
 * simulator): the same sequence of positions on every target for a seed.
 */
#ifndef BITDRAUGHTS_TESTS_RANDOM_POSITION_H
#define BITDRAUGHTS_TESTS_RANDOM_POSITION_H

#include <stddef.h>

#include "check.h"
#include "checkers/position.h"

#define RANDOM_SQUARE_TRIES 100u    /* draws for a free square before giving up */
#define RANDOM_SCATTER_TRIES 14u    /* squares drawn; taken ones are skipped */
#define RANDOM_KING_ONE_IN 6u

/* lo..hi, both included. */
static inline uint8_t random_between(uint32_t *rng, uint8_t lo, uint8_t hi)
{
    return (uint8_t)(lo + check_random32(rng) % (uint32_t)(hi - lo + 1u));
}

/* men[c] men and kings[c] kings of each colour on random squares, no man on
 * the rank where it would have been promoted. */
static inline void random_position(bd_position *pos, uint32_t *rng, const uint8_t men[2],
                                   const uint8_t kings[2])
{
    pos_clear(pos, (uint8_t)(check_random32(rng) & 1u));
    for (uint8_t c = 0; c < 2; c++) {
        for (uint8_t k = 0; k < men[c] + kings[c]; k++) {
            for (uint8_t tries = 0; tries < RANDOM_SQUARE_TRIES; tries++) {
                uint8_t sq = (uint8_t)(check_random32(rng) & 31u);
                bb32 bit = bb_bit(sq);
                if (pos_occupied(pos) & bit)
                    continue;
                uint8_t man = k < men[c];
                if (man && (pos_promotion_rank(c) & bit))
                    continue;
                pos->pieces[c] |= bit;
                if (man)
                    pos->men[c] |= bit;
                break;
            }
        }
    }
}

/* A position of one kind: each side men_min..men_max men and
 * kings_min..kings_max kings (drawn in that order), on random squares. */
static inline void random_position_of_kind(bd_position *pos, uint32_t *rng, uint8_t men_min,
                                           uint8_t men_max, uint8_t kings_min, uint8_t kings_max)
{
    const uint8_t men[2] = { random_between(rng, men_min, men_max),
                             random_between(rng, men_min, men_max) };
    const uint8_t kings[2] = { random_between(rng, kings_min, kings_max),
                               random_between(rng, kings_min, kings_max) };
    random_position(pos, rng, men, kings);
}

/* Up to 14 pieces scattered, a sixth of them kings, no man on its promotion
 * rank, men mostly on their own half (White's high, Black's low): captures,
 * promotions and Russian men that become kings halfway through a capture
 * are common. */
static inline void random_scatter(bd_position *pos, uint32_t *rng)
{
    pos_clear(pos, (uint8_t)(check_random32(rng) & 1u));
    for (uint8_t k = 0; k < RANDOM_SCATTER_TRIES; k++) {
        uint8_t sq = (uint8_t)(check_random32(rng) & 31u);
        bb32 bit = bb_bit(sq);
        uint8_t rank = bb_rank(sq);
        if (pos_occupied(pos) & bit)
            continue;
        uint8_t c = (check_random32(rng) & 1u) ? BD_WHITE : BD_BLACK;
        uint8_t king = (check_random32(rng) % RANDOM_KING_ONE_IN) == 0;
        if (!king && (pos_promotion_rank(c) & bit))
            continue;
        if (!king && (c == BD_WHITE ? rank < 3 : rank > 4) && (check_random32(rng) & 3u))
            continue;
        pos->pieces[c] |= bit;
        if (!king)
            pos->men[c] |= bit;
    }
}

/* The kinds of positions random_position_of_kind draws. */
struct position_kind {
    uint8_t men_min, men_max, kings_min, kings_max;
};

/* What a test does with the position numbered index of a variant: 0 to
 * stop (it has reported a failure). */
typedef uint8_t (*position_visitor)(const bd_position *pos, uint8_t variant, uint16_t index);

/* count positions of each variant, drawn from the seed seed + variant: of
 * kind, or scattered (random_scatter) when kind is NULL.  Stops at the
 * first visit that returns 0. */
static inline void visit_random_positions(uint32_t seed, uint16_t count, const struct position_kind *kind,
                                          position_visitor visit)
{
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        uint32_t rng = seed + v;
        for (uint16_t i = 0; i < count; i++) {
            bd_position pos;
            if (kind)
                random_position_of_kind(&pos, &rng, kind->men_min, kind->men_max, kind->kings_min,
                                        kind->kings_max);
            else
                random_scatter(&pos, &rng);
            if (!visit(&pos, v, i))
                return;
        }
    }
}

#endif
