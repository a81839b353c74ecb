# SPDX-License-Identifier: MIT
# tests/support.sh - sourced by every shell test script: one line per case
# and the summary that tests/run-all.sh counts, a scratch directory, and the
# checks that more than one script makes (of a command's usage errors, an
# image's flash, a Hub engine's answers, a session of the game firmware).
#
#   . tests/support.sh
#   ok "case"; fail "case" "what went wrong"; ...; finish "suite"

passed=0
failed=0

ok()   { passed=$((passed + 1)); printf '  ok:     %s\n' "$1"; }
pass() { ok "$1"; }
# fail CASE [REASON]
fail() { failed=$((failed + 1)); printf '  failed: %s%s\n' "$1" "${2:+ ($2)}"; }

# finish SUITE: prints "SUITE: N passed, N failed"; status 1 if any failed.
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# expect_usage_error NAME COMMAND...: status 2, nothing on stdout, one stderr line.
expect_usage_error() {
    name=$1
    shift
    err=$(mktemp)
    out=$("$@" 2>"$err")
    status=$?
    lines=$(wc -l < "$err")
    if [ "$status" -eq 2 ] && [ -z "$out" ] && [ "$lines" -eq 1 ]; then
        ok "$name"
    else
        fail "$name" "status $status, stdout '$out', $lines stderr lines"
    fi
    rm -f "$err"
}

# flash_bytes ELF: what the image puts in flash, .text and .data's initial
# values (firmware/firmware.mk's flash_bytes, which checks each board's limit).
flash_bytes() {
    avr-size -A "$1" | awk '$1 == ".text" || $1 == ".data" { s += $2 } END { print s + 0 }'
}

# $tmp: a scratch directory of the script's own, removed when it ends.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bitdraughts-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# ------------------------------------------------------ Hub engines --
# expect NAME EXPECTED ACTUAL: exact text.
expect() {
    if [ "$2" = "$3" ]; then ok "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# expect_match NAME REGEX TEXT: TEXT must match the extended REGEX.
expect_match() {
    if printf '%s\n' "$3" | grep -Eq "$2"; then ok "$1"; else fail "$1" "got: $3"; fi
}

# done_move OUTPUT: the move of the done line.
done_move() {
    printf '%s\n' "$1" | sed -n 's/^done move=\([^ ]*\).*/\1/p'
}

# check_refusals: what both engines must refuse, through the sourcing
# script's session() (one Hub session, lib/engine/hub_session.h, answers
# for both): more than 12 pieces of a colour, which fen and a saved game
# refuse (19 black men, 16 white kings); a level of depth 0, no moves to
# go, a quote left open (whose position is not taken).  go refuses after
# each failed pos.
check_refusals() {
    out=$(session "pos pos=Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww" "level depth=2" "go think" \
                  "pos pos=WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee" "go think")
    expect "more than 12 pieces of a colour: refused; go then refuses" \
'error message="more than 12 pieces of a colour: Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww"
error message="no position (the last pos failed)"
error message="more than 12 pieces of a colour: WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee"
error message="no position (the last pos failed)"' "$out"
    out=$(session "level depth=0" "level moves=0 time=0" "pos pos=\"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" \
                  "go think" "ping")
    expect "level depth=0, moves=0, a quote left open: an error each, no position taken" \
'error message="bad depth: 0"
error message="bad moves: 0"
error message="malformed line"
error message="no position (the last pos failed)"
pong' "$out"
}

# -------------------------------------------------- the game firmware --
# One session of the firmware in the simulator and what its output says,
# and a made-up game record sealed.  The caller sets SIM (the runner), ELF
# (the firmware) and SHORT (the default cycle budget); the sessions' files
# go to $tmp.
case_number=0

# session INPUT [EEPROM] [MAX_CYCLES] [RUNNER_OPTIONS]: runs the firmware on
# INPUT (printf format) with a fresh EEPROM file unless one is named; sets
# $out (the whole UART output), $after (what follows the banner), $status,
# $stats.
session() {
    case_number=$((case_number + 1))
    eeprom=${2:-$tmp/case$case_number.eeprom}
    # shellcheck disable=SC2086
    printf "$1" | "$SIM" --stats --max-cycles "${3:-$SHORT}" --eeprom "$eeprom" ${4:-} "$ELF" \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
    out=$(cat "$tmp/out")
    after=$(sed -n '/^type help/,$p' "$tmp/out" | tail -n +2)
    stats=$(cat "$tmp/err")
}

# last_fen: the line after the last "> fen" prompt of $out.
last_fen() {
    printf '%s\n' "$out" | awk '/^> fen$/ { getline; f = $0 } END { print f }'
}

# reseal IMAGE: gives the game record in the EEPROM image IMAGE the CRC-16
# of its header and moves, and its copy (firmware/demo/store.h), whatever
# its bytes hold: a tampered or made-up record that passes the checksum.
reseal() {
    python3 - "$1" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
crc = 0xFFFF
for b in data[:23] + data[47:47 + 2 * (data[21] | data[22] << 8)]:
    crc ^= b
    for _ in range(8):
        crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
data[23], data[24] = crc & 0xFF, crc >> 8
data[25:47] = data[3:25]
open(sys.argv[1], 'wb').write(data)
PY
}

# ------------------------------------------------------ the RAM budget --
# ram_budget ELF: the budget that static RAM plus the deepest stack a test
# finds must keep within (set by evidence, not a round number).
# Sets $ram_bytes (the part's RAM, from the linker's data region origin to
# its top of stack), $static (.data + .bss + .noinit), $isr_frame (the
# deepest interrupt routine's frame: its pushes and the return address,
# read from the image) and $RAM_LIMIT: the RAM less a reserve for what no
# test reaches at its deepest, namely an interrupt taken right there
# ($isr_frame) and RAM_UNSEEN_RESERVE bytes for positions that no sweep or
# climb has found yet (several times what the longest climb, make
# test-slow, has added to the deepest listed position).  An interrupt
# routine that calls a function has a frame its pushes do not tell: the
# budget is then refused.
RAM_UNSEEN_RESERVE=64
ram_budget() {
    static=$(avr-size -A "$1" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s }')
    # The ELF's data addresses carry an offset of 0x800000 (__stack does not).
    ram_top=$(avr-nm "$1" | awk '$3 == "__stack" { print $1 }')
    ram_start=$(avr-nm "$1" | awk '$3 == "__DATA_REGION_ORIGIN__" { print $1 }')
    ram_bytes=
    [ -n "$ram_top" ] && [ -n "$ram_start" ] && ram_bytes=$(((0x$ram_top & 0xFFFF) - (0x$ram_start & 0xFFFF) + 1))
    ram_return_bytes=2          # a 3-byte return address on the parts of more than 128 KB
    avr-objdump -f "$1" | grep -q 'architecture: avr:6' && ram_return_bytes=3
    isr_frame=$(avr-objdump -d "$1" | awk -v ret="$ram_return_bytes" '
        /^[0-9a-f]+ <__vector_[0-9]+>:$/ { inside = 1; pushes = 0; next }
        inside && /\t(r?call|icall|eicall)\t/ { calls = 1 }
        inside && /\tpush\t/ { pushes++ }
        inside && /\treti/ { if (pushes + ret > most) most = pushes + ret; inside = 0 }
        END { print calls ? "calls" : most + 0 }')
    if [ -z "$ram_bytes" ] || [ "$isr_frame" = calls ]; then
        RAM_LIMIT=0
        fail "RAM budget of $1" "${ram_bytes:+an interrupt routine calls a function: its frame is unknown}${ram_bytes:-no __stack or __DATA_REGION_ORIGIN__ symbol}"
        return
    fi
    RAM_LIMIT=$((ram_bytes - isr_frame - RAM_UNSEEN_RESERVE))
}

# climb_ram VARIANT SEED STEPS FEN...: hill-climbs the peak stack from the
# FENs (tests/firmware/ram_climb.py, two at a time) and checks static RAM
# ($static) plus the deepest peak found against $RAM_LIMIT.
climb_ram() {
    variant=$1 seed=$2 steps=$3
    shift 3
    best=$(python3 tests/firmware/ram_climb.py "$SIM" "$ELF" "$seed" "$steps" 2 "$variant" "$@" |
           sed -n 's/^best //p')
    peak=${best%% *}
    total=$((static + ${peak:-9999}))
    if [ -n "$best" ] && [ "$total" -le "$RAM_LIMIT" ]; then
        ok "RAM: static $static + peak stack $peak = $total <= $RAM_LIMIT (climbed, seed $seed, $steps steps: $best)"
    else
        fail "RAM: static $static + the climbed peak stack <= $RAM_LIMIT ($variant, seed $seed)" \
            "${best:-no result}: $total bytes"
    fi
}
