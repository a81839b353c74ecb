/* SPDX-License-Identifier: MIT */
#include "avrsim_vcd.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_io.h>

#define MAX_PORTS 16u
#define PINS_PER_PORT 8u
#define EDGE_QUEUE 4096u            /* 64 frames of 9 data bits, with room */
#define ID_FIRST '!'
#define ID_SPAN 94u                 /* '!' .. '~' */

typedef struct port_trace {
    char name;
    uint8_t port, ddr;              /* the registers as last written */
    char level[PINS_PER_PORT];      /* '0', '1', 'z' as last written */
    unsigned first_signal;
} port_trace;

typedef struct edge {
    avr_cycle_count_t when;
    char level;
} edge;

/* One of USART0's lines: its frames as a queue of level changes. */
typedef struct line_trace {
    unsigned signal;
    avr_cycle_count_t free_at;      /* the end of the last frame queued */
    edge edges[EDGE_QUEUE];
    unsigned head, count;
} line_trace;

static struct vcd {
    FILE *f;
    avr_t *avr;
    avr_uart_t *uart;
    port_trace ports[MAX_PORTS];
    unsigned port_count;
    line_trace tx, rx;
    unsigned signal_count;
    avr_cycle_count_t written;      /* the time of the last "#t" line */
    bool started;
} V;

/* ---------------------------------------------------------------- output -- */
static uint64_t picoseconds(avr_cycle_count_t cycle)
{
    return (uint64_t)((unsigned __int128)cycle * 1000000000000u / V.avr->frequency);
}

static void put_id(unsigned signal)
{
    if (signal >= ID_SPAN)
        putc(ID_FIRST + (int)(signal / ID_SPAN - 1u), V.f);
    putc(ID_FIRST + (int)(signal % ID_SPAN), V.f);
}

static void put_change(avr_cycle_count_t when, unsigned signal, char level)
{
    if (!V.started || when > V.written) {
        fprintf(V.f, "#%" PRIu64 "\n", picoseconds(when));
        V.written = when;
        V.started = true;
    }
    putc(level, V.f);
    put_id(signal);
    putc('\n', V.f);
}

/* Writes the queued frame edges of both lines up to time until, in order. */
static void drain_lines(avr_cycle_count_t until)
{
    for (;;) {
        line_trace *next = NULL;
        if (V.tx.count && V.tx.edges[V.tx.head].when <= until)
            next = &V.tx;
        if (V.rx.count && V.rx.edges[V.rx.head].when <= until &&
            (!next || V.rx.edges[V.rx.head].when < next->edges[next->head].when))
            next = &V.rx;
        if (!next)
            return;
        const edge *e = &next->edges[next->head];
        put_change(e->when, next->signal, e->level);
        next->head = (next->head + 1u) % EDGE_QUEUE;
        next->count--;
    }
}

/* ----------------------------------------------------------------- ports -- */
static void port_update(port_trace *p)
{
    avr_cycle_count_t now = V.avr->cycle;
    drain_lines(now);
    for (unsigned bit = 0; bit < PINS_PER_PORT; bit++) {
        uint8_t mask = (uint8_t)(1u << bit);
        char level = (p->ddr & mask) ? ((p->port & mask) ? '1' : '0')
                                     : ((p->port & mask) ? '1' : 'z');
        if (level != p->level[bit]) {
            p->level[bit] = level;
            put_change(now, p->first_signal + bit, level);
        }
    }
}

static void port_written(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    port_trace *p = param;
    p->port = (uint8_t)value;
    port_update(p);
}

static void ddr_written(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    port_trace *p = param;
    p->ddr = (uint8_t)value;
    port_update(p);
}

void vcd_reset(avr_t *avr)
{
    (void)avr;
    for (unsigned i = 0; i < V.port_count; i++) {
        port_trace *p = &V.ports[i];
        p->port = 0;            /* a reset clears every I/O register */
        p->ddr = 0;
        port_update(p);
    }
}

/* ----------------------------------------------------------------- USART -- */
static void queue_edge(line_trace *l, avr_cycle_count_t when, char level)
{
    if (l->count == EDGE_QUEUE)
        return;                 /* cannot happen with a 64-byte FIFO */
    l->edges[(l->head + l->count) % EDGE_QUEUE] = (edge){ when, level };
    l->count++;
}

static void queue_frame(line_trace *l, uint8_t byte)
{
    static const uint8_t data_bits[8] = { 5, 6, 7, 8, 8, 8, 8, 9 };
    avr_t *avr = V.avr;
    avr_uart_t *u = V.uart;
    unsigned bits = data_bits[(avr_regbit_get(avr, u->ucsz) | avr_regbit_get(avr, u->ucsz2) << 2) & 7u];
    unsigned word = 1u + bits + 1u + 1u + avr_regbit_get(avr, u->usbs);
    avr_cycle_count_t bit = u->cycles_per_byte / word;
    if (!bit)
        return;                 /* no baud rate set: nothing to draw */
    drain_lines(avr->cycle);    /* what is past already: the queue stays short */
    avr_cycle_count_t start = l->free_at > avr->cycle ? l->free_at : avr->cycle;
    char level = '1';
    for (unsigned slot = 0; slot <= bits; slot++) {
        char want = slot == 0 ? '0' : ((byte >> (slot - 1u)) & 1u) ? '1' : '0';
        if (want != level)
            queue_edge(l, start + slot * bit, want);
        level = want;
    }
    if (level != '1')
        queue_edge(l, start + (1u + bits) * bit, '1');
    l->free_at = start + u->cycles_per_byte;
}

static void tx_byte(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    queue_frame(&V.tx, (uint8_t)value);
}

static void rx_byte(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    queue_frame(&V.rx, (uint8_t)value);
}

/* ------------------------------------------------------------- the file -- */
static int by_name(const void *a, const void *b)
{
    return ((const port_trace *)a)->name - ((const port_trace *)b)->name;
}

bool vcd_open(avr_t *avr, const char *mcu, const char *path, char *err, size_t errlen)
{
    memset(&V, 0, sizeof V);
    V.avr = avr;
    for (avr_io_t *io = avr->io_port; io; io = io->next) {
        if (io->kind && strcmp(io->kind, "port") == 0 && V.port_count < MAX_PORTS)
            V.ports[V.port_count++].name = ((avr_ioport_t *)io)->name;
        if (io->kind && strcmp(io->kind, "uart") == 0 &&
            io->irq_ioctl_get == AVR_IOCTL_UART_GETIRQ('0'))
            V.uart = (avr_uart_t *)io;
    }
    qsort(V.ports, V.port_count, sizeof V.ports[0], by_name);
    V.f = fopen(path, "w");
    if (!V.f) {
        snprintf(err, errlen, "--vcd %s: %s", path, strerror(errno));
        return false;
    }
    setvbuf(V.f, NULL, _IOFBF, 1u << 16);
    fprintf(V.f, "$comment avrsim: every I/O port pin and USART0's lines of %s $end\n"
                 "$timescale 1ps $end\n$scope module %s $end\n", mcu, mcu);
    for (unsigned i = 0; i < V.port_count; i++) {
        port_trace *p = &V.ports[i];
        p->first_signal = V.signal_count;
        for (unsigned bit = 0; bit < PINS_PER_PORT; bit++) {
            fputs("$var wire 1 ", V.f);
            put_id(V.signal_count++);
            fprintf(V.f, " P%c%u $end\n", p->name, bit);
            p->level[bit] = 'z';
        }
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(p->name),
                                              IOPORT_IRQ_REG_PORT), port_written, p);
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(p->name),
                                              IOPORT_IRQ_DIRECTION_ALL), ddr_written, p);
    }
    if (V.uart) {
        V.tx.signal = V.signal_count++;
        V.rx.signal = V.signal_count++;
        fputs("$var wire 1 ", V.f);
        put_id(V.tx.signal);
        fputs(" TXD0 $end\n$var wire 1 ", V.f);
        put_id(V.rx.signal);
        fputs(" RXD0 $end\n", V.f);
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                                tx_byte, NULL);
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT),
                                rx_byte, NULL);
    }
    fputs("$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n", V.f);
    for (unsigned s = 0; s < V.signal_count; s++) {
        putc(V.uart && s >= V.tx.signal ? '1' : 'z', V.f);
        put_id(s);
        putc('\n', V.f);
    }
    fputs("$end\n", V.f);
    V.started = true;
    V.written = 0;
    return true;
}

bool vcd_close(avr_t *avr)
{
    if (!V.f)
        return true;
    drain_lines(UINT64_MAX);
    if (avr->cycle > V.written)
        fprintf(V.f, "#%" PRIu64 "\n", picoseconds(avr->cycle));
    bool ok = !ferror(V.f);
    if (fclose(V.f) != 0)
        ok = false;
    V.f = NULL;
    return ok;
}
