/* SPDX-License-Identifier: MIT */
/*
 * The size-first search (arch/search_workspace.h in this folder): what it
 * keeps and why is there; this file is the loop.
 */
#include "engine/search.h"
#include "engine/eval.h"

#define STOP_POLL_MASK 0xFFu
/* list_moves() when the moves do not fit, and for a quiet node at the
 * horizon. */
#define LIST_NO_ROOM 0xFFu
#define LIST_QUIET 0xFEu
/* Out of line where avr-gcc's inlining costs bytes (measured). */
#define OUT_OF_LINE static __attribute__((noinline))
#define SLOTS (SEARCH_MAX_PLY - 1u + SEARCH_TAIL_SLOTS)

BD_STATIC_ASSERT(sizeof(union search_slot) == SEARCH_SLOT_MOVES * sizeof(bd_move),
                 "a list runs over whole slots");
BD_STATIC_ASSERT(SLOTS * SEARCH_SLOT_MOVES < LIST_QUIET, "a count is a byte");

/* The byte offset of slot `index` of the path.  A part without MUL (the
 * ATtiny85) would make a product by the slot's size a call to libgcc's
 * shift-and-add loop at every use, several a node: there it is 4 index +
 * 8 index, and a move's offset 2 index + 4 index, both three times a
 * shifted index.  With MUL the product is quicker. */
#if BD_TARGET_AVR && !BD_AVR_HAS_MUL
/* 3 x by a shift and an addition; the empty asm keeps the compiler from
 * folding them back into the product. */
static uint16_t three_times(uint16_t x)
{
    __asm__("" : "+r"(x));
    return (uint16_t)(x + (uint16_t)(x << 1));
}

BD_STATIC_ASSERT(sizeof(union search_slot) == 3u * 4u, "a slot is 4 + 8 bytes");
static uint16_t slot_offset(uint8_t index)
{
    return three_times((uint16_t)((uint16_t)index << 2));
}

/* Move `index` of list. */
BD_STATIC_ASSERT(sizeof(bd_move) == 3u * 2u, "a move is 2 + 4 bytes");
static bd_move *move_at(bd_move *list, uint8_t index)
{
    return (bd_move *)((uint8_t *)list + three_times((uint16_t)((uint16_t)index << 1)));
}

/* The moves from out to end: a pointer difference divides the bytes by 6,
 * a product by the inverse, libgcc's loop again.  The count is a byte, so
 * its bytes' half (3 count, modulo 256) times the inverse of 3 modulo 256,
 * -5 * 17, gives it: shifts and adds. */
static uint8_t moves_between(const bd_move *out, const bd_move *end)
{
    uint8_t three = (uint8_t)((uint16_t)((const uint8_t *)end - (const uint8_t *)out) >> 1);
    uint8_t five = (uint8_t)(three << 2);
    __asm__("" : "+r"(five));
    five = (uint8_t)(five + three);
    uint8_t sixteen = (uint8_t)(five << 4);
    __asm__("" : "+r"(sixteen));
    return (uint8_t)-(uint8_t)(sixteen + five);
}
#else
static uint16_t slot_offset(uint8_t index)
{
    return (uint16_t)(index * sizeof(union search_slot));
}

/* With MUL, C's own index and difference, as quick. */
#define move_at(list, index) (&(list)[index])
#define moves_between(out, end) ((uint8_t)((end) - (out)))
#endif

static union search_slot *slot_at(struct search_workspace *w, uint8_t index)
{
    return (union search_slot *)((uint8_t *)w->slots + slot_offset(index));
}

static struct search_node *node_at(struct search_workspace *w, uint8_t ply)
{
    return ply ? &slot_at(w, (uint8_t)(ply - 1u))->node : &w->root;
}

/* Where node ply lists its moves: the slots of the plies after its
 * child's node, so that the child's node lies under none of them. */
static bd_move *list_of(struct search_workspace *w, uint8_t ply)
{
    return slot_at(w, (uint8_t)(ply + 1u))->moves;
}

/* The end of the last slot: where every list must end. */
static bd_move *slots_end(struct search_workspace *w)
{
    return w->slots[SLOTS - 1u].moves + SEARCH_SLOT_MOVES;
}

/* Lists the moves of w->pos from out (not past slots_end()) to the last
 * slot; NULL when they do not fit. */
OUT_OF_LINE const bd_move *list_at(struct search_workspace *w, bd_move *out)
{
    return mg_generate(&w->pos, w->rules, out, slots_end(w));
}

/* Lists the moves of node ply (w->pos) over the slots after it and
 * remembers that they are there (w->listed_ply, w->listed_count): their
 * count, or LIST_NO_ROOM.  A node at the horizon (0 < ply >= w->depth)
 * entered after its parent listed lists them first past its parent's
 * list (when there is room past it), which then stays whole for the
 * parent's next move: a quiet list there is left and answered LIST_QUIET
 * (the node is evaluated), any other is moved in place, and one that does
 * not fit is listed again in place.  Not inlined: one call site a listing
 * keeps the loop small. */
OUT_OF_LINE uint8_t list_moves(struct search_workspace *w, uint8_t ply)
{
    bd_move *place = list_of(w, ply);
    const bd_move *end;
    /* Only while the parent's list is the one in place (not when the node
     * lists again after a child of its own). */
    if (ply && ply >= w->depth && w->listed_ply == (uint8_t)(ply - 1u)) {
        /* The parent's list starts a slot lower than the place, so a
         * slot past its end: never below the place, which the forward
         * copy below needs. */
        bd_move *past = move_at(place, w->listed_count);
        end = past < slots_end(w) ? list_at(w, past) : 0;
        if (end) {
            if (end != past && !mg_move_is_capture(past))
                return LIST_QUIET;
            /* A forward copy: the place lies lower. */
            uint8_t *to = (uint8_t *)place;
            for (const uint8_t *from = (const uint8_t *)past; from < (const uint8_t *)end; from++)
                *to++ = *from;
            end = (const bd_move *)to;
            goto listed;
        }
    }
    end = list_at(w, place);
listed:;
    uint8_t count = end ? moves_between(place, end) : LIST_NO_ROOM;
    w->listed_ply = ply;
    w->listed_count = count;
    return count;
}

/* Sets w->pos to node ply's position: the game's, and the path's moves
 * up to it played again. */
static void replay(struct search_workspace *w, uint8_t ply)
{
    w->pos = w->game->pos;
    for (uint8_t k = 0; k < ply; k++)
        mg_make(&w->pos, &node_at(w, k)->move);
}

/* Sets w->pos back to node ply's position from its child's, after the
 * child's search (which leaves the child's position), by playing the
 * node's move backwards for the side that made it: a step, or a capture
 * when node ply's board had no king (its hash is 0), so that every piece
 * it took was a man and comes back as one.  After a promotion, or a
 * capture where a king may have been taken, the path is replayed from the
 * game's position.  The node's move is turned around where it lies and
 * left so: the node plays its next move from its list (play_child writes
 * it there) or is done, and no other node reads it. */
OUT_OF_LINE void back_to(struct search_workspace *w, uint8_t ply)
{
    struct search_node *n = node_at(w, ply);
    bd_move *m = &n->move;
    if (mg_move_promotes(m) || (mg_move_is_capture(m) && n->hash)) {
        replay(w, ply);
        return;
    }
    bd_position *pos = &w->pos;
    uint8_t taken_from = pos->side, mover = BD_OTHER_COLOUR(taken_from);
    pos->pieces[taken_from] |= m->captured;
    pos->men[taken_from] |= m->captured;
    m->captured = 0;
    uint8_t from = m->from;
    m->from = m->to;
    m->to = from;
    pos->side = mover;
    mg_make(pos, m);
    pos->side = mover;
}

/* Counts the node; true when the search must stop: the node limit, or the
 * caller's stop, asked every STOP_POLL_MASK + 1 nodes and while the poll
 * flag is up. */
static uint8_t out_of_time(struct search_workspace *w)
{
    const struct search_limits *limits = w->limits;
    uint32_t nodes = ++w->nodes;
    if (nodes == limits->nodes ||
        ((((uint8_t)nodes & STOP_POLL_MASK) == 0 || (limits->poll && *limits->poll)) && limits->stop &&
         limits->stop(limits->context)))
        w->stopped = 1;
    return w->stopped;
}

/* The hash a node keeps: only positions with a king can repeat (every
 * other move is irreversible), and only they are compared.  0 tells a
 * board without a king (back_to reads it): a board with one whose hash is
 * 0 keeps KINGS_HASH_OF_ZERO instead, which costs that one position in
 * 65,536 a repetition of the game's record (its hashes as they are) seen
 * or missed where a hash's collision would anyway. */
#define KINGS_HASH_OF_ZERO 1u
OUT_OF_LINE uint16_t node_hash(const bd_position *pos)
{
    uint8_t kings = ((pos->pieces[BD_WHITE] ^ pos->men[BD_WHITE]) |
                     (pos->pieces[BD_BLACK] ^ pos->men[BD_BLACK])) != 0;
    if (!kings)
        return 0u;
    uint16_t hash = game_hash(pos);
    return hash ? hash : KINGS_HASH_OF_ZERO;
}

/* True when node ply's position, reached by quiet reversible plies,
 * repeats one with the same side to move: on the path, then, past the
 * root, among the game's remembered positions. */
static uint8_t repeats(struct search_workspace *w, uint8_t ply, uint8_t quiet)
{
    uint16_t now = node_at(w, ply)->hash;
    const struct bd_game *game = w->game;
    uint8_t game_last = game_now_index(game);
    for (uint8_t back = GAME_REPEAT_PLIES; back <= quiet; back = (uint8_t)(back + 2u)) {
        uint16_t then;
        if (back <= ply) {
            then = node_at(w, (uint8_t)(ply - back))->hash;
        } else {
            uint8_t before_root = (uint8_t)(back - ply);
            if (before_root > game_last)
                break;
            then = game->hashes[game_last - before_root];
        }
        if (then == now)
            return 1;
    }
    return 0;
}

/* Node ply's beta: its parent's alpha, negated (the root's is infinite). */
static int16_t beta_of(struct search_workspace *w, uint8_t ply)
{
    return ply ? (int16_t)-node_at(w, (uint8_t)(ply - 1u))->alpha : SEARCH_INFINITY;
}

/* Plays move i of node ply (listed) from w->pos and sets up node ply + 1
 * after it. */
static void play_child(struct search_workspace *w, uint8_t ply)
{
    struct search_node *n = node_at(w, ply);
    /* The list lies over the child's slot: the move is copied first. */
    n->move = *move_at(list_of(w, ply), n->i);
    struct search_node *child = node_at(w, (uint8_t)(ply + 1u));
    bd_position *pos = &w->pos;
    uint8_t man = bb_has(&pos->men[pos->side], n->move.from) != 0;
    child->quiet = mg_move_is_capture(&n->move) || man ? 0u : (uint8_t)(n->quiet + (n->quiet < UINT8_MAX));
    mg_make(pos, &n->move);
    child->hash = node_hash(pos);
    child->alpha = (int16_t)-beta_of(w, ply);
    child->i = 0;
    n->i++;
}

/* The score of the root, node 0, searched to w->depth: negamax with
 * alpha-beta (fail-hard), the path walked by a loop over its nodes. */
OUT_OF_LINE int16_t search_tree(struct search_workspace *w)
{
    uint8_t ply = 0, count;
    int16_t score;
    struct search_node *n = node_at(w, 0);
enter:
    /* Node ply, set up: decided without its moves, or by them. */
    if (out_of_time(w)) {
        score = 0;
        goto done;
    }
    if (ply && n->quiet >= GAME_REPEAT_PLIES && repeats(w, ply, n->quiet)) {
        score = 0;
        goto done;
    }
    count = list_moves(w, ply);
    if (count == LIST_NO_ROOM) {
        w->capture_cuts++;
        goto evaluate;
    }
    if (count == 0) {
        score = (int16_t)(ply - SEARCH_MATE);
        goto done;
    }
    if (ply && n->quiet >= w->rules->draw_quiet_plies) {
        score = 0;
        goto done;
    }
    if (count == LIST_QUIET)
        goto evaluate;
    if (!mg_move_is_capture(list_of(w, ply))) {
        if (ply >= w->depth)
            goto evaluate;
    } else if (ply == SEARCH_MAX_PLY - 1u) {
        /* A capture pending at the last ply (SEARCH_MAX_DEPTH leaves no
         * quiet node here). */
        w->capture_cuts++;
        goto evaluate;
    }
    goto play;
next:
    /* The next move of node ply: its list again where the child listed
     * its own over it. */
    count = w->listed_ply == ply ? w->listed_count : list_moves(w, ply);
    if (n->i >= count) {
        score = n->alpha;
        goto done;
    }
play:
    play_child(w, ply);
    ply++;
    n = node_at(w, ply);
    goto enter;
evaluate:
    score = eval_position(&w->pos, w->rules);
done:
    /* Node ply is decided: back to its parent with the score. */
    if (ply == 0)
        return score;
    ply--;
    n = node_at(w, ply);
    if (w->stopped)
        goto done;
    back_to(w, ply);
    score = (int16_t)-score;
    if (score > n->alpha) {
        n->alpha = score;
        if (ply == 0)
            w->root_best = (uint8_t)(n->i - 1u);
        if (score >= beta_of(w, ply))
            goto done;
    }
    goto next;
}

uint8_t search_run(const struct bd_game *game, const struct search_limits *limits,
                   struct search_workspace *w, struct search_result *result)
{
    BD_ASSERT(game && limits && w && result);
    struct search_node *root = node_at(w, 0);
    w->game = game;
    w->rules = game->rules;
    w->pos = game->pos;
    root->quiet = game->quiet_plies;
    root->hash = node_hash(&w->pos);
    result->has_move = 0;
    result->score = -SEARCH_MATE;
    result->depth = 0;
    result->nodes = 0;
    result->pv_length = 0;
    uint8_t count = list_moves(w, 0);
    if (count == LIST_NO_ROOM)
        return SEARCH_NO_ROOM;
    if (count == 0)
        return 0;
    /* Until an iteration completes, the first legal move. */
    result->best = list_of(w, 0)[0];
    result->has_move = 1;
    result->score = 0;
    w->nodes = 0;
    w->limits = limits;
    w->stopped = 0;
    w->capture_cuts = 0;
    uint8_t depth = limits->depth ? limits->depth : 1u;
    if (depth > SEARCH_MAX_DEPTH)
        depth = SEARCH_MAX_DEPTH;
    /* Iterations only when the search may be cut short. */
    for (w->depth = limits->stop || limits->nodes ? 1u : depth; w->depth <= depth; w->depth++) {
        root->alpha = -SEARCH_INFINITY;
        root->i = 0;
        w->root_best = 0;
        int16_t score = search_tree(w);
        if (w->stopped)
            break;
        list_moves(w, 0);
        result->best = *move_at(list_of(w, 0), w->root_best);
        result->score = score;
        result->depth = w->depth;
    }
    result->pv[0] = result->best;
    result->pv_length = 1;
    result->nodes = w->nodes;
    return 1;
}
