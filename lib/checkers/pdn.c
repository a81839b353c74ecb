/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "checkers/pdn.h"
#include "bits/bitscan.h"
#include "bits/progmem.h"

/* ------------------------------------------------------------ squares -- */

uint8_t pdn_file_rank_square(uint8_t file, uint8_t rank)
{
    if (file >= 8u || rank >= 8u || !BB_IS_DARK(file, rank))
        return BB_NO_SQUARE;
    return BB_SQUARE(file, rank);
}

uint8_t pdn_square_number(uint8_t square)
{
    return (uint8_t)(4u * (7u - bb_rank(square)) + bb_file(square) / 2u + 1u);
}

/* The square at place i (0..31) of a list: the dark squares rank by rank,
 * files a..h, from rank 1 up or (down) from rank 8 down.  Downwards is
 * also the order of the English numbers: place i is number i + 1. */
static uint8_t list_square(uint8_t i, uint8_t down)
{
    uint8_t rank = (uint8_t)(i / 4u);
    if (down)
        rank = (uint8_t)(7u - rank);
    return BB_SQUARE(2u * (i & 3u) + (rank & 1u), rank);
}

uint8_t pdn_number_square(uint8_t number)
{
    if (number < 1u || number > 32u)
        return BB_NO_SQUARE;
    return list_square((uint8_t)(number - 1u), 1);
}

static uint8_t is_english(const struct bd_rules *rules)
{
    return rules->variant == BD_VARIANT_ENGLISH;
}

/* ------------------------------------------------------------- reading -- */

/* The unread text.  peek() gives 0 at the end; since NUL is never valid,
 * a caller that accepts a character never mistakes the end for it, and
 * the end itself is tested with at_end(). */
struct cursor {
    const char *p;
    const char *end;
};

static uint8_t at_end(const struct cursor *c) { return c->p == c->end; }
static char peek(const struct cursor *c) { return at_end(c) ? 0 : *c->p; }

static uint8_t accept(struct cursor *c, char ch)
{
    if (at_end(c) || *c->p != ch)
        return 0;
    c->p++;
    return 1;
}

static uint8_t is_digit(char ch) { return (uint8_t)(ch - '0') < 10u; }

static void skip_blanks(struct cursor *c)
{
    for (;;) {
        char ch = peek(c);
        if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n')
            return;
        c->p++;
    }
}

/* Blanks, then ch. */
static uint8_t accept_token(struct cursor *c, char ch)
{
    skip_blanks(c);
    return accept(c, ch);
}

/* Consumes a run of digits (at least one, else PDN_ERR_SYNTAX); its value,
 * saturated at 255, goes to *value, or 0 when it has a leading zero. */
static int8_t read_digits(struct cursor *c, uint8_t *value)
{
    if (!is_digit(peek(c)))
        return PDN_ERR_SYNTAX;
    uint8_t leading_zero = peek(c) == '0';
    uint16_t v = 0;
    while (is_digit(peek(c))) {
        v = (uint16_t)(v * 10u + (uint8_t)(*c->p++ - '0'));
        if (v > 255u)
            v = 255u;
    }
    *value = leading_zero ? 0u : (uint8_t)v;
    return PDN_OK;
}

/* An English number 1..32. */
static int8_t read_number(struct cursor *c, uint8_t *number)
{
    int8_t err = read_digits(c, number);
    if (err == PDN_OK && (*number < 1u || *number > 32u))
        err = PDN_ERR_SQUARE;
    return err;
}

/* A square name of the variant: a lower-case letter starts a (possibly
 * wrong) algebraic name, anything else that is not a digit is a syntax
 * error. */
static int8_t read_square(struct cursor *c, const struct bd_rules *rules, uint8_t *square)
{
    if (is_english(rules)) {
        uint8_t number;
        int8_t err = read_number(c, &number);
        if (err == PDN_OK)
            *square = pdn_number_square(number);
        return err;
    }
    uint8_t file = (uint8_t)(peek(c) - 'a');
    if (file >= 26u)
        return PDN_ERR_SYNTAX;
    c->p++;
    uint8_t rank;
    if (read_digits(c, &rank) != PDN_OK)
        return PDN_ERR_SQUARE;
    *square = pdn_file_rank_square(file, (uint8_t)(rank - 1u));
    return *square == BB_NO_SQUARE ? PDN_ERR_SQUARE : PDN_OK;
}

uint8_t pdn_read_square(const char *text, uint16_t length, const struct bd_rules *rules)
{
    struct cursor c = { text, text + length };
    uint8_t square;
    if (read_square(&c, rules, &square) != PDN_OK || !at_end(&c))
        return BB_NO_SQUARE;
    return square;
}

/* ----------------------------------------------------------------- FEN -- */

/* Puts a piece on an empty square (what the pieces make is checked once
 * the FEN is read, by pdn_check_position()). */
static int8_t place(bd_position *p, uint8_t colour, uint8_t square, uint8_t king)
{
    if (bb_has(&p->pieces[BD_WHITE], square) || bb_has(&p->pieces[BD_BLACK], square))
        return PDN_ERR_DUPLICATE;
    bb_add(&p->pieces[colour], square);
    if (!king)
        bb_add(&p->men[colour], square);
    return PDN_OK;
}

/* One colour's list after its W or B: items "[K]square" or, in English,
 * "[K]a-b", separated by commas; possibly empty. */
static int8_t read_list(struct cursor *c, const struct bd_rules *rules, bd_position *p,
                        uint8_t colour)
{
    skip_blanks(c);
    char ch = peek(c);
    if (at_end(c) || ch == ':' || ch == '"' || ch == '.')
        return PDN_OK;
    do {
        uint8_t king = accept_token(c, 'K');
        skip_blanks(c);
        /* A square, or in English a range of numbers: a single square is a
         * range of one, whatever the variant. */
        uint8_t first, last;
        int8_t err = read_square(c, rules, &first);
        if (err != PDN_OK)
            return err;
        last = first;
        if (is_english(rules) && accept_token(c, '-')) {
            skip_blanks(c);
            err = read_square(c, rules, &last);
            if (err != PDN_OK)
                return err;
        }
        uint8_t number = pdn_square_number(first), end = pdn_square_number(last);
        if (end < number)
            return PDN_ERR_RANGE;
        do
            err = place(p, colour, pdn_number_square(number), king);
        while (err == PDN_OK && number++ < end);
        if (err != PDN_OK)
            return err;
    } while (accept_token(c, ','));
    return PDN_OK;
}

int8_t pdn_read_fen(const char *text, uint16_t length, const struct bd_rules *rules,
                    bd_position *pos)
{
    struct cursor c = { text, text + length };
    bd_position p;
    memset(&p, 0, sizeof p);

    skip_blanks(&c);
    if (at_end(&c))
        return PDN_ERR_EMPTY;
    uint8_t wrapped = accept(&c, '[');
    if (wrapped && !(accept_token(&c, 'F') && accept(&c, 'E') && accept(&c, 'N') &&
                     accept_token(&c, '"')))
        return PDN_ERR_SYNTAX;
    if (accept_token(&c, 'W'))
        p.side = BD_WHITE;
    else if (accept_token(&c, 'B'))
        p.side = BD_BLACK;
    else
        return PDN_ERR_SIDE;

    uint8_t lists_seen = 0;
    while (accept_token(&c, ':')) {
        skip_blanks(&c);
        char ch = peek(&c);
        if (ch == 'W' || ch == 'B') {
            uint8_t colour = ch == 'W' ? BD_WHITE : BD_BLACK;
            uint8_t seen_bit = ch == 'W' ? 1u : 2u;
            if (lists_seen & seen_bit)
                return PDN_ERR_SYNTAX;
            lists_seen |= seen_bit;
            c.p++;
            int8_t err = read_list(&c, rules, &p, colour);
            if (err != PDN_OK)
                return err;
        } else if (ch == 'H' || ch == 'F') {
            uint8_t ignored;
            c.p++;
            skip_blanks(&c);
            if (read_digits(&c, &ignored) != PDN_OK)
                return PDN_ERR_SYNTAX;
        } else {
            return PDN_ERR_SYNTAX;
        }
    }
    accept(&c, '.');
    if (wrapped && !(accept_token(&c, '"') && accept_token(&c, ']')))
        return PDN_ERR_SYNTAX;
    skip_blanks(&c);
    if (!at_end(&c))
        return PDN_ERR_SYNTAX;
    int8_t err = pdn_check_position(&p);
    if (err == PDN_OK)
        *pos = p;
    return err;
}

int8_t pdn_check_position(const bd_position *pos)
{
    if (!pos_is_consistent(pos))
        return PDN_ERR_PROMOTION;
    if (bs_popcount32_call(pos->pieces[BD_WHITE]) > PDN_MAX_PIECES ||
        bs_popcount32_call(pos->pieces[BD_BLACK]) > PDN_MAX_PIECES)
        return PDN_ERR_TOO_MANY;
    return PDN_OK;
}

/* ------------------------------------------------------------- writing -- */

/* Output that stops at capacity: the last byte is kept for the NUL, and a
 * text that does not fit becomes the empty string. */
struct sink {
    char *start;
    char *p;
    char *end;          /* start + capacity - 1: the NUL's place */
    uint16_t capacity;
    uint8_t overflow;
};

static void sink_init(struct sink *s, char *out, uint16_t capacity)
{
    s->start = s->p = out;
    s->end = capacity ? out + capacity - 1 : out;
    s->capacity = capacity;
    s->overflow = 0;
}

static void put(struct sink *s, char ch)
{
    if (s->p < s->end)
        *s->p++ = ch;
    else
        s->overflow = 1;
}

static void put_square(struct sink *s, uint8_t square, const struct bd_rules *rules)
{
    if (is_english(rules)) {
        uint8_t number = pdn_square_number(square);
        if (number >= 10u)
            put(s, (char)('0' + number / 10u));
        put(s, (char)('0' + number % 10u));
    } else {
        put(s, (char)('a' + bb_file(square)));
        put(s, (char)('1' + bb_rank(square)));
    }
}

/* Ends the text; 0 and an empty string (nothing when capacity is 0) when
 * it did not fit. */
static uint16_t sink_finish(struct sink *s)
{
    if (s->capacity == 0)
        return 0;
    if (s->overflow) {
        *s->start = 0;
        return 0;
    }
    *s->p = 0;
    return (uint16_t)(s->p - s->start);
}

uint8_t pdn_write_square(uint8_t square, const struct bd_rules *rules, char *out)
{
    struct sink s;
    sink_init(&s, out, PDN_SQUARE_MAX);
    put_square(&s, square, rules);
    return (uint8_t)sink_finish(&s);
}

/* One colour's list: Russian from the owner's back rank forward, English
 * by ascending number with runs of three or more men as ranges.  The
 * pieces are first put at their places in the list (list_square's i), a
 * byte of the bitboard at a time, each square found by the library's 8-bit
 * scan.  A square's place downwards is its English number less one;
 * upwards the ranks count the other way, and 4 * (7 - rank) xor 28 is
 * 4 * rank. */
enum { PLACE_EMPTY, PLACE_MAN, PLACE_KING };
#define PLACES_UPWARDS 28u
static void write_list(struct sink *s, const bd_position *pos, uint8_t colour,
                       const struct bd_rules *rules)
{
    uint8_t english = is_english(rules);
    uint8_t down = english || colour != BD_WHITE;
    uint8_t flip = down ? 0u : PLACES_UPWARDS;
    uint8_t place[32];
    memset(place, PLACE_EMPTY, sizeof place);
    bb32 pieces = pos->pieces[colour], men = pos->men[colour];
    for (uint8_t first = 0; first < BB_SQUARES; first = (uint8_t)(first + 8u), pieces >>= 8, men >>= 8) {
        for (uint8_t byte = (uint8_t)pieces; byte; byte &= (uint8_t)(byte - 1u)) {
            uint8_t lowest = (uint8_t)(byte & -byte);
            uint8_t square = (uint8_t)(first + bs_lsb8(byte));
            place[(uint8_t)(pdn_square_number(square) - 1u) ^ flip] =
                ((uint8_t)men & lowest) ? PLACE_MAN : PLACE_KING;
        }
    }
    uint8_t first_item = 1;
    for (uint8_t i = 0; i < 32u; i++) {
        if (place[i] == PLACE_EMPTY)
            continue;
        if (!first_item)
            put(s, ',');
        first_item = 0;
        uint8_t man = place[i] == PLACE_MAN;
        if (!man)
            put(s, 'K');
        put_square(s, list_square(i, down), rules);
        if (!english || !man)
            continue;
        uint8_t last = i;
        while (last < 31u && place[last + 1u] == PLACE_MAN)
            last++;
        if ((uint8_t)(last - i) >= 2u) {
            put(s, '-');
            put_square(s, list_square(last, 1), rules);
            i = last;
        }
    }
}

uint16_t pdn_write_fen(const bd_position *pos, const struct bd_rules *rules, char *out,
                       uint16_t capacity)
{
    BD_ASSERT(!(pos->pieces[BD_WHITE] & pos->pieces[BD_BLACK]));
    struct sink s;
    sink_init(&s, out, capacity);
    put(&s, pos->side == BD_WHITE ? 'W' : 'B');
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++) {
        put(&s, ':');
        put(&s, colour == BD_WHITE ? 'W' : 'B');
        write_list(&s, pos, colour, rules);
    }
    return sink_finish(&s);
}

/* --------------------------------------------------------------- moves -- */

/* Parses squares joined by one kind of separator; *capture tells which. */
static int8_t parse_move(struct cursor *c, const struct bd_rules *rules, uint8_t *path,
                         uint8_t *count, uint8_t *capture)
{
    skip_blanks(c);
    if (at_end(c))
        return PDN_ERR_EMPTY;
    char separator = 0;
    uint8_t n = 0;
    for (;;) {
        if (n == MG_MAX_PATH)
            return PDN_ERR_SYNTAX;
        int8_t err = read_square(c, rules, &path[n++]);
        if (err != PDN_OK)
            return err;
        char ch = peek(c);
        if (at_end(c) || !(ch == '-' || ch == 'x' || (ch == ':' && !is_english(rules))))
            break;
        if (separator && ch != separator)
            return PDN_ERR_SYNTAX;
        separator = ch;
        c->p++;
    }
    skip_blanks(c);
    if (!at_end(c) || n < 2u || (separator == '-' && n != 2u))
        return PDN_ERR_SYNTAX;
    *count = n;
    *capture = separator != '-';
    return PDN_OK;
}

int8_t pdn_read_move_among(const char *text, uint16_t length, const bd_position *pos,
                           const struct bd_rules *rules, const bd_move *first,
                           const bd_move *end, bd_move *out)
{
    struct cursor c = { text, text + length };
    uint8_t path[MG_MAX_PATH], count, capture;
    int8_t err = parse_move(&c, rules, path, &count, &capture);
    if (err != PDN_OK)
        return err;
    uint8_t from = path[0], to = path[count - 1u];

    const bd_move *found = 0;
    uint8_t matches = 0;
    for (const bd_move *m = first; m != end; m++) {
        if (m->from == from && mg_move_to(m) == to && mg_move_is_capture(m) == capture) {
            found = m;
            matches++;
        }
    }
    if (matches == 0)
        return PDN_ERR_ILLEGAL;
    if (count > 2u || matches > 1u) {
        /* A full path, or a two-square text that may be the full path of a
         * single capture sharing its ends with longer ones: the move it is
         * a path of (a path takes one set of pieces: one move at most). */
        found = 0;
        if (capture)
            for (const bd_move *m = first; m != end; m++)
                if (m->from == from && mg_move_to(m) == to && mg_path_follows(pos, rules, m, path, count))
                    found = m;
        if (!found)
            return count > 2u ? PDN_ERR_ILLEGAL : PDN_ERR_AMBIGUOUS;
    }
    *out = *found;
    return PDN_OK;
}

int8_t pdn_read_move(const char *text, uint16_t length, const bd_position *pos,
                     const struct bd_rules *rules, bd_move *out)
{
    bd_move moves[MG_MAX_MOVES];
    const bd_move *end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    if (!end)
        return PDN_ERR_ILLEGAL;     /* cannot happen: MG_MAX_MOVES has room */
    return pdn_read_move_among(text, length, pos, rules, moves, end, out);
}

uint16_t pdn_write_move_among(const bd_position *pos, const struct bd_rules *rules,
                              const bd_move *m, const bd_move *first, const bd_move *end,
                              char *out, uint16_t capacity)
{
    uint8_t path[MG_MAX_PATH];
    uint8_t count = 2;
    path[0] = m->from;
    path[1] = mg_move_to(m);
    if (mg_move_is_capture(m)) {
        for (const bd_move *o = first; o != end; o++) {
            if (o->from == m->from && mg_move_to(o) == mg_move_to(m) && o->captured != m->captured) {
                count = mg_path(pos, rules, m, path);
                break;
            }
        }
    }
    char separator = !mg_move_is_capture(m) ? '-' : is_english(rules) ? 'x' : ':';
    struct sink s;
    sink_init(&s, out, capacity);
    for (uint8_t i = 0; i < count; i++) {
        if (i)
            put(&s, separator);
        put_square(&s, path[i], rules);
    }
    return sink_finish(&s);
}

uint16_t pdn_write_move(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                        char *out, uint16_t capacity)
{
    bd_move moves[MG_MAX_MOVES];
    const bd_move *end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    if (!end)
        end = moves;                /* cannot happen; write the short form */
    return pdn_write_move_among(pos, rules, m, moves, end, out, capacity);
}

/* ------------------------------------------------------------- errors -- */

/* The messages of codes 0, -1, -2, ... one after another, each ended by its
 * NUL, in flash: a switch of PSTRs would build a lookup table in RAM, and
 * progmem.h has no portable way to read a pointer table. */
static const char error_texts[] PROGMEM =
    "ok\0"
    "empty text\0"
    "malformed text\0"
    "side to move must be W or B\0"
    "no such square\0"
    "range ends below its start\0"
    "square listed twice\0"
    "man on its promotion rank\0"
    "more than 12 pieces of a colour\0"
    "no legal move matches\0"
    "several legal moves match\0"
    "unknown error";

/* Out of line: a firmware built with link-time optimisation would copy it
 * into each caller. */
__attribute__((noinline)) const char *pdn_error_text(int8_t code)
{
    uint8_t index = code > 0 || code < PDN_ERR_LAST ? (uint8_t)(1 - PDN_ERR_LAST) : (uint8_t)-code;
    return bd_pgm_nth_string(error_texts, index);
}
