/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE

#include "avrsim_serial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#include <avr_uart.h>
#include <sim_io.h>

#define INPUT_BUFFER_SIZE 4096u
#define SINK_SIZE (1u << 16)
#define WAIT_SLICE_MS 200       /* a blocked wait looks at the stop flag this often */
#define BOUNDED_WAIT_MS 10
#define NO_CLIENT_PAUSE_MS 50   /* a pseudo-terminal with nobody at the other end */
/* Auto mode, for a firmware that does not declare how it waits
 * (avrsim_serial.h): the reads of the receiver in a row that find nothing,
 * with the transmitter ready and no byte written in between, that show a
 * firmware polling for input (a wait for the transmitter ends in a write,
 * a few reads waiting for input end in a sleep); and the simulated time
 * without either, or a byte sent, after which it is taken to poll (an
 * interrupt that fills a buffer and a main loop that looks at it). */
#define AUTO_POLLING_READS 16u
#define AUTO_QUIET_MS 100u

/* An output: a buffer in front of a file descriptor.  A pseudo-terminal's
 * master is non-blocking, and what does not fit while nobody reads is
 * dropped, as a serial line drops what nobody listens to; stdout blocks, so
 * a slow reader slows the run down rather than lose bytes. */
typedef struct sink {
    int fd;
    bool drop_when_full;
    int error;                  /* errno of a failed write: the rest is discarded */
    size_t len;
    uint8_t buf[SINK_SIZE];
} sink;

static struct serial {
    serial_input mode;          /* AUTO: the firmware has not shown how it waits yet */
    avr_cycle_count_t auto_quiet_cycles, auto_verdict_cycle;    /* AUTO turns EAGER then */
    unsigned auto_empty_reads;  /* in a row, the transmitter ready */
    avr_t *avr;
    bool bounded_waits;
    const volatile sig_atomic_t *stop, *wake;

    avr_uart_t *uart;           /* NULL: the part has no USART0 */
    avr_irq_t *uart_input;
    bool accepts;               /* between XON and XOFF */

    int in_fd;                  /* stdin, or the pseudo-terminal's master; -1: none */
    uint8_t input[INPUT_BUFFER_SIZE];
    size_t input_len, input_pos;
    bool eof;
    bool eof_woken;             /* the CPU was woken once to see the end */
    bool wake_pending;          /* wake it when the coming SLEEP has begun */

    sink out;                   /* stdout */
    sink pty;                   /* the pseudo-terminal's master */
    sink *uart_sink;
    bool pty_mode;
    int pty_slave;              /* held open: clients come and go */
    int open_watch;             /* inotify on the slave's path; -1: none */
    char pty_path[64];

    bool tty_changed;
    struct termios tty_saved;
} S = { .in_fd = -1, .pty_slave = -1, .open_watch = -1 };

/* --------------------------------------------------------------- output -- */
static void sink_flush(sink *k)
{
    size_t done = 0;
    while (done < k->len && !k->error) {
        ssize_t n = write(k->fd, k->buf + done, k->len - done);
        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN) {
            if (k->drop_when_full)
                break;
            struct pollfd p = { .fd = k->fd, .events = POLLOUT };
            poll(&p, 1, WAIT_SLICE_MS);
        } else {
            k->error = n < 0 ? errno : EIO;     /* e.g. EPIPE: the reader has gone */
        }
    }
    k->len = 0;
}

static void sink_put(sink *k, uint8_t byte)
{
    if (k->len == SINK_SIZE)
        sink_flush(k);
    k->buf[k->len++] = byte;
}

static void flush_outputs(void)
{
    if (S.out.len)
        sink_flush(&S.out);
    if (S.pty.len)
        sink_flush(&S.pty);
}

void serial_console_write(uint8_t byte)
{
    sink_put(&S.out, byte);
}

/* ---------------------------------------------------------------- input -- */
static bool fifo_empty(void)
{
    return S.uart->input.read == S.uart->input.write;
}

/* Offer buffered input while the FIFO has room.  Raising the input IRQ can
 * call uart_xoff() re-entrantly, which stops the loop. */
static void feed_uart(void)
{
    if (S.pty_mode && !avr_regbit_get(S.avr, S.uart->rxen)) {
        /* A serial line: what comes while the receiver is off (a part
         * being reset, a bootloader starting) is lost, not queued. */
        S.input_pos = S.input_len;
        return;
    }
    while (S.accepts && S.input_pos < S.input_len)
        avr_raise_irq(S.uart_input, S.input[S.input_pos++]);
}

/* One read of whatever has arrived, after poll() said so; false when
 * nothing came (no data yet, an interruption, nobody on the pseudo-terminal). */
static bool read_input(short revents)
{
    if (!(revents & POLLIN)) {
        if (S.pty_mode || !(revents & (POLLHUP | POLLERR)))
            return false;
    }
    ssize_t n = read(S.in_fd, S.input, sizeof S.input);
    if (n > 0 && S.tty_changed) {
        /* Non-canonical mode passes the terminal's end-of-file key (Ctrl-D)
         * on as a byte: it ends the input here, as it would in canonical
         * mode.  What was typed before it is still delivered. */
        const uint8_t *key = S.tty_saved.c_cc[VEOF] != _POSIX_VDISABLE
                                 ? memchr(S.input, S.tty_saved.c_cc[VEOF], (size_t)n) : NULL;
        if (key) {
            S.input_pos = 0;
            S.input_len = (size_t)(key - S.input);
            S.eof = true;
            return true;
        }
    }
    if (n > 0) {
        S.input_pos = 0;
        S.input_len = (size_t)n;
        return true;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return false;
    if (S.pty_mode)
        return false;           /* EIO: no client at the moment */
    S.eof = true;               /* EOF, or an unreadable stdin: no more input */
    return true;
}

static void poll_input(void)
{
    if (S.in_fd < 0 || S.eof || S.input_pos < S.input_len)
        return;
    struct pollfd p = { .fd = S.in_fd, .events = POLLIN };
    if (poll(&p, 1, 0) > 0)
        read_input(p.revents);
}

/* Blocks until input has arrived or is known to be at its end: true then.
 * False when a signal asks to stop, when stdout has failed, or after
 * BOUNDED_WAIT_MS with a debugger attached. */
static bool wait_input(void)
{
    flush_outputs();            /* the answer first: the other side may wait for it */
    for (;;) {
        if ((S.stop && *S.stop) || (S.wake && *S.wake) || S.out.error)
            return false;       /* the run is to end, or the part to reset */
        struct pollfd p[2] = { { .fd = S.in_fd, .events = POLLIN },
                               { .fd = S.open_watch, .events = POLLIN } };
        int r = poll(p, 2, S.bounded_waits ? BOUNDED_WAIT_MS : WAIT_SLICE_MS);
        if (r > 0 && p[1].revents)
            return false;       /* a client opened the line: the loop resets the part */
        if (r > 0 && read_input(p[0].revents))
            return true;
        if (r > 0 && S.pty_mode && (p[0].revents & POLLHUP))
            poll(NULL, 0, NO_CLIENT_PAUSE_MS);
        if (S.bounded_waits)
            return false;
    }
}

void serial_service(void)
{
    if (S.mode == SERIAL_INPUT_AUTO && S.avr->cycle >= S.auto_verdict_cycle)
        S.mode = SERIAL_INPUT_EAGER;    /* quiet, and no wait asleep: it polls */
    if (S.mode == SERIAL_INPUT_EAGER && S.uart) {
        poll_input();
        feed_uart();
    }
    flush_outputs();
}

bool serial_client_opened(void)
{
    if (S.open_watch < 0)
        return false;
    bool opened = false;
    union {
        struct inotify_event event;
        char bytes[sizeof(struct inotify_event) + 256];
    } buf;
    ssize_t n;
    while ((n = read(S.open_watch, &buf, sizeof buf)) > 0)
        for (char *p = buf.bytes; p < buf.bytes + n;) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            opened |= (e->mask & IN_OPEN) != 0;
            p += sizeof *e + e->len;
        }
    return opened;
}

bool serial_input_ended(void)
{
    if (!S.uart)
        return true;            /* no USART: there is no input channel */
    return S.eof && S.input_pos == S.input_len && fifo_empty();
}

static void wake(avr_t *avr)
{
    if (avr->state == cpu_Sleeping)
        avr->state = cpu_Running;
    else
        S.wake_pending = true;  /* the SLEEP is the next instruction */
}

void serial_wait_point(avr_t *avr)
{
    avr_uart_t *u = S.uart;
    if (!u || !avr->sreg[S_I] || !avr_regbit_get(avr, u->rxen) ||
        !avr_regbit_get(avr, u->rxc.enable) || !fifo_empty())
        return;                 /* not waiting for input */
    if (S.mode == SERIAL_INPUT_AUTO)
        S.mode = SERIAL_INPUT_PACED;    /* it waits asleep: pace it from now on */
    if (S.wake_pending) {
        if (avr->state == cpu_Sleeping) {
            avr->state = cpu_Running;
            S.wake_pending = false;
        }
        return;
    }
    if (S.input_pos == S.input_len && !S.eof && !wait_input())
        return;
    if (S.input_pos < S.input_len) {
        if (S.mode == SERIAL_INPUT_EAGER) {
            S.accepts = true;   /* the FIFO is empty */
            feed_uart();
        } else {
            avr_raise_irq(S.uart_input, S.input[S.input_pos++]);
        }
        return;
    }
    if (!S.eof_woken) {         /* at the end: once, so that it can see it */
        S.eof_woken = true;
        wake(avr);
    }
}

/* ----------------------------------------------------------------- UART -- */
static void uart_output(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    S.auto_empty_reads = 0;
    S.auto_verdict_cycle = S.avr->cycle + S.auto_quiet_cycles;
    sink_put(S.uart_sink, (uint8_t)value);
}

/* XON comes with every read of the receiver (status or data) that finds it
 * empty, and when the receiver is switched on. */
static void uart_xon(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)value; (void)param;
    S.accepts = true;
    if (S.mode == SERIAL_INPUT_AUTO && avr_regbit_get(S.avr, S.uart->udrc.raised) &&
        ++S.auto_empty_reads >= AUTO_POLLING_READS)
        S.mode = SERIAL_INPUT_EAGER;    /* it polls */
    if (S.mode == SERIAL_INPUT_EAGER)
        feed_uart();
}

static void uart_xoff(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    S.accepts = !value;
}

static avr_uart_t *find_uart0(avr_t *avr)
{
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, "uart") == 0 &&
            io->irq_ioctl_get == AVR_IOCTL_UART_GETIRQ('0'))
            return (avr_uart_t *)io;    /* avr_io_t is the module's first member */
    return NULL;
}

static void connect_uart(avr_t *avr)
{
    uint32_t flags = 0;         /* no stdio echo, no usleep on status polls */
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    S.uart_input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff, NULL);
}

/* ------------------------------------------------------------ terminals -- */
/* Characters reach the firmware as they are typed (no line editing, no
 * echo: the firmware echoes if it wants to); Ctrl-C still interrupts, and
 * Ctrl-D (read_input) still ends the input. */
static void raw_stdin(void)
{
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &S.tty_saved) != 0)
        return;
    struct termios raw = S.tty_saved;
    raw.c_lflag &= (tcflag_t)~(ICANON | ECHO);
    raw.c_lflag |= ISIG;
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0)
        S.tty_changed = true;
}

/* The slave end is kept open by the runner itself, so that clients (a
 * terminal program, a GUI) can come and go while the firmware runs, and it
 * is raw: without that, the line discipline would echo the firmware's own
 * output back to it. */
static bool open_pty(bool watch_opens, char *err, size_t errlen)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    const char *name = master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0
                           ? ptsname(master) : NULL;
    int slave = name ? open(name, O_RDWR | O_NOCTTY) : -1;
    struct termios t;
    if (slave < 0 || tcgetattr(slave, &t) != 0) {
        snprintf(err, errlen, "cannot make a pseudo-terminal: %s", strerror(errno));
        return false;
    }
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    snprintf(S.pty_path, sizeof S.pty_path, "%s", name);
    S.pty_slave = slave;
    if (watch_opens) {
        S.open_watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (S.open_watch < 0 || inotify_add_watch(S.open_watch, name, IN_OPEN) < 0) {
            snprintf(err, errlen, "cannot watch %s for a client: %s", name, strerror(errno));
            return false;
        }
    }
    S.pty.fd = master;
    S.pty.drop_when_full = true;
    S.in_fd = master;
    return true;
}

/* ----------------------------------------------------------- the setup -- */
bool serial_open(avr_t *avr, const serial_config *cfg, char *err, size_t errlen)
{
    S.out.fd = cfg->out_fd;
    S.uart_sink = &S.out;
    S.stop = cfg->stop;
    S.wake = cfg->wake;
    S.bounded_waits = cfg->bounded_waits;
    S.uart = find_uart0(avr);
    S.pty_mode = cfg->pty;
    if (S.pty_mode) {
        if (!S.uart) {
            snprintf(err, errlen, "--pty: the %s has no USART0", avr->mmcu);
            return false;
        }
        if (!open_pty(cfg->watch_opens, err, errlen))
            return false;
        S.uart_sink = &S.pty;
    } else if (S.uart) {
        S.in_fd = STDIN_FILENO;
    }
    bool interactive = S.pty_mode || isatty(STDIN_FILENO);
    S.mode = cfg->input != SERIAL_INPUT_AUTO ? cfg->input
           : interactive                   ? SERIAL_INPUT_EAGER
           : cfg->firmware_waits_asleep    ? SERIAL_INPUT_PACED
                                           : SERIAL_INPUT_AUTO;
    S.avr = avr;
    S.auto_quiet_cycles = (avr_cycle_count_t)avr->frequency * AUTO_QUIET_MS / 1000u;
    S.auto_verdict_cycle = S.auto_quiet_cycles;
    if (S.uart) {
        connect_uart(avr);
        if (!S.pty_mode)
            raw_stdin();
    }
    return true;
}

const char *serial_pty_path(void)
{
    return S.pty_mode ? S.pty_path : NULL;
}

serial_input serial_mode(void)
{
    return S.mode;
}

bool serial_on_terminal(void)
{
    return S.tty_changed;
}

int serial_output_error(void)
{
    return S.out.error;
}

void serial_close(void)
{
    flush_outputs();
    if (S.tty_changed) {
        tcsetattr(STDIN_FILENO, TCSANOW, &S.tty_saved);
        S.tty_changed = false;
    }
}
