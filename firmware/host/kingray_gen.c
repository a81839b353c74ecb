/* SPDX-License-Identifier: MIT */
/*
 * kingray.c - the generator of the flying-king ray tables (kingray.h).
 *
 * Everything is derived from bb_step on an empty board, so the tables follow
 * the numbering of bitboard32.h and nothing else.  The table rays come from
 * a walk written here again on purpose (not kr_ray_walk), so that the test
 * comparing the two implementations compares two derivations.
 */
#include "host/kingray_gen.h"
#include "bits/bitscan.h"

#include <string.h>

/* The ray from square in direction on occupied, one step at a time. */
static bb32 walk(uint8_t square, uint8_t direction, bb32 occupied)
{
    bb32 ray = 0;
    bb32 at = BB_BIT(square);
    for (;;) {
        at = bb_step(at, direction);
        if (at == 0)
            return ray;
        ray |= at;
        if (at & occupied)
            return ray;
    }
}

/* The last square of a non-empty ray: every other square of it is one step
 * back from the next one. */
static bb32 far_edge(bb32 ray_mask, uint8_t direction)
{
    return ray_mask & ~bb_step(ray_mask, BB_OPPOSITE(direction));
}

bb32 *kr_diagonals(bb32 *out)
{
    /* A diagonal is the line through its lowest square: the squares with no
     * down-right (up-left family) or no down-left (up-right family) step. */
    static const uint8_t up[2] = {BB_UP_LEFT, BB_UP_RIGHT};
    for (uint8_t family = 0; family < 2u; family++) {
        for (uint8_t square = 0; square < BB_SQUARES; square++) {
            if (bb_step(BB_BIT(square), BB_OPPOSITE(up[family])) != 0)
                continue;
            *out++ = BB_BIT(square) | walk(square, up[family], 0);
        }
    }
    return out;
}

/* Whether (s * magic) >> KR_FOLD_SHIFT differs for all subsets s of mask. */
static uint8_t gathers(bb32 mask, uint32_t magic)
{
    uint8_t seen[256 / 8];
    bb32 s = 0;

    memset(seen, 0, sizeof seen);
    do {
        uint8_t index = (uint8_t)((uint32_t)(s * magic) >> KR_FOLD_SHIFT);
        if (seen[index >> 3] & (1u << (index & 7u)))
            return 0;
        seen[index >> 3] |= (uint8_t)(1u << (index & 7u));
        s = (s - mask) & mask;    /* next subset of mask */
    } while (s != 0);
    return 1;
}

uint8_t kr_fold_magic_is_valid(uint32_t magic)
{
    bb32 diagonals[KR_DIAGONALS];
    bb32 *end = kr_diagonals(diagonals);

    for (const bb32 *d = diagonals; d != end; d++)
        if (!gathers(*d, magic))
            return 0;
    return 1;
}

/* AVR cost rank of a magic: a set bit on a byte boundary is one byte OR
 * (or ADD) into the top byte; any other bit needs a shift or a MUL and an
 * add with carry into it. */
static uint32_t magic_rank(uint32_t magic)
{
    return (uint32_t)bs_popcount32(magic & ~0x01010101u) << 8 | bs_popcount32(magic);
}

static uint8_t ranks_before(uint32_t a, uint32_t b)
{
    return magic_rank(a) < magic_rank(b)
           || (magic_rank(a) == magic_rank(b) && a < b);
}

/* Calls visit for every word with exactly bits set bits among bits
 * 0..top-1 above prefix. */
static void each_combination(uint8_t bits, uint8_t top, uint32_t prefix,
                             void (*visit)(uint32_t, void *), void *context)
{
    if (bits == 0) {
        visit(prefix, context);
        return;
    }
    for (uint8_t bit = (uint8_t)(bits - 1u); bit < top; bit++)
        each_combination((uint8_t)(bits - 1u), bit, prefix | (uint32_t)1u << bit,
                         visit, context);
}

struct magic_list {
    uint32_t *out, *end, *limit;
    uint32_t found;
};

/* Keeps the list sorted by rank; when full, the worst one falls off. */
static void consider_magic(uint32_t magic, void *context)
{
    struct magic_list *list = context;
    if (!kr_fold_magic_is_valid(magic))
        return;
    list->found++;
    uint32_t *slot = list->end;
    if (slot == list->limit) {
        if (slot == list->out || !ranks_before(magic, slot[-1]))
            return;
        slot--;
    } else {
        list->end++;
    }
    while (slot != list->out && ranks_before(magic, slot[-1])) {
        *slot = slot[-1];
        slot--;
    }
    *slot = magic;
}

uint32_t *kr_search_fold_magics(uint8_t max_bits, uint32_t *out,
                                uint32_t *out_end, uint32_t *found)
{
    struct magic_list list = {out, out, out_end, 0};

    for (uint8_t bits = 1; bits <= max_bits && bits <= 32u; bits++)
        each_combination(bits, 32, 0, consider_magic, &list);
    *found = list.found;
    return list.end;
}

struct diagonal_search {
    bb32 mask;
    uint8_t shift;
    uint32_t best;
};

static void consider_diagonal_magic(uint32_t magic, void *context)
{
    struct diagonal_search *search = context;
    if (search->best != 0 && !ranks_before(magic, search->best))
        return;
    uint8_t seen[256 / 8];
    bb32 s = 0;
    memset(seen, 0, sizeof seen);
    do {
        uint8_t index = (uint8_t)((uint32_t)(s * magic) >> search->shift);
        if (seen[index >> 3] & (1u << (index & 7u)))
            return;
        seen[index >> 3] |= (uint8_t)(1u << (index & 7u));
        s = (s - search->mask) & search->mask;
    } while (s != 0);
    search->best = magic;
}

uint32_t kr_search_diagonal_magic(bb32 mask, uint8_t max_bits)
{
    struct diagonal_search search = {mask, (uint8_t)(32u - bs_popcount32(mask)), 0};

    BD_ASSERT(mask != 0 && bs_popcount32(mask) <= 8u);
    for (uint8_t bits = 1; bits <= max_bits && search.best == 0; bits++)
        each_combination(bits, 32, 0, consider_diagonal_magic, &search);
    return search.best;
}

static uint8_t table_index(bb32 occupied, bb32 ray_mask, uint8_t multiplier,
                           uint8_t index_mask)
{
    return (uint8_t)(kr_rotate(kr_fold(occupied & ray_mask), multiplier) & index_mask);
}

uint8_t kr_search_multiplier(bb32 ray_mask, uint8_t direction, uint8_t index_mask)
{
    bb32 edge = far_edge(ray_mask, direction);
    bb32 inner = ray_mask & ~edge;

    for (uint16_t multiplier = 1; multiplier < 256u; multiplier++) {
        uint8_t seen[256 / 8];
        uint8_t ok = 1;
        bb32 s = 0;

        /* The 2^n inner subsets on 2^n different indices, and the far edge
         * changes none of them. */
        memset(seen, 0, sizeof seen);
        do {
            uint8_t index = table_index(s, ray_mask, (uint8_t)multiplier, index_mask);
            if ((seen[index >> 3] & (1u << (index & 7u)))
                || table_index(s | edge, ray_mask, (uint8_t)multiplier, index_mask) != index) {
                ok = 0;
                break;
            }
            seen[index >> 3] |= (uint8_t)(1u << (index & 7u));
            s = (s - inner) & inner;
        } while (s != 0);
        if (ok)
            return (uint8_t)multiplier;
    }
    return 0;
}

uint8_t kr_generate(struct kr_tables *tables)
{
    uint16_t next = 0;

    memset(tables, 0, sizeof *tables);
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        for (uint8_t square = 0; square < BB_SQUARES; square++) {
            struct kr_entry *entry = &tables->entries[direction][square];
            bb32 ray_mask = walk(square, direction, 0);
            entry->ray_mask = ray_mask;
            if (ray_mask == 0)
                continue;     /* base 0, index 0: any byte, masked away */
            bb32 inner = ray_mask & ~far_edge(ray_mask, direction);
            entry->index_mask = (uint8_t)((1u << bs_popcount32(inner)) - 1u);
            entry->multiplier = kr_search_multiplier(ray_mask, direction, entry->index_mask);
            if (entry->multiplier == 0 || next + entry->index_mask + 1u > KR_RAY_BYTES)
                return 1;
            entry->base = next;
            bb32 s = 0;
            do {
                uint8_t index = table_index(s, ray_mask, entry->multiplier,
                                            entry->index_mask);
                tables->ray_bytes[next + index] = kr_fold(walk(square, direction, s));
                s = (s - inner) & inner;
            } while (s != 0);
            next = (uint16_t)(next + entry->index_mask + 1u);
        }
    }
    return next == KR_RAY_BYTES ? 0 : 1;
}

void kr_emit(FILE *out, const struct kr_tables *tables, const char *command)
{
    static const char *const names[BB_DIRECTIONS] = {
        "BB_UP_LEFT", "BB_UP_RIGHT", "BB_DOWN_RIGHT", "BB_DOWN_LEFT"};

    fprintf(out,
            "/* SPDX-License-Identifier: MIT */\n"
            "/*\n"
            " * kingray_tables.c - flying-king ray tables (see kingray.h).\n"
            " *\n"
            " * Generated by `%s` (firmware/host/kingmagic_main.c,\n"
            " * generator in firmware/host/kingray_gen.c); do not edit.  Fold magic 0x%08lXu,\n"
            " * the cheapest on AVR of the magics with at most 4 set bits that\n"
            " * gather every diagonal without collision.\n"
            " * tests/checkers/test_kingmagic.sh regenerates this file and compares.\n"
            " */\n"
            "#include \"checkers/kingray.h\"\n"
            "\n"
            "#if KR_FOLD_MAGIC != 0x%08lXu\n"
            "#error \"tables generated for another fold magic\"\n"
            "#endif\n"
            "\n"
            "/* { empty-board ray, base, multiplier, index mask } */\n"
            "const struct kr_entry kr_entries[BB_DIRECTIONS][BB_SQUARES] PROGMEM = {\n",
            command, (unsigned long)KR_FOLD_MAGIC, (unsigned long)KR_FOLD_MAGIC);
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        fprintf(out, "    [%s] = {\n", names[direction]);
        for (uint8_t square = 0; square < BB_SQUARES; square++) {
            const struct kr_entry *e = &tables->entries[direction][square];
            fprintf(out, "        {0x%08lXu, %3u, 0x%02X, 0x%02X},  /* %2u */\n",
                    (unsigned long)e->ray_mask, (unsigned)e->base,
                    (unsigned)e->multiplier, (unsigned)e->index_mask,
                    (unsigned)square);
        }
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n\n"
                 "/* Each ray's folded bytes, indexed by its folded, rotated inner\n"
                 " * occupancy. */\n"
                 "const uint8_t kr_ray_bytes[KR_RAY_BYTES] PROGMEM = {\n");
    for (uint16_t i = 0; i < KR_RAY_BYTES; i++)
        fprintf(out, "%s0x%02X,%s", i % 12u == 0 ? "    " : " ",
                (unsigned)tables->ray_bytes[i],
                i % 12u == 11u || i + 1u == KR_RAY_BYTES ? "\n" : "");
    fprintf(out, "};\n");
}
