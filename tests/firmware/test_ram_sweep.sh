#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware's RAM at the deepest searches it allows (issue 9 item
# 4): `level depth 20` with `go` and with `auto`, `perft 8` (the most help
# offers) and `bench`, in king-heavy positions of both variants (twelve
# kings a side, the 68-move positions, long flying-king and multi-jump
# captures), each with static RAM (.data + .bss, as test_demo.sh counts
# it) plus the runner's peak stack within the 1,920 bytes of the budget.
#
# What sets the peak: the search keeps its path in one frame of fixed size
# (lib/engine/search.h), so it does not grow with the depth reached; under
# that frame, the move generator's own frames, one level a captured piece
# in a flying king's capture.  A search stopped by the cycle cap has been
# through its first iterations, which list every capture of the root and of
# the plies below, so each case is capped (CAP cycles, about 15 s at
# 16 MHz) and the cases run two at a time.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
RAM_LIMIT=1920          # static RAM + peak stack, of the ATmega328P's 2,048
CAP=250000000
SHORT=$CAP

. tests/support.sh

[ -f "$ELF" ] || { echo "ram sweep: $ELF missing (make firmware)"; echo "ram sweep: 0 passed, 1 failed"; exit 1; }
static=$(avr-size -A "$ELF" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s }')

# Russian: a flying king that takes 10 and one that takes 9 in one move
# (found by hill-climbing the longest capture), the 12-piece lattice of
# finding F6 (a king takes 9), the 68-move positions (quiet, capture,
# mixed), twelve kings a side.  English: a king's 6-jump loop through a
# lattice of men, twelve kings a side, 41 moves.
CHAIN10='W:WKh4,Kc1,Kh8,Kb8,Kg1:BKe5,g3,e3,g5,Kg7,Kb6,c3,Kc5,e7,b2'
CHAIN9='W:WKa5,Kd6,Ka7,Kh8,Kg1:Be7,Kd2,Kb4,Kb2,Kc7,Kg3,d4,Kf4,Kg7'
LATTICE='W:WKa1,Kh2,Kc5:Bb2,d2,f2,b4,d4,f4,b6,d6,f6,c7,e7,g7'
QUIET68='W:WKa1,Ke1,Kg1,Ka3,Kf4,Kh4,Ka5,Ka7,Kb8,Kd8,Kf8,Kh8:B'
CAPTURE68='B:WKb2,Ke3,g3,b4,Ke5,Kg5,b6,e7,Kg7:BKb8,Kh8,Kh4,Kh2,Ka1,Kc1'
MIXED68='W:WKa1,Kh2,Ka3,Kb8,Kd8,Kh8:BKc7,Ke7,Kg7,Kc5,e5,Kg5,b2,d2,f2'
KINGS12='B:WKa1,Kc1,Ke1,Kg1,Kb2,Kd2,Kf2,Kh2,Ka3,Kc3,Ke3,Kg3:BKb8,Kd8,Kf8,Kh8,Ka7,Kc7,Ke7,Kg7,Kb6,Kd6,Kf6,Kh6'
EN_LATTICE='W:WK29,K32,K4:B6,7,8,9,10,11,17,18,19,25,26,27'
EN_KINGS12='B:WK21,K22,K23,K24,K25,K26,K27,K28,K29,K30,K31,K32:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12'
EN_WIDE41='B:WK1:BK7,K8,K9,K10,K17,K18,K19,K20,K25,K26,K27,28'

# Each case: a name and its input (printf format), one a line.
cat > "$tmp/cases" <<EOF
go depth 20, Russian, a king takes 10|fen $CHAIN10\nlevel depth 20\ngo\n
go depth 20, Russian, a king takes 9|fen $CHAIN9\nlevel depth 20\ngo\n
go depth 20, Russian, the lattice of F6|fen $LATTICE\nlevel depth 20\ngo\n
go depth 20, Russian, 68 quiet king moves|fen $QUIET68\nlevel depth 20\ngo\n
go depth 20, Russian, 68 captures|fen $CAPTURE68\nlevel depth 20\ngo\n
go depth 20, Russian, 68 moves mixed|fen $MIXED68\nlevel depth 20\ngo\n
go depth 20, Russian, 12 kings a side|fen $KINGS12\nlevel depth 20\ngo\n
go depth 20, English, a king's jump loop|new english\nfen $EN_LATTICE\nlevel depth 20\ngo\n
go depth 20, English, 12 kings a side|new english\nfen $EN_KINGS12\nlevel depth 20\ngo\n
go depth 20, English, 41 moves|new english\nfen $EN_WIDE41\nlevel depth 20\ngo\n
auto depth 20, Russian, a king takes 10|fen $CHAIN10\nlevel depth 20\nauto\n
auto depth 20, Russian, 12 kings a side|fen $KINGS12\nlevel depth 20\nauto\n
auto depth 20, English, a king's jump loop|new english\nfen $EN_LATTICE\nlevel depth 20\nauto\n
perft 8, Russian, a king takes 10|fen $CHAIN10\nperft 8\n
perft 8, Russian, 68 moves mixed|fen $MIXED68\nperft 8\n
perft 8, English, a king's jump loop|new english\nfen $EN_LATTICE\nperft 8\n
bench|bench\n
EOF

# run_case N NAME INPUT: session() in a directory of its own (cases run in
# parallel), its status and peak stack left in it.
run_case() {
    tmp=$tmp/case$1
    mkdir -p "$tmp"
    session "$3"
    printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p' > "$tmp/peak"
    printf '%s\n' "$status" > "$tmp/status"
}
n=0
while IFS='|' read -r name input; do
    n=$((n + 1))
    run_case "$n" "$name" "$input" &
    [ $((n % 2)) -eq 0 ] && wait
done < "$tmp/cases"
wait

# A case passes when the firmware ended by itself or at the cap (124): not
# by a crash (125) or the stack running into its data (126).
n=0
worst=0
worst_name=
while IFS='|' read -r name input; do
    n=$((n + 1))
    peak=$(cat "$tmp/case$n/peak")
    st=$(cat "$tmp/case$n/status")
    total=$((static + ${peak:-9999}))
    if [ "$total" -gt "$worst" ]; then worst=$total; worst_name=$name; fi
    if { [ "$st" -eq 0 ] || [ "$st" -eq 124 ]; } && [ -n "$peak" ] && [ "$total" -le "$RAM_LIMIT" ]; then
        ok "RAM: static $static + peak stack $peak = $total <= $RAM_LIMIT ($name)"
    else
        fail "RAM: static $static + peak stack ${peak:-?} = $total <= $RAM_LIMIT ($name)" \
            "status $st, $((total - RAM_LIMIT)) bytes over"
    fi
done < "$tmp/cases"
echo "          (worst: $worst bytes, $worst_name)"

# The positions are climbed to, not only listed: from the worst known
# ones, a hill-climb of the peak stack over mutated positions
# (tests/firmware/ram_climb.py) with a fixed seed and a few steps; the budget
# must hold for the deepest position it reaches.  make test-slow climbs
# longer (tests/firmware/slow_ram_climb.sh).
CLIMB_STEPS=${CLIMB_STEPS:-8}
CLIMB_SEED=${CLIMB_SEED:-1}
# The reliability issue's climb (round three, finding 7) reached this one.
CLIMBED='W:WKc1,g1,Kf2,d4,h4,Ka7:BKb2,c3,Ke3,g3,Kc5,e5,Kg5,Kb6,f6,Ke7,g7'
climb_ram russian "$CLIMB_SEED" "$CLIMB_STEPS" "$CLIMBED" "$CHAIN10"
climb_ram english "$CLIMB_SEED" "$CLIMB_STEPS" "$EN_LATTICE"

finish "ram sweep"
