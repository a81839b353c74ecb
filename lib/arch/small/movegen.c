/* SPDX-License-Identifier: MIT */
/*
 * movegen.c (small) - checkers/movegen.h's move generation written for
 * flash first: the generator of the 8 KB and 16 KB parts, chosen by
 * `MOVEGEN := small` (or `GAME_MOVEGEN := small`, the game alone)
 * in a board file; the Makefile then builds it instead of
 * lib/checkers/movegen.c and the AVR assembly.  mg_make and the path of a
 * capture are lib/checkers/move.c's, as for every generator.
 *
 * Which pieces can move where is found with whole bitboards: one step of
 * all the pieces at once (step, out of line), masked by the empty
 * squares, gives the targets of a direction's steps; two steps, masked
 * first by the enemy pieces, its single jumps, whose origins are the
 * pieces with a jump.  The squares of a result are visited lowest first
 * (pop_square), and one step back from a square is bb_neighbours (the
 * table the path search reads too).  Captures are walked square by square
 * (the rules that bitboards cannot see at once), only for the pieces that
 * have a jump and the flying kings.  No popcount, no bit scan and no table
 * but the steps' masks: the portable generator's inlined copies and
 * tables are what makes it big.
 *
 * The moves come out in the portable generator's order, so that a search
 * makes the same choices on either:
 *  - captures: first the single jumps of the pieces none of whose jumps
 *    goes on, direction by direction (0..3), each by its landing square;
 *    then the other pieces (a jump that goes on, a Russian man promoted on
 *    the way, every flying king) in square order, each walked;
 *  - quiet moves: steps direction by direction, each by its target square;
 *    then the flying kings in square order, direction by direction, each
 *    ray by target square.
 * Which pieces are walked the portable generator decides with bitboards;
 * here each piece with a jump is walked once to see (into the caller's
 * list, which its moves would fill anyway), and walked again in its turn.
 * Single jumps and steps are one function (list_short_moves).
 *
 * Stack (ATmega168 build, tests/checkers/test_movegen_digest.c measures
 * it): the same for every capture, however many pieces it takes; the walk
 * keeps its jumps in the generation (WALK_MAX_JUMPS, 2 bytes each), not in
 * a frame a jump.
 */
#include "checkers/movegen.h"

#include <stddef.h>

#include "bits/progmem.h"
#include "small_asm.h"

enum { PIECE_KING = 1, PIECE_PROMOTED = 2, PIECE_BITS = PIECE_KING | PIECE_PROMOTED };

/* The most jumps a capture the walk follows can make: one enemy piece
 * each, and a side starts with 12.  A position with more pieces and a
 * longer capture is refused as a list that does not fit (overflow). */
#define WALK_MAX_JUMPS 12u

/* A jump of the capture being walked: its landing, and its direction,
 * the piece that made it (PIECE_BITS) and whether it had to land where
 * it could go on, packed (JUMP_*). */
struct jump {
    uint8_t landing;
    uint8_t how;
};
#define JUMP_DIRECTION 0x03u
#define JUMP_PIECE_SHIFT 2u
#define JUMP_MUST_GO_ON 0x10u

/* One generation: the position seen from the side to move, the list being
 * filled and the capture being walked. */
struct generation {
    /* Zero when a generation starts (set_up clears them at once)... */
    bb32 captured;          /* pieces jumped so far by the piece walked */
    bb32 walked;            /* pieces whose captures are walked */
    bd_move *first;         /* the walked piece's moves so far: first..out
                               (NULL outside a walk: no duplicates there) */
    uint16_t counted;       /* moves counted and not listed (mg_count) */
    uint8_t overflow;
    /* ...these set by set_up... */
    const struct bd_rules *rules;
    const bb32 *mine, *men, *enemy;     /* the position's */
    bb32 occupied;          /* less the origin of the piece walked */
    bd_move *out, *out_end;
    uint8_t counting;
    uint8_t forward;        /* the first forward direction of the men */
    uint8_t last_rank;      /* bb_rank of the promotion rank */
    /* ...and these written before they are read. */
    bb32 jumpers;           /* pieces with a jump, or flying kings (FIND_JUMPERS) */
    uint8_t walked_on;      /* the piece walked has a capture that goes on */
    uint8_t from;           /* the piece walked */
    uint8_t victim;         /* jump_landing's victim */
    struct jump jumps[WALK_MAX_JUMPS];  /* the capture being walked */
};

/* list_short_moves()'s jumps when it finds the pieces with a jump instead of
 * listing their moves. */
#define FIND_JUMPERS 2u
#define CAPTURES_ONLY 1u         /* generate()'s capture: not MG_CAPTURE_UNKNOWN */
#define LAST_RANK_OF_WHITE 7u   /* bb_rank() of the promotion ranks */
#define LAST_RANK_OF_BLACK 0u

/* The assembly's copies of the C's constants (small_asm.h), checked on
 * every target. */
_Static_assert(ASM_FIND_JUMPERS == FIND_JUMPERS && ASM_LAST_RANK_OF_BLACK == LAST_RANK_OF_BLACK &&
                   ASM_LAST_RANK_OF_WHITE == LAST_RANK_OF_WHITE && BD_WHITE == 0 && BD_BLACK == 1 &&
                   BD_FIRST_FORWARD(BD_BLACK) == 2u * BD_BLACK && BD_FIRST_FORWARD(BD_WHITE) == 0 &&
                   ASM_BITBOARD_BYTES == sizeof(bb32) &&
                   ASM_MOVE_PROMOTES == MG_MOVE_PROMOTES && ASM_MOVE_PROMOTES == 1u << ASM_MOVE_PROMOTES_BIT &&
                   ASM_MOVE_SQUARE_MASK == MG_MOVE_SQUARE_MASK,
               "small_asm.h's constants");
_Static_assert(ASM_NO_SQUARE == BB_NO_SQUARE && ASM_CAN_UP_LEFT == BB_CAN_UP_LEFT &&
                   ASM_CAN_UP_RIGHT == BB_CAN_UP_RIGHT && ASM_CAN_DOWN_RIGHT == BB_CAN_DOWN_RIGHT &&
                   ASM_CAN_DOWN_LEFT == BB_CAN_DOWN_LEFT,
               "small_asm.h's bitboard constants");

/* Out of line, these three: each is a few instructions that would be
 * inlined at some twenty places. */
static __attribute__((noinline)) uint8_t has(const bb32 *set, uint8_t square)
{
    return bb_has(set, square) != 0;
}

/* Adds a square that is not in set, or takes one off that is. */
static __attribute__((noinline)) void flip(bb32 *set, uint8_t square)
{
    bb_toggle(set, square);
}

#ifdef __AVR__
/* On AVR these three are lib/arch/small/squares.S's: the same values in
 * fewer cycles and bytes. */
uint8_t small_neighbour(uint8_t square, uint8_t direction);
uint8_t small_pop_square(bb32 *set);
bb32 small_step(bb32 x, uint8_t direction);
#define neighbour small_neighbour
#define pop_square small_pop_square
#define step small_step

/* On AVR, add_move and list_short_moves are lib/arch/small/short_moves.S's
 * (the same lists in the same order), which reads struct generation and
 * struct bd_rules at these offsets. */
void small_add_move(struct generation *g, uint8_t from, uint8_t to);
void small_list_short_moves(struct generation *g, uint8_t jumps);
#define add_move small_add_move
#define list_short_moves small_list_short_moves
/* set_up, short_moves.S's too. */
void small_set_up(struct generation *g, const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                  bd_move *out_end, uint8_t counting);
#define set_up small_set_up
/* And jump_landing lib/arch/small/jump_landing.S's. */
uint8_t small_jump_landing(struct generation *g, uint8_t square, uint8_t direction, uint8_t flying);
#define jump_landing small_jump_landing
/* Where the assembly reads the C (small_asm.h): the AVR's layout. */
#define ASM_OFFSET(type, field, offset) \
    _Static_assert(offsetof(type, field) == (offset), #field " is where the assembly reads it")
ASM_OFFSET(struct generation, captured, G_CAPTURED);
ASM_OFFSET(struct generation, walked, G_WALKED);
ASM_OFFSET(struct generation, first, G_FIRST);
ASM_OFFSET(struct generation, counted, G_COUNTED);
ASM_OFFSET(struct generation, overflow, G_OVERFLOW);
ASM_OFFSET(struct generation, rules, G_RULES);
ASM_OFFSET(struct generation, mine, G_MINE);
ASM_OFFSET(struct generation, men, G_MEN);
ASM_OFFSET(struct generation, enemy, G_ENEMY);
ASM_OFFSET(struct generation, occupied, G_OCCUPIED);
ASM_OFFSET(struct generation, out, G_OUT);
ASM_OFFSET(struct generation, out_end, G_OUT_END);
ASM_OFFSET(struct generation, counting, G_COUNTING);
ASM_OFFSET(struct generation, forward, G_FORWARD);
ASM_OFFSET(struct generation, last_rank, G_LAST_RANK);
ASM_OFFSET(struct generation, jumpers, G_JUMPERS);
ASM_OFFSET(struct generation, victim, G_VICTIM);
ASM_OFFSET(struct bd_rules, men_capture_backwards, RULES_MEN_CAPTURE_BACKWARDS);
ASM_OFFSET(struct bd_rules, flying_kings, RULES_FLYING_KINGS);
ASM_OFFSET(bd_position, men, POS_MEN);
ASM_OFFSET(bd_position, pieces[BD_BLACK], ASM_BITBOARD_BYTES);
ASM_OFFSET(bd_position, side, POS_SIDE);
_Static_assert(sizeof(bd_move) == ASM_MOVE_BYTES, "a move is ASM_MOVE_BYTES bytes to the assembly");
#else
static __attribute__((noinline)) uint8_t neighbour(uint8_t square, uint8_t direction)
{
    return bb_neighbour(square, direction);
}

/* The lowest square of set, taken off it; BB_NO_SQUARE when set is empty.
 * A byte at a time: a 32-bit shift by a variable count is a loop on AVR. */
static __attribute__((noinline)) uint8_t pop_square(bb32 *set)
{
    bb32 rest = *set;
    if (!rest)
        return BB_NO_SQUARE;    /* at once: most sets end empty */
    uint8_t square = 0;
    while (!(uint8_t)rest) {
        rest >>= 8;
        square = (uint8_t)(square + 8u);
    }
    for (uint8_t byte = (uint8_t)rest; !(byte & 1u); byte >>= 1)
        square++;
    flip(set, square);
    return square;
}

/* The squares whose step in each direction stays on the board. */
static const bb32 can_step[BB_DIRECTIONS] PROGMEM = {
    BB_CAN_UP_LEFT, BB_CAN_UP_RIGHT, BB_CAN_DOWN_RIGHT, BB_CAN_DOWN_LEFT
};

/* One step of every square of x in direction (bitboard32.h's rotations,
 * one function for the four): up-right is a rotation by 8 and one back
 * by 1, down-left one by 24 and one forward by 1. */
static __attribute__((noinline)) bb32 step(bb32 x, uint8_t direction)
{
    x &= pgm_read_dword(&can_step[direction]);
    if (direction == BB_UP_RIGHT)
        x = bb_rotl(x, 8);
    if (direction == BB_DOWN_LEFT)
        x = bb_rotl(x, 24);
    return direction == BB_UP_LEFT || direction == BB_DOWN_LEFT ? bb_rotl(x, 1) : bb_rotl(x, 31);
}
#endif

static uint8_t piece_on(const struct generation *g, uint8_t square)
{
    return has(g->men, square) ? 0 : PIECE_KING;
}

static __attribute__((noinline)) uint8_t is_flying(const struct generation *g, uint8_t piece)
{
    return (piece & PIECE_KING) && g->rules->flying_kings;
}

static uint8_t is_forward(const struct generation *g, uint8_t direction)
{
    return (uint8_t)(direction - g->forward) < 2u;
}

/* Men capture forward only, Russian men backwards too, kings any way. */
static uint8_t may_capture_towards(const struct generation *g, uint8_t piece, uint8_t direction)
{
    return (piece & PIECE_KING) || g->rules->men_capture_backwards || is_forward(g, direction);
}

/* A man that lands on square becomes a king there. */
static uint8_t promotes_on(const struct generation *g, uint8_t piece, uint8_t square)
{
    return !(piece & PIECE_KING) && bb_rank(square) == g->last_rank;
}

/* True for a square on the board that nothing stands on. */
static uint8_t is_empty(const struct generation *g, uint8_t square)
{
    return square != BB_NO_SQUARE && !has(&g->occupied, square);
}

#ifndef __AVR__
/* Adds the move from..to (promotion flag included) taking g->captured,
 * unless the walked piece has listed it already; outside a walk, only
 * counts it when counting. */
static void add_move(struct generation *g, uint8_t from, uint8_t to)
{
    bd_move m = { .from = from, .to = to, .captured = g->captured };
    if (g->first) {
        for (const bd_move *listed = g->first; listed < g->out; listed++)
            if (mg_move_equal(listed, &m))
                return;
    } else if (g->counting) {
        g->counted++;
        return;
    }
    if (g->out == g->out_end) {
        g->overflow = 1;
        return;
    }
    *g->out++ = m;
}
#endif

/* The first piece met from square in direction (a flying king looks past
 * empty squares), or BB_NO_SQUARE at the board's edge. */
static uint8_t first_piece_met(const struct generation *g, uint8_t square, uint8_t direction,
                               uint8_t flying)
{
    uint8_t met = neighbour(square, direction);
    while (flying && is_empty(g, met))
        met = neighbour(met, direction);
    return met;
}

#ifndef __AVR__
/* The first landing of a jump from square in direction over the first
 * piece met, when that is an enemy piece not jumped yet and the square
 * behind it is empty; the victim in g->victim.  BB_NO_SQUARE when there
 * is no such jump. */
static uint8_t jump_landing(struct generation *g, uint8_t square, uint8_t direction, uint8_t flying)
{
    uint8_t victim = first_piece_met(g, square, direction, flying);
    if (victim == BB_NO_SQUARE || !has(g->enemy, victim) || has(&g->captured, victim))
        return BB_NO_SQUARE;
    g->victim = victim;
    uint8_t landing = neighbour(victim, direction);
    return is_empty(g, landing) ? landing : BB_NO_SQUARE;
}
#endif

/* True when piece, on square, has a jump. */
static uint8_t can_capture(struct generation *g, uint8_t square, uint8_t piece)
{
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
        if (may_capture_towards(g, piece, direction) &&
            jump_landing(g, square, direction, is_flying(g, piece)) != BB_NO_SQUARE)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------------
 * The walk of one piece's captures, from g->from.
 *
 * A jumped piece stays on the board until the move ends (the Turkish
 * strike): it stays in `occupied`, blocking the way and the landings, and
 * joins `captured`, so it is never jumped twice.  A capture goes on while
 * it can; a flying king with several landings behind its victim must take
 * one from which it goes on, if there is one.  A man that lands on the
 * last rank is a king at once: a Russian one goes on capturing as a
 * flying king, an English one's move ends there.  Two paths that take the
 * same pieces to the same square are one move (add_move).
 *
 * Depth first, by a loop: each jump taken pushes its landing and how it
 * was made (g->jumps), and the walk goes on from the landing; when no jump
 * is left there it comes back to the jump before and tries that one's
 * next landing, then its next direction.  The stack is the same for any
 * capture, however long (a frame a jump, as a recursion has, would grow
 * with the pieces taken).  The victim of a jump is not kept: it is the
 * first piece met from where the jump began, jumped pieces staying on the
 * board.
 * ------------------------------------------------------------------------ */
static void walk(struct generation *g)
{
    uint8_t square = g->from, piece = piece_on(g, square);
    uint8_t depth = 0, direction = 0, went_on = 0, must_go_on = 0, landing, flying;

next_level:
    flying = is_flying(g, piece);
    for (; direction < BB_DIRECTIONS; direction++) {
        if (may_capture_towards(g, piece, direction) &&
            (landing = jump_landing(g, square, direction, flying)) != BB_NO_SQUARE)
            goto jumped;
    }
    /* No jump from square: the capture ends here unless it went on. */
    if (!went_on && g->captured)
        add_move(g, g->from, (uint8_t)(square | ((piece & PIECE_PROMOTED) ? MG_MOVE_PROMOTES : 0u)));
    if (depth == 0)
        return;
    /* Back to the jump that landed here, at its next landing. */
    depth--;
    landing = g->jumps[depth].landing;
    direction = g->jumps[depth].how & JUMP_DIRECTION;
    piece = (uint8_t)((g->jumps[depth].how >> JUMP_PIECE_SHIFT) & PIECE_BITS);
    must_go_on = g->jumps[depth].how & JUMP_MUST_GO_ON;
    square = depth ? g->jumps[depth - 1u].landing : g->from;
    went_on = 1;
    flying = is_flying(g, piece);
    goto next_landing;

jumped:
    went_on = 1;
    if (flying || g->captured)
        g->walked_on = 1;           /* a capture that goes on, or a flying king's */
    flip(&g->captured, g->victim);
    must_go_on = 0;
    for (uint8_t s = landing; flying && is_empty(g, s); s = neighbour(s, direction))
        must_go_on |= can_capture(g, s, piece);
    /* A short piece has one landing, a flying king every empty square up
     * to the next piece. */
    for (; is_empty(g, landing); landing = flying ? neighbour(landing, direction) : BB_NO_SQUARE) {
        if (must_go_on && !can_capture(g, landing, piece))
            continue;
        uint8_t lands_as = piece;
        if (promotes_on(g, piece, landing)) {
            if (!g->rules->promotion_continues_capture) {
                add_move(g, g->from, (uint8_t)(landing | MG_MOVE_PROMOTES));
                continue;
            }
            g->walked_on = 1;
            lands_as = PIECE_KING | PIECE_PROMOTED;
        }
        if (depth == WALK_MAX_JUMPS) {
            g->overflow = 1;
            continue;
        }
        g->jumps[depth].landing = landing;
        g->jumps[depth].how = (uint8_t)(direction | (piece << JUMP_PIECE_SHIFT) | (must_go_on ? JUMP_MUST_GO_ON : 0u));
        depth++;
        square = landing;
        piece = lands_as;
        direction = 0;
        went_on = 0;
        goto next_level;
        /* Back here when the walk from this landing is done. */
next_landing:;
    }
    /* Every landing tried: the victim, the first piece met, is free again. */
    flip(&g->captured, first_piece_met(g, square, direction, flying));
    direction++;
    goto next_level;
}

/* Walks the captures of the piece on from, each listed once. */
static __attribute__((noinline)) void walk_piece(struct generation *g, uint8_t from)
{
    g->from = from;
    g->walked_on = 0;
    g->first = g->out;
    flip(&g->occupied, from);      /* its square is free during its move */
    walk(g);
    flip(&g->occupied, from);
    g->first = 0;
}

#ifndef __AVR__
/* The pieces of `pieces` that go towards direction by a step (jumps 0)
 * or a jump: men step forward only, and capture backwards only in
 * Russian; kings go any way. */
static bb32 movers_towards(const struct generation *g, bb32 pieces, uint8_t direction, uint8_t jumps)
{
    if (!is_forward(g, direction) && !(jumps && g->rules->men_capture_backwards))
        pieces &= ~*g->men;
    return pieces;
}

/* The moves of one step or one jump, direction by direction, each by its
 * target square: the pieces that may go that way stepped once (over an
 * enemy piece and once more, for jumps) onto the empty squares, and from
 * each target one square back (two, for jumps) to its piece.  Flying
 * kings, and the pieces whose captures are walked, have their own lists. */
static void list_short_moves(struct generation *g, uint8_t jumps)
{
    bb32 pieces = *g->mine & ~g->walked, movers = pieces;
    if (g->rules->flying_kings)
        movers &= *g->men;
    /* Flying kings are found without looking: a victim may be far. */
    g->jumpers = pieces ^ movers;
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        bb32 targets = step(movers_towards(g, movers, direction, jumps), direction);
        if (jumps && (targets &= *g->enemy) != 0)
            targets = step(targets, direction);
        targets &= ~g->occupied;
        uint8_t back = BB_OPPOSITE(direction), to;
        while ((to = pop_square(&targets)) != BB_NO_SQUARE) {
            uint8_t from = neighbour(to, back), victim = from;
            if (jumps)
                from = neighbour(victim, back);
            if (jumps == FIND_JUMPERS) {
                if (!has(&g->jumpers, from))
                    flip(&g->jumpers, from);
                continue;
            }
            if (jumps)
                flip(&g->captured, victim);
            add_move(g, from, (uint8_t)(to | (promotes_on(g, piece_on(g, from), to) ? MG_MOVE_PROMOTES : 0u)));
            g->captured = 0;
        }
    }
}
#endif

static __attribute__((noinline)) void list_captures(struct generation *g)
{
    /* Which pieces are walked: a first walk of each says (walked_on),
     * and the moves it lists are dropped.  The single jumps of the others
     * come next, then the walked pieces in their turn. */
    bd_move *start = g->out;
    uint8_t any = 0, from;
    list_short_moves(g, FIND_JUMPERS);
    bb32 pieces = g->jumpers;
    while ((from = pop_square(&pieces)) != BB_NO_SQUARE) {
        walk_piece(g, from);
        if (g->walked_on)
            flip(&g->walked, from);
        any |= g->out != start;
        g->out = start;
    }
    if (!any)
        return;     /* no capture (most positions: no piece walked) */
    list_short_moves(g, 1);
    pieces = g->walked;
    while ((from = pop_square(&pieces)) != BB_NO_SQUARE)
        walk_piece(g, from);
}

static __attribute__((noinline)) void list_quiet_moves(struct generation *g)
{
    list_short_moves(g, 0);
    /* Flying kings (list_short_moves leaves them in jumpers): every empty square
     * of each ray, lowest first. */
    bb32 kings = g->jumpers;
    uint8_t from, to;
    while ((from = pop_square(&kings)) != BB_NO_SQUARE) {
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            bb32 ray = 0;
            for (uint8_t s = neighbour(from, direction); is_empty(g, s); s = neighbour(s, direction))
                flip(&ray, s);
            while ((to = pop_square(&ray)) != BB_NO_SQUARE)
                add_move(g, from, to);
        }
    }
}

#ifndef __AVR__
/* The position seen from the side to move; moves go from out on. */
static __attribute__((noinline)) void set_up(struct generation *g, const bd_position *pos, const struct bd_rules *rules,
                   bd_move *out, bd_move *out_end, uint8_t counting)
{
    uint8_t side = pos->side;
    /* Field by field: a compound literal would be built and copied.  Only
     * the fields that start at zero are cleared, the others are set here
     * or written before they are read. */
    for (uint8_t i = 0; i < offsetof(struct generation, rules); i++)
        ((uint8_t *)g)[i] = 0;
    g->rules = rules;
    g->mine = &pos->pieces[side];
    g->men = &pos->men[side];
    g->enemy = &pos->pieces[BD_OTHER_COLOUR(side)];
    g->occupied = pos_occupied(pos);
    g->out = out;
    g->out_end = out_end;
    g->counting = counting;
    g->forward = BD_FIRST_FORWARD(side);
    g->last_rank = side == BD_WHITE ? LAST_RANK_OF_WHITE : LAST_RANK_OF_BLACK;
}
#endif

/* Lists (or counts) the moves: the captures when capture is CAPTURES_ONLY,
 * the quiet moves when it is 0, and with MG_CAPTURE_UNKNOWN the captures
 * or, when there are none, the quiet moves. */
static void generate(struct generation *g, uint8_t capture)
{
    bd_move *start = g->out;
    if (capture) {
        list_captures(g);
        if (capture == CAPTURES_ONLY || g->out != start || g->counted)
            return;
    }
    list_quiet_moves(g);
}

bd_move *mg_generate_known(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                           bd_move *out_end, uint8_t capture)
{
    struct generation g;
    set_up(&g, pos, rules, out, out_end, 0);
    generate(&g, capture);
    return g.overflow ? 0 : g.out;
}

bd_move *mg_generate_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *out,
                              bd_move *out_end)
{
    return mg_generate_known(pos, rules, out, out_end, CAPTURES_ONLY);
}

/* The moves counted, and those listed in scratch (a walked piece's, for
 * their duplicates). */
static uint16_t count(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                      bd_move *scratch_end, uint8_t capture)
{
    struct generation g;
    set_up(&g, pos, rules, scratch, scratch_end, 1);
    generate(&g, capture);
    return g.overflow ? MG_OVERFLOW : (uint16_t)(g.counted + (g.out - scratch));
}

uint16_t mg_count(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                  bd_move *scratch_end)
{
    return count(pos, rules, scratch, scratch_end, MG_CAPTURE_UNKNOWN);
}

uint16_t mg_count_captures(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                           bd_move *scratch_end)
{
    return count(pos, rules, scratch, scratch_end, CAPTURES_ONLY);
}

uint8_t mg_has_capture(const bd_position *pos, const struct bd_rules *rules)
{
    struct generation g;
    set_up(&g, pos, rules, 0, 0, 0);
    list_short_moves(&g, FIND_JUMPERS);
    bb32 pieces = g.jumpers;
    uint8_t from;
    while ((from = pop_square(&pieces)) != BB_NO_SQUARE)
        if (can_capture(&g, from, piece_on(&g, from)))
            return 1;
    return 0;
}

uint8_t mg_move_kind(const bd_position *pos, const struct bd_rules *rules)
{
    return mg_move_kind_of(pos, rules);
}
