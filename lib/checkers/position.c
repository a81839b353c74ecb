#include "checkers/position.h"

const struct rules rules_russian = {
    .variant = VARIANT_RUSSIAN,
    .first_to_move = WHITE,
    .men_capture_backwards = 1,
    .flying_kings = 1,
    .promotion_continues_capture = 1,
    .pdn_game_type = 25,
    .draw_quiet_plies = 30,
};

const struct rules rules_english = {
    .variant = VARIANT_ENGLISH,
    .first_to_move = BLACK,
    .men_capture_backwards = 0,
    .flying_kings = 0,
    .promotion_continues_capture = 0,
    .pdn_game_type = 21,
    .draw_quiet_plies = 80,
};

const struct rules *rules_of(uint8_t variant)
{
    return variant == VARIANT_ENGLISH ? &rules_english : &rules_russian;
}

/* Ranks 1-3 and 6-8: the squares of the start position. */
#define WHITE_START 0x061C71C1u
#define BLACK_START 0xE1820E38u

void pos_clear(position *pos, uint8_t side)
{
    pos->pieces[WHITE] = pos->pieces[BLACK] = 0;
    pos->men[WHITE] = pos->men[BLACK] = 0;
    pos->side = side;
}

void pos_initial(position *pos, const struct rules *rules)
{
    pos->pieces[WHITE] = pos->men[WHITE] = WHITE_START;
    pos->pieces[BLACK] = pos->men[BLACK] = BLACK_START;
    pos->side = rules->first_to_move;
}

uint8_t pos_equal(const position *a, const position *b)
{
    return a->pieces[WHITE] == b->pieces[WHITE] && a->pieces[BLACK] == b->pieces[BLACK] &&
           a->men[WHITE] == b->men[WHITE] && a->men[BLACK] == b->men[BLACK] &&
           a->side == b->side;
}

uint8_t pos_is_consistent(const position *pos)
{
    return !(pos->pieces[WHITE] & pos->pieces[BLACK]) &&
           !(pos->men[WHITE] & ~pos->pieces[WHITE]) &&
           !(pos->men[BLACK] & ~pos->pieces[BLACK]) &&
           !(pos->men[WHITE] & pos_promotion_rank(WHITE)) &&
           !(pos->men[BLACK] & pos_promotion_rank(BLACK)) &&
           pos->side <= BLACK;
}
