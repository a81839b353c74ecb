/* SPDX-License-Identifier: MIT */
#include "endgame/index.h"

#include "bits/bitscan.h"

#define EG_SQUARES 32u
#define EG_MAN_SQUARES 28u

/* C(n, k) for k up to EG_MAX_PIECES, as the closed forms (the generator
 * and the probe number millions of sets). */
static inline uint32_t binomial(uint8_t n, uint8_t k)
{
    uint32_t m = n;
    if (k > n)
        return 0;
    switch (k) {
    case 0:
        return 1;
    case 1:
        return m;
    case 2:
        return m * (m - 1u) / 2u;
    case 3:
        return m * (m - 1u) * (m - 2u) / 6u;
    default:
        return m * (m - 1u) * (m - 2u) * (m - 3u) / 24u;
    }
}

uint16_t eg_signature_code(const struct eg_signature *sig)
{
    return (uint16_t)(sig->men[BD_WHITE] + 5u * sig->kings[BD_WHITE] + 25u * sig->men[BD_BLACK] +
                      125u * sig->kings[BD_BLACK]);
}

uint8_t eg_signature_of(const bd_position *pos, struct eg_signature *sig)
{
    uint8_t total = 0;
    for (uint8_t c = 0; c < 2u; c++) {
        sig->men[c] = bs_popcount32(pos->men[c]);
        sig->kings[c] = bs_popcount32(pos_kings(pos, c));
        total = (uint8_t)(total + sig->men[c] + sig->kings[c]);
    }
    return total;
}

/* The squares a colour's men may stand on, and a kind's squares as
 * positions within them (a man's square counts the allowed squares below
 * it). */
static bb32 man_squares(uint8_t colour)
{
    return ~pos_promotion_rank(colour);
}

static uint8_t rank_in(bb32 allowed, uint8_t square)
{
    return bs_popcount32(allowed & (BB_BIT(square) - 1u));
}

static uint8_t square_at(bb32 allowed, uint8_t rank)
{
    while (rank--)
        allowed &= allowed - 1u;
    return bs_lsb32(allowed);
}

/* The combinatorial number of a set of squares among allowed. */
static uint32_t set_number(bb32 set, bb32 allowed)
{
    uint32_t number = 0;
    uint8_t i = 1;
    while (set) {
        uint8_t square = bs_pop_lsb32(&set);
        number += binomial(rank_in(allowed, square), i++);
    }
    return number;
}

/* The set of count squares among allowed numbered number. */
static bb32 number_set(uint32_t number, uint8_t count, bb32 allowed)
{
    bb32 set = 0;
    uint8_t top = bs_popcount32(allowed);
    for (uint8_t i = count; i > 0; i--) {
        uint8_t r = (uint8_t)(top - 1u);
        while (binomial(r, i) > number)
            r--;
        number -= binomial(r, i);
        set |= BB_BIT(square_at(allowed, r));
        top = r;
    }
    return set;
}

/* The radices of the four kinds, in digit order: white men, black men,
 * white kings, black kings. */
static void radices(const struct eg_signature *sig, uint32_t radix[4])
{
    radix[0] = binomial(EG_MAN_SQUARES, sig->men[BD_WHITE]);
    radix[1] = binomial(EG_MAN_SQUARES, sig->men[BD_BLACK]);
    radix[2] = binomial(EG_SQUARES, sig->kings[BD_WHITE]);
    radix[3] = binomial(EG_SQUARES, sig->kings[BD_BLACK]);
}

uint32_t eg_signature_size(const struct eg_signature *sig)
{
    uint32_t radix[4];
    radices(sig, radix);
    return 2u * radix[0] * radix[1] * radix[2] * radix[3];
}

uint32_t eg_index(const bd_position *pos, const struct eg_signature *sig)
{
    uint32_t radix[4];
    radices(sig, radix);
    uint32_t index = pos->side;
    index = index * radix[0] + set_number(pos->men[BD_WHITE], man_squares(BD_WHITE));
    index = index * radix[1] + set_number(pos->men[BD_BLACK], man_squares(BD_BLACK));
    index = index * radix[2] + set_number(pos_kings(pos, BD_WHITE), ~(bb32)0);
    index = index * radix[3] + set_number(pos_kings(pos, BD_BLACK), ~(bb32)0);
    return index;
}

uint8_t eg_position(const struct eg_signature *sig, uint32_t index, bd_position *pos)
{
    uint32_t radix[4];
    radices(sig, radix);
    bb32 black_kings = number_set(index % radix[3], sig->kings[BD_BLACK], ~(bb32)0);
    index /= radix[3];
    bb32 white_kings = number_set(index % radix[2], sig->kings[BD_WHITE], ~(bb32)0);
    index /= radix[2];
    pos->men[BD_BLACK] = number_set(index % radix[1], sig->men[BD_BLACK], man_squares(BD_BLACK));
    index /= radix[1];
    pos->men[BD_WHITE] = number_set(index % radix[0], sig->men[BD_WHITE], man_squares(BD_WHITE));
    index /= radix[0];
    pos->side = (uint8_t)index;
    pos->pieces[BD_WHITE] = pos->men[BD_WHITE] | white_kings;
    pos->pieces[BD_BLACK] = pos->men[BD_BLACK] | black_kings;
    bb32 kinds[4] = { pos->men[BD_WHITE], pos->men[BD_BLACK], white_kings, black_kings };
    bb32 seen = 0;
    for (uint8_t k = 0; k < 4u; k++) {
        if (seen & kinds[k])
            return 0;
        seen |= kinds[k];
    }
    return 1;
}

uint16_t eg_signatures(uint8_t max_pieces, struct eg_signature *out)
{
    uint16_t count = 0;
    for (uint8_t pieces = 2; pieces <= max_pieces; pieces++) {
        for (uint8_t men = 0; men <= pieces; men++) {
            for (uint16_t code = 0; code < EG_SIGNATURE_CODES; code++) {
                struct eg_signature sig = { { (uint8_t)(code % 5u), (uint8_t)(code / 25u % 5u) },
                                            { (uint8_t)(code / 5u % 5u), (uint8_t)(code / 125u) } };
                uint8_t white = (uint8_t)(sig.men[BD_WHITE] + sig.kings[BD_WHITE]);
                uint8_t black = (uint8_t)(sig.men[BD_BLACK] + sig.kings[BD_BLACK]);
                if (white && black && white + black == pieces &&
                    sig.men[BD_WHITE] + sig.men[BD_BLACK] == men)
                    out[count++] = sig;
            }
        }
    }
    return count;
}
