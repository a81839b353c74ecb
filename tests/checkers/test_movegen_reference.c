/* SPDX-License-Identifier: MIT */
/*
 * test_movegen_reference.c - the library's move generator against a second,
 * independent one written here from the rules alone (checkers.md), on
 * positions from random games and on random positions with many kings.
 *
 * The reference works on an 8x8 array (a mailbox, board[file][rank]) and
 * walks every capture square by square, as one would on a real board.  It
 * is written for obviousness, not speed, and shares no code with lib/
 * except the square numbering used to translate positions and moves.
 *
 * Two facts keep it honest: its own perft from the start position must match
 * the published counts of both variants (depth 7), and every rule it
 * implements is exercised by a hand-built position whose legal moves are
 * written out below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/bitboard32.h"
#include "check.h"
#include "random_position.h"
#include "checkers/movegen.h"
#include "checkers/perft.h"
#include "checkers/position.h"
#include "checkers/symmetry.h"
#include "perft_support.h"
#include "steps_support.h"

/* ================================================================ reference */

enum { R_EMPTY = 0, R_WHITE_MAN, R_WHITE_KING, R_BLACK_MAN, R_BLACK_KING };

typedef struct {
    uint8_t sq[8][8];   /* [file][rank], R_EMPTY on light squares too */
    uint8_t side;       /* colour to move */
} ref_board;

typedef struct {
    uint8_t from, to;   /* library square numbers */
    uint8_t promotes;   /* 0 or 1 */
    bb32 captured;      /* library bitboard */
} ref_move;

#define REF_MAX_MOVES 1024

static uint8_t colour_of(uint8_t piece) { return piece <= R_WHITE_KING ? BD_WHITE : BD_BLACK; }
static int is_king(uint8_t piece) { return piece == R_WHITE_KING || piece == R_BLACK_KING; }
static uint8_t square_of(int f, int r) { return BB_SQUARE((unsigned)f, (unsigned)r); }
static bb32 bit_of(int f, int r) { return (bb32)1u << square_of(f, r); }
static int forward_of(uint8_t colour) { return colour == BD_WHITE ? +1 : -1; }
static int last_rank_of(uint8_t colour) { return colour == BD_WHITE ? 7 : 0; }

static void ref_from_position(const bd_position *pos, ref_board *b)
{
    memset(b, 0, sizeof *b);
    for (int f = 0; f < 8; f++) {
        for (int r = 0; r < 8; r++) {
            if ((f + r) & 1)
                continue;
            bb32 bit = bit_of(f, r);
            if (pos->men[BD_WHITE] & bit)        b->sq[f][r] = R_WHITE_MAN;
            else if (pos->pieces[BD_WHITE] & bit) b->sq[f][r] = R_WHITE_KING;
            else if (pos->men[BD_BLACK] & bit)    b->sq[f][r] = R_BLACK_MAN;
            else if (pos->pieces[BD_BLACK] & bit) b->sq[f][r] = R_BLACK_KING;
        }
    }
    b->side = pos->side;
}

static void ref_to_position(const ref_board *b, bd_position *pos)
{
    pos_clear(pos, b->side);
    for (int f = 0; f < 8; f++) {
        for (int r = 0; r < 8; r++) {
            uint8_t p = b->sq[f][r];
            if (p == R_EMPTY)
                continue;
            pos->pieces[colour_of(p)] |= bit_of(f, r);
            if (!is_king(p))
                pos->men[colour_of(p)] |= bit_of(f, r);
        }
    }
}

/* One capture being walked.  `board` is the position with the moving piece
 * lifted off its square (it may pass over or come back to it); the pieces
 * it jumps stay on `board` until the move is over, so they block the way,
 * and `captured` says which they are (a piece is never jumped twice). */
typedef struct {
    ref_board board;
    uint8_t colour;
    uint8_t russian;
    int from_f, from_r;
    ref_move *moves;
    int count;
} ref_walk;

static void add_move(ref_move *moves, int *count, const ref_move *m)
{
    for (int i = 0; i < *count; i++) {
        if (moves[i].from == m->from && moves[i].to == m->to &&
            moves[i].captured == m->captured && moves[i].promotes == m->promotes)
            return;     /* another path to the same move */
    }
    if (*count >= REF_MAX_MOVES) {
        fprintf(stderr, "reference: too many moves\n");
        abort();
    }
    moves[(*count)++] = *m;
}

/* The jumps of a piece on (f, r) in direction d: the victim's square and the
 * landing squares.  A man or an English king jumps an adjacent enemy onto
 * the empty square right behind it; a Russian king looks along the diagonal
 * past empty squares, jumps the first piece it meets if that is an enemy not
 * yet jumped, and may land on any empty square behind it up to the next
 * piece.  Returns the number of landing squares (0: no jump that way). */
static int jumps_in_direction(const ref_walk *w, int f, int r, int king, bb32 captured,
                              int d, int *victim_f, int *victim_r,
                              int land_f[8], int land_r[8])
{
    int df = step_file(d), dr = step_rank(d);
    if (!king && !w->russian && dr != forward_of(w->colour))
        return 0;       /* English men capture forward only */
    int flying = king && w->russian;
    int vf = f + df, vr = r + dr;
    if (flying) {
        while (step_on_board(vf, vr) && w->board.sq[vf][vr] == R_EMPTY) {
            vf += df;
            vr += dr;
        }
    }
    if (!step_on_board(vf, vr))
        return 0;
    uint8_t p = w->board.sq[vf][vr];
    if (p == R_EMPTY || colour_of(p) == w->colour || (captured & bit_of(vf, vr)))
        return 0;       /* nothing, own piece, or a piece already jumped: blocked */
    int n = 0;
    int lf = vf + df, lr = vr + dr;
    while (step_on_board(lf, lr) && w->board.sq[lf][lr] == R_EMPTY) {
        land_f[n] = lf;
        land_r[n] = lr;
        n++;
        if (!flying)
            break;
        lf += df;
        lr += dr;
    }
    *victim_f = vf;
    *victim_r = vr;
    return n;
}

static int can_capture(const ref_walk *w, int f, int r, int king, bb32 captured)
{
    int vf, vr, lf[8], lr[8];
    for (uint8_t d = 0; d < STEP_DIRECTIONS; d++) {
        if (jumps_in_direction(w, f, r, king, captured, d, &vf, &vr, lf, lr) > 0)
            return 1;
    }
    return 0;
}

static void walk_from(ref_walk *w, int f, int r, int king, int promoted, bb32 captured);

/* The piece lands on (f, r) after a jump.  A man on the last rank is
 * promoted: in English checkers that ends the move; in Russian draughts it
 * goes on capturing at once, as a king. */
static void land_on(ref_walk *w, int f, int r, int king, int promoted, bb32 captured)
{
    if (!king && r == last_rank_of(w->colour)) {
        promoted = 1;
        if (!w->russian) {
            ref_move m = { square_of(w->from_f, w->from_r), square_of(f, r), 1, captured };
            add_move(w->moves, &w->count, &m);
            return;
        }
        king = 1;
    }
    walk_from(w, f, r, king, promoted, captured);
}

/* Every way to go on capturing from (f, r); a piece that cannot goes no
 * further and the move ends here.  The capture must be continued while it
 * can: a flying king that has a choice of landing squares must take one
 * from which it can capture again, if there is one. */
static void walk_from(ref_walk *w, int f, int r, int king, int promoted, bb32 captured)
{
    int any = 0;
    for (uint8_t d = 0; d < STEP_DIRECTIONS; d++) {
        int vf, vr, lf[8], lr[8];
        int n = jumps_in_direction(w, f, r, king, captured, d, &vf, &vr, lf, lr);
        if (n == 0)
            continue;
        any = 1;
        bb32 now_captured = captured | bit_of(vf, vr);
        int goes_on[8], some_goes_on = 0;
        for (int i = 0; i < n; i++) {
            /* Only a king has more than one landing square. */
            goes_on[i] = can_capture(w, lf[i], lr[i], king, now_captured);
            some_goes_on |= goes_on[i];
        }
        for (int i = 0; i < n; i++) {
            if (!some_goes_on || goes_on[i])
                land_on(w, lf[i], lr[i], king, promoted, now_captured);
        }
    }
    if (!any && captured != 0) {
        ref_move m = { square_of(w->from_f, w->from_r), square_of(f, r),
                       (uint8_t)promoted, captured };
        add_move(w->moves, &w->count, &m);
    }
}

/* All legal moves of b for a variant; returns their number. */
static int ref_generate(const ref_board *b, uint8_t variant, ref_move *moves)
{
    int count = 0;
    int russian = variant == BD_VARIANT_RUSSIAN;
    uint8_t us = b->side;

    /* Captures, mandatory when there is one. */
    for (int f = 0; f < 8; f++) {
        for (int r = 0; r < 8; r++) {
            uint8_t p = b->sq[f][r];
            if (p == R_EMPTY || colour_of(p) != us)
                continue;
            static ref_walk w;      /* large: keep it off the stack */
            w.board = *b;
            w.board.sq[f][r] = R_EMPTY;
            w.colour = us;
            w.russian = (uint8_t)russian;
            w.from_f = f;
            w.from_r = r;
            w.moves = moves;
            w.count = count;
            walk_from(&w, f, r, is_king(p), 0, 0);
            count = w.count;
        }
    }
    if (count > 0)
        return count;

    /* Quiet moves: a man one square diagonally forward, an English king one
     * square any way, a Russian king any distance along a free diagonal. */
    for (int f = 0; f < 8; f++) {
        for (int r = 0; r < 8; r++) {
            uint8_t p = b->sq[f][r];
            if (p == R_EMPTY || colour_of(p) != us)
                continue;
            for (uint8_t d = 0; d < STEP_DIRECTIONS; d++) {
                if (!is_king(p) && step_rank(d) != forward_of(us))
                    continue;
                int tf = f + step_file(d), tr = r + step_rank(d);
                while (step_on_board(tf, tr) && b->sq[tf][tr] == R_EMPTY) {
                    ref_move m = { square_of(f, r), square_of(tf, tr),
                                   (uint8_t)(!is_king(p) && tr == last_rank_of(us)), 0 };
                    add_move(moves, &count, &m);
                    if (!is_king(p) || !russian)
                        break;
                    tf += step_file(d);
                    tr += step_rank(d);
                }
            }
        }
    }
    return count;
}

static void ref_make(ref_board *b, const ref_move *m)
{
    int ff = bb_file(m->from), fr = bb_rank(m->from);
    int tf = bb_file(m->to), tr = bb_rank(m->to);
    uint8_t p = b->sq[ff][fr];
    b->sq[ff][fr] = R_EMPTY;
    for (int f = 0; f < 8; f++)
        for (int r = 0; r < 8; r++)
            if (!((f + r) & 1) && (m->captured & bit_of(f, r)))
                b->sq[f][r] = R_EMPTY;
    if (m->promotes)
        p = p == R_WHITE_MAN ? R_WHITE_KING : R_BLACK_KING;
    b->sq[tf][tr] = p;
    b->side = BD_OTHER_COLOUR(b->side);
}

static uint64_t ref_perft(const ref_board *b, uint8_t variant, int depth)
{
    ref_move moves[REF_MAX_MOVES];
    int n = ref_generate(b, variant, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ref_board child = *b;
        ref_make(&child, &moves[i]);
        total += ref_perft(&child, variant, depth - 1);
    }
    return total;
}

/* ================================================================ helpers */

static const char *const variant_names[2] = { "Russian", "English" };

static void square_name(uint8_t sq, char out[3])
{
    out[0] = (char)('a' + bb_file(sq));
    out[1] = (char)('1' + bb_rank(sq));
    out[2] = 0;
}

static void print_board(const bd_position *pos, uint8_t variant)
{
    ref_board b;
    ref_from_position(pos, &b);
    printf("  %s, %s to move; white %08lx (men %08lx), black %08lx (men %08lx)\n",
           variant_names[variant], pos->side == BD_WHITE ? "White" : "Black",
           (unsigned long)pos->pieces[BD_WHITE], (unsigned long)pos->men[BD_WHITE],
           (unsigned long)pos->pieces[BD_BLACK], (unsigned long)pos->men[BD_BLACK]);
    for (int r = 7; r >= 0; r--) {
        printf("  %d |", r + 1);
        for (int f = 0; f < 8; f++) {
            static const char glyph[] = ".wWbB";
            printf(" %c", (f + r) & 1 ? ' ' : glyph[b.sq[f][r]]);
        }
        printf("\n");
    }
    printf("       a b c d e f g h   (w/b men, W/B kings)\n");
}

static void print_move(const char *who, const ref_move *m)
{
    char a[3], b[3];
    square_name(m->from, a);
    square_name(m->to, b);
    printf("    %s: %s%s%s%s", who, a, m->captured ? ":" : "-", b,
           m->promotes ? " (promotes)" : "");
    if (m->captured) {
        printf(" taking");
        for (uint8_t s = 0; s < 32; s++) {
            if (m->captured & ((bb32)1u << s)) {
                char c[3];
                square_name(s, c);
                printf(" %s", c);
            }
        }
    }
    printf("\n");
}

static int compare_moves(const void *pa, const void *pb)
{
    const ref_move *a = pa, *b = pb;
    if (a->from != b->from) return a->from < b->from ? -1 : 1;
    if (a->to != b->to) return a->to < b->to ? -1 : 1;
    if (a->captured != b->captured) return a->captured < b->captured ? -1 : 1;
    if (a->promotes != b->promotes) return a->promotes < b->promotes ? -1 : 1;
    return 0;
}

static ref_move from_library(const bd_move *m)
{
    ref_move r = { m->from, mg_move_to(m), mg_move_promotes(m) ? 1u : 0u, m->captured };
    return r;
}

static int in_list(const ref_move *m, const ref_move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (compare_moves(m, &list[i]) == 0)
            return 1;
    return 0;
}

/* Stop reporting after a few failures; one readable dump is what helps. */
static int dumps_left = 3;

static void dump_difference(const bd_position *pos, uint8_t variant, const char *what,
                            const ref_move *lib, int nlib, const ref_move *ref, int nref)
{
    if (dumps_left <= 0)
        return;
    dumps_left--;
    /* lib is the library's list, or the hand-written one in expect_moves. */
    int hand = strcmp(what, "hand-written list vs reference") == 0;
    const char *only_lib = hand ? "only hand-written" : "only library     ";
    printf("MISMATCH (%s): %s %d moves, reference %d\n", what,
           hand ? "hand-written" : "library", nlib, nref);
    print_board(pos, variant);
    for (int i = 0; i < nlib; i++)
        if (!in_list(&lib[i], ref, nref))
            print_move(only_lib, &lib[i]);
    for (int i = 0; i < nref; i++)
        if (!in_list(&ref[i], lib, nlib))
            print_move("only reference   ", &ref[i]);
    for (int i = 1; i < nlib; i++)
        if (compare_moves(&lib[i - 1], &lib[i]) == 0)
            print_move("library twice    ", &lib[i]);
}

/* Checks one capture's path from mg_path, jump by jump, with the rules:
 * each step jumps exactly one enemy piece not jumped before, over empty
 * squares otherwise (jumped pieces still stand), onto an empty square; a
 * man jumps two squares (forward only in English), a Russian king any
 * distance; the piece is promoted where the rules say; the path takes the
 * move's pieces, ends on move.to, and could not have gone on from there. */
static int path_is_legal(const bd_position *pos, uint8_t variant, const bd_move *m,
                         const uint8_t *path, uint8_t n)
{
    ref_walk w;
    ref_from_position(pos, &w.board);
    w.colour = pos->side;
    w.russian = variant == BD_VARIANT_RUSSIAN;
    if (n < 2 || n > MG_MAX_PATH || path[0] != m->from || path[n - 1] != mg_move_to(m))
        return 0;
    int f = bb_file(path[0]), r = bb_rank(path[0]);
    uint8_t p = w.board.sq[f][r];
    if (p == R_EMPTY || colour_of(p) != w.colour)
        return 0;
    if (!mg_move_is_capture(m)) {
        return n == 2;
    }
    w.board.sq[f][r] = R_EMPTY;
    int king = is_king(p), promoted = 0;
    bb32 captured = 0;
    for (uint8_t i = 1; i < n; i++) {
        if (path[i] >= 32)
            return 0;
        if (promoted && !w.russian)
            return 0;       /* an English man's move ends on promotion */
        int tf = bb_file(path[i]), tr = bb_rank(path[i]);
        int df = tf - f, dr = tr - r;
        int dist = abs(df);
        if (dist < 2 || abs(dr) != dist)
            return 0;
        int sf = df / dist, sr = dr / dist;
        if (!(king && w.russian) && dist != 2)
            return 0;
        if (!king && !w.russian && sr != forward_of(w.colour))
            return 0;
        int victims = 0;
        bb32 victim = 0;
        for (int k = 1; k < dist; k++) {
            uint8_t q = w.board.sq[f + k * sf][r + k * sr];
            if (q == R_EMPTY)
                continue;
            victims++;
            victim = bit_of(f + k * sf, r + k * sr);
            if (colour_of(q) == w.colour || (captured & victim))
                return 0;
        }
        if (victims != 1 || w.board.sq[tf][tr] != R_EMPTY)
            return 0;
        captured |= victim;
        f = tf;
        r = tr;
        if (!king && r == last_rank_of(w.colour)) {
            promoted = 1;
            if (w.russian)
                king = 1;
        }
    }
    if (captured != m->captured || promoted != (mg_move_promotes(m) ? 1 : 0))
        return 0;
    if (promoted && !w.russian)
        return 1;
    return !can_capture(&w, f, r, king, captured);
}

static const struct bd_rules *rules_for(uint8_t variant)
{
    return bd_rules_of(variant);
}

/* What the comparisons covered, printed at the end: a test that passes
 * because it never met a rule proves little. */
static struct {
    uint32_t positions, capture_positions, moves, captures;
    uint32_t mid_capture_promotions;    /* Russian: promoted, ended off the last rank */
    uint32_t back_home;                 /* captures that end on their own square */
    uint32_t most_moves, most_taken;
} seen;

static int popcount32(bb32 x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static void count_coverage(const ref_move *ref, int nref)
{
    seen.positions++;
    seen.moves += (uint32_t)nref;
    if ((uint32_t)nref > seen.most_moves)
        seen.most_moves = (uint32_t)nref;
    if (nref > 0 && ref[0].captured)
        seen.capture_positions++;
    for (int i = 0; i < nref; i++) {
        if (!ref[i].captured)
            continue;
        seen.captures++;
        uint32_t taken = (uint32_t)popcount32(ref[i].captured);
        if (taken > seen.most_taken)
            seen.most_taken = taken;
        if (ref[i].promotes && bb_rank(ref[i].to) != 0 && bb_rank(ref[i].to) != 7)
            seen.mid_capture_promotions++;
        if (ref[i].from == ref[i].to)
            seen.back_home++;
    }
}

/* Compares the library's moves of pos with the reference's: the set, the
 * promotion flags, mg_count, mg_has_capture and every capture's path.
 * Returns 1 when they agree. */

static int compare_position(const bd_position *pos, uint8_t variant)
{
    static bd_move lib_moves[MG_MAX_MOVES * 2];
    static ref_move lib[MG_MAX_MOVES * 2], ref[REF_MAX_MOVES];
    const struct bd_rules *rules = rules_for(variant);
    ref_board b;
    ref_from_position(pos, &b);
    int nref = ref_generate(&b, variant, ref);
    count_coverage(ref, nref);
    qsort(ref, (size_t)nref, sizeof ref[0], compare_moves);

    bd_move *end = mg_generate(pos, rules, lib_moves, lib_moves + MG_MAX_MOVES * 2);
    if (!CHECK(end != NULL)) {
        dump_difference(pos, variant, "mg_generate overflowed", NULL, 0, ref, nref);
        return 0;
    }
    int nlib = (int)(end - lib_moves);
    for (int i = 0; i < nlib; i++)
        lib[i] = from_library(&lib_moves[i]);
    qsort(lib, (size_t)nlib, sizeof lib[0], compare_moves);

    int same = nlib == nref;
    for (int i = 0; same && i < nlib; i++)
        same = compare_moves(&lib[i], &ref[i]) == 0;
    if (!CHECK(same)) {
        dump_difference(pos, variant, "mg_generate", lib, nlib, ref, nref);
        return 0;
    }

    static bd_move scratch[MG_MAX_MOVES * 2];
    uint16_t counted = mg_count(pos, rules, scratch, scratch + MG_MAX_MOVES * 2);
    if (!CHECK_EQ(counted, nref)) {
        dump_difference(pos, variant, "mg_count", lib, nlib, ref, nref);
        return 0;
    }
    uint8_t has_capture = 0;
    for (int i = 0; i < nref; i++)
        if (ref[i].captured)
            has_capture = 1;
    if (!CHECK_EQ(mg_has_capture(pos, rules) ? 1 : 0, has_capture)) {
        dump_difference(pos, variant, "mg_has_capture", lib, nlib, ref, nref);
        return 0;
    }

    /* Nothing silently dropped: exactly enough room works, one less fails
     * (mg_count may then overflow, but never miscount). */
    if (nref > 0) {
        bd_move *tight = mg_generate(pos, rules, lib_moves, lib_moves + nref);
        CHECK(tight == lib_moves + nref);
        CHECK(mg_generate(pos, rules, lib_moves, lib_moves + nref - 1) == NULL);
        uint16_t short_count = mg_count(pos, rules, scratch, scratch + nref - 1);
        if (!CHECK(short_count == MG_OVERFLOW || short_count == nref))
            dump_difference(pos, variant, "mg_count with a short scratch", lib, nlib, ref, nref);
        end = mg_generate(pos, rules, lib_moves, lib_moves + MG_MAX_MOVES * 2);
    }

    for (int i = 0; i < nlib; i++) {
        uint8_t path[MG_MAX_PATH + 4];
        memset(path, 0xEE, sizeof path);
        uint8_t n = mg_path(pos, rules, &lib_moves[i], path);
        /* The search over the move's pieces (mg_path on AVR) finds the
         * walk's path. */
        uint8_t searched[MG_MAX_PATH];
        if (!CHECK_EQ(mg_path_search(pos, rules, &lib_moves[i], searched), n) ||
            !CHECK(memcmp(searched, path, n) == 0))
            return 0;
        /* The path is one the move may follow, and what it passes through
         * on the way is not. */
        if (mg_move_is_capture(&lib_moves[i]) &&
            (!CHECK(mg_path_follows(pos, rules, &lib_moves[i], path, n)) ||
             !CHECK(n == 2u || !mg_path_follows(pos, rules, &lib_moves[i], path, (uint8_t)(n - 1u)))))
            return 0;
        if (!CHECK(path_is_legal(pos, variant, &lib_moves[i], path, n))) {
            if (dumps_left-- > 0) {
                ref_move rm = from_library(&lib_moves[i]);
                printf("BAD PATH for a move:\n");
                print_board(pos, variant);
                print_move("move", &rm);
                printf("    path:");
                for (uint8_t k = 0; k < n && k < MG_MAX_PATH; k++) {
                    char s[3];
                    square_name(path[k] & 31, s);
                    printf(" %s", s);
                }
                printf("  (%u squares)\n", n);
            }
            return 0;
        }
    }
    return 1;
}

/* Plays one random game (uniform among the library's moves, which the
 * comparison has just checked), comparing every position on the way when
 * `compare` is set and keeping every keep_every-th position in keep[].
 * Returns 0 on a mismatch. */
static int random_game(uint8_t variant, uint32_t *rng, int max_plies, int compare,
                       bd_position *keep, int *nkeep, int keep_max, int keep_every)
{
    const struct bd_rules *rules = rules_for(variant);
    bd_position pos;
    pos_initial(&pos, rules);
    for (int ply = 0; ply < max_plies; ply++) {
        if (compare && !compare_position(&pos, variant))
            return 0;
        if (keep && *nkeep < keep_max && ply % keep_every == keep_every - 1)
            keep[(*nkeep)++] = pos;
        bd_move moves[MG_MAX_MOVES];
        bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
        if (end == NULL || end == moves)
            break;
        uint32_t n = (uint32_t)(end - moves);
        mg_make(&pos, &moves[check_random32(rng) % n]);
        if (!CHECK(pos_is_consistent(&pos)))
            return 0;
    }
    return 1;
}

/* Builds a position from a diagram, rank 8 first, one character per square
 * of a row of 8 ('.' or ' ' empty, w/b men, W/B kings). */
static void position_from_diagram(bd_position *pos, uint8_t side, const char *rows[8])
{
    ref_board b;
    memset(&b, 0, sizeof b);
    b.side = side;
    for (int i = 0; i < 8; i++) {
        int r = 7 - i;
        for (int f = 0; f < 8; f++) {
            char c = rows[i][f];
            uint8_t p = c == 'w' ? R_WHITE_MAN : c == 'W' ? R_WHITE_KING :
                        c == 'b' ? R_BLACK_MAN : c == 'B' ? R_BLACK_KING : R_EMPTY;
            if (p != R_EMPTY && ((f + r) & 1)) {
                fprintf(stderr, "diagram: piece on a light square\n");
                abort();
            }
            b.sq[f][r] = p;
        }
    }
    ref_to_position(&b, pos);
}

static uint8_t sq_named(const char *name)
{
    return square_of(name[0] - 'a', name[1] - '1');
}

/* Both generators must give exactly these moves, each written as from, to,
 * then "x" if the man is promoted, then the captured squares: "a1 h2 c3 g3"
 * is a1:h2 taking c3 and g3, "b6 g5 x c7 f6" a man promoted on the way. */
static void expect_moves(const bd_position *pos, uint8_t variant, int n, const char *const *spec)
{
    ref_move want[32];
    for (int i = 0; i < n; i++) {
        const char *s = spec[i];
        ref_move m = { sq_named(s), sq_named(s + 3), 0, 0 };
        s += 5;
        while (*s == ' ') {
            s++;
            if (*s == 'x') {
                m.promotes = 1;
                s++;
                continue;
            }
            m.captured |= (bb32)1u << sq_named(s);
            s += 2;
        }
        want[i] = m;
    }
    qsort(want, (size_t)n, sizeof want[0], compare_moves);

    static ref_move ref[REF_MAX_MOVES];
    ref_board b;
    ref_from_position(pos, &b);
    int nref = ref_generate(&b, variant, ref);
    qsort(ref, (size_t)nref, sizeof ref[0], compare_moves);
    int same = nref == n;
    for (int i = 0; same && i < n; i++)
        same = compare_moves(&want[i], &ref[i]) == 0;
    if (!CHECK(same))
        dump_difference(pos, variant, "hand-written list vs reference", want, n, ref, nref);
    /* Then the library against the reference (and so the list). */
    CHECK(compare_position(pos, variant));
}

/* =================================================================== tests */

/* The reference itself against the published counts, so that a disagreement
 * with the library later points at the library. */
static void test_reference_perft_matches_published_counts(void)
{
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        bd_position pos;
        ref_board b;
        pos_initial(&pos, rules_for(v));
        ref_from_position(&pos, &b);
        for (int d = 1; d <= 7; d++)
            CHECK_EQ(ref_perft(&b, v, d), perft_published(v, (uint8_t)d));
    }
}

static void test_reference_board_round_trips_through_position(void)
{
    uint32_t rng = 0x1234567u;
    for (int i = 0; i < 1000; i++) {
        bd_position pos, back;
        const uint8_t men[2] = { random_between(&rng, 0, 10), random_between(&rng, 0, 10) };
        const uint8_t kings[2] = { random_between(&rng, 0, 4), random_between(&rng, 0, 4) };
        random_position(&pos, &rng, men, kings);
        ref_board b;
        ref_from_position(&pos, &b);
        ref_to_position(&b, &back);
        CHECK(pos_equal(&pos, &back));
        CHECK(pos_is_consistent(&pos));
    }
}

static void test_flying_king_must_land_where_capture_continues(void)
{
    /* White king a1 takes c3; of the landing squares d4..h8 only e5 sees
     * another capture (g3, onto h2), so e5 is forced: one move.  In English
     * the king jumps only an adjacent piece: no capture, a1-b2. */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        "........",
        "..b...b.",
        "........",
        "W.......",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = { "a1 h2 c3 g3" };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 1, russian);
    static const char *const english[] = { "a1 b2" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 1, english);
}

static void test_flying_king_without_continuation_lands_anywhere_beyond(void)
{
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        "........",
        "..b.....",
        "........",
        "W.......",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = {
        "a1 d4 c3", "a1 e5 c3", "a1 f6 c3", "a1 g7 c3", "a1 h8 c3",
    };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 5, russian);
}

static void test_turkish_strike_jumped_piece_blocks_the_king(void)
{
    /* White king a1 takes c3; of the landings d4..h8, d4 goes on (over f2
     * onto g1, where it stops) and e5 goes on (over f4: g3 goes on, h2
     * would not, so g3; then over f2 onto e1).  From e1 the way up-left runs
     * d2, c3: c3 was jumped and still stands, so the king cannot take b4
     * behind it.  Were jumped pieces lifted at once, e1 would go on, e1:b4
     * onto a5.  b4 is never taken. */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        ".b...b..",
        "..b.....",
        ".....b..",
        "W.......",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = { "a1 g1 c3 f2", "a1 e1 c3 f4 f2" };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 2, russian);
}

static void test_flying_king_loop_may_end_on_its_own_square(void)
{
    /* White king c1, black men b2, b4, e3, e5.  One way round: c1:b2 onto
     * a3, a3:b4 onto c5 or d6 (both go on; e7, f8 would not).  From c5,
     * c5:e3 onto f2 or g1, the end.  From d6, d6:e5 onto f4 (g3, h2 see no
     * more), f4:e3 onto d2 or c1, the king's own square, empty during its
     * move.  The other way round (c1:e3, f4:e5, d6:b4, a3:b2 onto c1)
     * takes the same pieces to the same square: the same move.  English:
     * c1:b2:b4 onto c5, where d4 is empty and the king stops. */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "....b...",
        ".b......",
        "....b...",
        ".b......",
        "..W.....",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = {
        "c1 f2 b2 b4 e3", "c1 g1 b2 b4 e3", "c1 d2 b2 b4 e3 e5", "c1 c1 b2 b4 e3 e5",
    };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 4, russian);
    static const char *const english[] = { "c1 c5 b2 b4" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 1, english);
}

static void test_russian_man_promotes_mid_capture_and_goes_on_as_king(void)
{
    /* White man b6 takes c7 onto d8, is a king at once and takes f6 flying,
     * landing on g5 or h4.  In English the move ends on d8. */
    static const char *rows[8] = {
        "........",
        "..b.....",
        ".w...b..",
        "........",
        "........",
        "........",
        "........",
        "........",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = { "b6 g5 x c7 f6", "b6 h4 x c7 f6" };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 2, russian);
    static const char *const english[] = { "b6 d8 x c7" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 1, english);
}

static void test_black_man_promotes_mid_capture(void)
{
    /* The same for Black, turned around: black man g3 takes f2 onto e1,
     * then as a king takes c3 onto b4 or a5. */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        "........",
        "..w...b.",
        ".....w..",
        "........",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_BLACK, rows);
    static const char *const russian[] = { "g3 b4 x f2 c3", "g3 a5 x f2 c3" };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 2, russian);
    static const char *const english[] = { "g3 e1 x f2" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 1, english);
}

static void test_man_captures_backwards_only_in_russian(void)
{
    /* White man d4, black man c3 behind it, e5 in front is empty. */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        "...w....",
        "..b.....",
        "........",
        "........",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const russian[] = { "d4 b2 c3" };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 1, russian);
    static const char *const english[] = { "d4 c5", "d4 e5" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 2, english);
}

static void test_english_king_short_jump_in_all_directions(void)
{
    /* White king d4 with black men c5 and e3 adjacent, f6 far away. */
    static const char *rows[8] = {
        "........",
        "........",
        ".....b..",
        "..b.....",
        "...W....",
        "....b...",
        "........",
        "........",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    static const char *const english[] = { "d4 b6 c5", "d4 f2 e3" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 2, english);
    /* Russian: c5 -> b6, a7; e3 -> f2, g1; and up-right the king flies
     * over e5 to take f6 onto g7 or h8. */
    static const char *const russian[] = {
        "d4 b6 c5", "d4 a7 c5", "d4 f2 e3", "d4 g1 e3", "d4 g7 f6", "d4 h8 f6",
    };
    expect_moves(&pos, BD_VARIANT_RUSSIAN, 6, russian);
}

static void test_same_pieces_by_two_paths_is_one_move(void)
{
    /* White king e1 with black men d2, f2, d4, f4 round e3: both ways
     * round the square (d2, d4, f4, f2 or f2, f4, d4, d2) take the same
     * four pieces and come back to e1: in English one move, not two.  (A
     * Russian king has more landing squares and so more moves; there the
     * reference decides.) */
    static const char *rows[8] = {
        "........",
        "........",
        "........",
        "........",
        "...b.b..",
        "........",
        "...b.b..",
        "....W...",
    };
    bd_position pos;
    position_from_diagram(&pos, BD_WHITE, rows);
    CHECK(compare_position(&pos, BD_VARIANT_RUSSIAN));
    static const char *const english[] = { "e1 e1 d2 d4 f4 f2" };
    expect_moves(&pos, BD_VARIANT_ENGLISH, 1, english);
}

static void test_movegen_matches_reference_in_random_games(void)
{
    for (uint8_t v = 0; v < 2; v++) {
        uint32_t rng = 0xC0FFEE11u + v;
        for (int g = 0; g < 300; g++) {
            if (!random_game(v, &rng, 120, 1, NULL, NULL, 0, 1))
                return;
        }
    }
}

static uint8_t compare_random(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)index;
    return compare_position(pos, variant) != 0;
}

static void test_movegen_matches_reference_on_random_positions_with_kings(void)
{
    static const struct position_kind kind = { 0, 10, 0, 3 };
    visit_random_positions(0x5EED0001u, 60000, &kind, compare_random);
}

static void test_movegen_matches_reference_with_many_kings(void)
{
    /* 3-6 kings a side and a few men: long capture chains for flying kings,
     * loops that come back over the jumped pieces. */
    static const struct position_kind kind = { 0, 4, 3, 6 };
    visit_random_positions(0xBADC0DEu, 60000, &kind, compare_random);
}

static void test_movegen_matches_reference_for_lone_kings_among_many_pieces(void)
{
    /* One or two kings against 7-12 scattered pieces: the longest captures
     * (a flying king can take most of them) and many landing choices. */
    for (uint8_t v = 0; v < 2; v++) {
        uint32_t rng = 0x10E1CAFEu + v;
        for (int i = 0; i < 40000; i++) {
            bd_position pos;
            uint8_t us = (uint8_t)(check_random32(&rng) & 1u);
            uint8_t men[2], kings[2];
            men[us] = random_between(&rng, 0, 1);
            kings[us] = random_between(&rng, 1, 2);
            men[BD_OTHER_COLOUR(us)] = random_between(&rng, 4, 10);
            kings[BD_OTHER_COLOUR(us)] = random_between(&rng, 0, 3);
            random_position(&pos, &rng, men, kings);
            pos.side = us;
            if (!compare_position(&pos, v))
                return;
        }
    }
}

static void test_movegen_matches_reference_for_men_next_to_promotion(void)
{
    /* Men crowded near the far ranks: captures through the promotion rank,
     * Russian men that become kings halfway and go on. */
    visit_random_positions(0x9A0Du, 30000, NULL, compare_random);
}

static void test_movegen_matches_reference_on_every_lattice_of_victims(void)
{
    /* Exhaustive where it is small: victims on a 3x3 lattice of inner
     * squares two apart (b2..f6 or c3..g7), every one of the 512 subsets,
     * each against a lone man or king of the other side on every square
     * of the other parity of rank, both sides, both variants.  Landing
     * squares between the victims are all empty, so the longest captures
     * (all nine) and the most paths to one move are there. */
    static const char *const lattice[2][9] = {
        { "b2", "d2", "f2", "b4", "d4", "f4", "b6", "d6", "f6" },
        { "c3", "e3", "g3", "c5", "e5", "g5", "c7", "e7", "g7" },
    };
    for (uint8_t v = 0; v < 2; v++) {
        for (int l = 0; l < 2; l++) {
            for (uint32_t subset = 1; subset < 512; subset++) {
                for (uint8_t sq = 0; sq < 32; sq++) {
                    if ((bb_rank(sq) & 1u) == (unsigned)(l == 0))
                        continue;   /* the attacker's rank parity */
                    for (uint8_t us = 0; us < 2; us++) {
                        for (int king = 0; king < 2; king++) {
                            bd_position pos;
                            pos_clear(&pos, us);
                            for (int k = 0; k < 9; k++)
                                if (subset & (1u << k))
                                    pos.pieces[BD_OTHER_COLOUR(us)] |=
                                        (bb32)1u << sq_named(lattice[l][k]);
                            /* Victims are men or kings by a fixed pattern. */
                            pos.men[BD_OTHER_COLOUR(us)] = pos.pieces[BD_OTHER_COLOUR(us)] &
                                                        (subset * 0x9E3779B9u);
                            pos.men[BD_OTHER_COLOUR(us)] &= ~pos_promotion_rank(BD_OTHER_COLOUR(us));
                            if (!king && (pos_promotion_rank(us) & ((bb32)1u << sq)))
                                continue;
                            pos.pieces[us] = (bb32)1u << sq;
                            pos.men[us] = king ? 0 : pos.pieces[us];
                            if (!compare_position(&pos, v))
                                return;
                        }
                    }
                }
            }
        }
    }
}

static void test_perft_is_unchanged_by_colour_flip(void)
{
    static bd_move stack[4096];
    static bd_position keep[400];
    for (uint8_t v = 0; v < 2; v++) {
        const struct bd_rules *rules = rules_for(v);
        uint32_t rng = 0xF11Bu + v;
        int n = 0;
        for (int g = 0; g < 100 && n < 400; g++)
            random_game(v, &rng, 120, 0, keep, &n, 400, 7);
        CHECK(n >= 200);
        for (int i = 0; i < n; i++) {
            bd_position flipped;
            sym_colour_flip(&keep[i], &flipped);
            uint8_t depth = (i % 8 == 0) ? 4 : 3;
            uint64_t a = perft(&keep[i], rules, depth, stack, stack + 4096);
            uint64_t b = perft(&flipped, rules, depth, stack, stack + 4096);
            CHECK(a != PERFT_OVERFLOW);
            if (!CHECK(a == b)) {
                printf("perft(%u) %llu, colour-flipped %llu\n", depth,
                       (unsigned long long)a, (unsigned long long)b);
                print_board(&keep[i], v);
                print_board(&flipped, v);
                return;
            }
        }
    }
}

static void test_perft_matches_reference_perft_from_random_game_positions(void)
{
    /* Beyond the move lists: mg_make and bulk counting, three plies deep. */
    static bd_move stack[4096];
    static bd_position keep[150];
    for (uint8_t v = 0; v < 2; v++) {
        const struct bd_rules *rules = rules_for(v);
        uint32_t rng = 0xDEE9u + v;
        int n = 0;
        for (int g = 0; g < 60 && n < 150; g++)
            random_game(v, &rng, 120, 0, keep, &n, 150, 11);
        for (int i = 0; i < n; i++) {
            ref_board b;
            ref_from_position(&keep[i], &b);
            uint64_t a = perft(&keep[i], rules, 3, stack, stack + 4096);
            uint64_t r = ref_perft(&b, v, 3);
            if (!CHECK(a == r)) {
                printf("perft(3) library %llu, reference %llu\n",
                       (unsigned long long)a, (unsigned long long)r);
                print_board(&keep[i], v);
                return;
            }
        }
    }
}

int main(void)
{
    check_begin(PSTR("movegen_reference"));
    RUN_TEST(test_reference_perft_matches_published_counts);
    RUN_TEST(test_reference_board_round_trips_through_position);
    RUN_TEST(test_flying_king_must_land_where_capture_continues);
    RUN_TEST(test_flying_king_without_continuation_lands_anywhere_beyond);
    RUN_TEST(test_turkish_strike_jumped_piece_blocks_the_king);
    RUN_TEST(test_flying_king_loop_may_end_on_its_own_square);
    RUN_TEST(test_russian_man_promotes_mid_capture_and_goes_on_as_king);
    RUN_TEST(test_black_man_promotes_mid_capture);
    RUN_TEST(test_man_captures_backwards_only_in_russian);
    RUN_TEST(test_english_king_short_jump_in_all_directions);
    RUN_TEST(test_same_pieces_by_two_paths_is_one_move);
    RUN_TEST(test_movegen_matches_reference_in_random_games);
    RUN_TEST(test_movegen_matches_reference_on_random_positions_with_kings);
    RUN_TEST(test_movegen_matches_reference_with_many_kings);
    RUN_TEST(test_movegen_matches_reference_for_lone_kings_among_many_pieces);
    RUN_TEST(test_movegen_matches_reference_for_men_next_to_promotion);
    RUN_TEST(test_movegen_matches_reference_on_every_lattice_of_victims);
    RUN_TEST(test_perft_is_unchanged_by_colour_flip);
    RUN_TEST(test_perft_matches_reference_perft_from_random_game_positions);
    printf("movegen_reference: %lu positions compared (%lu with captures), %lu moves"
           " (%lu captures, %lu Russian promotions mid-capture, %lu ending on their"
           " own square); at most %lu moves, %lu pieces taken\n",
           (unsigned long)seen.positions, (unsigned long)seen.capture_positions,
           (unsigned long)seen.moves, (unsigned long)seen.captures,
           (unsigned long)seen.mid_capture_promotions, (unsigned long)seen.back_home,
           (unsigned long)seen.most_moves, (unsigned long)seen.most_taken);
    return check_end();
}
