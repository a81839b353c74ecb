/* SPDX-License-Identifier: MIT */
/*
 * move.c - a move once chosen: playing it (mg_make) and the path of a
 * capture for its notation (mg_path_search, mg_path_follows), shared by
 * every move generator (lib/checkers/movegen.c, and the small one of
 * lib/arch/small/movegen.c), since they need no list of moves.
 */
#include "checkers/movegen.h"

#include "bits/progmem.h"

/* The target's versions of the entry points, where it has them (see
 * movegen.c). */
#include "arch/movegen.h"

void mg_make(bd_position *pos, const bd_move *m)
{
    uint8_t side = pos->side, other = BD_OTHER_COLOUR(side);
    uint8_t from = m->from, to = mg_move_to(m);
    /* Remove before adding: a king's capture can end where it started. */
    if (bb_has(&pos->men[side], from)) {
        bb_remove(&pos->men[side], from);
        if (!mg_move_promotes(m))
            bb_add(&pos->men[side], to);
    }
    bb_remove(&pos->pieces[side], from);
    bb_add(&pos->pieces[side], to);
    if (m->captured) {
        pos->pieces[other] &= ~m->captured;
        pos->men[other] &= ~m->captured;
    }
    pos->side = other;
}

/* ------------------------------------------------------------------------
 * The path of a known capture, without the walk.
 *
 * A capture move names its pieces, so its path is a search over the jumps
 * that take them: depth first, one not yet jumped piece of the move at a
 * time, in the walk's order (directions 0..3, a flying king's landings
 * nearest first), until all are taken on the move's last square.  Where
 * the walk would not have stopped, neither does this path: it ends only
 * where the piece cannot capture again, and a flying king's last landing
 * only when no landing beyond the same piece could go on either (a king
 * must take one that goes on).  Landings in the middle go on by
 * definition.  So the path is the walk's first, which mg_path returns, and
 * a target whose assembly lists the captures needs no walk in C at all.
 * ------------------------------------------------------------------------ */

struct path_search {
    bb32 occupied;          /* before the move, but the mover's origin */
    bb32 enemy_left;        /* enemy pieces not jumped yet */
    bb32 to_take;           /* the move's pieces not jumped yet */
    uint8_t *path;          /* the path found, or (given_length) the one to follow */
    uint8_t given_length;   /* squares of the path to follow; 0: find one */
    uint8_t to;
    uint8_t promotion_rank; /* 0..7 */
    uint8_t forward;        /* first forward direction of the side's men */
    const struct bd_rules *rules;
};

#define RANK_1 0u           /* bb_rank() of the promotion ranks */
#define RANK_8 7u
#define TEST_ONLY 0u        /* search_path's depth for "can it capture?" */

/* Out of line, these four: the search is for notation, not speed, and
 * inlined at each use they would cost the flash that dropping the walk
 * saves. */
static __attribute__((noinline)) uint8_t in_set(const bb32 *set, uint8_t square)
{
    return bb_has(set, square) != 0;
}

/* The neighbour of square in direction when it is on the board and empty,
 * else BB_NO_SQUARE. */
static __attribute__((noinline)) uint8_t empty_neighbour(const struct path_search *search,
                                                         uint8_t square, uint8_t direction)
{
    uint8_t next = bb_neighbour(square, direction);
    return next != BB_NO_SQUARE && !in_set(&search->occupied, next) ? next : BB_NO_SQUARE;
}

/* The landing after `landing` of a jump in direction: a flying king goes on
 * over empty squares, a short piece has one landing. */
static __attribute__((noinline)) uint8_t next_landing(const struct path_search *search,
                                                      uint8_t landing, uint8_t direction,
                                                      uint8_t flying)
{
    return flying ? empty_neighbour(search, landing, direction) : BB_NO_SQUARE;
}

/* Takes the victim off both sets, or puts it back. */
static __attribute__((noinline)) void toggle_victim(struct path_search *search, uint8_t victim)
{
    bb_toggle(&search->to_take, victim);
    bb_toggle(&search->enemy_left, victim);
}

/* Extends path[0..depth), whose piece (a king when king) stands on square,
 * to the end of the move: returns the path's length, or 0 when no jump
 * from here gets there.  With depth TEST_ONLY, only whether the piece can
 * capture from square at all (1 or 0). */
static uint8_t search_path(struct path_search *search, uint8_t square, uint8_t king, uint8_t depth)
{
    const struct bd_rules *rules = search->rules;
    uint8_t flying = king && rules->flying_kings;
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        if (!king && !rules->men_capture_backwards && (uint8_t)(direction - search->forward) >= 2u)
            continue;
        /* The first piece met, an enemy's not jumped yet, with an empty
         * square behind it. */
        uint8_t victim = square, landing;
        while (flying && (landing = empty_neighbour(search, victim, direction)) != BB_NO_SQUARE)
            victim = landing;
        victim = bb_neighbour(victim, direction);
        if (victim == BB_NO_SQUARE || !in_set(&search->enemy_left, victim) ||
            (landing = empty_neighbour(search, victim, direction)) == BB_NO_SQUARE)
            continue;
        if (depth == TEST_ONLY)
            return 1;
        if (!in_set(&search->to_take, victim))
            continue;
        toggle_victim(search, victim);
        for (uint8_t first_landing = landing; landing != BB_NO_SQUARE;
             landing = next_landing(search, landing, direction, flying)) {
            uint8_t promoted = !king && bb_rank(landing) == search->promotion_rank;
            uint8_t stops = promoted && !rules->promotion_continues_capture;
            uint8_t length = 0;
            if (!search->given_length)
                search->path[depth] = landing;
            else if (depth >= search->given_length || landing != search->path[depth])
                continue;
            if (search->to_take) {
                if (!stops && depth + 1u < MG_MAX_PATH)
                    length = search_path(search, landing, (uint8_t)(king | promoted),
                                         (uint8_t)(depth + 1u));
            } else if (landing == search->to &&
                       (!search->given_length || depth + 1u == search->given_length)) {
                /* All taken, on the last square: the walk ends here too when
                 * nothing could go on from here or (a flying king, which
                 * must land where it can go on) from another landing
                 * beyond the same piece. */
                length = (uint8_t)(depth + 1u);
                for (uint8_t other = stops ? BB_NO_SQUARE : first_landing; other != BB_NO_SQUARE;
                     other = next_landing(search, other, direction, flying))
                    if (search_path(search, other, (uint8_t)(king | promoted), TEST_ONLY))
                        length = 0;
            }
            if (length)
                return length;
        }
        toggle_victim(search, victim);
    }
    return 0;
}

/* The search for capture m: a path found into path, or with given_length
 * the one in path followed; its length, 0 when there is none. */
static uint8_t run_search(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                          uint8_t *path, uint8_t given_length)
{
    uint8_t side = pos->side, from = m->from;
    struct path_search search = {
        .occupied = pos_occupied(pos),
        .enemy_left = pos->pieces[BD_OTHER_COLOUR(side)],
        .to_take = m->captured,
        .promotion_rank = side == BD_WHITE ? RANK_8 : RANK_1,
        .path = path,
        .given_length = given_length,
        .to = mg_move_to(m),
        .forward = BD_FIRST_FORWARD(side),
        .rules = rules,
    };
    bb_remove(&search.occupied, from);
    return search_path(&search, from, !bb_has(&pos->men[side], from), 1);
}

uint8_t mg_path_search(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                       uint8_t *path)
{
    path[0] = m->from;
    if (!mg_move_is_capture(m)) {
        path[1] = mg_move_to(m);
        return 2;
    }
    return run_search(pos, rules, m, path, 0);
}

uint8_t mg_path_follows(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                        const uint8_t *path, uint8_t count)
{
    BD_ASSERT(mg_move_is_capture(m));
    /* Followed, the path is only read: the search writes a path it finds. */
    return count >= 2u && path[0] == m->from &&
           run_search(pos, rules, m, (uint8_t *)(uintptr_t)path, count) != 0;
}


/* A target that lists the captures without the walk (MG_PATH_BY_SEARCH in
 * its arch/movegen.h) takes the search for mg_path; the others trace the
 * walk (movegen.c). */
#ifdef MG_PATH_BY_SEARCH
uint8_t mg_path(const bd_position *pos, const struct bd_rules *rules, const bd_move *m, uint8_t *path)
{
    return mg_path_search(pos, rules, m, path);
}
#endif
