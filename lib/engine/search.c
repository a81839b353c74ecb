/* SPDX-License-Identifier: MIT */
#include "engine/search.h"
#include "engine/search_node.h"
#include "engine/eval.h"
#include "bits/bitscan.h"
#include "nibble/nibble.h"

#include <stddef.h>
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

/* ------------------------------------------------------------ keys -- */

static uint8_t key_matches(const struct search_key *k, const bd_move *m)
{
    return k->from == m->from && k->to == m->to && k->fold == search_key_fold(m->captured);
}

static uint8_t quiet_matches(const struct search_quiet *q, const bd_move *m)
{
    return q->from == m->from && q->to == m->to;
}

/* ------------------------------------------------------ move order -- */

/* Direction of a quiet move (bitboard32.h), one copy for its two callers. */
static uint8_t direction_of(uint8_t from, uint8_t to)
{
    return bb_direction(from, to);
}

/* History: a nibble per (from-square, direction), two nibble boards of
 * 64 entries, board d / 2 and entry 2 * from + d % 2, which is the nibble
 * d % 2 of byte `from`. */
static uint8_t *history_byte(struct search_workspace *w, uint8_t from, uint8_t d)
{
    return &w->history[d >> 1].nibbles[from];
}

static uint8_t history_get(struct search_workspace *w, uint8_t from, uint8_t to)
{
    uint8_t d = direction_of(from, (uint8_t)(to & MG_MOVE_SQUARE_MASK));
    uint8_t byte = *history_byte(w, from, d);
    return (uint8_t)((d & 1u ? byte >> 4 : byte) & 0x0Fu);
}

/* Once-a-node steps are inlined into the search loop, whose registers are
 * saved once an iteration (see search_tree), and so are the steps of a
 * cut-off and of ordering captures: the game image saves registers
 * through libgcc's shared prologue (-mcall-prologues, firmware.mk), dear
 * for a step called thousands of times a search.  Rare steps stay out of
 * line, and so do those whose 32-bit values would take registers the loop
 * needs (the quiet-step test, the generation and packing of a list):
 * measured, avr-gcc 5.4 gives the loop worse code when they are inlined. */
#define HOT static inline __attribute__((always_inline))
#define COLD static __attribute__((noinline))

/* ------------------------------------------------------ move lists -- */

HOT uint8_t *list_entry(const struct list *l, uint8_t i)
{
    return l->base + (uint16_t)i * l->size;
}

HOT bb32 entry_captured(const uint8_t *e)
{
    bb32 captured;
    memcpy(&captured, e + 2, sizeof captured);
    return captured;
}

/* The move of an entry as a struct move (for the keys of the PV and the
 * killers, and the caller's result). */
static void entry_move(const uint8_t *e, uint8_t capture, bd_move *m)
{
    m->from = e[0];
    m->to = e[1];
    m->captured = capture ? entry_captured(e) : 0;
}

/* Moves of CAPTURE_ENTRY bytes that fit in `bytes`, at most MG_MAX_MOVES.
 * A small stack (AVR) takes bytes / 6 as a multiply and a shift, exact
 * while bytes * 171 fits 16 bits, where avr-gcc would call a 16-bit
 * division routine (200 cycles); the test is decided at compile time. */
#define SMALL_STACK ((uint32_t)SEARCH_STACK_BYTES * 171u <= 0xFFFFu)
_Static_assert(CAPTURE_ENTRY == 6u, "bytes * 171 >> 10 is bytes / 6");
_Static_assert(!SMALL_STACK || SEARCH_STACK_BYTES / CAPTURE_ENTRY <= MG_MAX_MOVES, "a small stack needs no cap");
HOT uint8_t moves_room(uint16_t bytes)
{
    if (SMALL_STACK)
        return (uint8_t)((uint16_t)(bytes * 171u) >> 10);
    uint16_t moves = bytes / CAPTURE_ENTRY;
    return (uint8_t)(moves < MG_MAX_MOVES ? moves : MG_MAX_MOVES);
}

/* The moves of pos generated at sp or above, as struct move (aligned for
 * it: a no-op on AVR); *end is their end, NULL when they do not fit.  The
 * room is counted in AVR bytes (6 a move) from sp, whatever the target, so
 * that a list fits, or not, alike everywhere (the workspace has the extra
 * bytes that a host's padded moves take).  Only a capture list (capture 1)
 * may use the last SEARCH_CAPTURE_RESERVE bytes. */
COLD bd_move *generate_at(struct search_workspace *w, const bd_position *pos, uint8_t *sp,
                         uint8_t capture, bd_move **end)
{
    uintptr_t align = _Alignof(bd_move);
    bd_move *out = (bd_move *)(((uintptr_t)sp + align - 1u) & ~(align - 1u));
    uint8_t *limit = w->stack + SEARCH_STACK_BYTES - (capture == 1u ? 0u : SEARCH_CAPTURE_RESERVE);
    uint8_t room = sp < limit ? moves_room((uint16_t)(limit - sp)) : 0u;
    *end = mg_generate_known(pos, w->rules, out, out + room, capture);
    return out;
}

/* Packs the quiet moves out..end to (from, to, key) entries from sp, with
 * the ordering keys of a node at ply. */
COLD void pack_quiet(struct search_workspace *w, const bd_move *out, const bd_move *end,
                     uint8_t *sp, uint8_t ply)
{
    /* Entry i lands on bytes 3i..3i+2 from sp, never past the start of
     * move i (at 6i or later), so packing front to back reads each move
     * before anything overwrites it.  The third byte is the move's
     * ordering key, computed once here rather than at every pick:
     * the ply's killers first, then the history. */
    BD_ASSERT(ply < SEARCH_QUIET_PLY_MAX);
    struct search_quiet k1 = w->killers[ply][0], k2 = w->killers[ply][1];
    uint8_t *e = sp;
    for (const bd_move *m = out; m < end; m++, e += QUIET_ENTRY) {
        uint8_t from = m->from, to = m->to, key;
        if (from == k1.from && to == k1.to)
            key = ORDER_KILLER_1;
        else if (from == k2.from && to == k2.to)
            key = ORDER_KILLER_2;
        else
            key = history_get(w, from, to);
        e[0] = from;
        e[1] = to;
        e[2] = key;
    }
}

/* The moves out..end (generated at sp, aligned) as the entries of a list
 * at sp, with the ordering keys of a node at ply. */
HOT void list_pack(struct search_workspace *w, const bd_move *out, const bd_move *end,
                     uint8_t *sp, uint8_t ply, uint8_t capture, struct list *l)
{
    uint8_t count = (uint8_t)(end - out);
    l->base = sp;
    l->count = count;
    l->size = CAPTURE_ENTRY;
    if (count && !capture) {
        pack_quiet(w, out, end, sp, ply);
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
}

/* Lists the moves of pos at sp or above with the ordering keys of a node
 * at ply; capture is the capture test's answer for pos.  0 when they do
 * not fit. */
HOT uint8_t list_generate(struct search_workspace *w, const bd_position *pos, uint8_t *sp,
                          uint8_t ply, uint8_t capture, struct list *l)
{
    bd_move *end;
    bd_move *out = generate_at(w, pos, sp, capture, &end);
    if (!end)
        return 0;
    list_pack(w, out, end, sp, ply, end > out && mg_move_is_capture(out), l);
    return 1;
}

static void list_swap(const struct list *l, uint8_t i, uint8_t j)
{
    uint8_t *a = list_entry(l, i), *b = list_entry(l, j);
    for (uint8_t k = 0; k < l->size; k++) {
        uint8_t t = a[k];
        a[k] = b[k];
        b[k] = t;
    }
}

/* The index of the move that a key names among count moves, or count. */
static uint8_t moves_find(const bd_move *moves, uint8_t count, const struct search_key *k)
{
    uint8_t i;
    for (i = 0; i < count; i++)
        if (key_matches(k, &moves[i]))
            break;
    return i;
}

/* Brings the best capture of entries i.. to i: most pieces taken first,
 * promotions first among equals, the first of equals (a lazy selection
 * sort: captures are few, and all that is legal when there is one). */
HOT void pick_capture(const struct list *l, uint8_t i)
{
    uint8_t best = i, best_score = 0;
    for (uint8_t j = i; j < l->count; j++) {
        const uint8_t *e = list_entry(l, j);
        uint8_t s = (uint8_t)(2u * bs_popcount32_call(entry_captured(e)) + ((e[1] & MG_MOVE_PROMOTES) ? 1u : 0u));
        if (j == i || s > best_score) {
            best_score = s;
            best = j;
        }
    }
    if (best != i)
        list_swap(l, i, best);
}

/* Brings the best-ordered move of entries i.. to i: a lazy selection
 * sort, cheap when the first moves already cut off.  Quiet entries carry
 * their key; the first of equals wins, and a last move has nothing to
 * choose from. */
HOT void pick(const struct list *l, uint8_t i)
{
    uint8_t n = l->count;
    if ((uint8_t)(i + 1u) >= n)
        return;
    if (l->size != QUIET_ENTRY) {
        pick_capture(l, i);
        return;
    }
    uint8_t best = i;
    const uint8_t *key = l->base + QUIET_ENTRY * i + 2u;
    uint8_t best_key = *key;
    for (uint8_t j = (uint8_t)(i + 1u); j < n; j++) {
        key += QUIET_ENTRY;
        if (*key > best_key) {
            best_key = *key;
            best = j;
        }
    }
    if (best != i)
        list_swap(l, i, best);
}

COLD void reward(struct search_workspace *w, const bd_move *m, uint8_t ply, int8_t depth)
{
    if (mg_move_is_capture(m))
        return;
    if (ply < SEARCH_QUIET_PLY_MAX && !quiet_matches(&w->killers[ply][0], m)) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0].from = m->from;
        w->killers[ply][0].to = m->to;
    }
    uint8_t d = direction_of(m->from, mg_move_to(m));
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

/* ------------------------------------------------------ make/unmake -- */

/* True when pos has a king (only such positions can repeat). */
COLD uint8_t has_king(const bd_position *pos)
{
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++)
        if (pos->pieces[colour] != pos->men[colour])
            return 1;
    return 0;
}

/* ------------------------------------------------------------ PV ----- */

/* Row r of the triangular PV holds the line from ply r, SEARCH_PV_MAX - r
 * moves at most. */
static struct search_key *pv_row(struct search_workspace *w, uint8_t ply)
{
    return &w->pv[(uint8_t)(ply * SEARCH_PV_MAX - (uint8_t)(ply * (ply - 1u)) / 2u)];
}

static void pv_update(struct search_workspace *w, uint8_t ply, const bd_move *m)
{
    if (ply >= SEARCH_PV_MAX)
        return;
    struct search_key *row = pv_row(w, ply);
    search_key_of(&row[0], m);
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
COLD uint8_t repeats(const struct search_workspace *w, uint8_t ply, uint8_t quiet)
{
    return game_repeats(w->game, w->path, ply, quiet);
}

/* ----------------------------------------------------------- search -- */

/*
 * Negamax with alpha-beta and principal-variation search, as a loop.
 *
 * The state of a ply is one struct search_node, and the plies of the path are an
 * array, each node's parent the one before it: the search walks that array
 * up and down instead of recursing.  On AVR this is what the search costs:
 * a recursive function that calls the move generator keeps what it needs
 * across calls in call-saved registers and saves all of them (18, some 80
 * cycles) on every node, in every helper it is split into; here they are
 * saved once an iteration, and a node's fields are loads and stores at
 * small offsets from one pointer.  A child reads its window, depth and
 * place on the move stack from its parent's node.
 *
 * At depth <= 0 a quiet position is evaluated, but a position with a
 * capture goes on searching its captures: a capture is forced, so cutting
 * the sequence at the horizon would score a position whose material is
 * about to change.  The kind of a node's moves (mg_move_kind: the capture
 * test and the step test) is asked once: at the horizon before the
 * evaluation, or with the moves.
 */
#define KIND_UNKNOWN 0xFFu      /* a node's kind not asked yet */

/* The root's parent and a node a ply: a node at ply SEARCH_MAX_PLY - 1
 * is always a leaf (past_quiet_plies). */
#define SEARCH_NODES (SEARCH_MAX_PLY + 1u)
/* "Not decided": a score no node returns. */
#define UNDECIDED INT16_MIN

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
 * it lets a capture happen or brings a man near crowning, and the margins
 * are four fifths of a man and a man (a cut-off margin of half a man
 * played worse at equal nodes in Russian draughts, and one of a man and a
 * fifth no better: the commit that set it says by how much). */
#define FUTILITY_MARGIN 80
#define RAZOR_MARGIN 100
/* Both only where the target keeps them for the variant
 * (SEARCH_STATIC_PRUNING_ENGLISH, arch/search_sizes.h). */
#define STATIC_PRUNING(rules) (SEARCH_STATIC_PRUNING_ENGLISH || (rules)->variant != BD_VARIANT_ENGLISH)

/* Node n's score from the table, or UNDECIDED (engine/table.h; never
 * without a table). */
HOT int16_t node_table(struct search_workspace *w, struct search_node *n)
{
    int16_t score;
    return table_probe(w, n, &score) ? score : UNDECIDED;
}

/* The table's move of node n, if it is among its moves, goes first. */
COLD void table_move_first(struct search_node *n)
{
    const struct search_key *move = table_move(&n->table);
    for (uint8_t i = 0; i < n->l.count; i++) {
        bd_move m;
        entry_move(list_entry(&n->l, i), n->l.size == CAPTURE_ENTRY, &m);
        if (key_matches(move, &m)) {
            list_swap(&n->l, 0, i);
            table_move_is_first(&n->table);
            return;
        }
    }
}

/* Whether node n's position has a capture, the kind of its moves asked
 * once (with the step test: the nodes decided without their moves need
 * both, and in assembly a step is a few instructions on the capture
 * test's registers).  Out of line, as measured: inlined at its two places
 * in the search loop it cost 102 bytes of flash, for 0.4% of the game
 * firmware's `bench` cycles. */
COLD uint8_t node_capture(struct search_workspace *w, struct search_node *n)
{
    if (n->kind == KIND_UNKNOWN)
        n->kind = mg_move_kind(&w->pos, w->rules);
    return n->kind == MG_KIND_CAPTURE;
}

/* What node n knows of its captures, as mg_generate_known() takes it: a
 * node whose kind was not asked (one above the frontier) has its list's
 * generator ask it on the registers it lists with, a second load of the
 * position and call saved (the list has room for captures then only
 * before the reserve, where quiet moves stop). */
HOT uint8_t node_kind_known(const struct search_node *n)
{
    return n->kind == KIND_UNKNOWN ? MG_CAPTURE_UNKNOWN : n->kind == MG_KIND_CAPTURE;
}

/* The caller's stop, polled every STOP_POLL_MASK + 1 nodes and while the
 * caller's poll flag is up. */
COLD uint8_t poll_stop(struct search_workspace *w)
{
    return w->stop && w->stop(w->context);
}

/* True when the node count has reached the limit. */
COLD uint8_t at_node_limit(const struct search_workspace *w)
{
    return w->nodes == w->node_limit;
}

/* Counts the node and says whether the search must stop: the node limit
 * (reached exactly: the count grows by one and the search ends there), or
 * the caller's stop.  The poll flag is read at every node (a load and a
 * test, some 8 cycles of a node's 4,000 on AVR), so that a timer tick
 * reaches the stop within a node, where a count of nodes would leave it
 * hundreds of milliseconds late in a king ending whose nodes are slow. */
HOT uint8_t out_of_time(struct search_workspace *w)
{
    uint32_t nodes = ++w->nodes;
    /* The limit's low byte first, the whole 32 bits out of line once in 256
     * nodes: that pays for the flag's load. */
    if (((uint8_t)nodes == (uint8_t)w->node_limit && at_node_limit(w)) ||
        ((((uint8_t)nodes & STOP_POLL_MASK) == 0 || *w->poll) && poll_stop(w)))
        w->stopped = 1;
    return w->stopped;
}

/* A node one ply above the horizon, or at it, that has no capture (its
 * kind asked by node_capture()): its score when that decides it (no move:
 * lost; the quiet-move draw; the evaluation at the horizon, or far enough
 * outside the window where STATIC_PRUNING allows), else UNDECIDED. */
HOT int16_t quiet_frontier(struct search_workspace *w, const struct search_node *n)
{
    const bd_position *pos = &w->pos;
    BD_ASSERT(n->kind == MG_KIND_QUIET || n->kind == MG_KIND_NONE);
    if (n->kind == MG_KIND_NONE)
        return (int16_t)(n->ply - SEARCH_MATE);
    if (n->quiet >= w->rules->draw_quiet_plies)
        return 0;
    if (n->depth > 0 && !STATIC_PRUNING(w->rules))
        return UNDECIDED;
    int16_t e = eval_position(pos, w->rules);
    if (n->depth <= 0 || e - FUTILITY_MARGIN >= n->beta || e + RAZOR_MARGIN <= n->alpha)
        return e;
    return UNDECIDED;
}

/* A node that cannot be searched for want of room (plies or move stack):
 * its evaluation, and a capture cut short is counted (never on the host,
 * whose sizes leave room for everything: SEARCH_FULL_HORIZON). */
COLD int16_t out_of_room(struct search_workspace *w, struct search_node *n)
{
    if (node_capture(w, n) && w->capture_cuts < UINT16_MAX)
        w->capture_cuts++;
    return eval_position(&w->pos, w->rules);
}

/* A node at SEARCH_QUIET_PLY_MAX or deeper: a quiet one is decided as at
 * the horizon (lost without a step, the quiet-move draw, else the
 * evaluation); a capture goes on while a ply is left for its children. */
COLD int16_t past_quiet_plies(struct search_workspace *w, struct search_node *n)
{
    if (!node_capture(w, n)) {
        if (n->kind == MG_KIND_NONE)
            return (int16_t)(n->ply - SEARCH_MATE);
        if (n->quiet >= w->rules->draw_quiet_plies)
            return 0;
        return eval_position(&w->pos, w->rules);
    }
    if (n->ply < SEARCH_MAX_PLY - 1u)
        return UNDECIDED;
    return out_of_room(w, n);
}

/* Sets node n up from its parent n - 1 and decides it when it can be
 * without its moves (a stop, a draw, the deepest ply, a quiet frontier):
 * its score then, else UNDECIDED. */
HOT int16_t node_enter(struct search_workspace *w, struct search_node *n)
{
    const struct search_node *parent = n - 1;
    uint8_t ply = (uint8_t)(parent->ply + 1u);
    int8_t depth = (int8_t)(parent->depth - 1 - (int8_t)parent->reduce);
    uint8_t quiet = parent->child_quiet;
    int16_t alpha = (int16_t)(parent->zero_window ? -parent->alpha - 1 : -parent->beta);
    int16_t beta = (int16_t)-parent->alpha;
    n->ply = ply;
    n->depth = depth;
    n->quiet = quiet;
    n->alpha = alpha;
    n->beta = beta;
    n->i = 0;                   /* a root stopped on its entry has begun no move */
    n->kind = KIND_UNKNOWN;
    table_node_enter(&n->table, alpha);
    if (out_of_time(w))
        return 0;
    if (ply < SEARCH_PV_MAX)
        w->pv_length[ply] = 0;
    if (ply > 0) {
        if (quiet >= GAME_REPEAT_PLIES && repeats(w, ply, quiet))
            return 0;
        if (ply >= SEARCH_QUIET_PLY_MAX)
            return past_quiet_plies(w, n);
        if (depth <= 1 && (depth <= 0 || beta - alpha == 1) && !node_capture(w, n))
            return quiet_frontier(w, n);
        return node_table(w, n);
    }
    return UNDECIDED;
}

/* Sets up the rest of node n, one that node_enter() left undecided, for
 * its moves: most nodes are decided on entry, and none of them reads
 * these fields. */
HOT void node_open(struct search_node *n)
{
    const struct search_node *parent = n - 1;
    n->best = -SEARCH_INFINITY;
    n->zero_window = 0;
    n->reduce = 0;
    /* The node's list starts where its parent's ends (empty until the
     * moves are generated). */
    n->l.base = parent->l.base + (uint16_t)parent->l.count * parent->l.size;
    n->l.count = 0;
    n->l.size = QUIET_ENTRY;
}

/* The previous iteration's line goes first while the search is on it. */
COLD void follow_pv(struct search_workspace *w, struct search_node *n)
{
    uint8_t ply = n->ply;
    uint8_t i;
    for (i = 0; ply < w->prev_pv_length && i < n->l.count; i++) {
        bd_move m;
        entry_move(list_entry(&n->l, i), n->l.size == CAPTURE_ENTRY, &m);
        if (key_matches(&w->prev_pv[ply], &m))
            break;
    }
    if (ply < w->prev_pv_length && i < n->l.count)
        list_swap(&n->l, 0, i);
    else
        w->follow_pv = 0;
}

/* Lists node n's moves and orders the previous iteration's move first;
 * decides the node when they do (no move: lost; a full stack: the
 * evaluation; the quiet-move draw), returning its score, else UNDECIDED. */
HOT int16_t node_moves(struct search_workspace *w, struct search_node *n)
{
    const bd_position *pos = &w->pos;
    uint8_t ply = n->ply;
    if (ply == 0 && w->root_kept) {
        /* The kept part of a wide root (see SEARCH_ROOT_KEPT), on the
         * stack already; its quiet keys are those of the first iteration
         * (no killers, no history: the one-ply order). */
        n->l.count = w->root_kept;
        n->l.size = w->root_size;
    } else {
        uint8_t capture = node_kind_known(n);
        while (!list_generate(w, pos, n->l.base, ply, capture, &n->l)) {
            /* The move stack is full: for a quiet list, or for captures,
             * which may use the reserve once the kind is known. */
            if (capture != MG_CAPTURE_UNKNOWN || !node_capture(w, n))
                return out_of_room(w, n);
            capture = 1u;
        }
    }
    if (n->l.count == 0)
        return (int16_t)(ply - SEARCH_MATE);
    if (ply > 0 && n->quiet >= w->rules->draw_quiet_plies)
        return 0;
    if (n->depth < 0)
        n->depth = 0;
    if (w->follow_pv)
        follow_pv(w, n);
    if (table_order(w, n))
        table_move_first(n);
    return UNDECIDED;
}

/* Orders move n->i, sets the child's window and what playing it flips:
 * the entry, the pieces it captures (and in n->captured_men the men among
 * them).  search_tree() plays it. */
HOT const uint8_t *node_next(struct search_workspace *w, struct search_node *n, bb32 *captured)
{
    bd_position *pos = &w->pos;
    uint8_t i = n->i;
    /* Move 0 is fixed by the previous iteration's line, or the table's. */
    if (i || !table_first_fixed(&n->table, w->follow_pv))
        pick(&n->l, i);
    const uint8_t *e = list_entry(&n->l, i);
    uint8_t capture = n->l.size == CAPTURE_ENTRY;
    uint8_t side = pos->side;
    n->zero_window = i != 0;
    int8_t depth = n->depth;
    uint8_t reduce = 0;
    if (i >= LMR_MIN_MOVE && depth >= LMR_MIN_DEPTH && !capture && e[2] < ORDER_KILLER_2)
        reduce = (uint8_t)(1u + (i >= 3u && depth >= 3) + (i >= 5u && depth >= 5));
    n->reduce = reduce;
    bb32 taken = 0, taken_men = 0;
    if (capture) {
        taken = entry_captured(e);
        taken_men = taken & pos->men[BD_OTHER_COLOUR(side)];
    }
    *captured = taken;
    n->captured_men = taken_men;
    return e;
}

/* The child of node n, whose move was just played: its hash on the path
 * when it can repeat.  Only positions with kings can repeat (every other
 * move is irreversible), so the opening pays for no hashing; a position
 * without kings gets one only by a promotion.  The path keeps no hash for
 * a position without kings: repeats() reads only plies joined by king
 * moves.  Nor for one whose hash no node will read: repeats() reads the
 * child's entry from the child when its quiet count reaches
 * GAME_REPEAT_PLIES, or from a node at least GAME_REPEAT_PLIES reversible
 * plies below it, which only a child of that depth can have (a quiet node
 * at depth 0 or less is decided without its moves, and a depth falls by a
 * ply or more a ply); the depth is the one without the move's reduction,
 * since a re-search at full depth reuses the hash.  Out of line (measured:
 * 24 bytes, a few cycles a node). */
COLD void node_child(struct search_workspace *w, struct search_node *n, const uint8_t *e)
{
    uint8_t kings = (e[1] & MG_MOVE_PROMOTES) || ((n - 1)->child_kings && has_king(&w->pos));
    n->child_kings = kings;
    if (kings && (n->child_quiet >= GAME_REPEAT_PLIES || n->depth - 1 >= (int8_t)GAME_REPEAT_PLIES))
        w->path[n->ply + 1u] = game_hash(&w->pos);
}

/* Move n->i, taken back, gave score (the search goes on): keeps the best,
 * the PV and the killers; 1 when the move cuts off (score >= beta).  A
 * node that cuts off keeps no PV: its parent, whose alpha is minus its
 * beta, gets a score no better than that alpha and never reads the row
 * (so a zero-window node, which improves only by cutting off, copies
 * none). */
HOT uint8_t node_improves(struct search_workspace *w, struct search_node *n, int16_t score)
{
    bd_move m;
    entry_move(list_entry(&n->l, (uint8_t)(n->i - 1u)), n->l.size == CAPTURE_ENTRY, &m);
    n->alpha = score;
    table_best(&n->table, &m);
    if (score >= n->beta) {
        reward(w, &m, n->ply, n->depth);
        return 1;
    }
    pv_update(w, n->ply, &m);
    return 0;
}

/* The score of the root, nodes[1], searched from its parent nodes[0]. */
COLD int16_t search_tree(struct search_workspace *w, struct search_node *nodes)
{
    struct search_node *n = nodes;
    int16_t score;
    /* The move being played or taken back (play:). */
    const uint8_t *e;
    uint8_t mover, man, making;
    bb32 captured;
enter:
    /* A new node, the child of n. */
    n++;
    score = node_enter(w, n);
    if (score != UNDECIDED)
        goto done;
    node_open(n);
    score = node_moves(w, n);
    if (score != UNDECIDED)
        goto done;
next:
    if (n->i >= n->l.count) {
        score = w->stopped ? 0 : n->best;
        goto done;
    }
    mover = w->pos.side;
    e = node_next(w, n, &captured);
    making = 1;
    goto play;
done:
    /* Node n is decided: back to its parent with the score. */
    table_node_done(w, n, score);
    if (--n == nodes)
        return score;
    score = (int16_t)-score;
    if (n->i == 0)
        w->follow_pv = 0;
    if (!w->stopped && score > n->alpha) {
        /* A reduced or zero-window search that beat alpha: again, in full. */
        if (n->reduce) {
            n->reduce = 0;
            goto enter;
        }
        if (n->zero_window && score < n->beta) {
            n->zero_window = 0;
            goto enter;
        }
    }
    {
        bd_position *pos = &w->pos;
        e = list_entry(&n->l, n->i);
        mover = BD_OTHER_COLOUR(pos->side);
        captured = n->l.size == CAPTURE_ENTRY ? entry_captured(e) : 0;
        making = 0;
    }
play:
    /* Playing move n->i and taking it back are the same flips by its
     * mover, and either hands the turn over: one copy of them serves both
     * (flash); the men's bits tell whether the mover is a man. */
    {
        bd_position *pos = &w->pos;
        man = mg_flip_tell_man(pos, mover, e[0], e[1], captured, n->captured_men);
        pos->side = BD_OTHER_COLOUR(pos->side);
    }
    if (making) {
        /* A king's move that captures nothing is reversible. */
        uint8_t quiet = n->quiet;
        n->child_quiet = !captured && !man ? (uint8_t)(quiet < 0xFFu ? quiet + 1u : quiet) : 0u;
        node_child(w, n, e);
        goto enter;
    }
    n->i++;
    if (w->stopped) {
        score = 0;
        goto done;
    }
    if (score > n->best) {
        n->best = score;
        if (score > n->alpha && node_improves(w, n, score))
            goto done;
    }
    goto next;
}

/* --------------------------------------------------------- the root -- */

/* Turns the keys of the PV into moves by replaying them from the root
 * (the search is over, so the whole move stack is free). */
COLD void collect_pv(struct search_workspace *w, struct search_result *r)
{
    bd_position pos = w->pos;
    const struct search_key *row = pv_row(w, 0);
    /* A kept wide root stays where it is, for the next iteration. */
    struct list root = { w->stack, w->root_kept, w->root_size };
    uint8_t *sp = list_entry(&root, root.count);
    r->pv_length = 0;
    for (uint8_t i = 0; i < w->pv_length[0]; i++) {
        if (i == 0 && root.count) {
            uint8_t k;
            for (k = 0; k < root.count; k++) {
                entry_move(list_entry(&root, k), root.size == CAPTURE_ENTRY, &r->pv[0]);
                if (key_matches(&row[0], &r->pv[0]))
                    break;
            }
            if (k == root.count)
                break;
        } else {
            bd_move *end;
            bd_move *moves = generate_at(w, &pos, sp, MG_CAPTURE_UNKNOWN, &end);
            if (!end)
                break;
            uint8_t count = (uint8_t)(end - moves);
            uint8_t k = moves_find(moves, count, &row[i]);
            if (k == count)
                break;
            r->pv[i] = moves[k];
        }
        w->prev_pv[i] = row[i];
        r->pv_length++;
        mg_make(&pos, &r->pv[i]);
    }
    w->prev_pv_length = r->pv_length;
}

/* The one-ply score of root move m: the evaluation after it, ours.  Out of
 * line, as measured: inlined into keep_best(), its one caller, the link
 * gave the evaluation's own routines other code, slower in the bench. */
COLD int16_t root_look(const struct search_workspace *w, const bd_move *m)
{
    bd_position child = w->pos;
    mg_make(&child, m);
    return (int16_t)-eval_position(&child, w->rules);
}

/* The moves a wide root can list: those that fit in the workspace from
 * the stack on. */
#define WIDE_ROOT_ROOM ((sizeof(struct search_workspace) - offsetof(struct search_workspace, stack)) / \
                        sizeof(bd_move))
#define WIDE_ROOT_MOVES (WIDE_ROOT_ROOM < MG_MAX_MOVES ? WIDE_ROOT_ROOM : MG_MAX_MOVES)

/* Brings the SEARCH_ROOT_KEPT best of count moves by root_look() to the
 * front, the first of equals first (a selection sort), and returns how
 * many are kept.  Each move is looked at once, its score kept in this
 * frame: a king-heavy root has some 70 moves, and looking again at every
 * pass of the sort cost as many evaluations as sixteen passes, more time
 * than a short time limit allows.  The frame is a sibling of the move
 * generation's and of the iterations', not under them. */
COLD uint8_t keep_best(const struct search_workspace *w, bd_move *moves, uint8_t count)
{
    int16_t score[WIDE_ROOT_MOVES];
    for (uint8_t i = 0; i < count; i++)
        score[i] = root_look(w, &moves[i]);
    uint8_t kept = count < SEARCH_ROOT_KEPT ? count : (uint8_t)SEARCH_ROOT_KEPT;
    for (uint8_t i = 0; i < kept; i++) {
        uint8_t best = i;
        for (uint8_t j = (uint8_t)(i + 1u); j < count; j++)
            if (score[j] > score[best])
                best = j;
        bd_move t = moves[i];
        moves[i] = moves[best];
        moves[best] = t;
        int16_t s = score[i];
        score[i] = score[best];
        score[best] = s;
    }
    return kept;
}

/* A root whose moves do not fit in the stack: lists them in the whole
 * workspace from the stack on, keeps the SEARCH_ROOT_KEPT best by a
 * one-ply look (keep_best) at the front; returns the first and sets *end
 * past the kept ones, NULL when even the workspace is too small.
 * Everything after the stack is overwritten. */
COLD bd_move *wide_root(struct search_workspace *w, bd_move **end)
{
    bd_move *moves = (bd_move *)(void *)w->stack;
    bd_move *last = mg_generate(&w->pos, w->rules, moves, moves + WIDE_ROOT_MOVES);
    *end = last;
    if (last)
        *end = moves + keep_best(w, moves, (uint8_t)(last - moves));
    return moves;
}

/* The iterations of search_run() once the root is ready: a frame of its
 * own (the path's nodes), so that the root's generation, which can recurse
 * deep in a long flying-king capture, does not sit under it. */
COLD void iterate(struct search_workspace *w, const struct search_limits *limits,
                  struct search_result *result)
{
    const struct bd_game *game = w->game;
    uint8_t max_depth = limits->depth ? limits->depth : 1u;
    if (max_depth > SEARCH_MAX_DEPTH)
        max_depth = SEARCH_MAX_DEPTH;
    /* The root's parent: ply 0xFF + 1 = 0, the full window, the stack. */
    struct search_node nodes[SEARCH_NODES];
    struct search_node *top = &nodes[0];
    top->l.base = w->stack;
    top->l.count = 0;
    top->l.size = QUIET_ENTRY;
    top->alpha = -SEARCH_INFINITY;
    top->beta = SEARCH_INFINITY;
    top->ply = 0xFFu;
    top->child_quiet = game->quiet_plies;
    top->child_kings = has_king(&w->pos);
    top->zero_window = 0;
    top->reduce = 0;
    for (uint8_t depth = 1; depth <= max_depth; depth++) {
        w->follow_pv = 1;
        top->depth = (int8_t)(depth + 1u);
        int16_t score = search_tree(w, nodes);
        uint8_t stopped = w->stopped;
        if (stopped) {
            /* The best root move searched in full in the iteration cut
             * short, if any (its row of the PV holds only those, and the
             * first one searched is the last iteration's choice), is as
             * good a choice as the last iteration's, and better than the
             * first legal move.  A root stopped on its own entry has no
             * move begun (i is 0) and its row is the iteration before's,
             * with a best never searched: the last iteration stands. */
            if (!nodes[1].i || !w->pv_length[0])
                break;
            score = nodes[1].best;
        }
        result->score = score;
        result->depth = (uint8_t)(depth - stopped);
        collect_pv(w, result);
        if (result->pv_length)
            result->best = result->pv[0];
        if (stopped)
            break;
        result->nodes = w->nodes;
        if (limits->report)
            limits->report(result, limits->context);
        /* A forced win or loss within the depth searched cannot change. */
        int16_t magnitude = score < 0 ? (int16_t)-score : score;
        if (magnitude > SEARCH_MATE_BOUND && SEARCH_MATE - magnitude <= depth)
            break;
    }
}

uint8_t search_run(const struct bd_game *game, const struct search_limits *limits,
                   struct search_workspace *w, struct search_result *result)
{
    BD_ASSERT(game && limits && w && result);
    w->pos = game->pos;
    w->rules = game->rules;
    w->game = game;
    w->root_kept = 0;
    result->has_move = 0;
    result->score = -SEARCH_MATE;
    result->depth = 0;
    result->nodes = 0;
    result->pv_length = 0;
    bd_move *end;
    bd_move *moves = generate_at(w, &w->pos, w->stack, MG_CAPTURE_UNKNOWN, &end);
    uint8_t wide = !end;
    if (wide) {
        moves = wide_root(w, &end);
        if (!end)
            return SEARCH_NO_ROOM;
    }
    if (end == moves)
        return 0;
    /* Until an iteration completes, the first legal move (of a wide root,
     * the best at one ply). */
    result->best = moves[0];
    result->has_move = 1;
    result->score = 0;          /* not searched: no opinion */
    result->pv[0] = result->best;
    result->pv_length = 1;
    w->nodes = 0;
    w->node_limit = limits->nodes;
    w->stop = limits->stop;
    w->context = limits->context;
    static const volatile uint8_t never;
    w->poll = limits->poll ? limits->poll : &never;
    w->stopped = 0;
    w->prev_pv_length = 0;
    w->capture_cuts = 0;
    table_start(w, limits);
    w->path[0] = game_hash(&w->pos);
    for (uint8_t i = 0; i < SEARCH_QUIET_PLY_MAX; i++)
        w->killers[i][0].from = w->killers[i][1].from = BB_NO_SQUARE;
    nb_clear(&w->history[0]);
    nb_clear(&w->history[1]);
    if (wide) {
        /* The kept moves become the root's entries, in place (front to
         * back, as list_generate() packs); their quiet keys stay those of
         * this first packing, the one-ply order. */
        struct list root;
        list_pack(w, moves, end, w->stack, 0, mg_move_is_capture(&moves[0]), &root);
        w->root_kept = root.count;
        w->root_size = root.size;
    }

    iterate(w, limits, result);
    result->nodes = w->nodes;
    return 1;
}
