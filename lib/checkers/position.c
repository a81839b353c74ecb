/* SPDX-License-Identifier: MIT */
#include "checkers/position.h"

const struct bd_rules bd_rules_russian = {
    .variant = BD_VARIANT_RUSSIAN,
    .first_to_move = BD_WHITE,
    .men_capture_backwards = 1,
    .flying_kings = 1,
    .promotion_continues_capture = 1,
    .pdn_game_type = 25,
    .draw_quiet_plies = 30,
};

const struct bd_rules bd_rules_english = {
    .variant = BD_VARIANT_ENGLISH,
    .first_to_move = BD_BLACK,
    .men_capture_backwards = 0,
    .flying_kings = 0,
    .promotion_continues_capture = 0,
    .pdn_game_type = 21,
    .draw_quiet_plies = 80,
};

/* Out of line: a firmware built with link-time optimisation would copy it
 * into each caller. */
__attribute__((noinline)) const struct bd_rules *bd_rules_of(uint8_t variant)
{
    return variant == BD_VARIANT_ENGLISH ? &bd_rules_english : &bd_rules_russian;
}

/* Ranks 1-3 and 6-8: the squares of the start position. */
#define WHITE_START 0x061C71C1u
#define BLACK_START 0xE1820E38u

void pos_clear(bd_position *pos, uint8_t side)
{
    pos->pieces[BD_WHITE] = pos->pieces[BD_BLACK] = 0;
    pos->men[BD_WHITE] = pos->men[BD_BLACK] = 0;
    pos->side = side;
}

/* Out of line: a firmware built with link-time optimisation would copy it
 * into each caller. */
__attribute__((noinline)) void pos_initial(bd_position *pos, const struct bd_rules *rules)
{
    pos->pieces[BD_WHITE] = pos->men[BD_WHITE] = WHITE_START;
    pos->pieces[BD_BLACK] = pos->men[BD_BLACK] = BLACK_START;
    pos->side = rules->first_to_move;
}

uint8_t pos_equal(const bd_position *a, const bd_position *b)
{
    return a->pieces[BD_WHITE] == b->pieces[BD_WHITE] && a->pieces[BD_BLACK] == b->pieces[BD_BLACK] &&
           a->men[BD_WHITE] == b->men[BD_WHITE] && a->men[BD_BLACK] == b->men[BD_BLACK] &&
           a->side == b->side;
}

uint8_t pos_is_consistent(const bd_position *pos)
{
    if ((pos->pieces[BD_WHITE] & pos->pieces[BD_BLACK]) || pos->side > BD_BLACK)
        return 0;
    /* Each colour's men among its pieces, none on its promotion rank: one
     * copy of the test for both (flash). */
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++)
        if (pos->men[colour] & (~pos->pieces[colour] | pos_promotion_rank(colour)))
            return 0;
    return 1;
}
