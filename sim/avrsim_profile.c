/* SPDX-License-Identifier: MIT */
/*
 * avrsim_profile.c - the profiler behind avrsim --profile and --callgrind;
 * the mechanism is described in avrsim_profile.h.
 */
#define _GNU_SOURCE              /* qsort_r */

#include "avrsim_profile.h"

#include <assert.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sim_interrupts.h>
#include <sim_irq.h>

#include "avrsim_io.h"

#define UNKNOWN_FN 0u                   /* "?": flash that no symbol covers */
#define NO_EDGE UINT32_MAX              /* the bottom frame was not called */
#define ROOT_SP UINT32_MAX              /* no SP returns from the bottom frame */
#define IO_BASE 0x20u                   /* data address of I/O register 0 */
/* gcc writes SPH, restores SREG, then writes SPL: SP is whole again at the
 * second instruction after the SPH write (a third for safety). */
#define SPLIT_SP_INSTRUCTIONS 3u
#define FIRST_EDGE_SLOTS 1024u          /* hash table of call edges, power of 2 */
#define FIRST_FRAMES 64u
#define FIRST_SYMBOLS 256u
#define MIN_NAME_WIDTH 8

/* What the instruction at a flash word does to the call stack. */
enum { OP_OTHER, OP_CALL, OP_SPH_WRITE, OP_SPL_WRITE };

typedef struct prof_fn {
    char *name;
    uint32_t addr;              /* byte address */
    uint32_t size;              /* the symbol's size; 0: unsized */
    uint32_t bytes;             /* flash bytes reported for it */
    uint64_t self, incl, calls;
    uint32_t active;            /* its frames on the shadow stack */
} prof_fn;

/* One call site calling one function: callgrind's calls= lines. */
typedef struct prof_edge {
    uint32_t site;              /* byte address of the call, jump or interrupted instruction */
    uint32_t callee;
    uint64_t count, incl;
} prof_edge;

typedef struct prof_frame {
    uint32_t fn, edge;
    uint32_t ret_sp;            /* SP once the frame has returned */
    uint64_t entered;           /* charged cycles when it was entered */
} prof_frame;

struct profile {
    avr_t *avr;
    uint32_t words;             /* flash words of the program; index `words` is outside */
    uint32_t *fn_of_word;
    uint8_t *op_class;
    uint64_t *word_cycles;
    prof_fn *fns;
    uint32_t nfns;

    prof_edge *edges;
    uint32_t nedges, edge_cap;
    uint32_t *edge_slots;       /* edge index + 1; 0: empty */
    uint32_t slot_mask;

    prof_frame *frames;
    size_t depth, frame_cap;

    uint64_t charged;
    int probe_id;
    bool window_open;
    uint64_t windows;
    uint8_t split_sp;           /* instructions left in a split SP update */
    uint8_t address_size;       /* bytes of a return address on the stack */

    /* set by the interrupt hook during a step */
    bool irq_taken;
    uint16_t irq_sp;
    uint32_t irq_return_pc;
};

/* --------------------------------------------------------------- memory -- */
static void out_of_memory(void) __attribute__((noreturn));
static void out_of_memory(void)
{
    fputs("avrsim: out of memory while profiling\n", stderr);
    abort();
}

/* Doubles an array's capacity. */
static void *grow(void *array, size_t *capacity, size_t first, size_t element)
{
    size_t n = *capacity ? *capacity * 2u : first;
    void *bigger = realloc(array, n * element);
    if (!bigger)
        out_of_memory();
    *capacity = n;
    return bigger;
}

static uint16_t read_sp(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
}

/* -------------------------------------------------------------- symbols -- */
typedef struct symbol {
    char *name;
    uint32_t addr, size;
    unsigned rank;              /* higher names the address better */
    size_t index;               /* order in .symtab, for a stable choice */
} symbol;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Several names often share an address (__bad_interrupt and the weak
 * __vector_N, __init and __ctors_end, exit and _exit): prefer a sized
 * symbol, then a code name over the linker script's section boundaries,
 * then a global over a weak over a local one. */
static unsigned symbol_rank(const GElf_Sym *sym, const char *name)
{
    unsigned binding = GELF_ST_BIND(sym->st_info) == STB_GLOBAL ? 2u
                     : GELF_ST_BIND(sym->st_info) == STB_WEAK ? 1u : 0u;
    bool boundary = sym->st_size == 0 &&
                    (ends_with(name, "_start") || ends_with(name, "_end") ||
                     strcmp(name, "_etext") == 0);
    return (sym->st_size ? 8u : 0u) | (boundary ? 0u : 4u) | binding;
}

/* A function or label in executable flash: FUNC and NOTYPE symbols (the
 * assembler routines of libgcc and avr-libc are NOTYPE, often sized);
 * local labels that start with '.' are not functions. */
static bool is_code_symbol(Elf *elf, const GElf_Sym *sym, const char *name)
{
    int type = GELF_ST_TYPE(sym->st_info);
    if ((type != STT_FUNC && type != STT_NOTYPE) || !name || !name[0] || name[0] == '.')
        return false;
    if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE)
        return false;
    GElf_Shdr shdr;
    Elf_Scn *scn = elf_getscn(elf, sym->st_shndx);
    return scn && gelf_getshdr(scn, &shdr) && (shdr.sh_flags & SHF_EXECINSTR);
}

static void add_symbol(symbol **syms, size_t *n, size_t *cap, const GElf_Sym *sym,
                       const char *name, size_t index)
{
    if (*n == *cap)
        *syms = grow(*syms, cap, FIRST_SYMBOLS, sizeof **syms);
    char *copy = strdup(name);
    if (!copy)
        out_of_memory();
    (*syms)[(*n)++] = (symbol){ copy, (uint32_t)sym->st_value, (uint32_t)sym->st_size,
                                symbol_rank(sym, name), index };
}

/* The ELF's code symbols; false if the file cannot be read as an ELF. */
static bool read_symbols(const char *path, symbol **out, size_t *count)
{
    symbol *syms = NULL;
    size_t n = 0, cap = 0;
    if (elf_version(EV_CURRENT) == EV_NONE)
        return false;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return false;
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    size_t index = 0;
    for (Elf_Scn *scn = NULL; elf && (scn = elf_nextscn(elf, scn)) != NULL;) {
        GElf_Shdr shdr;
        if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB || !shdr.sh_entsize)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        size_t total = shdr.sh_size / shdr.sh_entsize;
        for (size_t i = 0; data && i < total; i++, index++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                continue;
            const char *name = elf_strptr(elf, shdr.sh_link, sym.st_name);
            if (is_code_symbol(elf, &sym, name))
                add_symbol(&syms, &n, &cap, &sym, name, index);
        }
    }
    bool ok = elf != NULL;
    if (elf)
        elf_end(elf);
    close(fd);
    *out = syms;
    *count = n;
    return ok;
}

static int by_address_then_rank(const void *a, const void *b)
{
    const symbol *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank > y->rank ? -1 : 1;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* One function per distinct address, named by its best symbol, after
 * UNKNOWN_FN. */
static void make_functions(profile *p, symbol *syms, size_t n)
{
    qsort(syms, n, sizeof *syms, by_address_then_rank);
    p->fns = calloc(n + 1u, sizeof *p->fns);
    if (!p->fns)
        out_of_memory();
    p->fns[UNKNOWN_FN].name = strdup("?");
    if (!p->fns[UNKNOWN_FN].name)
        out_of_memory();
    p->nfns = 1;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && syms[i].addr == syms[i - 1].addr) {
            free(syms[i].name);
            continue;
        }
        p->fns[p->nfns++] = (prof_fn){ .name = syms[i].name, .addr = syms[i].addr,
                                       .size = syms[i].size };
    }
}

static void fill_words(profile *p, uint32_t from, uint32_t to, uint32_t fn)
{
    for (uint32_t w = from / 2u; w < to / 2u && w < p->words; w++)
        p->fn_of_word[w] = fn;
}

/* Each flash word belongs to the sized symbol that covers it, else to the
 * nearest symbol before it, else to "?". */
static void map_words(profile *p)
{
    const uint32_t end = p->words * 2u;
    for (uint32_t f = 1; f < p->nfns; f++)
        fill_words(p, p->fns[f].addr, f + 1u < p->nfns ? p->fns[f + 1u].addr : end, f);
    for (uint32_t f = 1; f < p->nfns; f++)
        if (p->fns[f].size)
            fill_words(p, p->fns[f].addr, p->fns[f].addr + p->fns[f].size, f);
    for (uint32_t w = 0; w < p->words; w++)
        if (!p->fns[p->fn_of_word[w]].size)
            p->fns[p->fn_of_word[w]].bytes += 2u;
    for (uint32_t f = 1; f < p->nfns; f++)
        if (p->fns[f].size)
            p->fns[f].bytes = p->fns[f].size;
}

/* ---------------------------------------------------------- instructions -- */
static uint8_t classify(const avr_t *avr, uint32_t addr, uint32_t end)
{
    uint16_t op = (uint16_t)(avr->flash[addr] | (avr->flash[addr + 1u] << 8));
    uint16_t next = addr + 3u < end ?
        (uint16_t)(avr->flash[addr + 2u] | (avr->flash[addr + 3u] << 8)) : 0u;
    bool call = (op & 0xFE0Eu) == 0x940Eu ||                    /* CALL k */
                ((op & 0xF000u) == 0xD000u && op != 0xD000u) || /* RCALL k, not .+0 */
                op == 0x9509u || op == 0x9519u;                 /* ICALL, EICALL */
    if (call)
        return OP_CALL;
    uint16_t target = 0;                                        /* data address written */
    if ((op & 0xF800u) == 0xB800u)                              /* OUT A, Rr */
        target = (uint16_t)(IO_BASE + (((op >> 5) & 0x30u) | (op & 0x0Fu)));
    else if ((op & 0xFE0Fu) == 0x9200u)                         /* STS k, Rr */
        target = next;
    return target == R_SPH ? OP_SPH_WRITE : target == R_SPL ? OP_SPL_WRITE : OP_OTHER;
}

static uint32_t fn_at(const profile *p, uint32_t pc)
{
    uint32_t w = pc / 2u;
    return p->fn_of_word[w < p->words ? w : p->words];
}

/* ----------------------------------------------------------- call edges -- */
static uint32_t edge_hash(uint32_t site, uint32_t callee)
{
    return (site * 2654435761u) ^ (callee * 40503u);    /* Knuth's multiplicative */
}

static void rehash_edges(profile *p, uint32_t slots)
{
    free(p->edge_slots);
    p->edge_slots = calloc(slots, sizeof *p->edge_slots);
    if (!p->edge_slots)
        out_of_memory();
    p->slot_mask = slots - 1u;
    for (uint32_t e = 0; e < p->nedges; e++) {
        uint32_t s = edge_hash(p->edges[e].site, p->edges[e].callee) & p->slot_mask;
        while (p->edge_slots[s])
            s = (s + 1u) & p->slot_mask;
        p->edge_slots[s] = e + 1u;
    }
}

static uint32_t find_edge(profile *p, uint32_t site, uint32_t callee)
{
    uint32_t s = edge_hash(site, callee) & p->slot_mask;
    for (; p->edge_slots[s]; s = (s + 1u) & p->slot_mask) {
        const prof_edge *e = &p->edges[p->edge_slots[s] - 1u];
        if (e->site == site && e->callee == callee)
            return p->edge_slots[s] - 1u;
    }
    if (p->nedges == p->edge_cap) {
        size_t cap = p->edge_cap;
        p->edges = grow(p->edges, &cap, FIRST_EDGE_SLOTS / 2u, sizeof *p->edges);
        p->edge_cap = (uint32_t)cap;
    }
    uint32_t e = p->nedges++;
    p->edges[e] = (prof_edge){ .site = site, .callee = callee };
    p->edge_slots[s] = e + 1u;
    if (p->nedges * 2u > p->slot_mask + 1u)     /* keep the table half empty */
        rehash_edges(p, (p->slot_mask + 1u) * 2u);
    return e;
}

/* ------------------------------------------------------- shadow stack -- */
static prof_frame *top(profile *p)
{
    return &p->frames[p->depth - 1u];
}

static void push_frame(profile *p, uint32_t fn, uint32_t ret_sp, uint32_t edge)
{
    if (p->depth == p->frame_cap)
        p->frames = grow(p->frames, &p->frame_cap, FIRST_FRAMES, sizeof *p->frames);
    p->frames[p->depth++] = (prof_frame){ fn, edge, ret_sp, p->charged };
    p->fns[fn].active++;
    if (edge != NO_EDGE && p->window_open) {
        p->edges[edge].count++;
        p->fns[fn].calls++;
    }
}

static void call(profile *p, uint32_t fn, uint32_t ret_sp, uint32_t site)
{
    push_frame(p, fn, ret_sp, find_edge(p, site, fn));
}

/* A recursive function's cycles count once in its inclusive figure: only
 * its outermost frame adds them. */
static void pop_frame(profile *p)
{
    prof_frame *f = &p->frames[--p->depth];
    uint64_t spent = p->charged - f->entered;
    if (f->edge != NO_EDGE)
        p->edges[f->edge].incl += spent;
    if (--p->fns[f->fn].active == 0)
        p->fns[f->fn].incl += spent;
}

static void return_to_sp(profile *p, uint32_t sp)
{
    while (p->depth > 1u && sp >= top(p)->ret_sp)
        pop_frame(p);
}

/* PC reached function fn without a call or a return: back to fn if it is
 * in the current frame's chain of jumps, else a call from the same frame. */
static void jump_to(profile *p, uint32_t fn, uint32_t site)
{
    uint32_t chain_sp = top(p)->ret_sp;
    for (size_t i = p->depth; i-- > 0 && p->frames[i].ret_sp == chain_sp;)
        if (p->frames[i].fn == fn) {
            while (p->depth > i + 1u)
                pop_frame(p);
            return;
        }
    call(p, fn, chain_sp, site);
}

static void track_split_sp(profile *p, uint8_t op)
{
    if (op == OP_SPH_WRITE)
        p->split_sp = SPLIT_SP_INSTRUCTIONS;
    else if (op == OP_SPL_WRITE)
        p->split_sp = 0;
    else if (p->split_sp)
        p->split_sp--;
}

/* After a step that started at pc with stack pointer sp.  An interrupt
 * entered in the same step comes after the instruction: the instruction's
 * own effect is read from the interrupt's return address and SP. */
static void follow_stack(profile *p, const avr_t *avr, uint32_t pc, uint16_t sp, uint8_t op)
{
    uint32_t next_pc = p->irq_taken ? p->irq_return_pc : avr->pc;
    uint32_t next_sp = p->irq_taken ? p->irq_sp + p->address_size : read_sp(avr);
    track_split_sp(p, op);
    if (!p->split_sp)
        return_to_sp(p, next_sp);
    uint32_t fn = fn_at(p, next_pc);
    if (op == OP_CALL)
        call(p, fn, sp, pc);
    else if (fn != top(p)->fn)
        jump_to(p, fn, pc);
    if (p->irq_taken)
        call(p, fn_at(p, avr->pc), next_sp, next_pc);
}

/* simavr raises its "interrupt running" IRQ with the vector's number when
 * it has pushed the return address and jumped to the vector, and again in
 * RETI (before the return) with the number of the interrupt it returns to:
 * only the first has the PC on that vector. */
static void interrupt_running(avr_irq_t *irq, uint32_t vector, void *param)
{
    (void)irq;
    profile *p = param;
    const avr_t *avr = p->avr;
    if (vector == 0 || avr->pc != vector * avr->vector_size)
        return;
    uint16_t sp = read_sp(avr);
    uint32_t word = 0;                          /* pushed low byte first */
    for (unsigned i = 1; i <= p->address_size && sp + i <= avr->ramend; i++)
        word = word << 8 | avr->data[sp + i];
    p->irq_taken = true;
    p->irq_sp = sp;
    p->irq_return_pc = word * 2u;
}

/* ------------------------------------------------------------ interface -- */
profile *prof_create(avr_t *avr, const char *path, uint32_t program_end, int probe_id,
                     char *errbuf, size_t errlen)
{
    assert(probe_id == PROF_WHOLE_RUN || (probe_id >= 0 && probe_id < (int)AVRSIM_PROBE_COUNT));
    symbol *syms;
    size_t nsyms;
    if (!read_symbols(path, &syms, &nsyms)) {
        snprintf(errbuf, errlen, "%s: cannot read the symbol table", path);
        return NULL;
    }
    profile *p = calloc(1, sizeof *p);
    if (!p)
        out_of_memory();
    p->avr = avr;
    p->words = (program_end + 1u) / 2u;
    p->fn_of_word = calloc(p->words + 1u, sizeof *p->fn_of_word);    /* UNKNOWN_FN */
    p->op_class = calloc(p->words + 1u, 1);
    p->word_cycles = calloc(p->words + 1u, sizeof *p->word_cycles);
    if (!p->fn_of_word || !p->op_class || !p->word_cycles)
        out_of_memory();
    make_functions(p, syms, nsyms);
    free(syms);
    map_words(p);
    for (uint32_t w = 0; w < p->words; w++)
        p->op_class[w] = classify(avr, w * 2u, p->words * 2u);
    rehash_edges(p, FIRST_EDGE_SLOTS);
    p->probe_id = probe_id;
    p->window_open = probe_id == PROF_WHOLE_RUN;
    p->address_size = avr->address_size;
    push_frame(p, fn_at(p, avr->pc), ROOT_SP, NO_EDGE);
    avr_irq_register_notify(avr_get_interrupt_irq(avr, AVR_INT_ANY) + AVR_INT_IRQ_RUNNING,
                            interrupt_running, p);
    return p;
}

int prof_step(profile *p, avr_t *avr)
{
    const uint32_t pc = avr->pc;
    const uint16_t sp = read_sp(avr);
    const avr_cycle_count_t before = avr->cycle;
    const uint32_t word = pc / 2u < p->words ? pc / 2u : p->words;
    /* a sleeping CPU executes nothing: its PC is the next instruction's */
    const uint8_t op = avr->state == cpu_Running ? p->op_class[word] : OP_OTHER;
    p->irq_taken = false;
    int state = avr_run(avr);
    if (p->window_open) {       /* open after the step: see the header */
        uint64_t spent = avr->cycle - before;
        p->word_cycles[word] += spent;
        p->charged += spent;
    }
    follow_stack(p, avr, pc, sp, op);
    return state;
}

void prof_probe_write(profile *p, uint8_t code)
{
    if (p->probe_id == PROF_WHOLE_RUN || !AVRSIM_PROBE_CODE_IS_PROBE(code) ||
        AVRSIM_PROBE_CODE_ID(code) != (unsigned)p->probe_id)
        return;
    bool begin = !(code & AVRSIM_PROBE_END_FLAG);
    if (begin && !p->window_open)
        p->windows++;
    p->window_open = begin;
}

void prof_finish(profile *p)
{
    assert(p->depth > 0);       /* the bottom frame is still there: first call */
    while (p->depth)
        pop_frame(p);
    for (uint32_t w = 0; w <= p->words; w++)
        p->fns[p->fn_of_word[w]].self += p->word_cycles[w];
}

/* --------------------------------------------------------------- output -- */
static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static int by_self_cycles(const void *a, const void *b, void *param)
{
    const profile *p = param;
    const prof_fn *x = &p->fns[*(const uint32_t *)a], *y = &p->fns[*(const uint32_t *)b];
    if (x->self != y->self)
        return x->self > y->self ? -1 : 1;
    if (x->incl != y->incl)
        return x->incl > y->incl ? -1 : 1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool fn_seen(const prof_fn *f)
{
    return f->self || f->incl || f->calls;
}

bool prof_write_table(const profile *p, FILE *f, const char *title)
{
    uint32_t *order = malloc(p->nfns * sizeof *order);
    if (!order)
        out_of_memory();
    uint32_t shown = 0;
    int width = MIN_NAME_WIDTH;
    for (uint32_t i = 0; i < p->nfns; i++)
        if (fn_seen(&p->fns[i])) {
            order[shown++] = i;
            int len = (int)strlen(p->fns[i].name);
            width = len > width ? len : width;
        }
    qsort_r(order, shown, sizeof *order, by_self_cycles, (void *)p);

    const uint64_t total = p->charged;
    fprintf(f, "# %s\n", title);
    if (p->probe_id == PROF_WHOLE_RUN)
        fprintf(f, "# %" PRIu64 " cycles charged: the whole run\n", total);
    else
        fprintf(f, "# %" PRIu64 " cycles charged: inside probe %d's regions (%" PRIu64
                " opened, 2 cycles of markers each)\n", total, p->probe_id, p->windows);
    fputs("# self: in the function's own code; incl: with what it calls and the interrupts\n"
          "# taken meanwhile (once for a recursive function); calls: entries by call,\n"
          "# interrupt or jump from another function; bytes: flash\n", f);
    fprintf(f, "#%-*s %14s %7s %14s %7s %10s %6s\n", width - 1, "function", "self", "self%",
            "incl", "incl%", "calls", "bytes");
    for (uint32_t k = 0; k < shown; k++) {
        const prof_fn *fn = &p->fns[order[k]];
        fprintf(f, "%-*s %14" PRIu64 " %7.2f %14" PRIu64 " %7.2f %10" PRIu64 " %6" PRIu32 "\n",
                width, fn->name, fn->self, percent(fn->self, total), fn->incl,
                percent(fn->incl, total), fn->calls, fn->bytes);
    }
    free(order);
    return !ferror(f);
}

static int by_function_then_address(const void *a, const void *b, void *param)
{
    const profile *p = param;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (p->fn_of_word[x] != p->fn_of_word[y])
        return p->fn_of_word[x] < p->fn_of_word[y] ? -1 : 1;
    return x < y ? -1 : x > y;
}

static int by_caller_then_site(const void *a, const void *b, void *param)
{
    const profile *p = param;
    const prof_edge *x = &p->edges[*(const uint32_t *)a], *y = &p->edges[*(const uint32_t *)b];
    uint32_t fx = fn_at(p, x->site), fy = fn_at(p, y->site);
    if (fx != fy)
        return fx < fy ? -1 : 1;
    if (x->site != y->site)
        return x->site < y->site ? -1 : 1;
    return x->callee < y->callee ? -1 : x->callee > y->callee;
}

/* Functions in address order, each with its cost lines (instruction
 * address, cycles) and its calls (callee, count and the callee's address,
 * then the call site and the cycles spent in the call). */
bool prof_write_callgrind(const profile *p, FILE *f, const char *elf_path)
{
    uint32_t *costs = malloc((p->words + 1u) * sizeof *costs);
    uint32_t *edges = malloc((p->nedges + 1u) * sizeof *edges);
    if (!costs || !edges)
        out_of_memory();
    uint32_t ncosts = 0, nedges = 0;
    for (uint32_t w = 0; w <= p->words; w++)
        if (p->word_cycles[w])
            costs[ncosts++] = w;
    for (uint32_t e = 0; e < p->nedges; e++)
        if (p->edges[e].count || p->edges[e].incl)
            edges[nedges++] = e;
    qsort_r(costs, ncosts, sizeof *costs, by_function_then_address, (void *)p);
    qsort_r(edges, nedges, sizeof *edges, by_caller_then_site, (void *)p);

    fprintf(f, "# callgrind format\nversion: 1\ncreator: avrsim\ncmd: %s\n"
            "positions: instr\nevents: Cycles\nsummary: %" PRIu64 "\n\nob=%s\nfl=???\n",
            elf_path, p->charged, elf_path);
    uint32_t i = 0, k = 0;
    while (i < ncosts || k < nedges) {
        uint32_t fc = i < ncosts ? p->fn_of_word[costs[i]] : UINT32_MAX;
        uint32_t fe = k < nedges ? fn_at(p, p->edges[edges[k]].site) : UINT32_MAX;
        uint32_t fn = fc < fe ? fc : fe;
        fprintf(f, "fn=%s\n", p->fns[fn].name);
        for (; i < ncosts && p->fn_of_word[costs[i]] == fn; i++)
            fprintf(f, "0x%" PRIx32 " %" PRIu64 "\n", costs[i] * 2u, p->word_cycles[costs[i]]);
        for (; k < nedges && fn_at(p, p->edges[edges[k]].site) == fn; k++) {
            const prof_edge *e = &p->edges[edges[k]];
            fprintf(f, "cfn=%s\ncalls=%" PRIu64 " 0x%" PRIx32 "\n0x%" PRIx32 " %" PRIu64 "\n",
                    p->fns[e->callee].name, e->count, p->fns[e->callee].addr, e->site, e->incl);
        }
    }
    fprintf(f, "\ntotals: %" PRIu64 "\n", p->charged);
    free(costs);
    free(edges);
    return !ferror(f);
}
