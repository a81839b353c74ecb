#!/bin/sh
# SPDX-License-Identifier: MIT
# The perft firmware on the simulated ATmega328P prints the same counts as
# build/host/checkers for both variants, from the start and from a FEN, and
# answers bad commands with one error line each; the ATmega168's (1 KB of
# RAM) likewise, and to its deepest perft without the stack running into
# its static data (avrsim stops a firmware whose stack does, status 126).
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/perft.elf
SMALL_RAM_ELF=$BUILD/diecimila/perft.elf
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# same_counts NAME FIRMWARE_INPUT CHECKERS_ARGS...
same_counts() {
    name=$1 input=$2
    shift 2
    firmware=$(printf '%s\n' "$input" | "$SIM" --max-cycles 400000000 "$ELF" 2>"$tmp/err" | grep '^perft')
    host=$("$CHECKERS" "$@" | grep '^perft')
    if [ -n "$host" ] && [ "$firmware" = "$host" ]; then ok "$name"
    else fail "$name" "firmware: $firmware $(grep -v cycles "$tmp/err" | head -n 2 | tr '\n' ' ')"; fi
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
# Positions whose last plies take every way of the leaf counting: captures
# that go on, men promoted in a capture, kings short and flying.
fen="W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,h6,e5"
same_counts "russian perft 1..6 from a middle game" "$(printf 'fen %s\nperft 6' "$fen")" \
    perft --variant russian --fen "$fen" 6
fen="W:Wc5,e5,g5,a3:Bd6,f6,b6,d8,h8,f8"
same_counts "russian perft 1..7 with promotions in captures" "$(printf 'fen %s\nperft 7' "$fen")" \
    perft --variant russian --fen "$fen" 7
fen="W:WKa1,Kh2,c3,e3:BKb8,Kg7,d6,f6,b6"
same_counts "russian perft 1..5 with flying kings" "$(printf 'fen %s\nperft 5' "$fen")" \
    perft --variant russian --fen "$fen" 5
fen="B:W6,K7,8,14:B25,26,K27,19"
same_counts "english perft 1..6 with kings" "$(printf 'variant english\nfen %s\nperft 6' "$fen")" \
    perft --variant english --fen "$fen" 6

# The ATmega168's: its move stack sized for 1 KB of RAM.
ELF=$SMALL_RAM_ELF
same_counts "atmega168: russian perft 1..6 from the start" "perft 6" perft --variant russian 6
same_counts "atmega168: english perft 1..6 from the start" "$(printf 'variant english\nperft 6')" \
    perft --variant english 6
fen="W:Wa1,c1,e1:Bd8,f8,h8"
same_counts "atmega168: russian perft 1..9, the deepest, from a sparse position" \
    "$(printf 'fen %s\nperft 9' "$fen")" perft --variant russian --fen "$fen" 9
ELF=$BUILD/uno/perft.elf

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
