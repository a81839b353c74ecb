#include "engine/search.h"
#include "engine/eval.h"
#include "bits/bitscan.h"
#include "nibble/nibble.h"

#include <string.h>

/* The killer and history scores sit between the captures and the rest. */
/* Ordering keys of quiet moves: history counters are 0..15. */
#define ORDER_KILLER_1 0xFFu
#define ORDER_KILLER_2 0xFEu
/* Bytes of a packed quiet entry: from, to, ordering key. */
#define QUIET_ENTRY 3u
/* Bytes of a capture entry: from, to, captured (4 bytes), as struct move
 * is on AVR; hosts whose struct move is padded repack to it (search.h). */
#define CAPTURE_ENTRY SEARCH_MOVE_BYTES
_Static_assert(sizeof(bd_move) >= SEARCH_MOVE_BYTES, "a move is at least from, to and captured");
#define STOP_POLL_MASK 0xFFu

/* One out-of-line popcount (the AVR one is some 50 instructions inline):
 * captures' sizes and the null move's piece counts, off the hot path. */
static __attribute__((noinline)) uint8_t count(bb32 x)
{
    return bs_popcount32(x);
}

/* ------------------------------------------------------------ keys -- */

static uint8_t fold(bb32 x)
{
    return (uint8_t)((uint8_t)x ^ (uint8_t)(x >> 8) ^ (uint8_t)(x >> 16) ^ (uint8_t)(x >> 24));
}

static void key_of(struct search_key *k, const bd_move *m)
{
    k->from = m->from;
    k->to = m->to;
    k->fold = fold(m->captured);
}

static uint8_t key_matches(const struct search_key *k, const bd_move *m)
{
    return k->from == m->from && k->to == m->to && k->fold == fold(m->captured);
}

static uint8_t quiet_matches(const struct search_quiet *q, const bd_move *m)
{
    return q->from == m->from && q->to == m->to;
}

/* ------------------------------------------------------ make/unmake -- */

/* Takes back mg_make(pos, m).  All it needs besides the move is which
 * captured pieces were kings: the mover was a man exactly when it is a man
 * now or the move promoted it. */
static void unmake(bd_position *pos, const bd_move *m, bb32 captured_kings)
{
    uint8_t other = pos->side, side = BD_OTHER_COLOUR(other);
    bb32 from = bb_bit(m->from), to = bb_bit(mg_move_to(m));
    uint8_t was_man = mg_move_promotes(m) || (pos->men[side] & to);
    /* from == to is possible (a capture that ends where it began): clear
     * the destination first, then set the origin. */
    pos->pieces[side] = (pos->pieces[side] & ~to) | from;
    if (was_man)
        pos->men[side] = (pos->men[side] & ~to) | from;
    pos->pieces[other] |= m->captured;
    pos->men[other] |= m->captured & ~captured_kings;
    pos->side = side;
}

/* True when the side to move has a quiet step (men forward, kings any
 * way); with no capture either, it has no move and has lost. */
static uint8_t has_quiet_step(const bd_position *pos)
{
    uint8_t side = pos->side;
    bb32 empty = ~pos_occupied(pos);
    bb32 kings = pos_kings(pos, side), men = pos->men[side];
    uint8_t forward = side == BD_WHITE ? BB_UP_LEFT : BB_DOWN_RIGHT;
    if ((bb_step(men | kings, forward) | bb_step(men | kings, (uint8_t)(forward + 1u))) & empty)
        return 1;
    return ((bb_step(kings, BB_OPPOSITE(forward)) |
             bb_step(kings, BB_OPPOSITE(forward + 1u))) & empty) != 0;
}

/* ------------------------------------------------------ move order -- */

/* Direction of a quiet move (kings may fly several squares). */
static uint8_t direction_of(const bd_move *m)
{
    uint8_t from = m->from, to = mg_move_to(m);
    /* A single step adds 1, 7, -1 or -7 (mod 32), and no longer move of a
     * flying king has one of those differences. */
    switch ((uint8_t)((to - from) & 31u)) {
    case 1: return BB_UP_LEFT;
    case 7: return BB_UP_RIGHT;
    case 31: return BB_DOWN_RIGHT;
    case 25: return BB_DOWN_LEFT;
    default: break;
    }
    uint8_t up = bb_rank(to) > bb_rank(from);
    uint8_t left = bb_file(to) < bb_file(from);
    /* up-left 0, up-right 1, down-right 2, down-left 3 */
    return up ? (uint8_t)!left : (uint8_t)(left ? BB_DOWN_LEFT : BB_DOWN_RIGHT);
}

/* History: a nibble per (from-square, direction), two nibble boards of
 * 64 entries, board d / 2 and entry 2 * from + d % 2. */
static uint8_t history_get(const struct search_workspace *w, const bd_move *m)
{
    uint8_t d = direction_of(m);
    return nb_get(&w->history[d >> 1], (uint8_t)(2u * m->from + (d & 1u)));
}

/* The ordering key of a quiet move at ply: killers above any history. */
static uint8_t quiet_order(const struct search_workspace *w, const bd_move *m, uint8_t ply)
{
    if (ply < SEARCH_MAX_PLY) {
        if (quiet_matches(&w->killers[ply][0], m))
            return ORDER_KILLER_1;
        if (quiet_matches(&w->killers[ply][1], m))
            return ORDER_KILLER_2;
    }
    return history_get(w, m);
}

/* ------------------------------------------------------ move lists -- */

/* A node's moves on the stack: captures as 6-byte entries, quiet moves
 * packed to (from, to, key) triples (see search.h). */
struct list {
    uint8_t *base;
    uint8_t count;
    uint8_t size;       /* bytes per entry: CAPTURE_ENTRY or QUIET_ENTRY */
};

/* Lists the moves of pos at sp or above, ordering keys included for a
 * node at ply (SEARCH_MAX_PLY: none needed); 0 when they do not fit. */
static uint8_t list_generate(struct search_workspace *w, const bd_position *pos, uint8_t *sp,
                             uint8_t ply, struct list *l)
{
    /* The room is counted in AVR bytes (6 a move) from sp, whatever the
     * target, so that a list fits, or not, alike everywhere; mg_generate()
     * writes struct move from sp aligned for it (a no-op on AVR), and the
     * workspace has the extra bytes that a host's padded moves take. */
    uintptr_t align = _Alignof(bd_move);
    bd_move *out = (bd_move *)(((uintptr_t)sp + align - 1u) & ~(align - 1u));
    uint8_t room = (uint8_t)((w->stack + SEARCH_STACK_BYTES - sp) / CAPTURE_ENTRY);
    bd_move *end = mg_generate(pos, w->rules, out, out + room);
    if (!end)
        return 0;
    uint8_t count = (uint8_t)(end - out);
    l->base = sp;
    l->count = count;
    l->size = CAPTURE_ENTRY;
    if (count && !mg_move_is_capture(out)) {
        /* Entry i lands on bytes 3i..3i+2 from sp, never past the start of
         * move i (at 6i or later), so packing front to back reads each move
         * before anything overwrites it.  The third byte is the move's
         * ordering key, computed once here rather than at every pick. */
        for (uint8_t i = 0; i < count; i++) {
            bd_move m = out[i];
            uint8_t *e = sp + QUIET_ENTRY * i;
            e[0] = m.from;
            e[1] = m.to;
            e[2] = quiet_order(w, &m, ply);
        }
        l->size = QUIET_ENTRY;
    } else if (sizeof(bd_move) != CAPTURE_ENTRY) {
        /* A padded host move: repack to 6 bytes, front to back as above. */
        for (uint8_t i = 0; i < count; i++) {
            bd_move m = out[i];
            uint8_t *e = sp + CAPTURE_ENTRY * i;
            e[0] = m.from;
            e[1] = m.to;
            memcpy(e + 2, &m.captured, sizeof m.captured);
        }
    }
    return 1;
}

static void list_get(const struct list *l, uint8_t i, bd_move *m)
{
    const uint8_t *p = l->base + (uint16_t)i * l->size;
    if (l->size == QUIET_ENTRY) {
        m->from = p[0];
        m->to = p[1];
        m->captured = 0;
    } else if (sizeof(bd_move) == CAPTURE_ENTRY) {
        memcpy(m, p, sizeof *m);
    } else {
        m->from = p[0];
        m->to = p[1];
        memcpy(&m->captured, p + 2, sizeof m->captured);
    }
}

static void list_swap(const struct list *l, uint8_t i, uint8_t j)
{
    uint8_t *a = l->base + (uint16_t)i * l->size, *b = l->base + (uint16_t)j * l->size;
    for (uint8_t k = 0; k < l->size; k++) {
        uint8_t t = a[k];
        a[k] = b[k];
        b[k] = t;
    }
}

/* The index of the move of l that a key names, or l->count. */
static uint8_t list_find(const struct list *l, const struct search_key *k)
{
    uint8_t i;
    for (i = 0; i < l->count; i++) {
        bd_move m;
        list_get(l, i, &m);
        if (key_matches(k, &m))
            break;
    }
    return i;
}

/* Brings the best-ordered move of entries i.. to i: a lazy selection
 * sort, cheap when the first moves already cut off.  Quiet entries carry
 * their key; captures (few, and all that is legal when there is one) go by
 * the number of pieces taken, promotions first among equals. */
static void pick(const struct list *l, uint8_t i)
{
    uint8_t best = i;
    uint8_t best_score = 0;
    for (uint8_t j = i; j < l->count; j++) {
        uint8_t s;
        if (l->size == QUIET_ENTRY) {
            s = l->base[3u * j + 2u];
        } else {
            bd_move m;
            list_get(l, j, &m);
            s = (uint8_t)(2u * count(m.captured) + (mg_move_promotes(&m) ? 1u : 0u));
        }
        if (j == i || s > best_score) {
            best_score = s;
            best = j;
        }
    }
    if (best != i)
        list_swap(l, i, best);
}

static void reward(struct search_workspace *w, const bd_move *m, uint8_t ply, int8_t depth)
{
    if (mg_move_is_capture(m))
        return;
    if (ply < SEARCH_MAX_PLY && !quiet_matches(&w->killers[ply][0], m)) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0].from = m->from;
        w->killers[ply][0].to = m->to;
    }
    uint8_t d = direction_of(m);
    nb_board *board = &w->history[d >> 1];
    uint8_t index = (uint8_t)(2u * m->from + (d & 1u));
    uint8_t h = (uint8_t)(nb_get(board, index) + (depth >= 4 ? 2u : 1u));
    if (h > 15u) {
        /* Age the table: halving keeps the order and makes room; a byte's
         * two nibbles halve at once when the bit crossing between them is
         * masked off. */
        uint8_t *p = &w->history[0].nibbles[0];
        for (uint8_t k = 0; k < 2u * NB_BYTES; k++)
            p[k] = (uint8_t)((p[k] >> 1) & 0x77u);
        h >>= 1;
    }
    nb_set(board, index, h);
}

/* ------------------------------------------------------------ PV ----- */

/* Row r of the triangular PV holds the line from ply r, SEARCH_PV_MAX - r
 * moves at most. */
static struct search_key *pv_row(struct search_workspace *w, uint8_t ply)
{
    return &w->pv[ply * SEARCH_PV_MAX - (ply * (ply - 1u)) / 2u];
}

static void pv_update(struct search_workspace *w, uint8_t ply, const bd_move *m)
{
    if (ply >= SEARCH_PV_MAX)
        return;
    struct search_key *row = pv_row(w, ply);
    key_of(&row[0], m);
    uint8_t length = 1;
    if (ply + 1u < SEARCH_PV_MAX) {
        const struct search_key *child = pv_row(w, (uint8_t)(ply + 1u));
        for (uint8_t i = 0; i < w->pv_length[ply + 1u]; i++)
            row[length++] = child[i];
    }
    w->pv_length[ply] = length;
}

/* ------------------------------------------------------------ draws -- */

/* True when the position at ply, reached after `quiet` reversible plies,
 * repeats an earlier one with the same side to move: on the search path,
 * then in the game's hash list. */
static uint8_t repeats(const struct search_workspace *w, uint8_t ply, uint8_t quiet)
{
    uint16_t now = w->path[ply];
    const struct bd_game *g = w->game;
    uint8_t game_last = g->quiet_plies < GAME_HISTORY ? g->quiet_plies : (uint8_t)(GAME_HISTORY - 1u);
    for (uint8_t back = 4; back <= quiet; back = (uint8_t)(back + 2u)) {
        if (back <= ply) {
            if (w->path[ply - back] == now)
                return 1;
        } else {
            uint8_t before_root = (uint8_t)(back - ply);
            if (before_root > game_last)
                return 0;
            if (g->hashes[game_last - before_root] == now)
                return 1;
        }
    }
    return 0;
}

/* ----------------------------------------------------------- search -- */

static uint8_t out_of_time(struct search_workspace *w)
{
    if (w->node_limit && w->nodes >= w->node_limit)
        w->stopped = 1;
    else if ((w->nodes & STOP_POLL_MASK) == 0 && w->stop && w->stop(w->context))
        w->stopped = 1;
    return w->stopped;
}

/*
 * Negamax with alpha-beta and principal-variation search.
 *
 * The recursion's frame is what costs RAM on AVR: avr-gcc saves every
 * call-saved register a function uses and spills what stays live across
 * the recursive call, so a negamax written as one function takes some 80
 * bytes a ply.  Here the state of a ply is one small struct in the frame,
 * the recursive function only calls three noinline helpers that work on
 * it, and nothing but the workspace and the node's address stays live
 * across the call: about 30 bytes a ply.  A child reads its window, depth
 * and place on the move stack from its parent's node.
 *
 * At depth <= 0 a quiet position is evaluated, but a position with a
 * capture goes on searching its captures: a capture is forced, so cutting
 * the sequence at the horizon would score a position whose material is
 * about to change.
 */
struct node {
    struct list l;              /* this node's moves */
    bb32 captured_kings;        /* of the move being searched */
    int16_t alpha, beta, best;
    int8_t depth;
    uint8_t ply;
    uint8_t quiet;              /* reversible plies (king moves) that led here */
    uint8_t i;                  /* the move being searched */
    uint8_t child_quiet;
    uint8_t zero_window;        /* the child is searched with (alpha, alpha + 1) */
    uint8_t reduce;             /* plies taken off the child's depth */
};

enum { BACK_NEXT, BACK_RESEARCH, BACK_DONE };
enum { ENTER_SEARCH, ENTER_DONE, ENTER_NULL };
/* Late move reduction: quiet moves after the first two (killers never) are
 * searched shallower first, by a ply from depth 2, two from the fourth move
 * at depth 3, three from the sixth at depth 5; one that beats alpha is
 * searched again at full depth.  The tactics that matter in checkers are
 * forced captures, which are never reduced (and never cut at the horizon),
 * so a reduced quiet move still sees every shot that follows it. */
#define LMR_MIN_DEPTH 2
#define LMR_MIN_MOVE 2u
/* Static pruning one ply above the horizon, in zero-window nodes with no
 * capture: a position whose evaluation beats beta by FUTILITY_MARGIN is
 * taken as a cut-off, one that is RAZOR_MARGIN short of alpha as a fail
 * low.  A quiet move changes the evaluation by a few squares' worth unless
 * it lets a capture happen, and the margins are half a man and a man. */
#define FUTILITY_MARGIN 50
#define RAZOR_MARGIN 100
/*
 * Null move: in a zero-window node at depth >= NULL_MIN_DEPTH with no
 * capture to make, whose evaluation already beats beta, the side to move
 * first passes and lets the opponent search NULL_REDUCTION plies less than a move would;
 * if even that fails to bring the score under beta, the node is taken as a
 * cut-off without listing its moves.  Passing is not a legal move, and
 * checkers has zugzwang (a side forced to walk into a capture), mostly in
 * the ending: so only while both sides keep NULL_MIN_PIECES pieces, never
 * twice in a row, and never on the previous iteration's line.
 */
#define NULL_MOVE 1
#define NULL_MIN_DEPTH 3
#define NULL_REDUCTION 3u
#define NULL_MIN_PIECES 6u

static __attribute__((noinline)) uint8_t node_moves(struct search_workspace *w, struct node *n,
                                                    int16_t *score);

/* True when node n may try a null move (see NULL_MOVE), which it then
 * sets up: the side to move passes, the child searches with a zero window
 * at beta and NULL_REDUCTION plies less, and sees no repetition across the
 * pass. */
static uint8_t null_move_fits(struct search_workspace *w, struct node *n)
{
    bd_position *pos = &w->pos;
    uint8_t ply = n->ply;
    if (ply == 0 || n->depth < NULL_MIN_DEPTH || n->beta - n->alpha != 1 || w->follow_pv ||
        (w->null_plies & (1u << (ply - 1u))) ||
        count(pos->pieces[BD_WHITE]) < NULL_MIN_PIECES || count(pos->pieces[BD_BLACK]) < NULL_MIN_PIECES ||
        mg_has_capture(pos, w->rules) || eval_position(pos, w->rules) < n->beta)
        return 0;
    pos->side = BD_OTHER_COLOUR(pos->side);
    w->null_plies |= (uint16_t)(1u << ply);
    w->path[ply + 1u] = 0;
    n->child_quiet = 0;
    n->zero_window = 1;
    n->reduce = NULL_REDUCTION;
    return 1;
}

/* Sets the node up from its parent; ENTER_DONE with *score when the node
 * is decided without searching moves (a leaf, a draw, a loss, a full
 * stack), ENTER_NULL when a null move is to be searched first, else
 * ENTER_SEARCH with the moves listed. */
static __attribute__((noinline)) uint8_t node_enter(struct search_workspace *w,
                                                    const struct node *parent,
                                                    struct node *n, int16_t *score)
{
    const bd_position *pos = &w->pos;
    const struct bd_rules *rules = w->rules;
    n->ply = (uint8_t)(parent->ply + 1u);
    n->depth = (int8_t)(parent->depth - 1 - (int8_t)parent->reduce);
    n->quiet = parent->child_quiet;
    n->alpha = (int16_t)(parent->zero_window ? -parent->alpha - 1 : -parent->beta);
    n->beta = (int16_t)-parent->alpha;
    n->best = -SEARCH_INFINITY;
    n->i = 0;
    n->zero_window = 0;
    n->reduce = 0;
    uint8_t ply = n->ply;
    *score = 0;
    w->nodes++;
    if (out_of_time(w))
        return 1;
    if (ply < SEARCH_PV_MAX)
        w->pv_length[ply] = 0;
    if (ply > 0) {
        if (n->quiet >= 4u && repeats(w, ply, n->quiet))
            return 1;
        if (ply >= SEARCH_MAX_PLY - 1u) {
            *score = eval_position(pos, rules);
            return 1;
        }
        if (n->depth <= 1 && (n->depth <= 0 || n->beta - n->alpha == 1) &&
            !mg_has_capture(pos, rules)) {
            if (!has_quiet_step(pos)) {
                *score = (int16_t)(ply - SEARCH_MATE);
                return 1;
            }
            if (n->quiet >= rules->draw_quiet_plies)
                return 1;
            int16_t e = eval_position(pos, rules);
            if (n->depth <= 0 || e - FUTILITY_MARGIN >= n->beta || e + RAZOR_MARGIN <= n->alpha) {
                *score = e;
                return 1;
            }
        }
    }
    /* The node's list starts where its parent's ends (empty until the
     * moves are generated: a null move's child starts there too). */
    n->l.base = parent->l.base + (uint16_t)parent->l.count * parent->l.size;
    n->l.count = 0;
    n->l.size = QUIET_ENTRY;
    if (NULL_MOVE && null_move_fits(w, n))
        return ENTER_NULL;
    return node_moves(w, n, score);
}

/* The second half of node_enter(): lists the node's moves and orders the
 * previous iteration's move first; ENTER_DONE with *score when the node is
 * decided by them (no move, a full stack, the quiet-move draw). */
static __attribute__((noinline)) uint8_t node_moves(struct search_workspace *w, struct node *n,
                                                    int16_t *score)
{
    const bd_position *pos = &w->pos;
    const struct bd_rules *rules = w->rules;
    uint8_t ply = n->ply;
    *score = 0;
    if (!list_generate(w, pos, n->l.base, ply, &n->l)) {
        *score = eval_position(pos, rules);    /* the move stack is full */
        return 1;
    }
    if (n->l.count == 0) {
        *score = (int16_t)(ply - SEARCH_MATE);
        return ENTER_DONE;
    }
    if (ply > 0 && n->quiet >= rules->draw_quiet_plies)
        return ENTER_DONE;
    if (n->depth < 0)
        n->depth = 0;
    /* The previous iteration's line goes first while the search is on it. */
    if (w->follow_pv) {
        uint8_t i = ply < w->prev_pv_length ? list_find(&n->l, &w->prev_pv[ply]) : n->l.count;
        if (i < n->l.count)
            list_swap(&n->l, 0, i);
        else
            w->follow_pv = 0;
    }
    return ENTER_SEARCH;
}

/* After the null move's search: takes the side to move back, and either
 * cuts (the reduced search without a move of ours still beat beta) or goes
 * on to the node's moves. */
static __attribute__((noinline)) uint8_t node_null_back(struct search_workspace *w,
                                                        struct node *n, int16_t score,
                                                        int16_t *result)
{
    w->pos.side = BD_OTHER_COLOUR(w->pos.side);
    w->null_plies &= (uint16_t)~(1u << n->ply);
    n->reduce = 0;
    if (w->stopped) {
        *result = 0;
        return ENTER_DONE;
    }
    if (score >= n->beta) {
        /* A mate found without a move of ours is not a proof. */
        *result = score > SEARCH_MATE_BOUND ? n->beta : score;
        return ENTER_DONE;
    }
    return node_moves(w, n, result);
}

/* Orders and plays move n->i and sets the child's window; 0 when the
 * node has no move left. */
static __attribute__((noinline)) uint8_t node_next(struct search_workspace *w, struct node *n)
{
    if (n->i >= n->l.count)
        return 0;
    if (n->i || !w->follow_pv)
        pick(&n->l, n->i);
    bd_move m;
    list_get(&n->l, n->i, &m);
    bd_position *pos = &w->pos;
    uint8_t reversible = !mg_move_is_capture(&m) && !(pos->men[pos->side] & bb_bit(m.from));
    n->child_quiet = reversible ? (uint8_t)(n->quiet < 0xFFu ? n->quiet + 1u : n->quiet) : 0u;
    n->zero_window = n->i != 0;
    uint8_t i = n->i;
    int8_t depth = n->depth;
    n->reduce = 0;
    if (i >= LMR_MIN_MOVE && depth >= LMR_MIN_DEPTH && n->l.size == QUIET_ENTRY &&
        n->l.base[QUIET_ENTRY * i + 2u] < ORDER_KILLER_2)
        n->reduce = (uint8_t)(1u + (i >= 3u && depth >= 3) + (i >= 5u && depth >= 5));
    n->captured_kings = m.captured & ~pos->men[BD_OTHER_COLOUR(pos->side)];
    mg_make(pos, &m);
    /* Only positions with kings can repeat (every other move is
     * irreversible), so the opening pays for no hashing. */
    w->path[n->ply + 1u] = (pos_occupied(pos) & ~(pos->men[BD_WHITE] | pos->men[BD_BLACK]))
                           ? game_hash(pos) : 0;
    return 1;
}

/* Takes the child's score: asks for a re-search (reduced or zero-window
 * search that beat alpha), or takes move n->i back and scores it. */
static __attribute__((noinline)) uint8_t node_back(struct search_workspace *w, struct node *n,
                                                   int16_t score)
{
    if (n->i == 0)
        w->follow_pv = 0;
    if (!w->stopped && score > n->alpha) {
        if (n->reduce) {
            n->reduce = 0;
            return BACK_RESEARCH;
        }
        if (n->zero_window && score < n->beta) {
            n->zero_window = 0;
            return BACK_RESEARCH;
        }
    }
    bd_move m;
    list_get(&n->l, n->i, &m);
    unmake(&w->pos, &m, n->captured_kings);
    n->i++;
    if (w->stopped)
        return BACK_DONE;
    if (score > n->best) {
        n->best = score;
        if (score > n->alpha) {
            n->alpha = score;
            pv_update(w, n->ply, &m);
            if (score >= n->beta) {
                reward(w, &m, n->ply, n->depth);
                return BACK_DONE;
            }
        }
    }
    return BACK_NEXT;
}

static int16_t negamax(struct search_workspace *w, const struct node *parent)
{
    struct node n;
    int16_t score;
    uint8_t state = node_enter(w, parent, &n, &score);
    if (state == ENTER_NULL)
        state = node_null_back(w, &n, (int16_t)-negamax(w, &n), &score);
    if (state == ENTER_DONE)
        return score;
    while (node_next(w, &n)) {
        uint8_t back;
        do {
            score = negamax(w, &n);
            back = node_back(w, &n, (int16_t)-score);
        } while (back == BACK_RESEARCH);
        if (back == BACK_DONE)
            break;
    }
    return w->stopped ? 0 : n.best;
}

/* --------------------------------------------------------- the root -- */

/* Turns the keys of the PV into moves by replaying them from the root
 * (the search is over, so the whole move stack is free). */
static void collect_pv(struct search_workspace *w, struct search_result *r)
{
    bd_position pos = w->pos;
    const struct search_key *row = pv_row(w, 0);
    r->pv_length = 0;
    for (uint8_t i = 0; i < w->pv_length[0]; i++) {
        struct list l;
        if (!list_generate(w, &pos, w->stack, SEARCH_MAX_PLY, &l))
            break;
        uint8_t k = list_find(&l, &row[i]);
        if (k == l.count)
            break;
        list_get(&l, k, &r->pv[i]);
        w->prev_pv[i] = row[i];
        r->pv_length++;
        mg_make(&pos, &r->pv[i]);
    }
    w->prev_pv_length = r->pv_length;
}

uint8_t search_run(const struct bd_game *game, const struct search_limits *limits,
                   struct search_workspace *w, struct search_result *result)
{
    BD_ASSERT(game && limits && w && result);
    w->pos = game->pos;
    w->rules = game->rules;
    w->game = game;
    w->nodes = 0;
    w->node_limit = limits->nodes;
    w->stop = limits->stop;
    w->context = limits->context;
    w->stopped = 0;
    w->prev_pv_length = 0;
    w->null_plies = 0;
    w->path[0] = game_hash(&w->pos);
    for (uint8_t i = 0; i < SEARCH_MAX_PLY; i++)
        w->killers[i][0].from = w->killers[i][1].from = BB_NO_SQUARE;
    nb_clear(&w->history[0]);
    nb_clear(&w->history[1]);

    result->has_move = 0;
    result->score = -SEARCH_MATE;
    result->depth = 0;
    result->nodes = 0;
    result->pv_length = 0;
    struct list root;
    uint8_t fits = list_generate(w, &w->pos, w->stack, SEARCH_MAX_PLY, &root);
    BD_ASSERT(fits);
    if (!fits || root.count == 0)
        return 0;
    /* Until an iteration completes, the first legal move. */
    list_get(&root, 0, &result->best);
    result->has_move = 1;
    result->pv[0] = result->best;
    result->pv_length = 1;

    uint8_t max_depth = limits->depth ? limits->depth : 1u;
    if (max_depth > SEARCH_MAX_DEPTH)
        max_depth = SEARCH_MAX_DEPTH;
    /* The root's parent: ply 0xFF + 1 = 0, the full window, the stack. */
    struct node top;
    top.l.base = w->stack;
    top.l.count = 0;
    top.l.size = QUIET_ENTRY;
    top.alpha = -SEARCH_INFINITY;
    top.beta = SEARCH_INFINITY;
    top.ply = 0xFFu;
    top.child_quiet = game->quiet_plies;
    top.zero_window = 0;
    top.reduce = 0;
    for (uint8_t depth = 1; depth <= max_depth; depth++) {
        w->follow_pv = 1;
        top.depth = (int8_t)(depth + 1u);
        int16_t score = negamax(w, &top);
        if (w->stopped)
            break;
        result->score = score;
        result->depth = depth;
        collect_pv(w, result);
        if (result->pv_length)
            result->best = result->pv[0];
        result->nodes = w->nodes;
        if (limits->report)
            limits->report(result, limits->context);
        /* A forced win or loss within the depth searched cannot change. */
        int16_t magnitude = score < 0 ? (int16_t)-score : score;
        if (magnitude > SEARCH_MATE_BOUND && SEARCH_MATE - magnitude <= depth)
            break;
    }
    result->nodes = w->nodes;
    return 1;
}
