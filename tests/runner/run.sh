#!/bin/sh
# tests/runner/run.sh - exercises the simulator runner (build/host/avrsim)
# with the firmwares in tests/runner/*.c, built for the Uno (ATmega328P) and
# the ATtiny85.  One line per case, then "runner: N passed, N failed"; exit
# status 1 if any case failed.
#
#   BUILD=build tests/runner/run.sh
set -u

BUILD=${BUILD:-build}
AVRSIM=$BUILD/host/avrsim
UNO=$BUILD/uno/runner
TINY=$BUILD/attiny85/runner

passed=0
failed=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/avrsim-test.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT INT TERM

ok()   { passed=$((passed + 1)); printf '  ok:     %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf '  failed: %s (%s)\n' "$1" "$2"; }

# sim NAME ARGS...: runs avrsim, stdin from $WORK/stdin (empty unless a case
# wrote one); leaves $WORK/out, $WORK/err and $status.
sim() {
    name=$1; shift
    [ -f "$WORK/stdin" ] || : > "$WORK/stdin"
    "$AVRSIM" "$@" < "$WORK/stdin" > "$WORK/out" 2> "$WORK/err"
    status=$?
}

# expect CASE STATUS [STDOUT [STDERR-PATTERN]]: checks the last sim run.
expect() {
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

for f in "$AVRSIM" "$UNO/echo.elf" "$TINY/hello.elf"; do
    [ -e "$f" ] || { echo "runner: $f is missing (make build/host/avrsim and the runner firmwares)"; exit 1; }
done
nl='
'

# ---------------------------------------------------------- exit status --
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    sim exit_code "$dir/exit_code.elf"
    expect "exit status 3 passed through ($board)" 3 "leaving$nl"
    sim hello "$dir/hello.elf"
    expect "exit status 0 and exactly the firmware's output on stdout ($board)" 0 "hello from $board$nl"
    sim halt "$dir/halt.elf"
    expect "cli+sleep halts with status 0 ($board)" 0 "halting$nl"
    sim watchdog "$dir/watchdog.elf"
    expect "watchdog reset restarts the firmware ($board)" 7 "arming watchdog${nl}after watchdog reset$nl"
done

# stdout stays clean with every report switched on
sim hello --stats --probes - "$UNO/hello.elf"
expect "stdout holds only firmware output with --stats --probes -" 0 "hello from uno$nl" "peak stack"

# ----------------------------------------------------- abnormal endings --
for board in uno attiny85; do
    dir=$BUILD/$board/runner
    sim endless --max-cycles 1000000 "$dir/endless.elf"
    expect "cycle budget exceeded -> 124 ($board)" 124 "" "cycle budget of 1000000 exceeded"
    sim crash_jump "$dir/crash_jump.elf"
    expect "jump outside the program -> 125 with the PC ($board)" 125 "jumping$nl" "crash: PC 0x1e00"
    sim crash_opcode "$dir/crash_opcode.elf"
    expect "invalid opcode -> 125 with the PC ($board)" 125 "" "crash: invalid opcode 0x0001 at PC 0x"
    sim stack_overflow "$dir/stack_overflow.elf"
    expect "stack into static data -> 126 ($board)" 126 "" "stack ran into static data"
done

# --------------------------------------------------------- usage errors --
sim usage
expect "no firmware -> 2" 2 "" "no firmware"
sim usage --frobnicate "$UNO/hello.elf"
expect "unknown option -> 2" 2 "" "bad option"
sim usage "$WORK/missing.elf"
expect "unreadable ELF -> 2" 2 "" "missing.elf"
sim usage "$0"
expect "not an ELF -> 2" 2 "" "not a readable AVR ELF"
sim usage --mcu atmega999 "$UNO/hello.elf"
expect "unknown MCU -> 2" 2 "" "unknown MCU"
sim help --help
if [ "$status" = 0 ] && grep -q "124" "$WORK/out" && grep -q -- "--eeprom" "$WORK/out"; then
    ok "--help describes options and statuses"
else
    fail "--help describes options and statuses" "status $status"
fi

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

sim input_end "$UNO/input_end.elf"
expect "input-ended not seen before the last byte (slow reader, full FIFO)" 0 "$input_bytes$nl"

rm -f "$WORK/stdin"
sim echo "$UNO/echo.elf"
expect "empty input ends at once" 0 ""
sim input_end "$TINY/input_end.elf"
expect "no USART: input has ended from the start (attiny85)" 0 "0$nl"

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
expect "EEPROM file of the wrong size -> 2" 2 "" "100 bytes, but"
rm -f "$WORK/eeprom.bin"
sim endless --eeprom "$WORK/eeprom.bin" --max-cycles 1000 "$UNO/endless.elf"
if [ "$status" = 124 ] && [ "$(wc -c < "$WORK/eeprom.bin" | tr -d ' ')" = 1024 ]; then
    ok "EEPROM saved on a budget exit too"
else
    fail "EEPROM saved on a budget exit too" "status $status"
fi

echo "runner: $passed passed, $failed failed"
[ "$failed" = 0 ]
