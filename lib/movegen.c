#include "movegen.h"

#include "bitscan.h"
#include "progmem.h"

/* Forward for a colour's men: white up (directions 0, 1), black down (2, 3). */
#define FIRST_FORWARD(colour) ((uint8_t)((colour) * 2u))

/* A step as an addition modulo 32, per direction: the origin of a move that
 * arrived on `to` going in direction d is to - delta[d]. */
static const uint8_t step_delta[BB_DIRECTIONS] PROGMEM = { 1, 7, 31, 25 };

static const uint32_t can_jump[BB_DIRECTIONS] PROGMEM = {
    BB_CAN_JUMP_UP_LEFT, BB_CAN_JUMP_UP_RIGHT, BB_CAN_JUMP_DOWN_RIGHT, BB_CAN_JUMP_DOWN_LEFT,
};

/* The squares from square (exclusive) in direction up to and including the
 * first occupied one: a flying king's ray. */
static bb32 king_ray(uint8_t square, uint8_t direction, bb32 occupied)
{
    bb32 ray = 0;
    for (uint8_t s = bb_neighbour(square, direction); s != BB_NO_SQUARE;
         s = bb_neighbour(s, direction)) {
        ray |= BB_BIT(s);
        if (occupied & BB_BIT(s))
            break;
    }
    return ray;
}

/* ------------------------------------------------------------------------
 * The bitboard test: does the side to move have a capture at all?
 * ------------------------------------------------------------------------ */

/* Pieces of `movers` that can jump an enemy piece in `direction` with one
 * short jump: two steps, masked first by the enemy, then by the empty
 * squares. */
BD_INLINE bb32 short_jumps(bb32 movers, uint8_t direction, bb32 enemy, bb32 empty)
{
    bb32 victims = bb_step(movers & pgm_read_dword(&can_jump[direction]), direction) & enemy;
    return bb_step(victims, direction) & empty;
}

static uint8_t flying_king_can_capture(bb32 kings, bb32 enemy, bb32 occupied)
{
    while (kings) {
        uint8_t square = bs_pop_lsb32(&kings);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            bb32 blocker = king_ray(square, direction, occupied) & enemy;
            if (blocker && (bb_step(blocker, direction) & ~occupied))
                return 1;
        }
    }
    return 0;
}

uint8_t mg_has_capture(const position *pos, const struct rules *rules)
{
    uint8_t side = pos->side;
    bb32 enemy = pos->pieces[OTHER_COLOUR(side)];
    bb32 occupied = pos_occupied(pos);
    bb32 empty = ~occupied;
    bb32 men = pos->men[side];
    bb32 kings = pos_kings(pos, side);
    uint8_t forward = FIRST_FORWARD(side);

    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        uint8_t is_forward = (uint8_t)(direction - forward) < 2u;
        bb32 movers = (is_forward || rules->men_capture_backwards) ? men : 0;
        if (!rules->flying_kings)
            movers |= kings;
        if (short_jumps(movers, direction, enemy, empty))
            return 1;
    }
    return rules->flying_kings && kings && flying_king_can_capture(kings, enemy, occupied);
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
    const struct rules *rules;
    bb32 enemy;
    bb32 empty;             /* before the move, plus the mover's origin */
    bb32 promotion_rank;
    uint8_t from;
    uint8_t forward;        /* first forward direction of the side's men */
    move *first;            /* captures listed so far: first..out */
    move *out;
    move *out_end;
    uint8_t overflow;
    /* mg_path: the move to trace, and the path walked so far. */
    const move *target;
    uint8_t *path;
    uint8_t depth;
    uint8_t traced;
};

enum { PIECE_KING = 1, PIECE_PROMOTED = 2 };

static void list_capture(struct capture_walk *walk, uint8_t to, bb32 captured, uint8_t piece)
{
    move m = {
        .from = walk->from,
        .to = (uint8_t)(to | ((piece & PIECE_PROMOTED) ? MOVE_PROMOTES : 0u)),
        .captured = captured,
    };
    if (walk->target) {
        if (!walk->traced && move_equal(&m, walk->target))
            walk->traced = walk->depth;
        return;
    }
    for (move *listed = walk->first; listed < walk->out; listed++)
        if (move_equal(listed, &m))
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
    while (flying && next != BB_NO_SQUARE && (walk->empty & BB_BIT(next)))
        next = bb_neighbour(next, direction);
    if (next == BB_NO_SQUARE || !(walk->enemy & BB_BIT(next)) || (captured & BB_BIT(next)))
        return BB_NO_SQUARE;
    return next;
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
        if (landing != BB_NO_SQUARE && (walk->empty & BB_BIT(landing)))
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
        if (landing == BB_NO_SQUARE || !(walk->empty & BB_BIT(landing)))
            continue;
        went_on = 1;
        bb32 now_captured = captured | BB_BIT(victim);

        if (!flying) {
            uint8_t promoted = !is_king && (walk->promotion_rank & BB_BIT(landing));
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
        for (uint8_t s = landing; s != BB_NO_SQUARE && (walk->empty & BB_BIT(s));
             s = bb_neighbour(s, direction))
            if (king_can_capture(walk, s, now_captured)) {
                can_go_on = 1;
                break;
            }
        for (uint8_t s = landing; s != BB_NO_SQUARE && (walk->empty & BB_BIT(s));
             s = bb_neighbour(s, direction)) {
            if (!can_go_on || king_can_capture(walk, s, now_captured))
                continue_from(walk, s, now_captured, piece);
        }
    }
    if (!went_on && captured)
        list_capture(walk, square, captured, piece);
}

static void walk_init(struct capture_walk *walk, const position *pos, const struct rules *rules)
{
    uint8_t side = pos->side;
    walk->rules = rules;
    walk->enemy = pos->pieces[OTHER_COLOUR(side)];
    walk->promotion_rank = pos_promotion_rank(side);
    walk->forward = FIRST_FORWARD(side);
    walk->overflow = 0;
    walk->target = 0;
    walk->path = 0;
    walk->depth = 1;
    walk->traced = 0;
}

static void walk_piece(struct capture_walk *walk, const position *pos, uint8_t from)
{
    walk->from = from;
    walk->empty = ~pos_occupied(pos) | BB_BIT(from);
    uint8_t piece = (pos->men[pos->side] & BB_BIT(from)) ? 0 : PIECE_KING;
    walk_captures(walk, from, 0, piece);
}

static move *list_captures(const position *pos, const struct rules *rules, move *out, move *out_end)
{
    struct capture_walk walk;
    walk_init(&walk, pos, rules);
    walk.first = walk.out = out;
    walk.out_end = out_end;
    bb32 pieces = pos->pieces[pos->side];
    while (pieces)
        walk_piece(&walk, pos, bs_pop_lsb32(&pieces));
    return walk.overflow ? 0 : walk.out;
}

/* ------------------------------------------------------------------------
 * Quiet moves
 * ------------------------------------------------------------------------ */

/* Lists a move from `to - delta` to every square of `targets`. */
static move *list_steps(move *out, move *out_end, bb32 targets, uint8_t direction,
                        bb32 promotion_rank)
{
    uint8_t delta = pgm_read_byte(&step_delta[direction]);
    while (targets) {
        if (out == out_end)
            return 0;
        uint8_t to = bs_pop_lsb32(&targets);
        out->from = (uint8_t)((to - delta) & 31u);
        out->to = (uint8_t)(to | ((promotion_rank & BB_BIT(to)) ? MOVE_PROMOTES : 0u));
        out->captured = 0;
        out++;
    }
    return out;
}

static move *list_quiet(const position *pos, const struct rules *rules, move *out, move *out_end)
{
    uint8_t side = pos->side;
    bb32 occupied = pos_occupied(pos);
    bb32 empty = ~occupied;
    bb32 men = pos->men[side];
    bb32 kings = pos_kings(pos, side);
    uint8_t forward = FIRST_FORWARD(side);
    bb32 promotion_rank = pos_promotion_rank(side);

    for (uint8_t i = 0; i < 2u && out; i++) {
        uint8_t direction = (uint8_t)(forward + i);
        out = list_steps(out, out_end, bb_step(men, direction) & empty, direction, promotion_rank);
    }
    if (!rules->flying_kings) {
        for (uint8_t direction = 0; direction < BB_DIRECTIONS && out; direction++)
            out = list_steps(out, out_end, bb_step(kings, direction) & empty, direction, 0);
        return out;
    }
    while (kings && out) {
        uint8_t from = bs_pop_lsb32(&kings);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            bb32 targets = king_ray(from, direction, occupied) & empty;
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

move *mg_generate(const position *pos, const struct rules *rules, move *out, move *out_end)
{
    if (mg_has_capture(pos, rules))
        return list_captures(pos, rules, out, out_end);
    return list_quiet(pos, rules, out, out_end);
}

uint16_t mg_count(const position *pos, const struct rules *rules, move *scratch, move *scratch_end)
{
    if (mg_has_capture(pos, rules)) {
        move *end = list_captures(pos, rules, scratch, scratch_end);
        return end ? (uint16_t)(end - scratch) : MG_OVERFLOW;
    }
    uint8_t side = pos->side;
    bb32 occupied = pos_occupied(pos);
    bb32 empty = ~occupied;
    bb32 men = pos->men[side];
    bb32 kings = pos_kings(pos, side);
    uint8_t forward = FIRST_FORWARD(side);
    uint16_t count = (uint16_t)(bs_popcount32(bb_step(men, forward) & empty) +
                                bs_popcount32(bb_step(men, (uint8_t)(forward + 1u)) & empty));
    if (!kings)
        return count;
    if (!rules->flying_kings) {
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
            count = (uint16_t)(count + bs_popcount32(bb_step(kings, direction) & empty));
        return count;
    }
    while (kings) {
        uint8_t from = bs_pop_lsb32(&kings);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
            count = (uint16_t)(count + bs_popcount32(king_ray(from, direction, occupied) & empty));
    }
    return count;
}

void mg_make(position *pos, const move *m)
{
    uint8_t side = pos->side, other = OTHER_COLOUR(side);
    bb32 from = BB_BIT(m->from), to = BB_BIT(move_to(m));
    /* from == to is possible: a king's capture can end where it started. */
    if (pos->men[side] & from) {
        pos->men[side] &= ~from;
        if (!move_promotes(m))
            pos->men[side] |= to;
    }
    pos->pieces[side] = (pos->pieces[side] & ~from) | to;
    pos->pieces[other] &= ~m->captured;
    pos->men[other] &= ~m->captured;
    pos->side = other;
}

uint8_t mg_path(const position *pos, const struct rules *rules, const move *m, uint8_t *path)
{
    path[0] = m->from;
    if (!move_is_capture(m)) {
        path[1] = move_to(m);
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
