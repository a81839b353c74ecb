#!/bin/sh
# SPDX-License-Identifier: MIT
# The small move generator (MOVEGEN := small, Makefile) in the simulator
# against the portable C on the host: tests/checkers/test_movegen_digest.c
# folds every move list, count, capture test, position after each move and
# capture path of a position set into one number; the ATmega168 build on
# the small generator (build/diecimila/game/tests/) must pass its own
# checks (the published perft counts) and print the host's digest, and so
# must the host build on the small generator.  The search's bench
# signature (test_search's "bench N") is the same on both generators, since
# they list the same moves in the same order.  Also states the small
# generator's flash on the ATtiny85 (its object, plain code, and the
# assembly that replaces six of its routines on AVR: squares.S's helpers,
# short_moves.S's lists of steps and single jumps, jump_landing.S) against
# SMALL_MOVEGEN_MAX_BYTES.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
HOST_TEST=$BUILD/host/tests/san/test_movegen_digest
SMALL_HOST_TEST=$BUILD/host/tests/small/test_movegen_digest
SIM_TEST=$BUILD/diecimila/game/tests/test_movegen_digest.elf
TINY_OBJECTS="$BUILD/attiny85/obj/lib/arch/small/movegen.o $BUILD/attiny85/obj/lib/arch/small/squares.o
    $BUILD/attiny85/obj/lib/arch/small/short_moves.o $BUILD/attiny85/obj/lib/arch/small/jump_landing.o"
# The size-first generator's budget on the ATtiny85 (issue 21: most of the
# speed of the bitboard tests in about 3.3 KB).
SMALL_MOVEGEN_MAX_BYTES=3300
MAX_CYCLES=4000000000
. tests/support.sh

digest_of() { printf '%s\n' "$1" | sed -n 's/^digest //p'; }

host=$("$HOST_TEST" 2>&1)
[ $? -eq 0 ] && ok "the portable C passes its checks" || fail "the portable C passes its checks"
expected=$(digest_of "$host")
[ -n "$expected" ] && ok "the portable C prints a digest ($expected)" || fail "the portable C prints a digest"

small=$("$SMALL_HOST_TEST" 2>&1)
[ $? -eq 0 ] && ok "the small generator on the host passes its checks" ||
    fail "the small generator on the host passes its checks"
got=$(digest_of "$small")
[ "$got" = "$expected" ] && ok "the small generator on the host gives the same digest" ||
    fail "the small generator on the host gives the same digest" "$got, expected $expected"

bench_of() { "$1" 2>&1 | sed -n 's/^ *bench //p'; }
bench_portable=$(bench_of "$BUILD/host/tests/san/test_search")
bench_small=$(bench_of "$BUILD/host/tests/small/test_search")
[ -n "$bench_small" ] && [ "$bench_small" = "$bench_portable" ] &&
    ok "the search's bench signature is the same on the small generator ($bench_small)" ||
    fail "the search's bench signature is the same on the small generator" \
         "$bench_small, expected $bench_portable"

sim=$("$SIM" --max-cycles "$MAX_CYCLES" --stats "$SIM_TEST" 2>&1)
[ $? -eq 0 ] && ok "the small generator on the ATmega168 passes its checks" ||
    fail "the small generator on the ATmega168 passes its checks" "$(printf '%s\n' "$sim" | grep -i 'fail\|avrsim' | head -n 3)"
got=$(digest_of "$sim")
[ "$got" = "$expected" ] && ok "the small generator on the ATmega168 gives the same digest" ||
    fail "the small generator on the ATmega168 gives the same digest" "$got, expected $expected"
printf '%s\n' "$sim" | grep -i 'cycles\|stack' | sed 's/^/    /'

bytes=
for object in $TINY_OBJECTS; do
    [ -f "$object" ] || { bytes=; break; }
    bytes=$((${bytes:-0} + $(avr-size "$object" | awk 'NR == 2 { print $1 + $2 }')))
done
[ "$bytes" -le "$SMALL_MOVEGEN_MAX_BYTES" ] &&
    ok "the small generator takes $bytes bytes of flash on the ATtiny85 (at most $SMALL_MOVEGEN_MAX_BYTES)" ||
    fail "the small generator fits $SMALL_MOVEGEN_MAX_BYTES bytes on the ATtiny85" "$bytes"
finish movegen_digest
