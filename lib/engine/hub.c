/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "engine/hub.h"
#include "engine/search.h"

/* ------------------------------------------------------------ numbers -- */

/* *value * 10 + digit; 0 when that would pass HUB_NUMBER_LIMIT (so never
 * 32 bits). */
static uint8_t times_ten_plus(uint32_t *value, uint8_t digit)
{
    if (*value > HUB_NUMBER_LIMIT / 10u)
        return 0;
    *value = *value * 10u + digit;
    return 1;
}

/* One loop of digits, the decimals past the wanted ones checked and
 * dropped, the missing ones made up: no division and no table of scales,
 * as the AVR firmware counts its bytes. */
int8_t hub_read_number(const char *text, uint16_t length, uint8_t decimals, uint32_t *out)
{
    uint32_t value = 0;
    uint8_t digits = 0, dot = !decimals, after = 0;
    for (uint16_t i = 0; i < length; i++) {
        uint8_t digit = (uint8_t)(text[i] - '0');
        if (text[i] == '.' && !dot) {
            dot = 2;
            continue;
        }
        if (digit > 9u)
            return PDN_ERR_SYNTAX;
        digits++;
        if (after == decimals && dot == 2)
            continue;
        if (!times_ten_plus(&value, digit))
            return PDN_ERR_SYNTAX;
        after = (uint8_t)(after + (dot == 2));
    }
    while (after++ < decimals)
        if (!times_ten_plus(&value, 0))
            return PDN_ERR_SYNTAX;
    if (!digits || value > HUB_NUMBER_LIMIT)
        return PDN_ERR_SYNTAX;
    *out = value;
    return PDN_OK;
}

/* Writes value / 10^decimals in decimal, with that many decimals after a
 * point (none when 0), NUL-terminated; returns its length.  One loop of
 * digits for the moves' numbers, the times and the scores: the AVR
 * firmware counts its bytes. */
static uint8_t write_decimal(uint32_t value, uint8_t decimals, char *out)
{
    char digits[10];
    uint8_t n = 0, length = 0;
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value || n <= decimals);
    while (n) {
        out[length++] = digits[--n];
        if (n == decimals && n)
            out[length++] = '.';
    }
    out[length] = '\0';
    return length;
}

uint8_t hub_write_seconds(uint32_t ms, char *out)
{
    return write_decimal(ms, 3, out);
}

uint8_t hub_write_score(int16_t score, char *out)
{
    int32_t value = score;
    uint8_t n = 0;
    if (value > SEARCH_MATE_BOUND)
        value = 10000 - (SEARCH_MATE - value);
    else if (value < -SEARCH_MATE_BOUND)
        value = -(10000 - (SEARCH_MATE + value));
    if (value < 0) {
        out[n++] = '-';
        value = -value;
    }
    return (uint8_t)(n + write_decimal((uint32_t)value, 2, out + n));
}

/* ------------------------------------------------ squares and colours -- */

static uint8_t is_english(const struct bd_rules *rules)
{
    return rules->variant == BD_VARIANT_ENGLISH;
}

uint8_t hub_white(const struct bd_rules *rules)
{
    return is_english(rules) ? BD_BLACK : BD_WHITE;
}

uint8_t hub_square_number(uint8_t square, const struct bd_rules *rules)
{
    if (is_english(rules))
        return pdn_square_number(square);
    return (uint8_t)(4u * bb_rank(square) + bb_file(square) / 2u + 1u);
}

uint8_t hub_number_square(uint8_t number, const struct bd_rules *rules)
{
    if (number < 1u || number > 32u)
        return BB_NO_SQUARE;
    if (is_english(rules))
        return pdn_number_square(number);
    number--;
    uint8_t rank = (uint8_t)(number / 4u);
    return pdn_file_rank_square((uint8_t)(2u * (number & 3u) + (rank & 1u)), rank);
}

/* The square of the position's letter i (1..32): pydraughts' internal
 * board, which for English is the English numbering turned round. */
static uint8_t letter_square(uint8_t i, const struct bd_rules *rules)
{
    return pdn_number_square(is_english(rules) ? (uint8_t)(33u - i) : i);
}

/* ------------------------------------------------- positions and moves -- */

int8_t hub_read_position(const char *text, uint16_t length, const struct bd_rules *rules,
                         bd_position *pos)
{
    uint8_t white = hub_white(rules);
    bd_position p;
    if (length == 0 || (text[0] != 'W' && text[0] != 'B'))
        return PDN_ERR_SIDE;
    if (length != HUB_POSITION_MAX - 1u)
        return PDN_ERR_SYNTAX;
    pos_clear(&p, text[0] == 'W' ? white : BD_OTHER_COLOUR(white));
    for (uint8_t i = 1; i <= 32u; i++) {
        /* The letter in lower case is the colour: w b, and only W B come
         * to them that way; a man is in lower case. */
        char c = text[i], lower = (char)(c | 0x20);
        uint8_t square = letter_square(i, rules);
        uint8_t colour = lower == 'w' ? white : BD_OTHER_COLOUR(white);
        if (c == 'e')
            continue;
        if (lower != 'w' && lower != 'b')
            return PDN_ERR_SYNTAX;
        bb_add(&p.pieces[colour], square);
        if (c == lower)
            bb_add(&p.men[colour], square);
    }
    int8_t status = pdn_check_position(&p);
    if (status == PDN_OK)
        *pos = p;
    return status;
}

uint8_t hub_write_position(const bd_position *pos, const struct bd_rules *rules, char *out)
{
    uint8_t white = hub_white(rules);
    out[0] = pos->side == white ? 'W' : 'B';
    for (uint8_t i = 1; i <= 32u; i++) {
        uint8_t square = letter_square(i, rules);
        char c = 'e';
        for (uint8_t colour = 0; colour < 2u; colour++) {
            if (bb_has(&pos->pieces[colour], square)) {
                c = colour == white ? 'w' : 'b';
                if (!bb_has(&pos->men[colour], square))
                    c = (char)(c - 'a' + 'A');
            }
        }
        out[i] = c;
    }
    out[33] = 0;
    return 33u;
}

static uint8_t is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int8_t hub_read_move_among(const char *text, uint16_t length, const struct bd_rules *rules,
                           const bd_move *first, const bd_move *end, bd_move *out)
{
    uint8_t squares[2] = { 0, 0 };
    uint8_t count = 0;
    bb32 captured = 0;
    char separator = 0;
    uint16_t i = 0;
    while (i < length && is_blank(text[i]))
        i++;
    while (length > i && is_blank(text[length - 1u]))
        length--;
    if (i == length)
        return PDN_ERR_EMPTY;
    for (;;) {
        uint8_t number = 0, digits = 0;
        while (i < length && text[i] >= '0' && text[i] <= '9' && digits < 3u) {
            number = (uint8_t)(number * 10u + (uint8_t)(text[i] - '0'));
            digits++;
            i++;
        }
        if (digits == 0 || digits > 2u)
            return PDN_ERR_SYNTAX;
        uint8_t square = hub_number_square(number, rules);
        if (square == BB_NO_SQUARE)
            return PDN_ERR_SQUARE;
        if (count < 2u) {
            squares[count] = square;
        } else {
            if (bb_has(&captured, square))
                return PDN_ERR_SYNTAX;      /* a piece captured twice */
            bb_add(&captured, square);
        }
        count++;
        if (i == length)
            break;
        if ((text[i] != '-' && text[i] != 'x') || (separator && text[i] != separator))
            return PDN_ERR_SYNTAX;
        separator = text[i++];
    }
    if (count < 2u || (separator == '-' && count != 2u))
        return PDN_ERR_SYNTAX;
    const bd_move *found = 0;
    for (const bd_move *m = first; m < end; m++) {
        if (m->from != squares[0] || mg_move_to(m) != squares[1])
            continue;
        if (separator == '-' ? mg_move_is_capture(m)
                             : !mg_move_is_capture(m) || (count > 2u && m->captured != captured))
            continue;
        if (found)
            return PDN_ERR_AMBIGUOUS;
        found = m;
    }
    if (!found)
        return PDN_ERR_ILLEGAL;
    *out = *found;
    return PDN_OK;
}

uint8_t hub_write_move(const bd_move *m, const struct bd_rules *rules, char *out)
{
    char separator = mg_move_is_capture(m) ? 'x' : '-';
    uint8_t n = write_decimal(hub_square_number(m->from, rules), 0, out);
    out[n++] = separator;
    n = (uint8_t)(n + write_decimal(hub_square_number(mg_move_to(m), rules), 0, out + n));
    for (uint8_t number = 1; number <= 32u; number++) {
        if (bb_has(&m->captured, hub_number_square(number, rules))) {
            out[n++] = separator;
            n = (uint8_t)(n + write_decimal(number, 0, out + n));
        }
    }
    return n;
}
