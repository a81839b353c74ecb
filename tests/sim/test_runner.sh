#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/sim/test_runner.sh - exercises the simulator runner (build/host/avrsim)
# with the firmwares in tests/sim/runner/*.c, built for the Uno (ATmega328P) and
# the ATtiny85.  One line per case, then "runner: N passed, N failed"; exit
# status 1 if any case failed.
#
#   BUILD=build tests/sim/test_runner.sh
set -u

BUILD=${BUILD:-build}
AVRSIM=$BUILD/host/avrsim
UNO=$BUILD/uno/runner
TINY=$BUILD/attiny85/runner

. tests/support.sh
WORK=$tmp

# sim NAME ARGS...: runs avrsim, stdin from $WORK/stdin (empty unless a case
# wrote one); leaves $WORK/out, $WORK/err and $status.
sim() {
    name=$1; shift
    [ -f "$WORK/stdin" ] || : > "$WORK/stdin"
    "$AVRSIM" "$@" < "$WORK/stdin" > "$WORK/out" 2> "$WORK/err"
    status=$?
}

# expect_run CASE STATUS [STDOUT [STDERR-PATTERN]]: checks the last sim run.
expect_run() {
    case_name=$1 want_status=$2
    if [ "$status" != "$want_status" ]; then
        fail "$case_name" "exit status $status, expected $want_status: $(head -c 200 "$WORK/err" | tr '\n' ' ')"
        return 1
    fi
    if [ $# -ge 3 ] && [ "$(cat "$WORK/out"; printf x)" != "$(printf '%s' "$3"; printf x)" ]; then
        fail "$case_name" "stdout was '$(head -c 100 "$WORK/out")'"
        return 1
    fi
    if [ $# -ge 4 ] && ! grep -q -- "$4" "$WORK/err"; then
        fail "$case_name" "stderr lacks '$4': $(head -c 200 "$WORK/err" | tr '\n' ' ')"
        return 1
    fi
    ok "$case_name"
}

for f in "$AVRSIM" "$UNO/echo.elf" "$TINY/hello.elf" "$UNO/bootloader.hex"; do
    [ -e "$f" ] || { echo "runner: $f is missing (make build/host/avrsim and the runner firmwares)"; exit 1; }
done
nl='
'

# ---------------------------------------------------------- exit status --
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    sim exit_code "$dir/exit_code.elf"
    expect_run "exit status 3 passed through ($board)" 3 "leaving$nl"
    sim hello "$dir/hello.elf"
    expect_run "exit status 0 and exactly the firmware's output on stdout ($board)" 0 "hello from $board$nl"
    sim halt "$dir/halt.elf"
    expect_run "cli+sleep halts with status 0 ($board)" 0 "halting$nl"
    sim watchdog "$dir/watchdog.elf"
    expect_run "watchdog reset restarts the firmware ($board)" 7 "arming watchdog${nl}after watchdog reset$nl"
done

# stdout stays clean with every report switched on
sim hello --stats --probes - "$UNO/hello.elf"
expect_run "stdout holds only firmware output with --stats --probes -" 0 "hello from uno$nl" "peak stack"

# ----------------------------------------------------- abnormal endings --
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    sim endless --max-cycles 1000000 "$dir/endless.elf"
    expect_run "cycle budget exceeded -> 124 ($board)" 124 "" "cycle budget of 1000000 exceeded"
    sim crash_jump "$dir/crash_jump.elf"
    expect_run "jump outside the program -> 125 with the PC ($board)" 125 "jumping$nl" "crash: PC 0x1e00"
    sim crash_opcode "$dir/crash_opcode.elf"
    expect_run "invalid opcode -> 125 with the PC ($board)" 125 "" "crash: invalid opcode 0x0001 at PC 0x"
    sim stack_overflow "$dir/stack_overflow.elf"
    expect_run "stack into static data -> 126 ($board)" 126 "" "stack ran into static data"
done

# --------------------------------------------------------- usage errors --
sim usage
expect_run "no firmware -> 2" 2 "" "no firmware"
sim usage --frobnicate "$UNO/hello.elf"
expect_run "unknown option -> 2" 2 "" "bad option"
sim usage "$WORK/missing.elf"
expect_run "unreadable ELF -> 2" 2 "" "missing.elf"
sim usage "$0"
expect_run "neither ELF nor HEX -> 2" 2 "" "neither an AVR ELF nor an Intel HEX file"
printf '\177ELF' > "$WORK/tiny.elf"
sim usage "$WORK/tiny.elf"
if [ "$status" = 2 ] && [ "$(wc -l < "$WORK/err")" = 1 ] &&
   grep -q 'tiny.elf: a damaged or truncated ELF file' "$WORK/err"; then
    ok "a 4-byte ELF -> 2, one line of its own on stderr"
else
    fail "a 4-byte ELF" "status $status: $(tr '\n' '|' < "$WORK/err")"
fi
sim usage "$AVRSIM"
expect_run "an ELF for another processor -> 2" 2 "" "another processor (machine [0-9]*), not an AVR"
sim usage --mcu atmega999 "$UNO/hello.elf"
expect_run "unknown MCU -> 2" 2 "" "unknown MCU"
sim help --help
if [ "$status" = 0 ] && grep -q "124" "$WORK/out" && grep -q -- "--eeprom" "$WORK/out" &&
   grep -q -- "--profile-probe" "$WORK/out"; then
    ok "--help describes options and statuses"
else
    fail "--help describes options and statuses" "status $status"
fi

# ------------------------------------------------------ firmware formats --
# Firmwares of nobody's project (tests/sim/runner/foreign/), built here with
# plain avr-gcc: with avrsim's two lines, without them, as Intel HEX.
# foreign NAME SOURCE [FLAGS...] -> $WORK/NAME.elf
foreign() {
    fname=$1 src=$2
    shift 2
    avr-gcc -mmcu=atmega328p -DF_CPU=16000000UL -Os -g -Isim "$@" \
        -o "$WORK/$fname.elf" "tests/sim/runner/foreign/$src" > "$WORK/cc.err" 2>&1 ||
        echo "  (avr-gcc failed: $(head -c 300 "$WORK/cc.err"))"
}
LDSIM=-Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000
foreign hello_sim hello.c -DAVRSIM "$LDSIM"
foreign hello_plain hello.c
foreign hello_trap hello.c -DAVRSIM -Wl,--undefined=_mmcu
avr-objcopy -O ihex -R .eeprom "$WORK/hello_plain.elf" "$WORK/hello.hex"
hello_out="hello from elsewhere$nl"

sim foreign "$WORK/hello_sim.elf"
expect_run "a foreign firmware with avrsim's two lines: MCU and clock from .mmcu, its status 5" 5 "$hello_out"
sim foreign "$WORK/hello_plain.elf"
expect_run "an ELF without .mmcu -> 2, asks for --mcu" 2 "" "no MCU.*use --mcu"
sim foreign --mcu atmega328p --freq 16000000 "$WORK/hello_plain.elf"
expect_run "an ELF without .mmcu runs with --mcu and --freq" 5 "$hello_out"
sim foreign --mcu atmega328p --freq 16000000 "$WORK/hello.hex"
expect_run ".hex input with --mcu and --freq" 5 "$hello_out"
sim foreign "$WORK/hello.hex"
expect_run ".hex without --mcu -> 2" 2 "" "an Intel HEX file names none"
sim foreign --mcu atmega328p "$WORK/hello.hex"
expect_run ".hex without --freq -> 2" 2 "" "no clock frequency"
awk 'NR == 3 { d = substr($0, 10, 1); $0 = substr($0, 1, 9) (d == "0" ? "1" : "0") substr($0, 11) } { print }' \
    "$WORK/hello.hex" > "$WORK/bad.hex"    # one data digit changed
sim foreign --mcu atmega328p --freq 16000000 "$WORK/bad.hex"
expect_run ".hex with a bad checksum -> 2, names the line" 2 "" "bad.hex:3: bad checksum"
sim trap "$WORK/hello_trap.elf"
expect_run ".mmcu linked into flash -> 2, names the linker flag" 2 "" \
    "lies in flash.*--section-start=.mmcu=0x910000"
foreign ee_seed ee_seed.c
avr-objcopy -O ihex "$WORK/ee_seed.elf" "$WORK/ee_seed.hex"
sim ee_seed --mcu atmega328p --freq 16000000 "$WORK/ee_seed.elf"
expect_run "EEMEM contents loaded from the ELF" 10
sim ee_seed --mcu atmega328p --freq 16000000 "$WORK/ee_seed.hex"
expect_run "EEMEM contents loaded from the HEX file's records at 0x810000" 10

# ---------------------------------------------------- outputs that fail --
# stdout's reader goes away (head after 1,000 bytes): the run ends at once
# with 141, as SIGPIPE would end it, instead of simulating on for nobody.
for board in uno attiny85; do
    { timeout 10 "$AVRSIM" --max-cycles 0 "$BUILD/$board/runner/chatter.elf" < /dev/null 2> "$WORK/err"
      echo $? > "$WORK/status"; } | head -c 1000 > "$WORK/out"
    status=$(cat "$WORK/status")
    if [ "$status" = 141 ] && [ "$(wc -c < "$WORK/out" | tr -d ' ')" = 1000 ] &&
       grep -q 'stdout: Broken pipe' "$WORK/err"; then
        ok "stdout's reader gone: the run ends with 141 and says so ($board)"
    else
        fail "stdout's reader gone ($board)" "status $status: $(head -c 200 "$WORK/err" | tr '\n' ' ')"
    fi
done
"$AVRSIM" "$UNO/hello.elf" < /dev/null > /dev/full 2> "$WORK/err"
status=$?
: > "$WORK/out"
expect_run "stdout that cannot be written -> 122 and a message" 122 "" "stdout: No space left"
# Every file it cannot write: a message, and 122 whatever the firmware's
# own status (exit_code.elf: 3).
for option in --eeprom --json --probes --profile --callgrind; do
    sim output "$option" "$WORK/no/such/dir/out" "$UNO/exit_code.elf"
    expect_run "$option into a missing directory -> 122 and a message" 122 "leaving$nl" "no/such/dir/out"
done
sim output --json "$WORK/r.json" --eeprom "$WORK/no/such/dir/out" "$UNO/exit_code.elf"
verdict=$(python3 -c "import json, sys; r = json.load(open(sys.argv[1]))['exit']
print('ok' if r['status'] == 122 and 'cannot save the EEPROM' in r['message'] else r)" "$WORK/r.json" 2>&1)
[ "$status" = 122 ] && [ "$verdict" = ok ] && ok "--json records the lost EEPROM image: status 122, its message" ||
    fail "--json and a lost EEPROM image" "status $status: $verdict"

# ------------------------------------------------------------ UART input --
# Every byte value 0..255, 80 times over: 20,480 bytes.
: > "$WORK/block"
i=0
while [ $i -lt 256 ]; do
    printf "\\$(printf '%03o' $i)" >> "$WORK/block"
    i=$((i + 1))
done
: > "$WORK/stdin"
i=0
while [ $i -lt 80 ]; do
    cat "$WORK/block" >> "$WORK/stdin"
    i=$((i + 1))
done
input_bytes=$(wc -c < "$WORK/stdin" | tr -d ' ')

sim echo "$UNO/echo.elf"
if [ "$status" != 0 ]; then
    fail "UART round trip of $input_bytes bytes" "status $status: $(head -c 200 "$WORK/err")"
elif ! cmp -s "$WORK/stdin" "$WORK/out"; then
    fail "UART round trip of $input_bytes bytes" "output differs: $(wc -c < "$WORK/out") bytes, $(cmp "$WORK/stdin" "$WORK/out" 2>&1 | head -1)"
else
    ok "UART round trip of $input_bytes bytes (all byte values), then input ended -> 0"
fi

sim input_end --input eager "$UNO/input_end.elf"
expect_run "input-ended not seen before the last byte (slow reader, full FIFO)" 0 "$input_bytes$nl"

rm -f "$WORK/stdin"
sim echo "$UNO/echo.elf"
expect_run "empty input ends at once" 0 ""
sim input_end "$TINY/input_end.elf"
expect_run "no USART: input has ended from the start (attiny85)" 0 "0$nl"

# ------------------------------------------------------- input pacing --
# cycles_of: the cycle count --stats printed for the last run.
cycles_of() { sed -n 's/^avrsim: \([0-9]*\) cycles.*/\1/p' "$WORK/err"; }

# slow_run NAME ARGS... < (lines of input on fd 3): runs avrsim with its stdin
# a pipe that a subshell fills line by line, 0.2 s apart.
slow_pipe() {
    while IFS= read -r line; do
        printf '%s\n' "$line"
        sleep 0.2
    done
}

# The same input from a file and from a slow pipe: the same output and the
# same cycle count (paced input, the default for our firmwares).
printf 'abc\ndef\n' > "$WORK/stdin"
sim echo --stats "$UNO/echo.elf"
file_cycles=$(cycles_of); file_out=$(cat "$WORK/out")
printf 'abc\ndef\n' | slow_pipe | "$AVRSIM" --stats "$UNO/echo.elf" > "$WORK/out" 2> "$WORK/err"
status=$?
if [ "$status" = 0 ] && [ -n "$file_cycles" ] && [ "$(cycles_of)" = "$file_cycles" ] &&
   [ "$(cat "$WORK/out")" = "$file_out" ] && [ "$file_out" = "abc${nl}def" ]; then
    ok "paced input: echo gives $file_cycles cycles from a file and from a slow pipe"
else
    fail "paced input: file and slow pipe" "status $status, cycles $file_cycles vs $(cycles_of), output '$file_out' vs '$(head -c 50 "$WORK/out")'"
fi

DEMO=$BUILD/uno/demo.elf
for script in 'fen' 'fen|moves|level depth 2|go|fen'; do
    printf '%s\n' "$script" | tr '|' '\n' > "$WORK/stdin"
    sim demo --stats "$DEMO"
    file_cycles=$(cycles_of); file_out=$(cat "$WORK/out")
    slow_pipe < "$WORK/stdin" | "$AVRSIM" --stats "$DEMO" > "$WORK/out" 2> "$WORK/err"
    status=$?
    if [ "$status" = 0 ] && [ -n "$file_cycles" ] && [ "$(cycles_of)" = "$file_cycles" ] &&
       [ "$(cat "$WORK/out")" = "$file_out" ]; then
        ok "paced input: the game firmware on '$script' gives $file_cycles cycles from a file and from a slow pipe"
    else
        fail "paced input: the game firmware on '$script'" "status $status, cycles $file_cycles vs $(cycles_of)"
    fi
done

# A firmware that waits asleep with Timer0 running and does not declare it
# (tests/sim/runner/foreign/timer_echo.c): its first sleep waiting for a byte
# makes its input paced, so input at once and input split by a pause in
# wall-clock time give the same cycles.
foreign timer_echo timer_echo.c "$LDSIM"
printf 'hello~' > "$WORK/stdin"
sim timer_echo --stats "$WORK/timer_echo.elf"
file_cycles=$(cycles_of); file_status=$status
rm -f "$WORK/stdin"
{ printf 'he'; sleep 1; printf 'llo~'; } | "$AVRSIM" --stats "$WORK/timer_echo.elf" > "$WORK/out" 2> "$WORK/err"
status=$?
if [ "$file_status" = 0 ] && [ "$status" = 0 ] && [ -n "$file_cycles" ] &&
   [ "$(cycles_of)" = "$file_cycles" ] && [ "$(cat "$WORK/out")" = hello ]; then
    ok "a timer running, no declaration: 'hello~' at once and split by a pause give $file_cycles cycles"
else
    fail "a timer running, input split by a pause" "status $file_status/$status, cycles $file_cycles vs $(cycles_of)"
fi

# Eager input and a firmware that waits asleep: the runner blocks instead
# of simulating the half second (8,000,000 cycles) before the input comes.
{ sleep 0.5; printf 'x\n'; } | "$AVRSIM" --input eager --stats "$UNO/echo.elf" > "$WORK/out" 2> "$WORK/err"
status=$?
idle=$(cycles_of)
if [ "$status" = 0 ] && [ "$(cat "$WORK/out")" = "x" ] && [ -n "$idle" ] && [ "$idle" -lt 200000 ]; then
    ok "eager input: a firmware asleep waiting costs no simulated time ($idle cycles in all)"
else
    fail "eager input: no idle time simulated" "status $status, $idle cycles"
fi

# The input ends while the firmware sleeps waiting (no timer to wake it):
# the runner wakes it so that it sees the end.
{ printf 'ab'; sleep 0.3; } | "$AVRSIM" "$UNO/echo.elf" > "$WORK/out" 2> "$WORK/err"
status=$?
if [ "$status" = 0 ] && [ "$(cat "$WORK/out")" = "ab" ]; then
    ok "the end of input reaches a firmware asleep waiting for it"
else
    fail "the end of input reaches a firmware asleep" "status $status, output '$(head -c 50 "$WORK/out")'"
fi

# Typed ahead: eager offers it to a computing firmware, paced does not.
printf 'k\n' > "$WORK/stdin"
sim typed_ahead --input eager "$UNO/typed_ahead.elf"
expect_run "eager input reaches a firmware that polls while it computes" 0 "key during work$nl"
sim typed_ahead --input paced "$UNO/typed_ahead.elf"
expect_run "paced input waits until the firmware sleeps for it" 0 "no key during work$nl"
sim typed_ahead "$UNO/typed_ahead.elf"
expect_run "paced is the default for a firmware that declares it waits asleep" 0 "no key during work$nl"
sim usage --input sometimes "$UNO/echo.elf"
expect_run "--input with a bad mode -> 2" 2 "" "eager or paced"

# The firmware's output reaches a pipe while it runs, not at its end: a
# line goes in, its echo must come out while stdin is still open.
mkfifo "$WORK/in.fifo" "$WORK/out.fifo"
"$AVRSIM" --max-cycles 100000000 "$UNO/echo.elf" < "$WORK/in.fifo" > "$WORK/out.fifo" 2> "$WORK/err" &
sim_pid=$!
exec 3> "$WORK/in.fifo" 4< "$WORK/out.fifo"
printf 'ping\n' >&3
if line=$(timeout 10 head -n 1 <&4) && [ "$line" = ping ]; then
    ok "stdout is flushed as the firmware writes (echo read back through a pipe)"
else
    fail "stdout is flushed as the firmware writes" "read '${line:-}'"
fi
exec 3>&- 4<&-
wait "$sim_pid"
rm -f "$WORK/in.fifo" "$WORK/out.fifo" "$WORK/stdin"

# ------------------------------------------------------------------- VCD --
# --vcd: tests/sim/runner/foreign/blink.c sets PB0 pulled up, PB1 low, PB5 three
# pulses of 1,001 cycles, sends "Hi\n" and echoes its input ("ok").  The
# trace, read back by a small VCD reader, must hold every pin of ports B, C
# and D, those levels, those pulses to the picosecond, and frames on TXD0
# and RXD0 that decode to the bytes.
foreign blink blink.c -DAVRSIM "$LDSIM"
printf 'ok' > "$WORK/stdin"
sim blink --vcd "$WORK/blink.vcd" "$WORK/blink.elf"
verdict=$(python3 - "$WORK/blink.vcd" <<'PY' 2>&1
import sys
words = open(sys.argv[1]).read().split()
names, changes, now, i = {}, {}, -1, 0
problems = []
while i < len(words):
    w = words[i]
    if w == '$timescale':
        if words[i + 1] != '1ps': problems.append('timescale ' + words[i + 1])
    if w == '$var':
        names[words[i + 3]] = words[i + 4]; changes[words[i + 4]] = []
        i += 6; continue
    if w.startswith('#'):
        t = int(w[1:])
        if t < now: problems.append('time goes back at ' + w)
        now = t
    elif w[0] in '01xz' and w[1:] in names and now >= 0:
        changes[names[w[1:]]].append((now, w[0]))
    i += 1
want = ['P%s%d' % (p, b) for p in 'BCD' for b in range(8)] + ['TXD0', 'RXD0']
if sorted(changes) != sorted(want): problems.append('signals ' + ' '.join(sorted(changes)))
def final(n): return changes[n][-1][1]
for pin, level in (('PB0', '1'), ('PB1', '0'), ('PB2', 'z'), ('PB5', '0')):
    if final(pin) != level: problems.append('%s ends %s' % (pin, final(pin)))
ps_per_cycle = 62500
pb5 = changes['PB5']
pulses = [b[0] - a[0] for a, b in zip(pb5, pb5[1:]) if a[1] == '1']
if pulses != [1001 * ps_per_cycle] * 3: problems.append('PB5 pulses %s' % pulses)
def level_at(line, t):
    v = '1'
    for when, l in changes[line]:
        if when > t: break
        v = l
    return v
def decode(line):
    bit, out, t, edges = 136 * ps_per_cycle, b'', -1, changes[line]
    for when, l in edges:
        if l != '0' or when < t: continue
        byte = 0
        for k in range(8):
            byte |= (level_at(line, when + (k + 1.5) * bit) == '1') << k
        out += bytes([byte]); t = when + 10 * bit
    return out
if decode('TXD0') != b'Hi\nok': problems.append('TXD0 %r' % decode('TXD0'))
if decode('RXD0') != b'ok': problems.append('RXD0 %r' % decode('RXD0'))
print('; '.join(problems) or 'ok')
PY
)
if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
    ok "--vcd: every pin of ports B-D, pull-up/driven/floating levels, 1,001-cycle pulses, TXD0 and RXD0 frames"
else
    fail "--vcd trace" "status $status: $verdict"
fi
sim usage --vcd "$WORK/no/such/dir/x.vcd" "$UNO/hello.elf"
expect_run "--vcd into a missing directory -> 2" 2 "" "no/such/dir"

# vcd2svg draws it: well-formed SVG, the named signals, one vertical edge a
# PB5 change after 2 us (PB5 is high then: 5 changes to come); at 60 pixels
# the serial frames merge into a band.
"$BUILD/host/vcd2svg" --signals PB5,TXD0 --from 2us --title 'blink <test>' "$WORK/blink.vcd" \
    > "$WORK/blink.svg"
status=$?
verdict=$(python3 - "$WORK/blink.svg" <<'PY' 2>&1
import sys, re, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = '{http://www.w3.org/2000/svg}'
texts = [t.text for t in root.iter(ns + 'text')]
paths = [(p.get('class'), p.get('d')) for p in root.iter(ns + 'path')]
waves = [d for c, d in paths if c == 'wave']
problems = []
if 'PB5' not in texts or 'TXD0' not in texts or 'blink <test>' not in texts: problems.append('texts %s' % texts)
if len(waves) != 2: problems.append('%d wave paths' % len(waves))
elif len(re.findall('V', waves[0])) != 5: problems.append('PB5 edges: %s' % waves[0])
print('; '.join(problems) or 'ok')
PY
)
"$BUILD/host/vcd2svg" --width 60 --signals TXD0 "$WORK/blink.vcd" > "$WORK/narrow.svg"
if [ "$status" = 0 ] && [ "$verdict" = ok ] && grep -q 'class="band"' "$WORK/narrow.svg"; then
    ok "vcd2svg: valid SVG, names and title, one edge per change, bursts drawn as a band"
else
    fail "vcd2svg" "status $status: $verdict"
fi
"$BUILD/host/vcd2svg" --signals PB9 "$WORK/blink.vcd" > /dev/null 2> "$WORK/err"
status=$?
expect_run "vcd2svg: an unknown signal -> 2" 2 "" "no signal 'PB9'"

# ------------------------------------------------------------------- gdb --
# --gdb PORT: the run waits for avr-gdb; Debian's gdb-avr in batch mode sets
# a breakpoint, reads registers, steps one instruction, changes the
# argument in the stopped frame, runs to the function's return and on to
# the firmware's exit, whose status shows the change: add_up(4) = 10.
foreign gdb_target gdb_target.c -DAVRSIM "$LDSIM" -Og
gdb_port=$((20000 + $$ % 20000))
for attempt in 1 2 3 4 5; do
    "$AVRSIM" --gdb "$gdb_port" "$WORK/gdb_target.elf" < /dev/null > "$WORK/out" 2> "$WORK/err" &
    sim_pid=$!
    i=0
    while ! grep -q 'waiting for avr-gdb\|cannot listen' "$WORK/err" && [ $i -lt 50 ]; do
        sleep 0.1; i=$((i + 1))
    done
    grep -q 'cannot listen' "$WORK/err" || break
    wait "$sim_pid"
    gdb_port=$((gdb_port + 1))
done
timeout 60 avr-gdb -batch -nx -ex "target remote :$gdb_port" -ex 'break add_up' -ex continue \
    -ex 'info registers r24' -ex 'set var n = 4' -ex stepi -ex 'print $pc' -ex finish -ex continue \
    "$WORK/gdb_target.elf" > "$WORK/gdb.out" 2>&1
timeout 10 sh -c "while kill -0 $sim_pid 2> /dev/null; do sleep 0.1; done"
kill "$sim_pid" 2> /dev/null
wait "$sim_pid"
status=$?
break_at=$(sed -n 's/^Breakpoint 1 at \(0x[0-9a-f]*\):.*/\1/p' "$WORK/gdb.out")
stepped_to=$(sed -n 's/^\$1 = .* \(0x[0-9a-f]*\) <add_up+[0-9]*>$/\1/p' "$WORK/gdb.out")
if [ "$status" = 10 ] && grep -q '^Breakpoint 1, add_up (n=10' "$WORK/gdb.out" &&
   grep -Eq '^r24 +0xa +10$' "$WORK/gdb.out" && [ -n "$stepped_to" ] && [ -n "$break_at" ] &&
   [ $((stepped_to)) -gt $((break_at)) ] && grep -q '^Value returned is $2 = 10' "$WORK/gdb.out" &&
   [ ! -s "$WORK/out" ]; then
    ok "--gdb: avr-gdb breaks, reads r24, steps ($break_at -> $stepped_to), writes n, finishes; exit 10"
else
    fail "--gdb with avr-gdb in batch mode" "status $status, gdb: $(tr '\n' '|' < "$WORK/gdb.out" | head -c 600)"
fi
# avr-gdb leaves at a breakpoint (simavr's stub knows no detach: it closes
# the connection): the run goes on, and SIGTERM ends it at once, whenever it
# comes (a signal in the stub's select() once left it in a blocking accept()).
"$AVRSIM" --gdb "$gdb_port" "$UNO/endless.elf" < /dev/null > "$WORK/out" 2> "$WORK/err" &
sim_pid=$!
i=0
while ! grep -q 'waiting for avr-gdb' "$WORK/err" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
timeout 60 avr-gdb -batch -nx -ex "target remote :$gdb_port" -ex 'break main' -ex continue -ex detach \
    "$UNO/endless.elf" > "$WORK/gdb.out" 2>&1
sleep 0.3
kill -TERM "$sim_pid"
timeout 5 sh -c "while kill -0 $sim_pid 2> /dev/null; do sleep 0.05; done"
stopped=$?
kill -KILL "$sim_pid" 2> /dev/null
wait "$sim_pid"
status=$?
if [ "$stopped" = 0 ] && [ "$status" = 143 ] && grep -q '^Breakpoint 1, ' "$WORK/gdb.out"; then
    ok "--gdb: avr-gdb leaves at a breakpoint, the run goes on; SIGTERM ends it at once (143)"
else
    fail "--gdb: avr-gdb leaves" "status $status, ended by SIGTERM within 5 s: $stopped"
fi
sim usage --gdb 0 "$UNO/hello.elf"
expect_run "--gdb 0 -> 2" 2 "" "1 to 65535"

# -------------------------------------------------- pseudo-terminal --
# --pty: USART0 on a pseudo-terminal named on stderr.  A client (python3,
# as a terminal program would) writes a line and reads the echo, leaves,
# comes back and does it again; SIGTERM then ends the run.
"$AVRSIM" --pty "$UNO/echo.elf" < /dev/null > "$WORK/out" 2> "$WORK/err" &
sim_pid=$!
i=0
while ! grep -q 'USART0 on ' "$WORK/err" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
pty=$(sed -n 's/^avrsim: USART0 on \(.*\)$/\1/p' "$WORK/err")
# session.py PATH [--until LINE] TEXT...: a client for each TEXT opens the
# line, writes TEXT, reads until LINE (default: TEXT, its echo) arrives or
# 10 s pass, and leaves; prints the last line each read, as a Python list.
# The line is made raw at once (TCSANOW): TCSAFLUSH, the default, would
# throw away what has arrived, and an answer to the open itself (a reset's
# bootloader line) can arrive first on a loaded machine.  What came before
# the open precedes the awaited line, and only the last line counts.
cat > "$WORK/session.py" <<'PY'
import os, select, sys, termios, time, tty
texts, until = sys.argv[2:], None
if texts[:1] == ['--until']:
    until, texts = texts[1].encode(), texts[2:]
got = []
for text in texts:
    want = until or text.encode()
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
    tty.setraw(fd, termios.TCSANOW)
    os.write(fd, text.encode())
    read, end = b'', time.time() + 10
    while want not in read and time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            read += os.read(fd, 256)
    os.close(fd)
    got.append((read.splitlines(True) or [b''])[-1].decode(errors='replace'))
print(repr(got))
PY
verdict=$(timeout 30 python3 "$WORK/session.py" "$pty" "first client$nl" "second client$nl" 2>&1)
[ "$verdict" = "['first client\\n', 'second client\\n']" ] && verdict=ok
kill -TERM "$sim_pid" 2> /dev/null
wait "$sim_pid"
status=$?
if [ -n "$pty" ] && [ "$verdict" = ok ] && [ "$status" = 143 ] && [ ! -s "$WORK/out" ] &&
   grep -q 'interrupted by signal 15' "$WORK/err"; then
    ok "--pty: two clients in turn get their echo; SIGTERM ends the run (143)"
else
    fail "--pty echo and SIGTERM" "pty '$pty', client: $verdict, status $status"
fi
sim pty --pty "$UNO/exit_code.elf"
expect_run "--pty: the run ends when the firmware exits, with its status" 3 "" "USART0 on /dev/"
sim pty --pty "$TINY/hello.elf"
expect_run "--pty on a part without USART0 -> 2" 2 "" "no USART0"

# ------------------------------------------------------------- booting --
# A board's start: tests/sim/runner/bootloader.S (at the Uno's boot section)
# prints "boot XX" (MCUSR as it found it) and jumps to 0.  MCUSR's flags:
# PORF 01, EXTRF 02.
BOOT=$UNO/bootloader.hex
sim boot --bootloader "$BOOT" "$UNO/hello.elf"
expect_run "--bootloader: starts at the bootloader (MCUSR PORF), which runs the application" 0 \
    "boot 01${nl}hello from uno${nl}"
sim boot --bootloader "$BOOT" --mcu atmega328p --freq 16000000
expect_run "--bootloader alone: its jump to 0 runs through erased flash back into it (status 5)" 5 \
    "boot 01${nl}boot again${nl}"
sim boot --bootloader "$BOOT" --boot 0 "$UNO/hello.elf"
expect_run "--boot 0: the application first, the bootloader never" 0 "hello from uno${nl}"
printf ':027E0000000080\n:00000001FF\n' > "$WORK/reaches.hex"     # a word at 0x7E00
sim boot --bootloader "$BOOT" --mcu atmega328p --freq 16000000 "$WORK/reaches.hex"
expect_run "--bootloader: an application that reaches the boot section -> 2" 2 "" "reach the bootloader"
sim boot --boot 1 "$UNO/hello.elf"
expect_run "--boot: an odd address -> 2" 2 "" "even flash byte address"
sim boot --reset-on-open "$UNO/hello.elf"
expect_run "--reset-on-open without --pty -> 2" 2 "" "needs --pty"
sim version --version
case $(cat "$WORK/out") in
    "avrsim "[0-9]*.[0-9]*) expect_run "--version: 'avrsim X.Y'" 0 ;;
    *) fail "--version" "printed '$(head -c 100 "$WORK/out")'" ;;
esac

# SIGUSR1, the reset pin: echo.elf after the bootloader, waiting on a FIFO;
# each signal starts the bootloader again with EXTRF (02).
rm -f "$WORK/fifo" && mkfifo "$WORK/fifo"
"$AVRSIM" --bootloader "$BOOT" "$UNO/echo.elf" < "$WORK/fifo" > "$WORK/out" 2> "$WORK/err" &
sim_pid=$!
exec 3> "$WORK/fifo"
wait_for() {        # wait_for FILE TEXT: up to 10 s for TEXT in FILE
    i=0
    while ! grep -q "$2" "$1" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}
wait_for "$WORK/out" "boot 01"
kill -USR1 "$sim_pid"
wait_for "$WORK/out" "boot 02"
printf 'typed\n' >&3
wait_for "$WORK/out" typed
kill -USR1 "$sim_pid"
i=0
while [ "$(grep -c 'boot 02' "$WORK/out")" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
exec 3>&-
wait "$sim_pid"
status=$?
expect_run "SIGUSR1: an external reset (MCUSR EXTRF) each time; the run goes on" 0 \
    "boot 01${nl}boot 02${nl}typed${nl}boot 02${nl}"

# --reset-on-open: each client that opens the pseudo-terminal resets the
# part, as a board's serial adapter does; the client then reads what the
# bootloader prints (session.py above: two clients that write nothing and
# await the external reset's line).  --realtime: a run of simulated time
# takes as long.
"$AVRSIM" --pty --reset-on-open --bootloader "$BOOT" "$UNO/echo.elf" < /dev/null > "$WORK/out" 2> "$WORK/err" &
sim_pid=$!
wait_for "$WORK/err" 'USART0 on '
pty=$(sed -n 's/^avrsim: USART0 on \(.*\)$/\1/p' "$WORK/err")
verdict=$(timeout 30 python3 "$WORK/session.py" "$pty" --until "boot 02$nl" "" "" 2>&1)
[ "$verdict" = "['boot 02\\n', 'boot 02\\n']" ] && verdict=ok
kill -TERM "$sim_pid" 2> /dev/null
wait "$sim_pid"
status=$?
if [ -n "$pty" ] && [ "$verdict" = ok ] && [ "$status" = 143 ]; then
    ok "--reset-on-open: each client's open resets the part (EXTRF); it reads the bootloader's line"
else
    fail "--reset-on-open" "pty '$pty', client: $verdict, status $status"
fi
start=$(date +%s%N)
sim realtime --realtime --max-cycles 8000000 "$UNO/endless.elf"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
if [ "$status" = 124 ] && [ "$elapsed_ms" -ge 500 ] && [ "$elapsed_ms" -lt 5000 ]; then
    ok "--realtime: half a second of simulated time takes half a second ($elapsed_ms ms)"
else
    fail "--realtime" "status $status, $elapsed_ms ms for 0.5 s simulated"
fi

# ------------------------------------------------------------ terminal --
# stdin and stdout a terminal (a pseudo-terminal's slave, as `make play`
# has them): the runner puts it in non-canonical mode, Ctrl-D (the
# terminal's end-of-file key, a byte there) ends the input with what came
# before it delivered, and SIGINT (Ctrl-C; here sent by PID) ends the run
# with status 0.  Either way the terminal gets its settings back.  The
# bytes go once the runner has set the terminal up, the signal once their
# echo shows that the runner is in its loop.
verdict=$(timeout 60 python3 - "$AVRSIM" "$UNO/echo.elf" <<'PY' 2>&1
import os, select, signal, subprocess, sys, termios, time
def run(data, interrupt):
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    p = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=slave, stderr=subprocess.PIPE)
    got, deadline = b'', time.time() + 20
    def read_until(want):
        nonlocal got
        while want not in got and time.time() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                got += os.read(master, 256)
    while termios.tcgetattr(slave)[3] & termios.ICANON and time.time() < deadline:
        time.sleep(0.05)        # typed before raw mode, Ctrl-D would not be a byte
    os.write(master, data)
    read_until(b'ab')
    if interrupt:
        p.send_signal(signal.SIGINT)
    status = p.wait(timeout=20)
    while select.select([master], [], [], 0.1)[0]:
        got += os.read(master, 256)
    after = termios.tcgetattr(slave)
    err = p.stderr.read().decode()
    os.close(master); os.close(slave)
    return status, got, before == after, err
problems = []
status, got, restored, err = run(b'ab\x04cd', False)
if (status, got, restored) != (0, b'ab', True):
    problems.append('Ctrl-D: status %d, output %r, settings restored %s %s' % (status, got, restored, err))
status, got, restored, err = run(b'ab', True)
if (status, got, restored) != (0, b'ab', True):
    problems.append('SIGINT: status %d, output %r, settings restored %s %s' % (status, got, restored, err))
print('; '.join(problems) or 'ok')
PY
)
if [ "$verdict" = ok ]; then
    ok "terminal: Ctrl-D ends the input (0, bytes before it delivered), SIGINT ends the run with 0; settings restored"
else
    fail "terminal: Ctrl-D and SIGINT" "$verdict"
fi

# ---------------------------------------------------------- cycle probes --
# probe 0: empty pair x3; probe 1: delay_cycles(1000) x5.
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    sim probe --probes "$WORK/probes.csv" "$dir/probe.elf"
    verdict=$(awk -F, '
        NR == 1 { header = ($0 == "probe,count,cycles_min,cycles_avg,cycles_max") }
        $1 == "0" { c0 = $2; min0 = $3 }
        $1 == "1" { c1 = $2; min1 = $3; avg1 = $4; max1 = $5 }
        END {
            if (!header) print "bad header";
            else if (c0 != 3 || c1 != 5) print "counts " c0 "," c1 ", expected 3,5";
            else if (min1 != max1 || avg1 != min1 ".00") print "probe 1 varies: " min1 "/" avg1 "/" max1;
            else if (min1 - min0 != 1000) print "delay measured " min1 - min0 " (raw " min1 " - overhead " min0 ")";
            else print "ok";
        }' "$WORK/probes.csv" 2>&1)
    if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
        ok "probe: delay_cycles(1000) minus an empty pair = 1000, counts/min/max right ($board)"
    else
        fail "probe ($board)" "status $status, $verdict"
    fi
done

# ------------------------------------------------------------------ JSON --
# json_check FILE PYTHON-EXPRESSION: "ok" when the expression holds for the
# parsed document r, else what it holds.
json_check() {
    python3 - "$1" "$2" <<'PY' 2>&1
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print('not JSON:', e); sys.exit()
print('ok' if eval('(' + sys.argv[2] + ')') else json.dumps(r))
PY
}
sim json --json "$WORK/r.json" --stats --probes "$WORK/probes.csv" "$UNO/probe.elf"
csv=$(awk -F, 'NR > 1 { printf "%s:%s:%s:%s:%s ", $1, $2, $3, $4, $5 }' "$WORK/probes.csv")
verdict=$(json_check "$WORK/r.json" "r['exit'] == {'reason': 'exit', 'status': 0, 'message': None} and
    r['cycles'] == $(cycles_of) and abs(r['seconds'] - r['cycles'] / 16e6) < 1e-9 and
    r['mcu'] == 'atmega328p' and r['frequency_hz'] == 16000000 and r['firmware'].endswith('probe.elf') and
    ' '.join('%d:%d:%d:%.2f:%d' % (p['id'], p['count'], p['cycles_min'], p['cycles_avg'], p['cycles_max'])
             for p in r['probes']) + ' ' == '$csv' and r['peak_stack_bytes'] > 0")
if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
    ok "--json: exit, cycles and seconds as --stats, probes as --probes"
else
    fail "--json with probes" "status $status: $verdict"
fi
for case in "endless:124:budget:--max-cycles 100000" "crash_jump:125:crash:" \
            "stack_overflow:126:stack-into-data:" "halt:0:halt:" "exit_code:3:exit:"; do
    elf=${case%%:*}; rest=${case#*:}; want_status=${rest%%:*}; rest=${rest#*:}
    reason=${rest%%:*}; extra=${rest#*:}
    # shellcheck disable=SC2086
    sim json --json "$WORK/r.json" $extra "$UNO/$elf.elf"
    message=$(sed -n 's/^avrsim: //p' "$WORK/err" | tail -n 1 | sed "s/'/ /g")
    [ "$reason" = exit ] || [ "$reason" = halt ] || expected_message="'$message'"
    verdict=$(json_check "$WORK/r.json" "r['exit']['reason'] == '$reason' and r['exit']['status'] == $want_status and
        r['exit']['message'] == ${expected_message:-None}")
    expected_message=
    if [ "$status" = "$want_status" ] && [ "$verdict" = ok ]; then
        ok "--json: $elf ends with reason $reason, status $want_status and the message"
    else
        fail "--json: $elf" "status $status: $verdict"
    fi
done
sim json --json "$WORK/r.json" "$WORK/hello_sim.elf"
verdict=$(json_check "$WORK/r.json" "r['exit']['status'] == 5")
[ "$status" = 5 ] && [ "$verdict" = ok ] && ok "--json on a foreign firmware" ||
    fail "--json on a foreign firmware" "status $status: $verdict"

# ----------------------------------------------------- EEPROM write time --
# tests/sim/runner/foreign/ee_timing.c writes bytes 0-7 through avr-libc, each
# waiting for the one before, then byte 8 with the ready interrupt waking
# the CPU; over an image of 0x55 bytes.  A write takes 3.4 ms: 54,400 cycles
# at 16 MHz, plus the two the CPU halts and the busy loop's last turn.
foreign ee_timing ee_timing.c -DAVRSIM "$LDSIM"
python3 -c "open('$WORK/ee55.bin', 'wb').write(b'\x55' * 1024)"
cp "$WORK/ee55.bin" "$WORK/ee.bin"
sim ee_timing --eeprom "$WORK/ee.bin" --probes "$WORK/probes.csv" --stats "$WORK/ee_timing.elf"
ee_end=$(cycles_of)
verdict=$(python3 - "$WORK/ee.bin" "$WORK/probes.csv" <<'PY' 2>&1
import sys
image = open(sys.argv[1], 'rb').read()
rows = {r.split(',')[0]: r.split(',') for r in open(sys.argv[2]).read().split()[1:]}
problems = []
if image[:9] != bytes(range(0xA0, 0xA8)) + b'\x11' or image[9:] != b'\x55' * 1015:
    problems.append('image %s' % image[:12].hex())
if rows.get('1', [0] * 5)[1] != '7' or not 54400 <= int(rows['1'][2]) <= int(rows['1'][4]) <= 54420:
    problems.append('avr-libc writes: %s' % rows.get('1'))
if not 54400 <= int(rows.get('2', [0] * 5)[2]) <= 54420:
    problems.append('ready interrupt after %s' % rows.get('2'))
print('; '.join(problems) or 'ok')
PY
)
if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
    ok "EEPROM: a write takes 3.4 ms (eeprom_write_byte waits, the ready interrupt wakes), bytes saved"
else
    fail "EEPROM write time" "status $status: $verdict"
fi

# --cut-at: 60 power cuts over the run.  Each leaves the bytes written
# before it, the byte being written 0xFF (named in the message, with the
# cycle its write began), the rest as they were; then bisection finds the
# first cut after which byte 3's write has begun (the message says it began
# just then) and the first after which it is over: 3.4 ms apart.
verdict=$(python3 - "$AVRSIM" "$WORK" "$ee_end" <<'PY' 2>&1
import re, shutil, subprocess, sys
avrsim, work, end = sys.argv[1], sys.argv[2], int(sys.argv[3])
new = bytes(range(0xA0, 0xA8)) + b'\x11'
def cut(at):
    shutil.copy(work + '/ee55.bin', work + '/cut.bin')
    r = subprocess.run([avrsim, '--cut-at', str(at), '--eeprom', work + '/cut.bin',
                        work + '/ee_timing.elf'], capture_output=True, text=True)
    return r.returncode, r.stderr, open(work + '/cut.bin', 'rb').read()
problems, busy_seen = [], set()
for k in range(60):
    at = 1 + k * (end // 60)
    status, err, image = cut(at)
    m = re.search(r'power cut at cycle (\d+): (?:EEPROM byte 0x([0-9a-f]{4}) was being written since cycle (\d+)|no EEPROM)', err)
    if status != 123 or not m or not at <= int(m.group(1)) < at + 8:
        problems.append('cut at %d: status %d, %r' % (at, status, err)); continue
    done = 0
    while done < 9 and image[done] == new[done]: done += 1
    busy = int(m.group(2), 16) if m.group(2) else None
    rest = image[done + (busy is not None):]
    if busy is not None and (busy != done or image[busy] != 0xFF):
        problems.append('cut at %d: byte %s busy, image %s' % (at, busy, image[:10].hex()))
    if busy is not None and not int(m.group(3)) <= int(m.group(1)) < int(m.group(3)) + 54400 + 8:
        problems.append('cut at %d: a write since cycle %s' % (at, m.group(3)))
    if rest != b'\x55' * len(rest):
        problems.append('cut at %d: image %s' % (at, image[:10].hex()))
    busy_seen.add(busy)
if not set(range(9)) <= busy_seen: problems.append('bytes caught in their write: %s' % busy_seen)
def first(pred, lo, hi):
    while lo < hi:
        mid = (lo + hi) // 2
        if pred(mid): hi = mid
        else: lo = mid + 1
    return lo
begun = first(lambda at: cut(at)[2][3] != 0x55, 1, end)
over = first(lambda at: cut(at)[2][3] == 0xA3, 1, end)
if not 54400 - 8 <= over - begun <= 54400 + 8:
    problems.append('byte 3 undefined from %d to %d' % (begun, over))
since = re.search(r'since cycle (\d+)', cut(begun)[1])
if not since or not begun - 8 <= int(since.group(1)) <= begun:
    problems.append('the cut at %d names a write since %s' % (begun, since and since.group(1)))
print('; '.join(problems) or 'ok %d' % (over - begun))
PY
)
case $verdict in
    ok*) ok "--cut-at: 60 cuts leave a consistent image, byte 3 undefined for ${verdict#ok } cycles" ;;
    *) fail "--cut-at sweep" "$verdict" ;;
esac
foreign ee_watchdog ee_watchdog.c -DAVRSIM "$LDSIM"
rm -f "$WORK/ee.bin"
sim ee_watchdog --eeprom "$WORK/ee.bin" "$WORK/ee_watchdog.elf"
expect_run "EEPROM: a watchdog reset does not stop a write in progress" 11
sim cut --cut-at 1000 "$UNO/hello.elf"
expect_run "--cut-at without --eeprom -> 2" 2 "" "needs --eeprom"
cp "$WORK/ee55.bin" "$WORK/ee.bin"
sim cut --cut-at 100000000 --eeprom "$WORK/ee.bin" "$WORK/ee_timing.elf"
expect_run "--cut-at after the firmware's end: its own status" 0

# ------------------------------------------------------------ peak stack --
for board in uno attiny85; do
    sim stack_peak --stats "$BUILD/$board/runner/stack_peak.elf"
    peak=$(sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p' "$WORK/err")
    if [ "$status" = 0 ] && [ -n "$peak" ] && [ "$peak" -ge 200 ] && [ "$peak" -le 230 ]; then
        ok "--stats peak stack $peak for a 200-byte buffer ($board)"
    else
        fail "--stats peak stack ($board)" "status $status, peak '${peak}', expected 200..230"
    fi
done

# A painted stack (firmware/common/stack_paint.h): a stray byte written far
# below the stack shows as a painted stack deeper than the peak, reaching
# the byte; the firmware counts the same paint as the runner.
for board in uno attiny85; do
    elf=$BUILD/$board/runner/paint_stray.elf
    sim paint_stray --stats "$elf"
    peak=$(sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p' "$WORK/err")
    painted=$(sed -n 's/.*painted stack \([0-9]*\) bytes.*/\1/p' "$WORK/err")
    ram_budget "$elf"
    never_used=$(cat "$WORK/out")
    if [ "$status" = 0 ] && [ -n "$painted" ] && [ -n "$peak" ] && [ "$painted" -gt "$peak" ] &&
       [ $((static + never_used + painted)) -eq "$ram_bytes" ]; then
        ok "--stats painted stack $painted: a stray write below the stack ($peak bytes) shows ($board)"
    else
        fail "--stats painted stack ($board)" \
            "status $status, painted '$painted', peak '$peak', firmware's unpainted '$never_used', RAM $ram_bytes"
    fi
done
sim stack_peak --stats --json "$WORK/r.json" "$UNO/stack_peak.elf"
if ! grep -q 'painted stack' "$WORK/err" && [ "$(json_check "$WORK/r.json" "r['painted_stack_bytes'] is None")" = ok ]; then
    ok "a firmware that does not paint: no painted stack reported, null in --json"
else
    fail "a firmware that does not paint" "$(cat "$WORK/err")"
fi

# ---------------------------------------------------------------- EEPROM --
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    rm -f "$WORK/eeprom.bin"
    sim eeprom --eeprom "$WORK/eeprom.bin" "$dir/eeprom.elf"
    first=$status
    sim eeprom --eeprom "$WORK/eeprom.bin" "$dir/eeprom.elf"
    if [ "$first" = 10 ] && [ "$status" = 0 ] && [ "$(cat "$WORK/out")" = found ]; then
        ok "EEPROM written in run 1 is read back in run 2 ($board)"
    else
        fail "EEPROM persistence ($board)" "statuses $first, $status, expected 10, 0"
    fi
done
head -c 100 "$WORK/eeprom.bin" > "$WORK/short.bin"
sim eeprom --eeprom "$WORK/short.bin" "$UNO/eeprom.elf"
expect_run "EEPROM file of the wrong size -> 2" 2 "" "100 bytes, but"
rm -f "$WORK/eeprom.bin"
sim endless --eeprom "$WORK/eeprom.bin" --max-cycles 1000 "$UNO/endless.elf"
if [ "$status" = 124 ] && [ "$(wc -c < "$WORK/eeprom.bin" | tr -d ' ')" = 1024 ]; then
    ok "EEPROM saved on a budget exit too"
else
    fail "EEPROM saved on a budget exit too" "status $status"
fi

# -------------------------------------------------------------- profiler --
# Tables written by --profile: '#' lines, then one row a function with the
# columns function, self, self%, incl, incl%, calls, bytes.
# prof_get TABLE FUNCTION COLUMN: one figure ("none" if the row is missing).
prof_get() {
    awk -v fn="$2" -v col="$3" '!/^#/ && $1 == fn { v = $col } END { print (v == "" ? "none" : v) }' "$1"
}
# prof_check_totals TABLE TOTAL: "ok" if the self cycles add up to TOTAL, the
# bottom of the call stack includes all of them, and no function's inclusive
# figure is below its self figure.
prof_check_totals() {
    awk -v total="$2" '
        /^# [0-9]+ cycles charged/ { charged = $2 }
        !/^#/ { self += $2; if ($4 > top) top = $4; if ($4 < $2) below = below " " $1 }
        END {
            if (total == "") print "no --stats total";
            else if (self != total) print "self cycles add up to " self ", --stats says " total;
            else if (charged != total) print "header says " charged " cycles charged, not " total;
            else if (top != total) print "largest inclusive figure " top ", not " total;
            else if (below != "") print "inclusive below self:" below;
            else print "ok";
        }' "$1"
}
stats_cycles() { sed -n 's/^avrsim: \([0-9]*\) cycles,.*/\1/p' "$WORK/err"; }

printf 'variant english\nperft 4\n' > "$WORK/stdin"
sim perft --stats --profile "$WORK/perft.prof" "$BUILD/uno/perft.elf"
rm -f "$WORK/stdin"
verdict=$(prof_check_totals "$WORK/perft.prof" "$(stats_cycles)")
isr_calls=$(awk '!/^#/ && $1 ~ /^__vector_[0-9]+$/ { n += $6 } END { print n + 0 }' "$WORK/perft.prof")
if [ "$status" = 0 ] && [ "$verdict" = ok ] && [ "$isr_calls" -gt 0 ]; then
    ok "profile: perft's self cycles add up to the --stats total, $isr_calls interrupts followed"
else
    fail "profile of perft" "status $status, $verdict, $isr_calls interrupt calls"
fi
for elf in "$UNO/profile.elf" "$TINY/profile.elf" "$UNO/profile_isr.elf" "$TINY/profile_isr.elf" \
           "$UNO/watchdog.elf" "$UNO/exit_code.elf"; do
    sim profile --stats --profile "$WORK/run.prof" "$elf"
    verdict=$(prof_check_totals "$WORK/run.prof" "$(stats_cycles)")
    case_name="profile: self cycles add up to the --stats total ($(basename "$(dirname "$(dirname "$elf")")") $(basename "$elf" .elf))"
    if [ "$verdict" = ok ]; then ok "$case_name"; else fail "$case_name" "$verdict"; fi
done

# tests/sim/runner/profile.c: outer() 1 + 10 times, each calling inner() and
# finish(); 10 of them inside probe 2's two regions (the second one empty);
# then big_frame(), a leaf whose frame release splits SP across a boundary.
for board in uno attiny85; do
    elf=$BUILD/$board/runner/profile.elf
    sim profile --stats --profile "$WORK/full.prof" --callgrind "$WORK/full.cg" "$elf"
    total=$(stats_cycles)
    t=$WORK/full.prof
    verdict=$(awk -v total="$total" \
        -v outer_calls="$(prof_get "$t" outer 6)" -v inner_calls="$(prof_get "$t" inner 6)" \
        -v finish_calls="$(prof_get "$t" finish 6)" \
        -v outer_self="$(prof_get "$t" outer 2)" -v outer_incl="$(prof_get "$t" outer 4)" \
        -v inner_self="$(prof_get "$t" inner 2)" -v inner_incl="$(prof_get "$t" inner 4)" \
        -v finish_incl="$(prof_get "$t" finish 4)" -v main_incl="$(prof_get "$t" main 4)" \
        -v main_calls="$(prof_get "$t" main 6)" -v frame_calls="$(prof_get "$t" big_frame 6)" \
        -v frame_self="$(prof_get "$t" big_frame 2)" -v frame_incl="$(prof_get "$t" big_frame 4)" '
        BEGIN {
            if (outer_calls != 11 || inner_calls != 11 || finish_calls != 11)
                print "calls outer " outer_calls ", inner " inner_calls ", finish " finish_calls ", expected 11 each";
            else if (main_calls != 1 || frame_calls != 1 || frame_incl != frame_self)
                print "main called " main_calls " times, big_frame " frame_calls " (incl " frame_incl ", self " frame_self ")";
            else if (inner_incl != inner_self)
                print "the leaf inner: inclusive " inner_incl " != self " inner_self;
            else if (outer_incl != outer_self + inner_incl + finish_incl)
                print "outer inclusive " outer_incl " != " outer_self " + " inner_incl " + " finish_incl;
            else if (main_incl >= total || main_incl < 0.99 * total)
                print "main inclusive " main_incl " is not just below the total " total;
            else
                print "ok";
        }')
    if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
        ok "profile: call counts, leaf and caller inclusive cycles, main's share, split SP ($board)"
    else
        fail "profile: call counts and inclusive cycles ($board)" "status $status, $verdict"
    fi

    # callgrind: the header's summary and the totals line are the table's
    # total; inner's calls= line carries the 11 calls
    verdict=$(awk -v total="$total" '
        /^summary: / { summary = $2 }
        /^totals: / { totals = $2 }
        /^cfn=inner$/ { getline; split($1, c, "="); calls += c[2] }
        END {
            if (summary != total || totals != total) print "summary " summary ", totals " totals ", table " total;
            else if (calls != 11) print "calls to inner " calls;
            else print "ok";
        }' "$WORK/full.cg")
    if command -v callgrind_annotate > /dev/null && [ "$verdict" = ok ]; then
        annotated=$(callgrind_annotate "$WORK/full.cg" 2>&1 | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
        [ "$annotated" = "$total" ] || verdict="callgrind_annotate reads a total of '$annotated'"
    fi
    if [ "$verdict" = ok ]; then
        ok "callgrind file: summary and totals equal the table's total, calls= counts ($board)"
    else
        fail "callgrind file ($board)" "$verdict"
    fi

    # gated: exactly the cycles --probes measures for probe 2 (markers
    # included), the call made before the region not counted, and inner's
    # cost the same for each call inside as for the 11 of the whole run
    sim profile --profile-probe 2 --probes "$WORK/probes.csv" --profile "$WORK/gated.prof" \
        --callgrind "$WORK/gated.cg" "$elf"
    t=$WORK/gated.prof
    verdict=$(awk -F, -v charged="$(sed -n 's/^# \([0-9]*\) cycles charged.*/\1/p' "$t")" \
        -v self_sum="$(awk '!/^#/ { s += $2 } END { print s + 0 }' "$t")" \
        -v summary="$(sed -n 's/^summary: //p' "$WORK/gated.cg")" \
        -v outer_calls="$(prof_get "$t" outer 6)" -v inner_self="$(prof_get "$t" inner 2)" \
        -v full_inner_self="$(prof_get "$WORK/full.prof" inner 2)" '
        $1 == "2" { regions = $2; measured = sprintf("%.0f", $2 * $4) }
        END {
            if (regions != 2) print "probe 2 counted " regions " regions, expected 2";
            else if (charged != measured || self_sum != measured || summary != measured)
                print "charged " charged ", self sum " self_sum ", callgrind " summary ", --probes " measured;
            else if (outer_calls != 10) print "outer called " outer_calls " times inside, expected 10";
            else if (inner_self * 11 != full_inner_self * 10)
                print "inner: " inner_self " inside, " full_inner_self " in the whole run";
            else print "ok";
        }' "$WORK/probes.csv")
    if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
        ok "--profile-probe charges what --probes measures, only the calls inside ($board)"
    else
        fail "--profile-probe ($board)" "status $status, $verdict"
    fi
done

# tests/sim/runner/profile_isr.c: a timer interrupt every 256 cycles while main
# calls step() 2000 times; the firmware prints how many interrupts it saw.
# Each function's inclusive figure is also rebuilt from the callgrind file
# (self plus the calls= costs), except __vectors: the bottom of the stack is
# entered again by every interrupt, and callgrind's sum counts that twice.
for board in uno attiny85; do
    sim profile_isr --profile "$WORK/isr.prof" --callgrind "$WORK/isr.cg" \
        "$BUILD/$board/runner/profile_isr.elf"
    t=$WORK/isr.prof
    verdict=$(awk -v seen="$(head -n 1 "$WORK/out")" -v step_calls="$(prof_get "$t" step 6)" \
        -v main_calls="$(prof_get "$t" main 6)" -v table="$t" '
        BEGIN {
            while ((getline line < table) > 0) {
                if (line ~ /^#/) continue
                split(line, col, " ")
                incl[col[1]] = col[4]
                if (col[1] ~ /^__vector_[0-9]+$/) isr_calls += col[6]
            }
        }
        /^fn=/ { fn = substr($0, 4) }
        /^0x/ { rebuilt[fn] += $2 }   # cost lines: its own, and after calls= its calls
        END {
            for (f in rebuilt)
                if (f != "__vectors" && rebuilt[f] != incl[f]) bad = bad " " f ":" incl[f] "/" rebuilt[f]
            if (isr_calls != seen) print "interrupts: profile " isr_calls ", firmware " seen;
            else if (step_calls != 2000 || main_calls != 1) print "calls: step " step_calls ", main " main_calls;
            else if (bad != "") print "table/callgrind inclusive:" bad;
            else print "ok";
        }' "$WORK/isr.cg")
    if [ "$status" = 0 ] && [ "$verdict" = ok ]; then
        ok "profile with interrupts: $(head -n 1 "$WORK/out") entries, call counts exact, callgrind agrees ($board)"
    else
        fail "profile with interrupts ($board)" "status $status, $verdict"
    fi
done

sim usage --profile-probe 2 "$UNO/profile.elf"
expect_run "--profile-probe without --profile -> 2" 2 "" "needs --profile"
sim usage --profile-probe 64 --profile - "$UNO/profile.elf"
expect_run "--profile-probe out of range -> 2" 2 "" "probe ids are 0 to 63"

# ----------------------------------------------------------- installed --
# make install-avrsim into a prefix of our own; a firmware of nobody's
# project built against the installed header alone runs with the installed
# runner; the man page renders without a warning and names every option of
# --help.
prefix=$WORK/prefix
(unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory install-avrsim BUILD="$BUILD" PREFIX="$prefix") \
    > "$WORK/install.log" 2>&1
status=$?
avr-gcc -mmcu=atmega328p -DF_CPU=16000000UL -Os -DAVRSIM -I"$prefix/include" "$LDSIM" \
    -o "$WORK/hello_installed.elf" tests/sim/runner/foreign/hello.c > "$WORK/cc.err" 2>&1
"$prefix/bin/avrsim" "$WORK/hello_installed.elf" > "$WORK/out" 2> "$WORK/err"
run_status=$?
if [ "$status" = 0 ] && [ -x "$prefix/bin/avrsim" ] && [ -x "$prefix/bin/vcd2svg" ] &&
   cmp -s sim/avrsim_io.h "$prefix/include/avrsim_io.h" && [ -f "$prefix/share/man/man1/avrsim.1" ] &&
   [ "$run_status" = 5 ] && [ "$(cat "$WORK/out")" = "hello from elsewhere" ]; then
    ok "make install-avrsim PREFIX=...: runner, vcd2svg, header, man page; a foreign firmware built and run with them"
else
    fail "make install-avrsim" "make $status, run $run_status: $(tail -n 3 "$WORK/install.log" | tr '\n' ' ') $(head -c 200 "$WORK/cc.err")"
fi
man_warnings=$(man --warnings -E UTF-8 -l "$prefix/share/man/man1/avrsim.1" 2>&1 > /dev/null)
man_text=$(sed 's/\\-/-/g' sim/avrsim.1)
missing=
for option in $("$AVRSIM" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p'); do
    [ "$option" = --help ] && continue
    printf '%s\n' "$man_text" | grep -q -- "$option" || missing="$missing $option(man)"
    grep -q -- "\`$option" sim/README.md || missing="$missing $option(sim/README.md)"
done
if [ -z "$man_warnings" ] && [ -z "$missing" ]; then
    ok "the man page renders cleanly; it and sim/README.md document every option of --help"
else
    fail "the man page and sim/README.md" "warnings: $man_warnings; options missing:$missing"
fi
(unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory uninstall-avrsim BUILD="$BUILD" PREFIX="$prefix") \
    > "$WORK/install.log" 2>&1
if [ ! -e "$prefix/bin/avrsim" ] && [ ! -e "$prefix/include/avrsim_io.h" ]; then
    ok "make uninstall-avrsim removes them"
else
    fail "make uninstall-avrsim" "$(ls -R "$prefix" | tr '\n' ' ')"
fi

finish "runner"
