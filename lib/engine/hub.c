#include <string.h>
#include "engine/hub.h"
#include "engine/search.h"

/* ------------------------------------------------------- line syntax -- */

static uint8_t is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

void hub_scan_start(struct hub_scanner *s, const char *text, uint16_t length)
{
    s->at = text;
    s->end = text + length;
}

int8_t hub_scan_next(struct hub_scanner *s, struct hub_word *w)
{
    const char *p = s->at;
    while (p < s->end && is_blank(*p))
        p++;
    if (p == s->end) {
        s->at = p;
        return 0;
    }
    if (*p == '=' || *p == '"')
        return PDN_ERR_SYNTAX;
    w->name = p;
    while (p < s->end && !is_blank(*p) && *p != '=')
        p++;
    w->name_length = (uint16_t)(p - w->name);
    w->has_value = 0;
    w->value = p;
    w->value_length = 0;
    if (p < s->end && *p == '=') {
        w->has_value = 1;
        p++;
        if (p < s->end && *p == '"') {
            const char *close = p + 1;
            while (close < s->end && *close != '"')
                close++;
            if (close == s->end)
                return PDN_ERR_SYNTAX;
            w->value = p + 1;
            w->value_length = (uint16_t)(close - w->value);
            p = close + 1;
            if (p < s->end && !is_blank(*p))
                return PDN_ERR_SYNTAX;
        } else {
            w->value = p;
            while (p < s->end && !is_blank(*p)) {
                if (*p == '"')
                    return PDN_ERR_SYNTAX;
                p++;
            }
            w->value_length = (uint16_t)(p - w->value);
        }
    }
    s->at = p;
    return 1;
}

uint8_t hub_word_is(const struct hub_word *w, const char *name)
{
    size_t n = strlen(name);
    return w->name_length == n && !memcmp(w->name, name, n);
}

int8_t hub_find(const char *text, uint16_t length, const char *name, struct hub_word *w)
{
    struct hub_scanner s;
    struct hub_word word;
    int8_t status;
    uint8_t found = 0;
    hub_scan_start(&s, text, length);
    status = hub_scan_next(&s, &word);          /* the command */
    while (status > 0) {
        status = hub_scan_next(&s, &word);
        if (status > 0 && !found && hub_word_is(&word, name)) {
            *w = word;
            found = 1;
        }
    }
    return status < 0 ? status : (int8_t)found;
}

/* ------------------------------------------------------------ numbers -- */

int8_t hub_read_uint(const char *text, uint16_t length, uint32_t max, uint32_t *out)
{
    uint32_t value = 0;
    if (length == 0)
        return PDN_ERR_SYNTAX;
    for (uint16_t i = 0; i < length; i++) {
        uint8_t digit = (uint8_t)(text[i] - '0');
        if (digit > 9u || value > max / 10u || digit > max - value * 10u)
            return PDN_ERR_SYNTAX;
        value = value * 10u + digit;
    }
    *out = value;
    return PDN_OK;
}

#define HUB_SECONDS_LIMIT 4000000u
#define HUB_MS_LIMIT (HUB_SECONDS_LIMIT * 1000u + 999u)

/* *value * 10 + digit; 0 when that would pass HUB_MS_LIMIT (so never 32
 * bits). */
static uint8_t times_ten_plus(uint32_t *value, uint8_t digit)
{
    if (*value > HUB_MS_LIMIT / 10u)
        return 0;
    *value = *value * 10u + digit;
    return 1;
}

/* One loop of digits into milliseconds, the decimals after the third
 * checked and dropped, the missing ones made up: no division and no table
 * of scales, as the AVR firmware counts its bytes. */
int8_t hub_read_seconds(const char *text, uint16_t length, uint32_t *ms)
{
    uint32_t value = 0;
    uint8_t digits = 0, dot = 0, decimals = 0;
    for (uint16_t i = 0; i < length; i++) {
        uint8_t digit = (uint8_t)(text[i] - '0');
        if (text[i] == '.' && !dot) {
            dot = 1;
            continue;
        }
        if (digit > 9u)
            return PDN_ERR_SYNTAX;
        digits++;
        if (decimals == 3u)
            continue;
        if (!times_ten_plus(&value, digit))
            return PDN_ERR_SYNTAX;
        decimals = (uint8_t)(decimals + dot);
    }
    while (decimals++ < 3u)
        if (!times_ten_plus(&value, 0))
            return PDN_ERR_SYNTAX;
    if (!digits || value > HUB_MS_LIMIT)
        return PDN_ERR_SYNTAX;
    *ms = value;
    return PDN_OK;
}

/* Writes value in decimal; returns the digits written. */
static uint8_t write_uint(uint32_t value, char *out)
{
    char digits[10];
    uint8_t n = 0, length = 0;
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value);
    while (n)
        out[length++] = digits[--n];
    return length;
}

/* value / 10^decimals with that many decimals: the remainder is written
 * plus 10^decimals, its leading 1 then overwritten by the point (no loop
 * of divisions: the AVR firmware counts its bytes). */
static uint8_t write_fixed(uint32_t value, uint8_t decimals, char *out)
{
    uint32_t scale = 1;
    for (uint8_t i = 0; i < decimals; i++)
        scale *= 10u;
    uint8_t n = write_uint(value / scale, out);
    n = (uint8_t)(n + write_uint(value % scale + scale, out + n));
    out[n - decimals - 1u] = '.';
    out[n] = 0;
    return n;
}

uint8_t hub_write_seconds(uint32_t ms, char *out)
{
    return write_fixed(ms, 3, out);
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
    return (uint8_t)(n + write_fixed((uint32_t)value, 2, out + n));
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
        char c = text[i];
        bb32 bit = bb_bit(letter_square(i, rules));
        uint8_t colour = (c == 'w' || c == 'W') ? white : BD_OTHER_COLOUR(white);
        if (c == 'e')
            continue;
        if (c != 'w' && c != 'W' && c != 'b' && c != 'B')
            return PDN_ERR_SYNTAX;
        p.pieces[colour] |= bit;
        if (c == 'w' || c == 'b')
            p.men[colour] |= bit;
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
    uint8_t n = write_uint(hub_square_number(m->from, rules), out);
    out[n++] = separator;
    n = (uint8_t)(n + write_uint(hub_square_number(mg_move_to(m), rules), out + n));
    for (uint8_t number = 1; number <= 32u; number++) {
        if (bb_has(&m->captured, hub_number_square(number, rules))) {
            out[n++] = separator;
            n = (uint8_t)(n + write_uint(number, out + n));
        }
    }
    out[n] = 0;
    return n;
}
