/* SPDX-License-Identifier: MIT */
/*
 * avrsim - run an AVR firmware (ELF or Intel HEX) cycle-accurately on
 * libsimavr and report how it ended.
 *
 * Mechanism.  simavr's avr_run() executes one instruction (plus due timers
 * and interrupts) per call; this runner owns that loop so that it can check,
 * after every instruction and with a handful of compares, the things the
 * stock simavr command cannot tell apart:
 *
 *   - the exit: avr-libc ends in "cli; rjmp .-2" (opcode 0xCFFF).  Sitting on
 *     that opcode with interrupts off and the watchdog disarmed can never end
 *     on real hardware either, so the run stops with r24 (main's return value
 *     or exit's argument) as the exit status.  With the watchdog armed the
 *     loop runs on and the watchdog resets the part, as on a board.
 *   - the stack: the lowest SP seen gives the peak stack depth; SP + 1 (the
 *     lowest byte in use) below the ELF's _end means the stack has run into
 *     .data/.bss.  Only a new low takes the slow path.
 *   - a crash: simavr's cpu_Crashed, an invalid opcode (simavr only logs it,
 *     the logger hook below turns it into a crash), or a PC outside the
 *     program.
 *   - the cycle budget.
 *   - a SLEEP coming while the firmware waits for input: the serial module
 *     (avrsim_serial.h) blocks on the input instead of simulating idle time.
 *   - a signal: SIGTERM, or SIGINT, ends the run with 128 + the signal;
 *     SIGINT when stdin is a terminal (Ctrl-C typed there) with status 0.
 *     SIGUSR1, and with --reset-on-open a client opening the pty, is the
 *     reset pin (avrsim_boot.h).
 *   - an erased word, with a bootloader: run through (avrsim_boot.h).
 *   - stdout failing: a reader that has gone ends the run (141, as SIGPIPE
 *     would, which the runner ignores so that it can save its files); any
 *     output that cannot be written gives the run a failing status.
 * With --profile or --callgrind each step goes through prof_step()
 * (avrsim_profile.h) instead, which charges its cycles to a function; the
 * plain loop pays one predictable branch for that.
 * Every POLL_INSTRUCTIONS instructions the loop services the outside world:
 * input polled without blocking, output flushed, Ctrl-C noticed, a reset
 * asked for done, and with --realtime a pause while ahead of the clock.
 *
 * The firmware talks to the runner through two GPIORs named in its .mmcu
 * section (sim/avrsim_io.h): the probe register and the console register.
 * simavr would install its own handlers for them, so their addresses are
 * taken out of the firmware description before avr_load_firmware and served
 * here instead.
 *
 * USART0 is wired to stdin/stdout or a pseudo-terminal (avrsim_serial.h).
 * Input is offered only between XON and XOFF, so the 64-entry receive FIFO
 * never overflows whatever the size of the input.  The console register
 * reads AVRSIM_STATUS_INPUT_ENDED once stdin is at EOF, everything read from
 * it has been handed to the UART, and the UART's FIFO is empty: a byte
 * leaves the FIFO only when the firmware reads UDR, so the firmware cannot
 * see the end while a byte is still in flight.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <time.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <sim_avr.h>
#include <sim_cycle_timers.h>
#include <sim_elf.h>
#include <sim_gdb.h>
#include <sim_irq.h>
#include <avr_watchdog.h>

#include "avrsim_boot.h"
#include "avrsim_eeprom.h"
#include "avrsim_firmware.h"
#include "avrsim_io.h"
#include "avrsim_profile.h"
#include "avrsim_serial.h"
#include "avrsim_vcd.h"

/* ---------------------------------------------------------------- exits -- */
enum {
    EXIT_USAGE = 2,             /* bad command line, ELF, MCU, EEPROM file */
    EXIT_OUTPUT = 122,          /* an output could not be written */
    EXIT_POWER_CUT = 123,       /* --cut-at reached */
    EXIT_BUDGET = 124,          /* --max-cycles reached (as timeout(1)) */
    EXIT_CRASH = 125,
    EXIT_STACK_INTO_DATA = 126,
    EXIT_SIGNAL_BASE = 128,     /* + signal number, as a shell reports it */
};

/* Instructions between two looks at stdin/stdout/signals: a few tens of
 * microseconds of host time, invisible when typing, free when computing. */
#define POLL_INSTRUCTIONS 4096u
#define RJMP_TO_SELF 0xCFFFu    /* rjmp .-2 */
#define OP_SLEEP 0x9588u
#define MESSAGE_MAX 256u        /* a report title, a profiler error, an end */
#define GDB_WAIT_US 50000       /* a stopped CPU looks at signals this often */
#define AVRSIM_VERSION "1.1"
/* --realtime: how far behind the wall clock the simulation may fall (a
 * busy host, a wait for input) before it stops trying to catch up. */
#define REALTIME_SLACK_NS 20000000LL
#define NO_BOOT_ADDRESS UINT32_MAX

typedef struct probe_stats {
    avr_cycle_count_t begin;
    bool open;
    uint64_t count, min, max, total;
} probe_stats;

typedef struct options {
    const char *elf_path;       /* the firmware: ELF or Intel HEX (the bootloader's without one) */
    const char *bootloader_path;    /* NULL: none */
    uint32_t boot_address;      /* NO_BOOT_ADDRESS: 0, or the bootloader's first byte */
    bool realtime;
    bool reset_on_open;
    const char *mcu;            /* NULL: from the ELF */
    uint32_t frequency;         /* 0: from the ELF */
    uint64_t max_cycles;        /* 0: no budget */
    uint64_t cut_at;            /* 0: no power cut */
    const char *probes_path;
    const char *eeprom_path;
    bool stats;
    const char *profile_path;   /* table; NULL: none */
    const char *callgrind_path;
    const char *json_path;
    int profile_probe;          /* PROF_WHOLE_RUN or a probe id */
    serial_input input;         /* --input */
    bool pty;
    int gdb_port;               /* 0: no debugger */
    const char *vcd_path;
} options;

/* One runner per process: the signal handler and simavr's logger have no
 * user pointer, so the state is file-static. */
static struct runner {
    options opt;
    avr_t *avr;
    const char *mcu;            /* as asked for (simavr's core may say "atmega328") */

    /* probe and console registers (data addresses, 0 = none) */
    uint16_t probe_addr, console_addr;
    probe_stats probes[AVRSIM_PROBE_COUNT];
    profile *profile;           /* NULL: not profiling */

    /* checks */
    uint32_t program_end;       /* bytes of flash the ELF loaded */
    uint16_t data_end;          /* _end: first byte above .data/.bss; 0 = unknown */
    uint16_t sp_start, sp_low;
    bool stack_painted;         /* the firmware paints its stack (AVRSIM_STACK_PAINTED) */
    uint8_t stack_paint;        /* with this byte */
    avr_cycle_count_t split_sp_cycle; /* when the firmware last wrote SPH alone */
    avr_watchdog_t *watchdog;
    bool invalid_opcode;
    uint32_t invalid_opcode_pc;
    bool quiet_log;             /* probing simavr for an MCU; a reset until the next look outside */

    /* the first output that could not be written: the run's status */
    int output_status;          /* 0: all written */
    char output_message[MESSAGE_MAX];

    volatile sig_atomic_t stop_signal;
    volatile sig_atomic_t reset_signal;     /* SIGUSR1: the reset pin */
    bool erased_runs;           /* a bootloader: erased flash is run through */
    struct timespec wall_start; /* --realtime: the wall clock at wall_cycle */
    avr_cycle_count_t wall_cycle;
} R;

/* --------------------------------------------------------------- output -- */
static void fail_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* One line on stderr: "avrsim: <message>". */
static void print_message(const char *fmt, va_list ap)
{
    fputs("avrsim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

static void fail_usage(const char *fmt, ...)
{
    serial_close();             /* the terminal back as it was */
    va_list ap;
    va_start(ap, fmt);
    print_message(fmt, ap);
    va_end(ap);
    exit(EXIT_USAGE);
}

/* One line on stderr as print_message writes it, also kept in
 * message[MESSAGE_MAX] for --json. */
static void keep_message(char *message, const char *fmt, va_list ap)
{
    vsnprintf(message, MESSAGE_MAX, fmt, ap);
    fprintf(stderr, "avrsim: %s\n", message);
}

static const char *error_text(int err)
{
    return err ? strerror(err) : "write error";
}

/* An output that cannot be written: its line on stderr now, and the run
 * ends with status (the first such status) whatever it would have been, so
 * that a script which checks it never takes a lost file for a written one. */
static void __attribute__((format(printf, 2, 3))) output_lost(int status, const char *fmt, ...)
{
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    keep_message(message, fmt, ap);
    va_end(ap);
    if (!R.output_status) {
        R.output_status = status;
        memcpy(R.output_message, message, sizeof message);
    }
}

/* stdout, the firmware's bytes: a reader that has gone (EPIPE) ends the run
 * as SIGPIPE would end a program that did not ignore it. */
static void stdout_lost(int err)
{
    output_lost(err == EPIPE ? EXIT_SIGNAL_BASE + SIGPIPE : EXIT_OUTPUT,
                err == EPIPE ? "stdout: %s: its reader has gone" : "stdout: %s", error_text(err));
}

/* simavr prints its own progress on stdout by default; stdout carries the
 * firmware's bytes here, so only warnings and errors pass, to stderr.  An
 * invalid opcode is only logged by simavr 1.6 and execution goes on with
 * garbage: turn it into a crash. */
static void simavr_logger(avr_t *avr, const int level, const char *format, va_list ap)
{
    if (strstr(format, "Invalid Opcode") && avr) {
        if (!R.invalid_opcode) {
            R.invalid_opcode = true;
            R.invalid_opcode_pc = avr->pc;
        }
        avr->state = cpu_Crashed;
        return;                 /* reported by the runner, in one line */
    }
    if (R.quiet_log || level > LOG_WARNING || level < LOG_ERROR)
        return;
    fputs("avrsim: simavr: ", stderr);
    vfprintf(stderr, format, ap);
}

static void on_stop_signal(int sig)
{
    R.stop_signal = sig;
}

static void on_reset_signal(int sig)
{
    (void)sig;
    R.reset_signal = 1;
}

/* ----------------------------------------------------- probe / console -- */
static void probe_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    if (R.profile)
        prof_probe_write(R.profile, v);
    if (!AVRSIM_PROBE_CODE_IS_PROBE(v))
        return;
    probe_stats *p = &R.probes[AVRSIM_PROBE_CODE_ID(v)];
    if (!(v & AVRSIM_PROBE_END_FLAG)) {
        p->begin = avr->cycle;
        p->open = true;
        return;
    }
    if (!p->open)
        return;                 /* an end without a begin measures nothing */
    p->open = false;
    uint64_t delta = avr->cycle - p->begin;
    if (p->count == 0 || delta < p->min)
        p->min = delta;
    if (delta > p->max)
        p->max = delta;
    p->total += delta;
    p->count++;
}

static uint8_t console_read(avr_t *avr, avr_io_addr_t addr, void *param)
{
    (void)avr; (void)addr; (void)param;
    return serial_input_ended() ? AVRSIM_STATUS_INPUT_ENDED : 0;
}

static void console_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)avr; (void)addr; (void)param;
    serial_console_write(v);
}

/* -------------------------------------------------------------- modules -- */
static avr_io_t *find_io_module(avr_t *avr, const char *kind, uint32_t irq_ioctl)
{
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, kind) == 0 &&
            (irq_ioctl == 0 || io->irq_ioctl_get == irq_ioctl))
            return io;
    return NULL;
}

/* ----------------------------------------------------------- reporting -- */
/* A report file at exit; "-" is stderr. */
static FILE *open_report(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stderr : fopen(path, "w");
    if (!f)
        output_lost(EXIT_OUTPUT, "%s: cannot be written: %s", path, error_text(errno));
    return f;
}

static void close_report(FILE *f, const char *path, bool written)
{
    if (f != stderr && fclose(f) != 0)
        written = false;
    if (!written)
        output_lost(EXIT_OUTPUT, "%s: cannot be written: %s", path, error_text(errno));
}

static void write_probes(const char *path)
{
    FILE *f = open_report(path);
    if (!f)
        return;
    fputs("probe,count,cycles_min,cycles_avg,cycles_max\n", f);
    for (unsigned id = 0; id < AVRSIM_PROBE_COUNT; id++) {
        const probe_stats *p = &R.probes[id];
        if (p->count)
            fprintf(f, "%u,%" PRIu64 ",%" PRIu64 ",%.2f,%" PRIu64 "\n", id, p->count,
                    p->min, (double)p->total / (double)p->count, p->max);
    }
    close_report(f, path, !ferror(f));
}

static void write_profile(avr_t *avr)
{
    prof_finish(R.profile);
    FILE *f;
    if (R.opt.profile_path && (f = open_report(R.opt.profile_path)) != NULL) {
        char title[MESSAGE_MAX];
        snprintf(title, sizeof title, "avrsim profile of %s (%s, %" PRIu32 " Hz)",
                 R.opt.elf_path, avr->mmcu, avr->frequency);
        close_report(f, R.opt.profile_path, prof_write_table(R.profile, f, title));
    }
    if (R.opt.callgrind_path && (f = open_report(R.opt.callgrind_path)) != NULL)
        close_report(f, R.opt.callgrind_path,
                     prof_write_callgrind(R.profile, f, R.opt.elf_path));
}

/* How a run ended, for --json. */
typedef enum end_reason {
    END_EXIT,                   /* the firmware's exit status */
    END_HALT,                   /* "cli; sleep" */
    END_BUDGET,
    END_CRASH,
    END_STACK_INTO_DATA,
    END_SIGNAL,
    END_POWER_CUT,
    END_OUTPUT,                 /* stdout could not be written */
} end_reason;

static const char *const end_reason_names[] = {
    [END_EXIT] = "exit", [END_HALT] = "halt", [END_BUDGET] = "budget",
    [END_CRASH] = "crash", [END_STACK_INTO_DATA] = "stack-into-data",
    [END_SIGNAL] = "signal", [END_POWER_CUT] = "power-cut", [END_OUTPUT] = "output",
};

static void json_string(FILE *f, const char *text)
{
    putc('"', f);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            putc(*p, f);
    }
    putc('"', f);
}

/* The stack's depth as the firmware's paint shows it: from the end of
 * static data up, the bytes that still hold the paint were never reached
 * (firmware/common/stack_paint.h); counted as the peak stack is, from the
 * first stack pointer. */
static unsigned painted_stack(const avr_t *avr)
{
    uint32_t byte = R.data_end;
    while (byte <= R.sp_start && avr->data[byte] == R.stack_paint)
        byte++;
    return (unsigned)(R.sp_start + 1u - byte);
}

static void write_json(const char *path, int status, end_reason why, const char *message)
{
    FILE *f = open_report(path);
    if (!f)
        return;
    const avr_t *avr = R.avr;
    fputs("{\n  \"firmware\": ", f);
    json_string(f, R.opt.elf_path);
    fputs(",\n  \"mcu\": ", f);
    json_string(f, R.mcu);
    fprintf(f, ",\n  \"frequency_hz\": %" PRIu32 ",\n  \"exit\": { \"reason\": \"%s\", "
            "\"status\": %d, \"message\": ", avr->frequency, end_reason_names[why], status);
    if (message)
        json_string(f, message);
    else
        fputs("null", f);
    fprintf(f, " },\n  \"cycles\": %" PRI_avr_cycle_count ",\n  \"seconds\": %.9f,\n"
            "  \"peak_stack_bytes\": %u,\n  \"painted_stack_bytes\": ",
            avr->cycle, (double)avr->cycle / (double)avr->frequency,
            (unsigned)(R.sp_start - R.sp_low));
    if (R.stack_painted)
        fprintf(f, "%u", painted_stack(avr));
    else
        fputs("null", f);
    fputs(",\n  \"probes\": [", f);
    const char *sep = "";
    for (unsigned id = 0; id < AVRSIM_PROBE_COUNT; id++) {
        const probe_stats *p = &R.probes[id];
        if (!p->count)
            continue;
        fprintf(f, "%s\n    { \"id\": %u, \"count\": %" PRIu64 ", \"cycles_min\": %" PRIu64
                ", \"cycles_avg\": %.2f, \"cycles_max\": %" PRIu64 " }",
                sep, id, p->count, p->min, (double)p->total / (double)p->count, p->max);
        sep = ",";
    }
    fputs(*sep ? "\n  ]\n}\n" : "]\n}\n", f);
    close_report(f, path, !ferror(f));
}

/* Every way out of a run that got as far as simulating goes through here:
 * the EEPROM, probes and statistics are written whatever the ending, and an
 * output that cannot be written gives the status (output_lost), JSON last
 * so that it records that status.
 * message: the line already printed on stderr for an abnormal end, or NULL. */
static void __attribute__((noreturn)) finish(int status, end_reason why, const char *message)
{
    avr_t *avr = R.avr;
    serial_close();
    if (why != END_OUTPUT && serial_output_error())
        stdout_lost(serial_output_error());     /* in the last bytes */
    if (why != END_POWER_CUT && !eeprom_finish(avr, R.opt.eeprom_path, false, NULL))
        output_lost(EXIT_OUTPUT, "%s: cannot save the EEPROM: %s", R.opt.eeprom_path,
                    error_text(errno));
    if (R.opt.probes_path)
        write_probes(R.opt.probes_path);
    if (R.profile)
        write_profile(avr);
    if (R.opt.vcd_path && !vcd_close(avr))
        output_lost(EXIT_OUTPUT, "%s: cannot be written: %s", R.opt.vcd_path, error_text(errno));
    if (R.output_status) {
        status = R.output_status;
        message = R.output_message;
    }
    if (R.opt.json_path)
        write_json(R.opt.json_path, status, why, message);
    if (R.output_status)
        status = R.output_status;
    if (R.opt.stats) {
        fprintf(stderr, "avrsim: %" PRI_avr_cycle_count " cycles, %.6f s at %" PRIu32
                " Hz, peak stack %u bytes, ",
                avr->cycle, (double)avr->cycle / (double)avr->frequency, avr->frequency,
                (unsigned)(R.sp_start - R.sp_low));
        if (R.stack_painted)
            fprintf(stderr, "painted stack %u bytes, ", painted_stack(avr));
        fprintf(stderr, "exit %d\n", status);
    }
    exit(status);
}

static void __attribute__((noreturn, format(printf, 3, 4)))
finish_with(int status, end_reason why, const char *fmt, ...)
{
    serial_close();             /* the firmware's output first, then why it stopped */
    char message[MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    keep_message(message, fmt, ap);
    va_end(ap);
    finish(status, why, message);
}

/* ------------------------------------------------------------ the loop -- */
static uint16_t read_sp(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
}

/* A frame set-up writes SPH, then SREG, then SPL: in between, SP holds a
 * value that never was the stack pointer.  The SPH write is seen here, and
 * a new low is ignored until SPL follows (or a few cycles pass, for code
 * that only ever writes SPH). */
static void sph_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    uint16_t op = (uint16_t)(avr->flash[avr->pc] | (avr->flash[avr->pc + 1] << 8));
    bool out_or_sts = (op & 0xF800u) == 0xB800u || (op & 0xFE0Fu) == 0x9200u;
    if (out_or_sts)             /* not a push, call or interrupt */
        R.split_sp_cycle = avr->cycle + 1u;
}

static void spl_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    R.split_sp_cycle = 0;
}

static void new_stack_low(avr_t *avr, uint16_t sp)
{
    if (R.split_sp_cycle && avr->cycle - R.split_sp_cycle < 4u)
        return;
    R.sp_low = sp;
    if (R.data_end && (uint32_t)sp + 1u < R.data_end)
        finish_with(EXIT_STACK_INTO_DATA, END_STACK_INTO_DATA,
                    "stack ran into static data: SP 0x%04x below _end 0x%04x at PC 0x%04" PRIx32,
                    sp, R.data_end, avr->pc);
}

static bool watchdog_armed(avr_t *avr)
{
    return R.watchdog && avr_regbit_get(avr, R.watchdog->wde);
}

static void check_halt(avr_t *avr)
{
    if (avr->sreg[S_I] || watchdog_armed(avr))
        return;                 /* an interrupt or a reset can still leave */
    finish(avr->data[24], END_EXIT, NULL);
}

static void __attribute__((noreturn)) report_state(avr_t *avr, int state)
{
    if (state == cpu_Done)      /* "cli; sleep": halted on purpose */
        finish(0, END_HALT, NULL);
    if (R.invalid_opcode)
        finish_with(EXIT_CRASH, END_CRASH, "crash: invalid opcode 0x%04x at PC 0x%04" PRIx32,
                    (unsigned)(avr->flash[R.invalid_opcode_pc] |
                               (avr->flash[R.invalid_opcode_pc + 1] << 8)),
                    R.invalid_opcode_pc);
    finish_with(EXIT_CRASH, END_CRASH, "crash: simulator stopped (state %d) at PC 0x%04" PRIx32,
                state, avr->pc);
}

static int64_t nanoseconds_between(const struct timespec *a, const struct timespec *b)
{
    return (int64_t)(b->tv_sec - a->tv_sec) * 1000000000LL + (b->tv_nsec - a->tv_nsec);
}

/* --realtime: simulated time never runs ahead of the wall clock, so that a
 * bootloader's timeout lasts as long as on a board while a program on the
 * other side of the line sleeps between its steps.  Time lost (a wait for
 * input, a busy host) is not made up. */
static void keep_real_time(avr_t *avr)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (avr->cycle < R.wall_cycle) {    /* simavr's reset starts the count again */
        R.wall_cycle = avr->cycle;
        R.wall_start = now;
        return;
    }
    int64_t simulated = (int64_t)((double)(avr->cycle - R.wall_cycle) * 1e9 / avr->frequency);
    int64_t ahead = simulated - nanoseconds_between(&R.wall_start, &now);
    if (ahead > 0) {
        struct timespec pause = { .tv_sec = ahead / 1000000000LL, .tv_nsec = ahead % 1000000000LL };
        nanosleep(&pause, NULL);
    } else if (ahead < -REALTIME_SLACK_NS) {
        R.wall_cycle = avr->cycle;
        R.wall_start = now;
    }
}

/* With --gdb the signals stay blocked but here: simavr's stub, interrupted
 * in its select(), would go on to a blocking accept() (see
 * gdb_listen_without_blocking), then sleep. */
static sigset_t held_signals;

static void take_held_signals(void)
{
    sigprocmask(SIG_UNBLOCK, &held_signals, NULL);     /* a pending one runs its handler */
    sigprocmask(SIG_BLOCK, &held_signals, NULL);
}

static void service_outside(void)
{
    R.quiet_log = false;        /* a reset is over (on_reset) */
    if (R.opt.gdb_port)
        take_held_signals();
    /* Ctrl-C at a terminal is a person leaving, not a failure: the run ends
     * with status 0 (the EEPROM saved and the terminal restored as at any
     * end), and a make recipe around it reports no error. */
    if (R.stop_signal == SIGINT && serial_on_terminal()) {
        serial_close();
        fputc('\n', stderr);   /* the shell's prompt on a line of its own */
        finish(0, END_SIGNAL, "interrupted by Ctrl-C at the terminal");
    }
    if (R.stop_signal)
        finish_with(EXIT_SIGNAL_BASE + R.stop_signal, END_SIGNAL, "interrupted by signal %d",
                    (int)R.stop_signal);
    if (R.reset_signal || (R.opt.reset_on_open && serial_client_opened())) {
        R.reset_signal = 0;
        boot_external_reset(R.avr);
    }
    if (R.opt.realtime)
        keep_real_time(R.avr);
    serial_service();
    if (serial_output_error()) {
        stdout_lost(serial_output_error());
        finish(R.output_status, END_OUTPUT, R.output_message);
    }
}

/* --cut-at: the power goes; the EEPROM keeps what it holds at that moment. */
static void __attribute__((noreturn)) power_cut(avr_t *avr)
{
    /* A sleeping CPU jumps to its next timer in one step: it did nothing
     * since it fell asleep, so the cut is at the cycle asked for, with what
     * fell due by then. */
    if (avr->state == cpu_Sleeping && avr->cycle > R.opt.cut_at) {
        avr->cycle = R.opt.cut_at;
        avr_cycle_timer_process(avr);
    }
    serial_close();
    char message[MESSAGE_MAX];
    eeprom_cut cut;
    bool saved = eeprom_finish(avr, R.opt.eeprom_path, true, &cut);
    int save_error = errno;
    int n = snprintf(message, sizeof message, "power cut at cycle %" PRI_avr_cycle_count,
                     avr->cycle);
    if (cut.in_progress)
        snprintf(message + n, sizeof message - (size_t)n,
                 ": EEPROM byte 0x%04x was being written since cycle %" PRIu64
                 " (0x%02x -> 0x%02x), left 0x%02x",
                 cut.address, cut.started, cut.old_value, cut.new_value, cut.left);
    else
        snprintf(message + n, sizeof message - (size_t)n, ": no EEPROM write in progress");
    fprintf(stderr, "avrsim: %s\n", message);
    if (!saved)
        output_lost(EXIT_OUTPUT, "%s: cannot save the EEPROM: %s", R.opt.eeprom_path,
                    error_text(save_error));
    finish(EXIT_POWER_CUT, END_POWER_CUT, message);
}

/* The instruction word at a flash byte address: flash holds little-endian
 * words, so on a little-endian host it is one 16-bit load. */
static inline uint16_t opcode_at(const avr_t *avr, uint32_t pc)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t op;
    memcpy(&op, avr->flash + pc, sizeof op);
    return op;
#else
    return (uint16_t)(avr->flash[pc] | (avr->flash[pc + 1] << 8));
#endif
}

/* Not running: asleep, held by the debugger, or at an end. */
static void other_state(avr_t *avr, int state)
{
    switch (state) {
    case cpu_Sleeping:
        serial_wait_point(avr);
        return;
    case cpu_Stopped:           /* avr-gdb holds the CPU: wait for its packets */
        avr_gdb_processor(avr, GDB_WAIT_US);
        service_outside();
        return;
    case cpu_Step:
    case cpu_StepDone:
        return;
    default:
        report_state(avr, state);
    }
}

static void __attribute__((noreturn)) run(avr_t *avr)
{
    const uint64_t budget = R.opt.max_cycles ? R.opt.max_cycles : UINT64_MAX;
    const uint64_t cut = R.opt.cut_at ? R.opt.cut_at : UINT64_MAX;
    const uint64_t limit = budget < cut ? budget : cut;
    const uint32_t program_end = R.program_end;
    profile *const prof = R.profile;
    for (;;) {
        for (unsigned n = POLL_INSTRUCTIONS; n; n--) {
            int state = __builtin_expect(prof != NULL, 0) ? prof_step(prof, avr) : avr_run(avr);
            if (__builtin_expect(state != cpu_Running, 0))
                other_state(avr, state);
            uint32_t pc = avr->pc;
            if (__builtin_expect(pc >= program_end, 0))
                finish_with(EXIT_CRASH, END_CRASH, "crash: PC 0x%04" PRIx32
                            " is outside the program (0x0000-0x%04" PRIx32 ")",
                            pc, program_end - 1u);
            uint16_t op = opcode_at(avr, pc);
            if (__builtin_expect(op == RJMP_TO_SELF, 0))
                check_halt(avr);
            else if (__builtin_expect(op == OP_SLEEP, 0))
                serial_wait_point(avr);
            else if (__builtin_expect(op == BOOT_ERASED_WORD, 0) && R.erased_runs)
                boot_run_erased(avr);
            uint16_t sp = read_sp(avr);
            if (__builtin_expect(sp < R.sp_low, 0))
                new_stack_low(avr, sp);
            if (__builtin_expect(avr->cycle >= limit, 0)) {
                if (avr->cycle >= cut)
                    power_cut(avr);
                finish_with(EXIT_BUDGET, END_BUDGET, "cycle budget of %" PRIu64
                            " exceeded at PC 0x%04" PRIx32, R.opt.max_cycles, pc);
            }
        }
        service_outside();
    }
}

/* The core's reset (a watchdog reset) clears the I/O registers without
 * telling the modules that watch them. */
static void (*core_reset)(avr_t *avr);

static void on_reset(avr_t *avr)
{
    /* The modules' resets that follow warn of the registers they clear
     * (a timer's compare value in its reset mode): nothing the firmware
     * did.  The runner looks outside again within a few thousand
     * instructions, and listens again from then on. */
    R.quiet_log = true;
    if (core_reset)
        core_reset(avr);
    if (R.opt.vcd_path)
        vcd_reset(avr);
    eeprom_reset(avr);
}

static void no_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
    (void)avr; (void)how_long;  /* simulated time only: no wall-clock pacing */
}

/* ----------------------------------------------------------- the setup -- */
static const char usage_text[] =
"usage: avrsim [options] FIRMWARE.elf|FIRMWARE.hex\n"
"       avrsim --bootloader BOOT.hex [options] [FIRMWARE.elf|FIRMWARE.hex]\n"
"\n"
"Runs an AVR firmware cycle-accurately (libsimavr).  The MCU, clock and the\n"
"runner's registers come from the ELF's .mmcu section (sim/avrsim_io.h); an\n"
"ELF whose .mmcu lies in flash (linked without\n"
"-Wl,--section-start=.mmcu=0x910000) is refused.  An Intel HEX file (flash,\n"
"and EEPROM records at 0x810000) needs --mcu and --freq.\n"
"\n"
"  --mcu NAME        simulate this MCU instead of the ELF's (e.g. atmega328p)\n"
"  --freq HZ         clock frequency instead of the ELF's\n"
"  --max-cycles N    stop after N simulated cycles (exit status 124; 0: never)\n"
"  --probes FILE     write cycle probes as CSV at exit (FILE '-': stderr):\n"
"                    probe,count,cycles_min,cycles_avg,cycles_max\n"
"                    (raw deltas from the begin OUT to the end OUT: an empty\n"
"                    pair reads 1 cycle, the begin OUT itself, plus any\n"
"                    instruction the compiler puts between, typically the\n"
"                    LDI of the end code: 2; subtract an empty pair measured\n"
"                    in the same context)\n"
"  --stats           print cycles, simulated time, peak stack and exit status\n"
"                    to stderr at exit; for a firmware that paints its stack\n"
"                    (AVRSIM_STACK_PAINTED in sim/avrsim_io.h), also the\n"
"                    stack's depth as the paint shows it\n"
"  --json FILE       write the results as JSON at exit (FILE '-': stderr):\n"
"                    firmware, mcu, frequency_hz, exit {reason, status,\n"
"                    message}, cycles, seconds, peak_stack_bytes,\n"
"                    painted_stack_bytes (null: not painted), probes [{id,\n"
"                    count, cycles_min, cycles_avg, cycles_max}]; reason is\n"
"                    exit, halt, budget, crash, stack-into-data, signal,\n"
"                    power-cut or output (stdout could not be written)\n"
"  --eeprom FILE     load the EEPROM from FILE if it exists (exact size needed)\n"
"                    and save it back to FILE at exit, whatever the ending.  A\n"
"                    write takes its datasheet time (3.4 ms erase and write,\n"
"                    1.8 ms erase or write only): EEPE stays set meanwhile, the\n"
"                    byte changes at the end, then the ready interrupt\n"
"  --cut-at CYCLE    power cut: stop at that cycle (status 123) and save the\n"
"                    EEPROM as it is then (needs --eeprom).  A byte being\n"
"                    written is left erased, 0xFF (write-only mode: its old\n"
"                    value); stderr names it and the cycle its write began.\n"
"                    Any other end completes the write\n"
"  --profile FILE    charge every cycle to the function (ELF symbol) that ran\n"
"                    it and write a table at exit (FILE '-': stderr), sorted by\n"
"                    self cycles: function, self cycles and %, inclusive cycles\n"
"                    and % (with its callees and the interrupts taken\n"
"                    meanwhile), calls, flash bytes.  Profiling runs the\n"
"                    simulator more slowly\n"
"  --callgrind FILE  the same profile in callgrind's format (positions:\n"
"                    instruction addresses) for KCachegrind or\n"
"                    callgrind_annotate\n"
"  --profile-probe ID\n"
"                    charge only the cycles inside probe ID's regions, as\n"
"                    --probes counts them (so the markers' 2 cycles a region\n"
"                    are in, charged to the function that holds them)\n"
"  --input MODE      how stdin reaches USART0: 'eager' offers bytes as soon as\n"
"                    they arrive and the receiver has room; 'paced' offers a\n"
"                    byte only when the firmware waits for one asleep (SLEEP\n"
"                    with the receive interrupt on), so a file and a slow\n"
"                    pipe give the same run.  Default: eager from a terminal;\n"
"                    otherwise paced for a firmware that declares\n"
"                    AVRSIM_INPUT_WAITS_ASLEEP(), and for another no input\n"
"                    until it shows how it waits: paced from its first sleep\n"
"                    waiting for a byte, eager once it polls (reads the empty\n"
"                    receiver 16 times in a row) or runs 100 ms (simulated)\n"
"                    without either and without sending.  In both modes a\n"
"                    firmware asleep waiting for input makes the runner wait,\n"
"                    without simulating the idle time\n"
"  --pty             USART0 on a pseudo-terminal instead of stdin/stdout; its\n"
"                    path goes to stderr (\"avrsim: USART0 on /dev/pts/N\").\n"
"                    Clients may come and go; the run ends when the firmware\n"
"                    exits or on SIGINT/SIGTERM\n"
"  --gdb PORT        serve simavr's gdb stub on TCP PORT (every interface) and\n"
"                    wait for avr-gdb (\"target remote :PORT\") before the\n"
"                    first instruction: breakpoints, stepping, registers and\n"
"                    memory.  The run goes on when avr-gdb disconnects; with\n"
"                    the stub the simulation runs several times slower\n"
"  --vcd FILE        write a value change dump of every I/O port pin (signals\n"
"                    PB0..PB7, PC0.., ...: driven 0/1, pulled up 1, floating\n"
"                    z) and of USART0's lines (TXD0, RXD0: each byte drawn as\n"
"                    its frame at the baud rate) in simulated time, for\n"
"                    GTKWave or vcd2svg (build/host/vcd2svg)\n"
"  --bootloader FILE load this image (Intel HEX or ELF) too, into the same\n"
"                    flash, and start at its first byte as a part with the\n"
"                    BOOTRST fuse does (--boot says otherwise); FIRMWARE, the\n"
"                    application below it, is optional.  The PC on an erased\n"
"                    word (0xFFFF) runs through the erased flash to the next\n"
"                    programmed word, as on an empty part\n"
"  --boot ADDR       start, and restart at every reset, at flash byte ADDR (the\n"
"                    boot section's first byte: BOOTRST programmed, BOOTSZ\n"
"                    choosing the size)\n"
"  --reset-on-open   with --pty: an external reset each time a client opens\n"
"                    the pseudo-terminal, as a board's serial adapter resets\n"
"                    the part when its port is opened (DTR)\n"
"  --realtime        never run ahead of the wall clock (simulated time is\n"
"                    otherwise as fast as the host goes): a bootloader's\n"
"                    timeout lasts as long as on a board\n"
"  --version         avrsim's version\n"
"  --help            this text\n"
"\n"
"SIGUSR1 is the reset pin: an external reset at once.  After one, MCUSR keeps\n"
"its flags and has EXTRF set; the EEPROM keeps its bytes across every reset.\n"
"\n"
"USART0 is stdin/stdout: the firmware's UART bytes, and nothing else, go to\n"
"stdout, flushed as the firmware writes; simavr's warnings and the runner's\n"
"messages go to stderr.  A terminal on stdin is put in non-canonical, no-echo\n"
"mode; Ctrl-D there ends the input as the end of a file does, and Ctrl-C\n"
"ends the run with status 0 (the terminal restored, the EEPROM saved).\n"
"Once stdin is at EOF and the firmware has read every byte of it from UDR0,\n"
"the console register reads\n"
"AVRSIM_STATUS_INPUT_ENDED (a firmware asleep waiting for input is woken\n"
"once to see it).  Writes to the console register go to stdout (the output\n"
"of parts without a USART, e.g. ATtiny85; on those the input has ended from\n"
"the start and stdin is not read).\n"
"\n"
"Exit status:\n"
"  0-255  the firmware's: main's return value or exit's argument (r24 when the\n"
"         CPU reaches \"rjmp .\" with interrupts off and the watchdog disarmed;\n"
"         with the watchdog armed that loop waits for the watchdog reset)\n"
"  0      also for \"cli; sleep\": halted on purpose\n"
"  2      usage error, unreadable firmware, unknown or no MCU, bad EEPROM file\n"
"  122    an output could not be written: --eeprom, --json, --probes,\n"
"         --profile, --callgrind, --vcd, or stdout (other than a broken pipe);\n"
"         whatever the run's own status, with a message on stderr\n"
"  123    power cut (--cut-at)\n"
"  124    cycle budget (--max-cycles) exceeded\n"
"  125    crash: simavr crashed, invalid opcode, or PC outside the program\n"
"  126    stack ran into static data (SP + 1 below the ELF's __heap_start,\n"
"         __bss_end or _end)\n"
"  128+N  stopped by signal N (SIGINT, SIGTERM); SIGINT with stdin a\n"
"         terminal (Ctrl-C typed there) ends the run with status 0\n"
"  141    stdout's reader has gone (a broken pipe, as SIGPIPE): the run ends\n"
"Because a firmware's own status can be any of 0-255, use distinct small\n"
"statuses in firmware that runs under avrsim.\n";

static uint64_t parse_number(const char *option, const char *text)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || end == text || *end || text[0] == '-')
        fail_usage("%s wants a number, not '%s' (see avrsim --help)", option, text);
    return v;
}

static void parse_options(int argc, char **argv, options *opt)
{
    enum { OPT_MCU = 256, OPT_FREQ, OPT_MAX_CYCLES, OPT_PROBES, OPT_STATS, OPT_EEPROM,
           OPT_PROFILE, OPT_CALLGRIND, OPT_PROFILE_PROBE, OPT_INPUT, OPT_PTY, OPT_JSON, OPT_GDB, OPT_VCD, OPT_CUT_AT, OPT_HELP,
           OPT_BOOTLOADER, OPT_BOOT, OPT_RESET_ON_OPEN, OPT_REALTIME, OPT_VERSION };
    static const struct option longopts[] = {
        { "mcu", required_argument, NULL, OPT_MCU },
        { "freq", required_argument, NULL, OPT_FREQ },
        { "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
        { "probes", required_argument, NULL, OPT_PROBES },
        { "stats", no_argument, NULL, OPT_STATS },
        { "eeprom", required_argument, NULL, OPT_EEPROM },
        { "profile", required_argument, NULL, OPT_PROFILE },
        { "callgrind", required_argument, NULL, OPT_CALLGRIND },
        { "profile-probe", required_argument, NULL, OPT_PROFILE_PROBE },
        { "input", required_argument, NULL, OPT_INPUT },
        { "pty", no_argument, NULL, OPT_PTY },
        { "json", required_argument, NULL, OPT_JSON },
        { "gdb", required_argument, NULL, OPT_GDB },
        { "vcd", required_argument, NULL, OPT_VCD },
        { "cut-at", required_argument, NULL, OPT_CUT_AT },
        { "help", no_argument, NULL, OPT_HELP },
        { "bootloader", required_argument, NULL, OPT_BOOTLOADER },
        { "boot", required_argument, NULL, OPT_BOOT },
        { "reset-on-open", no_argument, NULL, OPT_RESET_ON_OPEN },
        { "realtime", no_argument, NULL, OPT_REALTIME },
        { "version", no_argument, NULL, OPT_VERSION },
        { NULL, 0, NULL, 0 },
    };
    opterr = 0;
    opt->profile_probe = PROF_WHOLE_RUN;
    opt->boot_address = NO_BOOT_ADDRESS;
    int c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_MCU: opt->mcu = optarg; break;
        case OPT_FREQ: {
            uint64_t f = parse_number("--freq", optarg);
            if (f == 0 || f > UINT32_MAX)
                fail_usage("--freq %s is out of range", optarg);
            opt->frequency = (uint32_t)f;
            break;
        }
        case OPT_MAX_CYCLES: opt->max_cycles = parse_number("--max-cycles", optarg); break;
        case OPT_PROBES: opt->probes_path = optarg; break;
        case OPT_STATS: opt->stats = true; break;
        case OPT_EEPROM: opt->eeprom_path = optarg; break;
        case OPT_PROFILE: opt->profile_path = optarg; break;
        case OPT_CALLGRIND: opt->callgrind_path = optarg; break;
        case OPT_PROFILE_PROBE: {
            uint64_t id = parse_number("--profile-probe", optarg);
            if (id >= AVRSIM_PROBE_COUNT)
                fail_usage("--profile-probe %s: probe ids are 0 to %u", optarg,
                           AVRSIM_PROBE_COUNT - 1u);
            opt->profile_probe = (int)id;
            break;
        }
        case OPT_INPUT:
            if (strcmp(optarg, "eager") == 0)
                opt->input = SERIAL_INPUT_EAGER;
            else if (strcmp(optarg, "paced") == 0)
                opt->input = SERIAL_INPUT_PACED;
            else
                fail_usage("--input is eager or paced, not '%s'", optarg);
            break;
        case OPT_PTY: opt->pty = true; break;
        case OPT_JSON: opt->json_path = optarg; break;
        case OPT_VCD: opt->vcd_path = optarg; break;
        case OPT_CUT_AT:
            opt->cut_at = parse_number("--cut-at", optarg);
            if (!opt->cut_at)
                fail_usage("--cut-at wants a cycle above 0");
            break;
        case OPT_GDB: {
            uint64_t port = parse_number("--gdb", optarg);
            if (port == 0 || port > 65535)
                fail_usage("--gdb %s: a TCP port is 1 to 65535", optarg);
            opt->gdb_port = (int)port;
            break;
        }
        case OPT_BOOTLOADER: opt->bootloader_path = optarg; break;
        case OPT_BOOT: {
            uint64_t address = parse_number("--boot", optarg);
            if (address >= NO_BOOT_ADDRESS || address % 2u)
                fail_usage("--boot %s: an even flash byte address", optarg);
            opt->boot_address = (uint32_t)address;
            break;
        }
        case OPT_RESET_ON_OPEN: opt->reset_on_open = true; break;
        case OPT_REALTIME: opt->realtime = true; break;
        case OPT_VERSION: puts("avrsim " AVRSIM_VERSION); exit(0);
        case 'h':
        case OPT_HELP: fputs(usage_text, stdout); exit(0);
        default:
            if (optopt && optopt < 256)
                fail_usage("unknown option '-%c' (see avrsim --help)", optopt);
            fail_usage("bad option '%s' (see avrsim --help)", argv[optind - 1]);
        }
    }
    if (opt->cut_at && !opt->eeprom_path)
        fail_usage("--cut-at needs --eeprom FILE, to keep what the power cut leaves");
    if (opt->profile_probe != PROF_WHOLE_RUN && !opt->profile_path && !opt->callgrind_path)
        fail_usage("--profile-probe needs --profile or --callgrind");
    if (opt->reset_on_open && !opt->pty)
        fail_usage("--reset-on-open needs --pty");
    if (optind == argc && opt->bootloader_path) {
        opt->elf_path = opt->bootloader_path;   /* the bootloader alone */
        return;
    }
    if (optind != argc - 1)
        fail_usage(optind >= argc ? "no firmware given (see avrsim --help)"
                                  : "one firmware only (see avrsim --help)");
    opt->elf_path = argv[optind];
}

static avr_t *make_avr(firmware_image *img, const options *opt)
{
    elf_firmware_t *fw = &img->fw;
    const char *mcu = opt->mcu ? opt->mcu : fw->mmcu;
    const char *where = img->is_hex ? "an Intel HEX file names none" : "none in the ELF's .mmcu section";
    if (!mcu[0])
        fail_usage("%s: no MCU (%s): use --mcu", opt->elf_path, where);
    uint32_t frequency = opt->frequency ? opt->frequency : fw->frequency;
    if (!frequency)
        fail_usage("%s: no clock frequency (%s): use --freq", opt->elf_path, where);
    R.quiet_log = true;
    avr_t *avr = avr_make_mcu_by_name(mcu);
    R.quiet_log = false;
    if (!avr)
        fail_usage("unknown MCU '%s' (simavr --list-cores lists them)", mcu);
    avr_init(avr);
    avr->frequency = frequency;
    avr->log = LOG_WARNING;
    if (img->program_end > avr->flashend + 1u)
        fail_usage("%s: %" PRIu32 " bytes of program, but the %s has %" PRIu32 " bytes of flash",
                   opt->bootloader_path ? opt->bootloader_path : opt->elf_path,
                   img->program_end, mcu, (uint32_t)avr->flashend + 1u);

    /* simavr would serve these registers itself: take them over */
    R.probe_addr = fw->command_register_addr;
    R.console_addr = fw->console_register_addr;
    fw->command_register_addr = 0;
    fw->console_register_addr = 0;
    fw->frequency = frequency;
    static char name[sizeof fw->mmcu];
    snprintf(name, sizeof name, "%s", mcu);
    memcpy(fw->mmcu, name, sizeof name);
    R.mcu = name;
    avr_load_firmware(avr, fw);
    avr->sleep = no_sleep;
    if (opt->boot_address != NO_BOOT_ADDRESS) {
        if (opt->boot_address > avr->flashend)
            fail_usage("--boot 0x%" PRIx32 ": the %s's flash ends at 0x%" PRIx32,
                       opt->boot_address, mcu, (uint32_t)avr->flashend);
        boot_set_address(avr, opt->boot_address);
    }
    return avr;
}

/* simavr's gdb stub, once avr-gdb has left with the CPU stopped, waits for
 * the next one in a blocking accept() when its select() was interrupted:
 * its listening socket is made non-blocking, so that the stub returns to
 * the loop, which looks at the signals.  The stub keeps the socket to
 * itself; it is the process's one listening socket. */
static void gdb_listen_without_blocking(void)
{
    for (int fd = 0; fd < 1024; fd++) {
        int listening = 0;
        socklen_t size = sizeof listening;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 && listening)
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
}

/* --bootloader: its image into the application's flash (img holds the
 * bootloader itself when no application was given), and the start at its
 * first byte unless --boot says otherwise. */
static void add_bootloader(firmware_image *img, options *opt)
{
    static firmware_image bootloader;
    char error[MESSAGE_MAX];
    if (opt->elf_path == opt->bootloader_path) {
        bootloader = *img;
        img->fw.flash = NULL;   /* the bootloader's own: merged into a new one */
        img->fw.flashsize = 0;
        img->program_end = 0;
    } else if (!firmware_read(opt->bootloader_path, &bootloader, error, sizeof error)) {
        fail_usage("%s", error);
    }
    if (!boot_merge(img, &bootloader, error, sizeof error))
        fail_usage("%s: %s", opt->elf_path, error);
    if (opt->boot_address == NO_BOOT_ADDRESS)
        opt->boot_address = bootloader.flash_start;
    R.erased_runs = true;
}

int main(int argc, char **argv)
{
    parse_options(argc, argv, &R.opt);
    avr_global_logger_set(simavr_logger);

    static firmware_image img;
    char error[MESSAGE_MAX];
    R.quiet_log = true;
    bool read = firmware_read(R.opt.elf_path, &img, error, sizeof error);
    R.quiet_log = false;
    if (!read)
        fail_usage("%s", error);
    if (R.opt.bootloader_path)
        add_bootloader(&img, &R.opt);
    if (img.is_hex && (R.opt.profile_path || R.opt.callgrind_path))
        fail_usage("%s: profiling needs the symbols of an ELF file", R.opt.elf_path);

    avr_t *avr = make_avr(&img, &R.opt);
    R.avr = avr;
    R.program_end = img.program_end;
    R.data_end = img.data_end;
    R.sp_start = R.sp_low = read_sp(avr);
    R.stack_painted = img.stack_painted && img.data_end;
    R.stack_paint = img.stack_paint;
    R.watchdog = (avr_watchdog_t *)find_io_module(avr, "watchdog", 0);

    if (R.probe_addr)
        avr_register_io_write(avr, R.probe_addr, probe_write, NULL);
    if (R.console_addr) {
        avr_register_io_write(avr, R.console_addr, console_write, NULL);
        avr_register_io_read(avr, R.console_addr, console_read, NULL);
    }
    avr_register_io_write(avr, R_SPH, sph_write, NULL);
    avr_register_io_write(avr, R_SPL, spl_write, NULL);
    /* simavr's gdb stub prints on stdout, which carries the firmware's
     * bytes: those keep the real stdout, simavr's lines go to stderr. */
    int out_fd = STDOUT_FILENO;
    if (R.opt.gdb_port) {
        out_fd = dup(STDOUT_FILENO);
        if (out_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
            fail_usage("--gdb: %s", strerror(errno));
        setvbuf(stdout, NULL, _IOLBF, 0);
    }
    serial_config serial = {
        .input = R.opt.input, .firmware_waits_asleep = img.waits_asleep,
        .pty = R.opt.pty, .out_fd = out_fd, .stop = &R.stop_signal,
        .bounded_waits = R.opt.gdb_port != 0,
        .wake = &R.reset_signal, .watch_opens = R.opt.reset_on_open,
    };
    if (!serial_open(avr, &serial, error, sizeof error))
        fail_usage("%s", error);
    if (serial_pty_path())
        fprintf(stderr, "avrsim: USART0 on %s\n", serial_pty_path());
    if (R.opt.profile_path || R.opt.callgrind_path) {
        R.profile = prof_create(avr, R.opt.elf_path, R.program_end, R.opt.profile_probe,
                                error, sizeof error);
        if (!R.profile)
            fail_usage("%s", error);
    }
    if (!eeprom_open(avr, R.opt.eeprom_path, error, sizeof error))
        fail_usage("%s", error);
    if (R.opt.vcd_path && !vcd_open(avr, R.mcu, R.opt.vcd_path, error, sizeof error))
        fail_usage("%s", error);
    core_reset = avr->reset;
    avr->reset = on_reset;

    /* Without SA_RESTART: a signal interrupts a blocking call, the accept()
     * of simavr's gdb stub waiting for the next avr-gdb among them, so that
     * the loop sees it. */
    struct sigaction stop = { .sa_handler = on_stop_signal }, reset = { .sa_handler = on_reset_signal };
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGUSR1, &reset, NULL);
    clock_gettime(CLOCK_MONOTONIC, &R.wall_start);
    signal(SIGPIPE, SIG_IGN);   /* a closed reader shows up as a write error */
    if (R.opt.gdb_port) {
        avr->gdb_port = R.opt.gdb_port;
        avr->state = cpu_Stopped;       /* until avr-gdb says continue */
        if (avr_gdb_init(avr) != 0)
            fail_usage("--gdb %d: cannot listen on that port", R.opt.gdb_port);
        gdb_listen_without_blocking();
        sigemptyset(&held_signals);
        sigaddset(&held_signals, SIGINT);
        sigaddset(&held_signals, SIGTERM);
        sigaddset(&held_signals, SIGUSR1);
        sigprocmask(SIG_BLOCK, &held_signals, NULL);
        avr->sleep = no_sleep;          /* the stub's would pace to the wall clock */
        fprintf(stderr, "avrsim: waiting for avr-gdb on port %d (target remote :%d)\n",
                R.opt.gdb_port, R.opt.gdb_port);
    }

    run(avr);
}
