/* SPDX-License-Identifier: MIT */
/*
 * vcd2svg - draws one-bit signals of a value change dump (VCD) as an SVG
 * waveform: one row a signal, time from left to right with a labelled axis.
 *
 *   vcd2svg [--signals PB5,TXD0] [--from 10ms] [--to 0.3s] [--width PX]
 *           [--title TEXT] trace.vcd > trace.svg
 *
 * Mechanism.  The reader takes the subset of IEEE 1364 VCD that simulators
 * and logic analysers write for wires: $timescale, $var (scopes are
 * flattened, a name is the signal's reference), $dumpvars, "#time" and
 * scalar changes 0 1 x z (vectors and reals are read and skipped).  Each
 * signal keeps its changes in time order.
 *
 * Drawing maps the window [from, to] onto WIDTH pixel columns.  A column in
 * which a signal changes once gets a vertical edge at the change's exact
 * position; a column with two changes or more, narrower than what the eye
 * could tell apart (a burst of serial frames over a long window), becomes
 * part of a filled band.  So the picture's size depends on its width, not
 * on the number of changes.  0 and 1 are drawn low and high, z (floating)
 * as a dashed line in the middle, x (unknown) as a red one.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_MAX_LEN 256
#define TOKEN_MAX 256
#define DEFAULT_WIDTH 900
#define LABEL_WIDTH 70
#define ROW_HEIGHT 34
#define TOP 34
#define AXIS_HEIGHT 36
#define HIGH_OFFSET 8
#define LOW_OFFSET 26
#define TARGET_TICKS 8

typedef struct change {
    uint64_t t;                 /* in the file's time units */
    char level;                 /* '0' '1' 'x' 'z' */
} change;

typedef struct signal {
    char id[TOKEN_MAX];
    char name[NAME_MAX_LEN];
    int width;                  /* bits; only 1 is drawn */
    change *changes;
    size_t count, cap;
} signal;

static struct trace {
    signal *sig;
    size_t count, cap;
    double unit;                /* seconds per time unit */
    uint64_t last;              /* the latest time in the file */
} T;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("vcd2svg: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap * 2 : 64;
    while (n < need)
        n *= 2;
    p = realloc(p, n * size);
    if (!p)
        die("out of memory");
    *cap = n;
    return p;
}

/* -------------------------------------------------------------- reading -- */
static bool next_token(FILE *f, char *tok)
{
    int c;
    while ((c = getc(f)) != EOF && isspace(c))
        ;
    if (c == EOF)
        return false;
    size_t n = 0;
    do {
        if (n + 1 < TOKEN_MAX)
            tok[n++] = (char)c;
    } while ((c = getc(f)) != EOF && !isspace(c));
    tok[n] = '\0';
    return true;
}

static void skip_to_end(FILE *f, char *tok)
{
    while (next_token(f, tok))
        if (strcmp(tok, "$end") == 0)
            return;
}

static signal *find_id(const char *id)
{
    for (size_t i = 0; i < T.count; i++)
        if (strcmp(T.sig[i].id, id) == 0)
            return &T.sig[i];
    return NULL;
}

static void record(const char *id, char level, uint64_t now)
{
    signal *s = find_id(id);
    if (!s || s->width != 1)
        return;
    level = (char)tolower((unsigned char)level);
    if (s->count && s->changes[s->count - 1].level == level)
        return;
    if (s->count && s->changes[s->count - 1].t == now) {
        s->changes[s->count - 1].level = level;     /* the last word at a time */
        return;
    }
    s->changes = grow(s->changes, &s->cap, s->count + 1, sizeof *s->changes);
    s->changes[s->count++] = (change){ now, level };
}

static double unit_seconds(const char *unit)
{
    static const struct { const char *name; double s; } units[] = {
        { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 }, { "ps", 1e-12 }, { "fs", 1e-15 },
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(unit, units[i].name) == 0)
            return units[i].s;
    return 0;
}

static void read_timescale(FILE *f, char *tok)
{
    char text[2 * TOKEN_MAX] = "";
    while (next_token(f, tok) && strcmp(tok, "$end") != 0)
        strncat(text, tok, sizeof text - strlen(text) - 1);
    char *unit;
    double n = strtod(text, &unit);
    double s = unit_seconds(unit);
    if (n <= 0 || s == 0)
        die("timescale '%s' not understood", text);
    T.unit = n * s;
}

static void read_var(FILE *f, char *tok)
{
    char fields[4][TOKEN_MAX];
    int n = 0;
    while (next_token(f, tok) && strcmp(tok, "$end") != 0)
        if (n < 4)
            snprintf(fields[n++], TOKEN_MAX, "%s", tok);
    if (n < 4)
        die("a $var with too few fields");
    T.sig = grow(T.sig, &T.cap, T.count + 1, sizeof *T.sig);
    signal *s = &T.sig[T.count++];
    memset(s, 0, sizeof *s);
    s->width = atoi(fields[1]);
    snprintf(s->id, sizeof s->id, "%s", fields[2]);
    snprintf(s->name, sizeof s->name, "%s", fields[3]);
}

static void read_vcd(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: %s", path, strerror(errno));
    char tok[TOKEN_MAX];
    uint64_t now = 0;
    T.unit = 1e-9;              /* VCD's default if no $timescale */
    while (next_token(f, tok)) {
        if (strcmp(tok, "$timescale") == 0)
            read_timescale(f, tok);
        else if (strcmp(tok, "$var") == 0)
            read_var(f, tok);
        else if (strcmp(tok, "$dumpvars") == 0 || strcmp(tok, "$dumpon") == 0 ||
                 strcmp(tok, "$dumpoff") == 0 || strcmp(tok, "$dumpall") == 0 ||
                 strcmp(tok, "$end") == 0)
            continue;           /* their changes are read like any others */
        else if (tok[0] == '$')
            skip_to_end(f, tok);
        else if (tok[0] == '#') {
            char *end;
            uint64_t t = strtoull(tok + 1, &end, 10);
            if (*end || t < now)
                die("%s: bad or decreasing time '%s'", path, tok);
            now = t;
        } else if (strchr("01xzXZ", tok[0])) {
            record(tok + 1, tok[0], now);
        } else if (tok[0] == 'b' || tok[0] == 'B' || tok[0] == 'r' || tok[0] == 'R') {
            next_token(f, tok);         /* the identifier of a vector or a real */
        } else {
            die("%s: unexpected '%s'", path, tok);
        }
    }
    fclose(f);
    T.last = now;
}

/* -------------------------------------------------------------- drawing -- */
typedef struct view {
    double from, to;            /* seconds */
    int width;
} view;

static double x_of(const view *v, double seconds)
{
    return LABEL_WIDTH + (seconds - v->from) / (v->to - v->from) * v->width;
}

static int level_y(char level, int top)
{
    return top + (level == '1' ? HIGH_OFFSET : level == '0' ? LOW_OFFSET
                                                             : (HIGH_OFFSET + LOW_OFFSET) / 2);
}

/* Path data goes into growing strings, one a style. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void addf(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void addf(text *t, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    t->s = grow(t->s, &t->cap, t->len + (size_t)n + 1, 1);
    memcpy(t->s + t->len, buf, (size_t)n + 1);
    t->len += (size_t)n;
}

/* A stretch at one level from x0 to x1. */
static void level_run(text *solid, text *floating, text *unknown, char level, int top,
                      double x0, double x1)
{
    if (x1 <= x0)
        return;
    text *t = level == 'z' ? floating : level == 'x' ? unknown : solid;
    addf(t, "M%.1f %dH%.1f", x0, level_y(level, top), x1);
}

static void draw_signal(const view *v, const signal *s, int row)
{
    int top = TOP + row * ROW_HEIGHT;
    text solid = { 0 }, floating = { 0 }, unknown = { 0 }, band = { 0 };
    const int columns = v->width;
    int *count = calloc((size_t)columns, sizeof *count);
    char *after = calloc((size_t)columns, 1);       /* the level a column ends at */
    double *edge_x = calloc((size_t)columns, sizeof *edge_x);
    if (!count || !after || !edge_x)
        die("out of memory");

    char level = 'x';           /* before the first change */
    for (size_t i = 0; i < s->count; i++) {
        double t = (double)s->changes[i].t * T.unit;
        if (t <= v->from) {
            level = s->changes[i].level;
            continue;
        }
        if (t >= v->to)
            break;
        int c = (int)((t - v->from) / (v->to - v->from) * columns);
        if (c >= columns)
            c = columns - 1;
        count[c]++;
        after[c] = s->changes[i].level;
        edge_x[c] = x_of(v, t);
    }
    double x = LABEL_WIDTH;
    for (int c = 0; c < columns; c++) {
        if (count[c] == 1) {
            level_run(&solid, &floating, &unknown, level, top, x, edge_x[c]);
            addf(&solid, "M%.1f %dV%d", edge_x[c], level_y(level, top), level_y(after[c], top));
            level = after[c];
            x = edge_x[c];
        } else if (count[c] > 1) {          /* a burst: one band over its columns */
            int end = c;
            while (end + 1 < columns && count[end + 1] > 1)
                end++;
            level_run(&solid, &floating, &unknown, level, top, x, LABEL_WIDTH + c);
            addf(&band, "M%d %dH%dV%dH%dZ", LABEL_WIDTH + c, top + HIGH_OFFSET,
                 LABEL_WIDTH + end + 1, top + LOW_OFFSET, LABEL_WIDTH + c);
            level = after[end];
            x = LABEL_WIDTH + end + 1;
            c = end;
        }
    }
    level_run(&solid, &floating, &unknown, level, top, x, LABEL_WIDTH + columns);
    free(count);
    free(after);
    free(edge_x);

    printf("<text x=\"%d\" y=\"%d\" class=\"name\">%s</text>\n", LABEL_WIDTH - 8,
           top + (HIGH_OFFSET + LOW_OFFSET) / 2 + 4, s->name);
    if (band.len)
        printf("<path class=\"band\" d=\"%s\"/>\n", band.s);
    if (floating.len)
        printf("<path class=\"z\" d=\"%s\"/>\n", floating.s);
    if (unknown.len)
        printf("<path class=\"x\" d=\"%s\"/>\n", unknown.s);
    if (solid.len)
        printf("<path class=\"wave\" d=\"%s\"/>\n", solid.s);
    free(solid.s);
    free(floating.s);
    free(unknown.s);
    free(band.s);
}

/* A tick step of 1, 2 or 5 times a power of ten, and its label unit. */
static void draw_axis(const view *v, int rows)
{
    double span = v->to - v->from;
    double raw = span / TARGET_TICKS;
    double power = pow(10, floor(log10(raw)));
    double step = raw / power < 2 ? 2 * power : raw / power < 5 ? 5 * power : 10 * power;
    static const struct { double s; const char *name; } units[] = {
        { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" }, { 1e-12, "ps" },
    };
    size_t u = 0;
    while (u + 1 < sizeof units / sizeof units[0] && span < units[u].s)
        u++;
    int y0 = TOP - 6, y1 = TOP + rows * ROW_HEIGHT;
    for (double t = ceil(v->from / step) * step; t <= v->to + step * 1e-9; t += step) {
        double x = x_of(v, t);
        printf("<path class=\"grid\" d=\"M%.1f %dV%d\"/>\n", x, y0, y1);
        printf("<text x=\"%.1f\" y=\"%d\" class=\"tick\">%g %s</text>\n", x, y1 + 16,
               round(t / units[u].s * 1e6) / 1e6, units[u].name);
    }
}

static void draw(const view *v, signal **shown, size_t n, const char *title)
{
    int height = TOP + (int)n * ROW_HEIGHT + AXIS_HEIGHT;
    int width = LABEL_WIDTH + v->width + 40;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
           "viewBox=\"0 0 %d %d\">\n", width, height, width, height);
    printf("<style>\n"
           "text { font-family: monospace; font-size: 12px; fill: #222; }\n"
           ".name { text-anchor: end; } .tick { text-anchor: middle; fill: #555; }\n"
           ".wave { fill: none; stroke: #1f4e9a; stroke-width: 1.5; }\n"
           ".band { fill: #1f4e9a; stroke: none; }\n"
           ".z { fill: none; stroke: #999; stroke-width: 1; stroke-dasharray: 3 3; }\n"
           ".x { fill: none; stroke: #c0392b; stroke-width: 1.5; }\n"
           ".grid { stroke: #e4e4e4; stroke-width: 1; }\n"
           "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    if (title) {
        printf("<text x=\"%d\" y=\"18\">", LABEL_WIDTH);
        for (const char *p = title; *p; p++) {
            if (*p == '<') fputs("&lt;", stdout);
            else if (*p == '&') fputs("&amp;", stdout);
            else putchar(*p);
        }
        puts("</text>");
    }
    draw_axis(v, (int)n);
    for (size_t i = 0; i < n; i++)
        draw_signal(v, shown[i], (int)i);
    puts("</svg>");
}

/* ------------------------------------------------------------ the entry -- */
static double parse_time(const char *option, const char *text)
{
    char *unit;
    errno = 0;
    double v = strtod(text, &unit);
    double scale = *unit ? unit_seconds(unit) : 1;
    if (errno || unit == text || scale == 0 || v < 0)
        die("%s wants a time such as 0.25s, 12ms or 500us, not '%s'", option, text);
    return v * scale;
}

static const char usage[] =
    "usage: vcd2svg [--signals A,B,...] [--from TIME] [--to TIME] [--width PX]\n"
    "               [--title TEXT] FILE.vcd > FILE.svg\n"
    "Draws the one-bit signals of a VCD as an SVG waveform.  Default: every\n"
    "signal that changes, over the whole file.  TIME: 0.25s, 12ms, 500us, 80ns.\n";

int main(int argc, char **argv)
{
    const char *list = NULL, *title = NULL, *path = NULL;
    double from = 0, to = -1;
    int width = DEFAULT_WIDTH;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--signals") == 0 && has_value) list = argv[++i];
        else if (strcmp(a, "--from") == 0 && has_value) from = parse_time(a, argv[++i]);
        else if (strcmp(a, "--to") == 0 && has_value) to = parse_time(a, argv[++i]);
        else if (strcmp(a, "--title") == 0 && has_value) title = argv[++i];
        else if (strcmp(a, "--width") == 0 && has_value) {
            width = atoi(argv[++i]);
            if (width < 50 || width > 20000)
                die("--width is 50 to 20000 pixels");
        } else if (strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        } else if (a[0] == '-' || path) {
            fputs(usage, stderr);
            return 2;
        } else {
            path = a;
        }
    }
    if (!path) {
        fputs(usage, stderr);
        return 2;
    }
    read_vcd(path);
    if (to < 0)
        to = (double)T.last * T.unit;
    if (to <= from)
        die("the window %g s to %g s is empty", from, to);

    signal **shown = malloc((T.count + 1) * sizeof *shown);
    size_t n = 0;
    if (list) {
        char copy[4096];
        snprintf(copy, sizeof copy, "%s", list);
        for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
            size_t k = 0;
            while (k < T.count && strcmp(T.sig[k].name, name) != 0)
                k++;
            if (k == T.count)
                die("%s has no signal '%s'", path, name);
            if (T.sig[k].width != 1)
                die("'%s' is %d bits wide: only one-bit signals are drawn", name, T.sig[k].width);
            shown[n++] = &T.sig[k];
        }
    } else {
        for (size_t k = 0; k < T.count; k++)
            if (T.sig[k].width == 1 && T.sig[k].count > 1)
                shown[n++] = &T.sig[k];
    }
    if (n == 0)
        die("%s: no signal to draw (none changes; name them with --signals)", path);
    view v = { from, to, width };
    draw(&v, shown, n, title);
    free(shown);
    return ferror(stdout) ? 1 : 0;
}
