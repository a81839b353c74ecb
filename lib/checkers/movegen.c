/* SPDX-License-Identifier: MIT */
#include "checkers/movegen.h"

#include "bits/bitscan.h"
#include "checkers/kingray.h"
#include "bits/progmem.h"

/* The target's versions of the entry points, where it has them: its
 * arch/movegen.h then renames the portable definitions below (as
 * lib/bench/portable/names.h does for the bench's copy), which nothing
 * calls. */
#include "arch/movegen.h"


/* A step as an addition modulo 32, per direction: the origin of a move that
 * arrived on `to` going in direction d is to - delta[d]. */
static const uint8_t step_delta[BB_DIRECTIONS] PROGMEM = {
    BB_DELTA_UP_LEFT, BB_DELTA_UP_RIGHT, BB_DELTA_DOWN_RIGHT, BB_DELTA_DOWN_LEFT,
};


/* ------------------------------------------------------------------------
 * The bitboard test: does the side to move have a capture at all?
 * ------------------------------------------------------------------------ */

/* One step in a direction, out of line: the flood below calls it in a loop
 * over the directions, where four inlined copies would cost flash. */
static bb32 __attribute__((noinline)) step_towards(bb32 x, uint8_t direction)
{
    return bb_step(x, direction);
}

/* Does one of the flying kings see an enemy piece with an empty square
 * behind it?  Each direction floods all kings' rays over empty squares at
 * once. */
static uint8_t flying_king_can_capture(bb32 kings, bb32 enemy, bb32 empty)
{
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        bb32 reach = kings, front = kings;
        while ((front = step_towards(front, direction) & empty) != 0)
            reach |= front;
        if (step_towards(step_towards(reach, direction) & enemy, direction) & empty)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Capture sequences, square by square.
 *
 * The rules that need this walk:
 *  - no piece is jumped twice, and a jumped piece stays on the board until
 *    the move ends: it blocks a flying king's path and cannot be landed on
 *    or jumped again (the Turkish strike).  So `captured` grows along the
 *    path while `empty` stays the empty squares before the move (plus the
 *    square the moving piece left).
 *  - a capture goes on while it can: a move ends only where no further
 *    capture exists, and a flying king that has a choice of landing squares
 *    must take one from which it can go on capturing, if there is one.
 *  - a Russian man that reaches the last rank in the middle of a capture is
 *    promoted at once and goes on capturing as a king; an English man's move
 *    ends there.
 *  - two paths that take the same pieces and end on the same square are one
 *    move, so each new move is compared with those already listed.
 * ------------------------------------------------------------------------ */

struct capture_walk {
    const struct bd_rules *rules;
    bb32 enemy;
    bb32 empty;             /* before the move, plus the mover's origin */
    bb32 promotion_rank;
    uint8_t from;
    uint8_t forward;        /* first forward direction of the side's men */
    bd_move *first;            /* captures listed so far: first..out */
    bd_move *out;
    bd_move *out_end;
    uint8_t overflow;
    /* mg_path: the move to trace, and the path walked so far. */
    const bd_move *target;
    uint8_t *path;
    uint8_t depth;
    uint8_t traced;
};

enum { PIECE_KING = 1, PIECE_PROMOTED = 2 };

static void list_capture(struct capture_walk *walk, uint8_t to, bb32 captured, uint8_t piece)
{
    bd_move m = {
        .from = walk->from,
        .to = (uint8_t)(to | ((piece & PIECE_PROMOTED) ? MG_MOVE_PROMOTES : 0u)),
        .captured = captured,
    };
    if (walk->target) {
        if (!walk->traced && mg_move_equal(&m, walk->target))
            walk->traced = walk->depth;
        return;
    }
    for (bd_move *listed = walk->first; listed < walk->out; listed++)
        if (mg_move_equal(listed, &m))
            return;
    if (walk->out == walk->out_end) {
        walk->overflow = 1;
        return;
    }
    *walk->out++ = m;
}

static void walk_captures(struct capture_walk *walk, uint8_t square, bb32 captured, uint8_t piece);

/* Goes on from a landing square (recording it on the traced path). */
static void continue_from(struct capture_walk *walk, uint8_t landing, bb32 captured, uint8_t piece)
{
    if (walk->target && !walk->traced) {
        if (walk->depth >= MG_MAX_PATH)
            return;
        walk->path[walk->depth] = landing;
    }
    walk->depth++;
    walk_captures(walk, landing, captured, piece);
    walk->depth--;
}

/* The first piece met going from square in direction, if it is an enemy
 * piece not yet jumped; BB_NO_SQUARE otherwise.  Short pieces look at the
 * neighbour only. */
static uint8_t victim_in(const struct capture_walk *walk, uint8_t square, uint8_t direction,
                         bb32 captured, uint8_t flying)
{
    uint8_t next = bb_neighbour(square, direction);
    while (flying && next != BB_NO_SQUARE && (walk->empty & bb_bit(next)))
        next = bb_neighbour(next, direction);
    if (next == BB_NO_SQUARE)
        return BB_NO_SQUARE;
    bb32 bit = bb_bit(next);
    return ((walk->enemy & bit) && !(captured & bit)) ? next : BB_NO_SQUARE;
}

/* True when a king on square could capture again. */
static uint8_t king_can_capture(const struct capture_walk *walk, uint8_t square, bb32 captured)
{
    uint8_t flying = walk->rules->flying_kings;
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        uint8_t victim = victim_in(walk, square, direction, captured, flying);
        if (victim == BB_NO_SQUARE)
            continue;
        uint8_t landing = bb_neighbour(victim, direction);
        if (landing != BB_NO_SQUARE && (walk->empty & bb_bit(landing)))
            return 1;
    }
    return 0;
}

static void walk_captures(struct capture_walk *walk, uint8_t square, bb32 captured, uint8_t piece)
{
    uint8_t is_king = piece & PIECE_KING;
    uint8_t flying = is_king && walk->rules->flying_kings;
    uint8_t went_on = 0;

    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        uint8_t is_forward = (uint8_t)(direction - walk->forward) < 2u;
        if (!is_king && !is_forward && !walk->rules->men_capture_backwards)
            continue;
        uint8_t victim = victim_in(walk, square, direction, captured, flying);
        if (victim == BB_NO_SQUARE)
            continue;
        uint8_t landing = bb_neighbour(victim, direction);
        if (landing == BB_NO_SQUARE || !(walk->empty & bb_bit(landing)))
            continue;
        went_on = 1;
        bb32 now_captured = captured | bb_bit(victim);

        if (!flying) {
            uint8_t promoted = !is_king && (walk->promotion_rank & bb_bit(landing));
            if (promoted && !walk->rules->promotion_continues_capture) {
                if (walk->target && !walk->traced && walk->depth < MG_MAX_PATH)
                    walk->path[walk->depth] = landing;
                walk->depth++;
                list_capture(walk, landing, now_captured, PIECE_KING | PIECE_PROMOTED);
                walk->depth--;
            } else {
                continue_from(walk, landing, now_captured,
                              promoted ? (uint8_t)(PIECE_KING | PIECE_PROMOTED) : piece);
            }
            continue;
        }

        /* A flying king may land on any empty square beyond the victim, but
         * must take one from which it can go on capturing if there is one. */
        uint8_t can_go_on = 0;
        for (uint8_t s = landing; s != BB_NO_SQUARE && (walk->empty & bb_bit(s));
             s = bb_neighbour(s, direction))
            if (king_can_capture(walk, s, now_captured)) {
                can_go_on = 1;
                break;
            }
        for (uint8_t s = landing; s != BB_NO_SQUARE && (walk->empty & bb_bit(s));
             s = bb_neighbour(s, direction)) {
            if (!can_go_on || king_can_capture(walk, s, now_captured))
                continue_from(walk, s, now_captured, piece);
        }
    }
    if (!went_on && captured)
        list_capture(walk, square, captured, piece);
}

static void walk_init(struct capture_walk *walk, const bd_position *pos, const struct bd_rules *rules)
{
    uint8_t side = pos->side;
    walk->rules = rules;
    walk->enemy = pos->pieces[BD_OTHER_COLOUR(side)];
    walk->promotion_rank = pos_promotion_rank(side);
    walk->forward = BD_FIRST_FORWARD(side);
    walk->overflow = 0;
    walk->target = 0;
    walk->path = 0;
    walk->depth = 1;
    walk->traced = 0;
}

static void walk_piece(struct capture_walk *walk, const bd_position *pos, uint8_t from)
{
    walk->from = from;
    walk->empty = ~pos_occupied(pos) | bb_bit(from);
    uint8_t piece = (pos->men[pos->side] & bb_bit(from)) ? 0 : PIECE_KING;
    walk_captures(walk, from, 0, piece);
}

static bd_move *list_captures(const bd_position *pos, const struct bd_rules *rules, bb32 pieces,
                           bd_move *out, bd_move *out_end)
{
    struct capture_walk walk;
    walk_init(&walk, pos, rules);
    walk.first = walk.out = out;
    walk.out_end = out_end;
    while (pieces)
        walk_piece(&walk, pos, bs_pop_lsb32(&pieces));
    return walk.overflow ? 0 : walk.out;
}

/* ------------------------------------------------------------------------
 * Quiet moves.
 *
 * Whether a capture exists is decided first, by stepping the pieces that
 * may capture up or down onto enemy pieces and again onto empty squares.
 * Only then are the quiet steps taken, by the pieces that may move that
 * way without capturing (forward men and short kings; a Russian man may
 * capture backwards but not step backwards).  Recomputing a step costs less
 * on AVR than keeping four more 32-bit values alive.
 * ------------------------------------------------------------------------ */

struct movers {
    bb32 up, down;              /* pieces that may capture up / down */
    bb32 up_quiet, down_quiet;  /* pieces that may step up / down */
};

BD_INLINE void movers_of(struct movers *movers, const bd_position *pos, const struct bd_rules *rules)
{
    uint8_t side = pos->side;
    bb32 men = pos->men[side];
    bb32 short_kings = rules->flying_kings ? 0 : pos_kings(pos, side);
    bb32 backwards = rules->men_capture_backwards ? men : 0;
    bb32 forward = men | short_kings;
    if (side == BD_WHITE) {
        movers->up = movers->up_quiet = forward;
        movers->down = backwards | short_kings;
        movers->down_quiet = short_kings;
    } else {
        movers->down = movers->down_quiet = forward;
        movers->up = backwards | short_kings;
        movers->up_quiet = short_kings;
    }
}

/* True when one of the pieces can make a short jump. */
BD_INLINE uint8_t has_short_jump(bb32 up, bb32 down, bb32 enemy, bb32 empty)
{
    if (up && ((bb_up_left(bb_up_left(up) & enemy) | bb_up_right(bb_up_right(up) & enemy)) & empty))
        return 1;
    return down &&
           ((bb_down_right(bb_down_right(down) & enemy) | bb_down_left(bb_down_left(down) & enemy)) & empty);
}

static uint8_t flying_capture(const bd_position *pos, const struct bd_rules *rules)
{
    bb32 kings = pos_kings(pos, pos->side);
    return rules->flying_kings && kings &&
           flying_king_can_capture(kings, pos->pieces[BD_OTHER_COLOUR(pos->side)], ~pos_occupied(pos));
}

BD_INLINE uint8_t capture_test(const bd_position *pos, const struct bd_rules *rules,
                             const struct movers *movers)
{
    if (has_short_jump(movers->up, movers->down, pos->pieces[BD_OTHER_COLOUR(pos->side)],
                       ~pos_occupied(pos)))
        return 1;
    return rules->flying_kings && pos_kings(pos, pos->side) && flying_capture(pos, rules);
}

/* True when the side to move must capture; fills movers. */
static uint8_t must_capture(const bd_position *pos, const struct bd_rules *rules, struct movers *movers)
{
    movers_of(movers, pos, rules);
    return capture_test(pos, rules, movers);
}

uint8_t mg_has_capture(const bd_position *pos, const struct bd_rules *rules)
{
    struct movers movers;
    movers_of(&movers, pos, rules);
    return capture_test(pos, rules, &movers);
}

uint8_t mg_move_kind(const bd_position *pos, const struct bd_rules *rules)
{
    return mg_move_kind_of(pos, rules);
}

/* ------------------------------------------------------------------------
 * Captures, mostly without the walk.
 *
 * Most captures in a game are a single jump by a man that cannot go on.
 * Such a jump is found with bitboards (step the pieces onto enemy pieces,
 * then onto empty squares; the landing square names the jump), and whether
 * it could go on is one more short bitboard test from the landing square,
 * with the jumped piece still standing and the start square now empty.
 * Only the pieces with a jump that goes on, a Russian man promoted on the
 * way, and every flying king are walked square by square, each piece as a
 * whole, so that two orders of the same captures stay one move.
 * ------------------------------------------------------------------------ */

struct jump_scan {
    const bd_position *pos;
    const struct bd_rules *rules;
    bb32 enemy, empty, men, promotion_rank;
    bb32 walkers;               /* pieces to walk square by square */
};

/* Could a short piece that jumped from `from` over `victim` to `landing` go
 * on capturing? */
static uint8_t jump_goes_on(const struct jump_scan *scan, bb32 from, bb32 victim, bb32 landing)
{
    uint8_t is_man = (scan->men & from) != 0;
    if (is_man && (landing & scan->promotion_rank))
        return scan->rules->promotion_continues_capture;  /* walked as a new king */
    bb32 enemy = scan->enemy & ~victim;
    bb32 empty = scan->empty | from;
    uint8_t side = scan->pos->side;
    uint8_t backwards = !is_man || scan->rules->men_capture_backwards;
    if ((side == BD_WHITE || backwards) &&
        ((bb_up_left(bb_up_left(landing) & enemy) | bb_up_right(bb_up_right(landing) & enemy)) & empty))
        return 1;
    return (side == BD_BLACK || backwards) &&
           ((bb_down_right(bb_down_right(landing) & enemy) | bb_down_left(bb_down_left(landing) & enemy)) &
            empty);
}

/* The landing squares of the short jumps of `movers` in one direction;
 * `back_two` is two steps against it, modulo 32. */
#define JUMPS(scan, step, movers) (step(step(movers) & (scan)->enemy) & (scan)->empty)
#define FROM_OF(landing, back_two) ((uint8_t)(((landing) + (back_two)) & 31u))
#define VICTIM_OF(from, ahead) ((uint8_t)(((from) + (ahead)) & 31u))

/* Pass one: the pieces whose jump in one direction goes on join the walkers. */
static void find_walkers(struct jump_scan *scan, bb32 landings, uint8_t back_two, uint8_t ahead)
{
    while (landings) {
        uint8_t landing = bs_pop_lsb32(&landings);
        uint8_t from = FROM_OF(landing, back_two);
        bb32 from_bit = bb_bit(from);
        if (scan->walkers & from_bit)
            continue;
        if (jump_goes_on(scan, from_bit, bb_bit(VICTIM_OF(from, ahead)), bb_bit(landing)))
            scan->walkers |= from_bit;
    }
}

/* Pass two: the single jumps of the pieces that are not walked, listed from
 * out (NULL past out_end), or only counted into *count when out is NULL. */
static bd_move *list_single_jumps(const struct jump_scan *scan, bb32 landings, uint8_t back_two,
                               uint8_t ahead, bd_move *out, bd_move *out_end, uint8_t *count)
{
    while (landings) {
        uint8_t landing = bs_pop_lsb32(&landings);
        uint8_t from = FROM_OF(landing, back_two);
        bb32 from_bit = bb_bit(from);
        if (scan->walkers & from_bit)
            continue;
        if (!out) {
            (*count)++;
            continue;
        }
        if (out == out_end)
            return 0;
        uint8_t promotes = (scan->men & from_bit) && (scan->promotion_rank & bb_bit(landing));
        out->from = from;
        out->to = (uint8_t)(landing | (promotes ? MG_MOVE_PROMOTES : 0u));
        out->captured = bb_bit(VICTIM_OF(from, ahead));
        out++;
    }
    return out;
}

/* Steps of +1, +7, -1, -7 and two steps back from each, modulo 32. */
#define AHEAD_UP_LEFT 1u
#define AHEAD_UP_RIGHT 7u
#define AHEAD_DOWN_RIGHT 31u
#define AHEAD_DOWN_LEFT 25u
#define BACK_TWO(ahead) ((uint8_t)((64u - 2u * (ahead)) & 31u))

/* All captures of the side to move: the single jumps that cannot go on
 * come straight from the landing bitboards, listed from out, or only
 * counted into *singles when it is given; the other pieces are walked and
 * listed from out.  Returns the end of the list, or NULL when it would pass
 * out_end. */
static bd_move *list_all_captures(const bd_position *pos, const struct bd_rules *rules,
                               const struct movers *movers, bd_move *out, bd_move *out_end,
                               uint8_t *singles)
{
    struct jump_scan scan = {
        .pos = pos,
        .rules = rules,
        .enemy = pos->pieces[BD_OTHER_COLOUR(pos->side)],
        .empty = ~pos_occupied(pos),
        .men = pos->men[pos->side],
        .promotion_rank = pos_promotion_rank(pos->side),
        .walkers = rules->flying_kings ? pos_kings(pos, pos->side) : 0,
    };
    bb32 up_left = movers->up ? JUMPS(&scan, bb_up_left, movers->up) : 0;
    bb32 up_right = movers->up ? JUMPS(&scan, bb_up_right, movers->up) : 0;
    bb32 down_right = movers->down ? JUMPS(&scan, bb_down_right, movers->down) : 0;
    bb32 down_left = movers->down ? JUMPS(&scan, bb_down_left, movers->down) : 0;

    /* Most directions have no jump: test before paying for a call. */
    if (up_left)
        find_walkers(&scan, up_left, BACK_TWO(AHEAD_UP_LEFT), AHEAD_UP_LEFT);
    if (up_right)
        find_walkers(&scan, up_right, BACK_TWO(AHEAD_UP_RIGHT), AHEAD_UP_RIGHT);
    if (down_right)
        find_walkers(&scan, down_right, BACK_TWO(AHEAD_DOWN_RIGHT), AHEAD_DOWN_RIGHT);
    if (down_left)
        find_walkers(&scan, down_left, BACK_TWO(AHEAD_DOWN_LEFT), AHEAD_DOWN_LEFT);

    bd_move *singles_out = singles ? 0 : out;
    if (up_left)
        singles_out = list_single_jumps(&scan, up_left, BACK_TWO(AHEAD_UP_LEFT), AHEAD_UP_LEFT,
                                        singles_out, out_end, singles);
    if ((singles || singles_out) && up_right)
        singles_out = list_single_jumps(&scan, up_right, BACK_TWO(AHEAD_UP_RIGHT), AHEAD_UP_RIGHT,
                                        singles_out, out_end, singles);
    if ((singles || singles_out) && down_right)
        singles_out = list_single_jumps(&scan, down_right, BACK_TWO(AHEAD_DOWN_RIGHT),
                                        AHEAD_DOWN_RIGHT, singles_out, out_end, singles);
    if ((singles || singles_out) && down_left)
        singles_out = list_single_jumps(&scan, down_left, BACK_TWO(AHEAD_DOWN_LEFT),
                                        AHEAD_DOWN_LEFT, singles_out, out_end, singles);
    if (!singles) {
        if (!singles_out)
            return 0;
        out = singles_out;
    }
    return scan.walkers ? list_captures(pos, rules, scan.walkers, out, out_end) : out;
}

/* Lists a move from `to - delta` to every square of `targets`. */
static bd_move *list_steps(bd_move *out, bd_move *out_end, bb32 targets, uint8_t direction,
                        bb32 men, bb32 promotion_rank)
{
    uint8_t delta = pgm_read_byte(&step_delta[direction]);
    /* Usually empty: then no move needs the promotion test. */
    bb32 last_rank = targets & promotion_rank;
    while (targets) {
        if (out == out_end)
            return 0;
        uint8_t to = bs_lsb32(targets);
        targets &= targets - 1u;
        uint8_t from = (uint8_t)((to - delta) & 31u);
        uint8_t promotes = last_rank && (last_rank & bb_bit(to)) && (men & bb_bit(from));
        out->from = from;
        out->to = (uint8_t)(to | (promotes ? MG_MOVE_PROMOTES : 0u));
        out->captured = 0;
        out++;
    }
    return out;
}

/* The flying kings' quiet moves: every empty square of every ray. */
static bd_move *list_flying_king_steps(bd_move *out, bd_move *out_end, bb32 kings, bb32 occupied)
{
    while (kings) {
        uint8_t from = bs_pop_lsb32(&kings);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            bb32 targets = kr_ray(from, direction, occupied) & ~occupied;
            while (targets) {
                if (out == out_end)
                    return 0;
                out->from = from;
                out->to = bs_pop_lsb32(&targets);
                out->captured = 0;
                out++;
            }
        }
    }
    return out;
}


/* ------------------------------------------------------------------------ */

bd_move *mg_generate_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                              bd_move *out_end)
{
    struct movers movers;
    movers_of(&movers, pos, rules);
    return list_all_captures(pos, rules, &movers, out, out_end, 0);
}

bd_move *mg_generate_known(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                           bd_move *out_end, uint8_t capture)
{
    struct movers movers;
    if (capture == MG_CAPTURE_UNKNOWN)
        capture = must_capture(pos, rules, &movers);
    else
        movers_of(&movers, pos, rules);
    if (capture)
        return list_all_captures(pos, rules, &movers, out, out_end, 0);

    bb32 empty = ~pos_occupied(pos);
    bb32 men = pos->men[pos->side];
    bb32 rank = pos_promotion_rank(pos->side);
    if (movers.up_quiet) {
        out = list_steps(out, out_end, bb_up_left(movers.up_quiet) & empty, BB_UP_LEFT, men, rank);
        if (out)
            out = list_steps(out, out_end, bb_up_right(movers.up_quiet) & empty, BB_UP_RIGHT, men, rank);
    }
    if (out && movers.down_quiet) {
        out = list_steps(out, out_end, bb_down_right(movers.down_quiet) & empty, BB_DOWN_RIGHT, men, rank);
        if (out)
            out = list_steps(out, out_end, bb_down_left(movers.down_quiet) & empty, BB_DOWN_LEFT, men, rank);
    }
    if (out && rules->flying_kings)
        out = list_flying_king_steps(out, out_end, pos_kings(pos, pos->side), ~empty);
    return out;
}

static uint16_t count_captures(const bd_position *pos, const struct bd_rules *rules,
                               const struct movers *movers, bd_move *scratch, bd_move *scratch_end)
{
    uint8_t singles = 0;
    bd_move *end = list_all_captures(pos, rules, movers, scratch, scratch_end, &singles);
    return end ? (uint16_t)(singles + (end - scratch)) : MG_OVERFLOW;
}

uint16_t mg_count_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                           bd_move *scratch_end)
{
    struct movers movers;
    movers_of(&movers, pos, rules);
    return count_captures(pos, rules, &movers, scratch, scratch_end);
}

uint16_t mg_count(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                  bd_move *scratch_end)
{
    struct movers movers;
    if (must_capture(pos, rules, &movers))
        return count_captures(pos, rules, &movers, scratch, scratch_end);
    bb32 empty = ~pos_occupied(pos);
    uint16_t count = 0;
    if (movers.up_quiet)
        count = (uint16_t)(bs_popcount32(bb_up_left(movers.up_quiet) & empty) +
                           bs_popcount32(bb_up_right(movers.up_quiet) & empty));
    if (movers.down_quiet)
        count = (uint16_t)(count + bs_popcount32(bb_down_right(movers.down_quiet) & empty) +
                           bs_popcount32(bb_down_left(movers.down_quiet) & empty));
    bb32 kings = rules->flying_kings ? pos_kings(pos, pos->side) : 0;
    while (kings) {
        uint8_t from = bs_pop_lsb32(&kings);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
            count = (uint16_t)(count + bs_popcount32(kr_ray(from, direction, ~empty) & empty));
    }
    return count;
}

/* The path of a capture traced by the walk: the reference the tests compare
 * the search of move.c with.  A target that lists the captures without the
 * walk (MG_PATH_BY_SEARCH in its arch/movegen.h) takes the search for
 * mg_path instead (move.c), so that the walk is not linked for it alone. */
#ifndef MG_PATH_BY_SEARCH
uint8_t mg_path(const bd_position *pos, const struct bd_rules *rules, const bd_move *m, uint8_t *path)
{
    path[0] = m->from;
    if (!mg_move_is_capture(m)) {
        path[1] = mg_move_to(m);
        return 2;
    }
    struct capture_walk walk;
    walk_init(&walk, pos, rules);
    walk.target = m;
    walk.path = path;
    walk.first = walk.out = walk.out_end = 0;
    walk_piece(&walk, pos, m->from);
    return walk.traced;
}
#endif
