#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/checkers: perft, divide and moves against the published counts
# and hand-checked positions; bad arguments and FENs exit 2 with one line.
set -u
BUILD=${BUILD:-build}
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# expect_output NAME EXPECTED COMMAND...: stdout must equal EXPECTED.
expect_output() {
    name=$1 expected=$2
    shift 2
    actual=$("$@" 2>/dev/null)
    if [ "$actual" = "$expected" ]; then ok "$name"; else fail "$name" "got: $actual"; fi
}

perft_lines=$("$CHECKERS" perft 7 | grep '^perft')
expect_output "russian perft 1..7 from the start" \
"perft 1 7
perft 2 49
perft 3 302
perft 4 1469
perft 5 7482
perft 6 37986
perft 7 190146" printf '%s\n' "$perft_lines"

perft_lines=$("$CHECKERS" perft --variant english 7 | grep '^perft')
expect_output "english perft 1..7 from the start" \
"perft 1 7
perft 2 49
perft 3 302
perft 4 1469
perft 5 7361
perft 6 36768
perft 7 179740" printf '%s\n' "$perft_lines"

if "$CHECKERS" perft 3 | tail -n 1 | grep -q '^time [0-9.]* s, [0-9.]* M leaves/s$'; then
    ok "perft ends with the time and leaves per second"
else
    fail "perft ends with the time and leaves per second" "$("$CHECKERS" perft 3 | tail -n 1)"
fi

expect_output "english divide 8 matches the published counts" \
"moves 7, total 845931
9-13 148117
9-14 92267
10-14 94412
10-15 108364
11-15 96625
11-16 163687
12-16 142459" sh -c "\"$CHECKERS\" divide --variant english 8 | sort -n -t- -k1,1 -k2,2"

expect_output "moves lists a flying king's capture landings" \
"a1:g3
a1:h2" "$CHECKERS" moves --fen "W:WKa1:Bc3,f4"

expect_output "the FEN's side to move and the variant's notation are used" \
"23x14x7
23x16x7" sh -c "\"$CHECKERS\" moves --variant english --fen 'W:W23:B10,11,18,19' | sort"

expect_usage_error "no command" "$CHECKERS"
expect_usage_error "unknown command" "$CHECKERS" play 3
expect_usage_error "unknown variant" "$CHECKERS" perft --variant italian 3
expect_usage_error "missing depth" "$CHECKERS" perft
expect_usage_error "depth zero" "$CHECKERS" perft 0
expect_usage_error "depth not a number" "$CHECKERS" perft 3x
expect_usage_error "depth too large" "$CHECKERS" perft 99999999999999999999
expect_usage_error "bad FEN" "$CHECKERS" perft --fen "X:W" 3
expect_usage_error "FEN with a light square" "$CHECKERS" moves --fen "W:Wa2:Bh8"
# A valid FEN followed by blanks past the reader's 65,535 bytes and then
# garbage: refused as a whole, not read up to the cut.
long_fen="W:Wa1:Bh8$(printf '%65540s' '')x"
expect_usage_error "FEN longer than the reader takes" "$CHECKERS" moves --fen "$long_fen"
expect_usage_error "unknown option" "$CHECKERS" perft --depth 3

finish "checkers-cli"
