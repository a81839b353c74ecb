#!/bin/sh
# SPDX-License-Identifier: MIT
# The perft firmware on the simulated ATmega328P prints the same counts as
# build/host/checkers for both variants, from the start and from a FEN, and
# answers bad commands with one error line each.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/perft.elf
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# same_counts NAME FIRMWARE_INPUT CHECKERS_ARGS...
same_counts() {
    name=$1 input=$2
    shift 2
    firmware=$(printf '%s\n' "$input" | "$SIM" --max-cycles 400000000 "$ELF" | grep '^perft')
    host=$("$CHECKERS" "$@" | grep '^perft')
    if [ -n "$host" ] && [ "$firmware" = "$host" ]; then ok "$name"; else fail "$name" "firmware: $firmware"; fi
}

same_counts "russian perft 1..5 from the start" "perft 5" perft --variant russian 5
same_counts "english perft 1..5 from the start" "$(printf 'variant english\nperft 5')" \
    perft --variant english 5
fen="W:WKa1,c3,e3:Bb6,d6,f6,Kh8"
same_counts "russian perft 1..4 from a FEN with kings" "$(printf 'fen %s\nperft 4' "$fen")" \
    perft --variant russian --fen "$fen" 4
fen="B:WK14,21,22,23:B9,10,K30"
same_counts "english perft 1..4 from a FEN with kings" \
    "$(printf 'variant english\nfen %s\nperft 4' "$fen")" perft --variant english --fen "$fen" 4

errors=$(printf 'perft 0\nvariant italian\nfen X:W\nhello\n%0300d\nperft 1\n' 0 |
         "$SIM" --max-cycles 100000000 "$ELF")
status=$?
count=$(printf '%s\n' "$errors" | grep -c '^error: ')
if [ "$status" -eq 0 ] && [ "$count" -eq 5 ] && printf '%s\n' "$errors" | grep -q '^perft 1 7$'; then
    ok "bad commands get one error line each and the firmware goes on"
else
    fail "bad commands get one error line each and the firmware goes on" "status $status, $count errors"
fi

finish "perft-firmware"
