#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/firmware/test_flash.sh - `make flash` proven without a board: for each board
# with a serial bootloader, avrsim runs the bootloader that board ships with
# (Debian's arduino-core-avr) on a pseudo-terminal, as a board that resets
# when its port is opened; the project's own `make flash BOARD=... PORT=...`
# uploads the game through avrdude; `make monitor` (picocom) shows the
# game's banner after the reset its open causes; and the game answers `go`
# with a move that the host CLI (build/host/checkers moves) lists as legal.
# Then an image over a board's limit, and a port that does not exist, are
# refused before avrdude starts.  The boards run two at a time (each
# simulation keeps to the wall clock: a bootloader's timeout is a board's).
#
#   BUILD=build tests/firmware/test_flash.sh [BOARD...]
set -u

BUILD=${BUILD:-build}
AVRSIM=$BUILD/host/avrsim
BOOTLOADERS=/usr/share/arduino/hardware/arduino/avr/bootloaders
. tests/support.sh
WORK=$tmp
# make as a user runs it, not as a sub-make of `make test`.
run_make() {
    (unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory BUILD="$BUILD" "$@")
}

# The bootloader of each board (Arduino's boards.txt): Optiboot on the Uno
# and the Nano (built by tests/tests.mk: the 512-byte boot section), the
# old ATmegaBOOT on the others, stk500v2 on the Mega.
bootloader_of() {
    case $1 in
        uno|nano)  echo "$BUILD/flash/optiboot_atmega328.hex" ;;
        nano-old)  echo "$BOOTLOADERS/atmega/ATmegaBOOT_168_atmega328.hex" ;;
        promini8)  echo "$BOOTLOADERS/atmega/ATmegaBOOT_168_atmega328_pro_8MHz.hex" ;;
        diecimila) echo "$BOOTLOADERS/atmega/ATmegaBOOT_168_diecimila.hex" ;;
        mega2560)  echo "$BOOTLOADERS/stk500v2/stk500boot_v2_mega2560.hex" ;;
    esac
}
FLASH_BOARDS="uno nano nano-old promini8 diecimila mega2560"
[ $# -gt 0 ] && FLASH_BOARDS="$*"
board_fact() {      # board_fact BOARD NAME: NAME's value in boards/BOARD.mk
    sed -n "s/^$2 := //p" "boards/$1.mk"
}

for f in "$AVRSIM" "$BUILD/host/checkers" "$BUILD/flash/optiboot_atmega328.hex"; do
    [ -e "$f" ] || { echo "flash: $f is missing (make test-build)"; exit 1; }
done
for tool in avrdude picocom script python3; do
    command -v $tool > /dev/null || { echo "flash: $tool is missing (make deps)"; exit 1; }
done
"$BUILD/host/checkers" moves > "$WORK/legal" || exit 1

# flash_board BOARD: writes its verdicts, one line each ("ok: ..." or
# "failed: ..."), to $WORK/BOARD.verdicts.
flash_board() {
    b=$1 dir=$WORK/$b
    mkdir -p "$dir"
    verdicts=$WORK/$b.verdicts
    : > "$verdicts"
    : > "$dir/sim.err"
    say() { printf '%s\n' "$1" >> "$verdicts"; }
    "$AVRSIM" --pty --reset-on-open --realtime --bootloader "$(bootloader_of "$b")" \
        --mcu "$(board_fact "$b" MCU)" --freq "$(board_fact "$b" F_CPU)" \
        < /dev/null > "$dir/sim.out" 2> "$dir/sim.err" &
    sim_pid=$!
    i=0
    while ! grep -q 'USART0 on ' "$dir/sim.err" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    pty=$(sed -n 's/^avrsim: USART0 on \(.*\)$/\1/p' "$dir/sim.err")

    # The upload, by the command a user types.  A host too busy to run
    # avrdude for a second (Optiboot's timeout) breaks an upload on a board
    # too; the user then types it again: so does the test, once, and says so.
    start=$(date +%s)
    for attempt in first second; do
        timeout 120 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
            make --no-print-directory BUILD="$BUILD" flash BOARD="$b" PORT="$pty" > "$dir/flash.log" 2>&1
        flash_status=$?
        [ "$flash_status" = 0 ] && break
        cp "$dir/flash.log" "$dir/flash-first.log"
    done
    bytes=$(sed -n 's/^avrdude: \([0-9]*\) bytes of flash verified$/\1/p' "$dir/flash.log")
    again=
    [ "$attempt" = second ] && again=", at the second attempt: $(grep -m 1 'error' "$dir/flash-first.log")"
    if [ "$flash_status" = 0 ] && [ -n "$bytes" ]; then
        say "ok:     $b: make flash wrote and verified $bytes bytes through $(board_fact "$b" AVRDUDE_PROGRAMMER) at $(board_fact "$b" AVRDUDE_BAUD) baud ($(($(date +%s) - start)) s$again)"
    else
        say "failed: $b: make flash (status $flash_status): $(grep -v '^$' "$dir/flash.log" | tail -n 4 | tr '\n' ' ')"
    fi

    # The monitor: picocom opens the port (the board resets), the bootloader
    # waits for an upload, times out and starts the game, whose banner shows.
    # script(1) gives picocom the terminal it wants, its input a FIFO held
    # open (nothing typed); Ctrl-C's signal ends it once the game's prompt
    # line has come, or after 30 s.
    mkfifo "$dir/monitor.in"
    : > "$dir/monitor.log"
    timeout 30 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL script -qfec \
        "make --no-print-directory BUILD='$BUILD' monitor BOARD='$b' PORT='$pty'" /dev/null \
        < "$dir/monitor.in" > "$dir/monitor.log" 2>&1 &
    monitor_pid=$!
    exec 4> "$dir/monitor.in"
    i=0
    while ! grep -q "type help" "$dir/monitor.log" && [ $i -lt 300 ] && kill -0 $monitor_pid 2> /dev/null; do
        sleep 0.1; i=$((i + 1))
    done
    kill -INT $monitor_pid 2> /dev/null
    wait $monitor_pid
    exec 4>&-
    if grep -q "bitdraughts checkers" "$dir/monitor.log" && grep -q "board $b," "$dir/monitor.log"; then
        say "ok:     $b: make monitor shows the game's banner after the reset of its open ($(grep -a -m 1 '^reset:' "$dir/monitor.log" | tr -d '\r'))"
    else
        say "failed: $b: make monitor showed no banner: $(tr -d '\r' < "$dir/monitor.log" | tail -n 4 | tr '\n' ' ')"
    fi

    # The game: a client opens the port, waits for the prompt, asks `go`.
    move=$(timeout 60 python3 - "$pty" <<'PY' 2> "$dir/client.err"
import os, re, select, sys, time, tty
fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
tty.setraw(fd)
got = b''
def read_until(pattern, seconds):
    global got
    end = time.time() + seconds
    while not re.search(pattern, got) and time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            got += os.read(fd, 4096)
    return re.search(pattern, got)
if read_until(rb'\n> $', 20):
    got = b''
    os.write(fd, b'go\n')
    m = read_until(rb'1\. ([a-h][1-8](?:[-:][a-h][1-8])+)', 30)
    print(m.group(1).decode() if m else 'no move in: %r' % got[-200:])
else:
    print('no prompt in: %r' % got[-200:])
PY
)
    if grep -qx -- "$move" "$WORK/legal"; then
        say "ok:     $b: the uploaded game answers go with $move, a legal move (build/host/checkers moves)"
    else
        say "failed: $b: go: $move $(head -c 200 "$dir/client.err")"
    fi
    kill -TERM "$sim_pid" 2> /dev/null
    wait "$sim_pid"
    sim_status=$?
    if [ "$sim_status" = 143 ]; then
        say "ok:     $b: avrsim ran the bootloader and the game until SIGTERM (143)"
    else
        say "failed: $b: avrsim ended with $sim_status: $(grep -v 'USART0 on' "$dir/sim.err" | head -n 3 | tr '\n' ' ')"
    fi
}

# Two boards at a time: each simulation keeps to the wall clock, which a
# busy host must be able to follow.
set -- $FLASH_BOARDS
while [ $# -gt 0 ]; do
    flash_board "$1" &
    pids=$!
    if [ $# -gt 1 ]; then flash_board "$2" & pids="$pids $!"; shift; fi
    wait $pids
    shift
done

for b in $FLASH_BOARDS; do
    while IFS= read -r line; do
        printf '  %s\n' "$line"
        case $line in ok:*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
    done < "$WORK/$b.verdicts"
done

# Refusals: avrdude must not start; a stand-in first in PATH records a call.
mkdir -p "$WORK/bin"
printf '#!/bin/sh\ntouch "%s/avrdude-ran"\n' "$WORK" > "$WORK/bin/avrdude"
chmod +x "$WORK/bin/avrdude"
PATH="$WORK/bin:$PATH" run_make flash BOARD=diecimila PORT=/dev/null IMAGE="$BUILD/uno/demo.hex" \
    > "$WORK/over.log" 2>&1
status=$?
if [ "$status" != 0 ] && [ ! -e "$WORK/avrdude-ran" ] && grep -q "over the diecimila board's limit" "$WORK/over.log"; then
    ok "an image over the board's limit is refused before avrdude starts"
else
    fail "an image over the limit" "status $status, avrdude $( [ -e "$WORK/avrdude-ran" ] && echo ran || echo 'did not run'): $(tail -n 2 "$WORK/over.log" | tr '\n' ' ')"
fi
PATH="$WORK/bin:$PATH" run_make flash BOARD=uno PORT=/dev/no-such-port > "$WORK/port.log" 2>&1
status=$?
if [ "$status" != 0 ] && [ ! -e "$WORK/avrdude-ran" ] && grep -q "no such port" "$WORK/port.log" &&
   grep -q "make flash BOARD=uno PORT=/dev/" "$WORK/port.log"; then
    ok "a port that does not exist: the serial ports there are, and how to pass PORT="
else
    fail "a missing port" "status $status: $(tail -n 2 "$WORK/port.log" | tr '\n' ' ')"
fi
# The ATtiny85 has no bootloader: its USBasp erases the chip (no -D) and is
# found on the USB bus (-P usb), whatever PORT says.
command=$(run_make -n flash BOARD=attiny85 PORT=/dev/ttyACM0 2>&1 | grep '^avrdude ')
case " $command " in
    *" -D "*|*/dev/tty*|*" -b "*) fail "the ATtiny85's avrdude command" "$command" ;;
    *" -c usbasp "*) case " $command " in
        *" -P usb "*) ok "the ATtiny85's avrdude command: USBasp on the USB bus, chip erased first ($command)" ;;
        *) fail "the ATtiny85's avrdude command" "$command" ;;
        esac ;;
    *) fail "the ATtiny85's avrdude command" "$command" ;;
esac

finish "flash"
