#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware's time limits on the simulated Uno, whose time is exact:
# `level time 1/10/100` in king-heavy positions (up to 68 moves, most of them
# long flying-king captures) answers with a searched move (depth 1 or more)
# within the limit, or, when the first iteration takes longer than the
# limit, as soon as it is complete; and an iteration stopped by the clock on
# entering its root reports the score of the iteration before, not that of
# a root that searched nothing.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
SHORT=400000000
# Past the limit, or past the first iteration when it is longer: the stop
# is asked at the first node after a tick of the 1 ms clock, and between
# two nodes the longest stretch here is one listing of the flying kings'
# capture chains of the second position, as many as fit the move stack
# (SEARCH_STACK_BYTES: a bigger stack lets longer listings through; probes
# around list_generate in lib/engine/search.c, read by avrsim --probes,
# time them).  A tick, that listing and the answer's output: 8 ms.
MARGIN_MS=8
# The first iteration (a listing, one ply and the captures after it) of the
# most king-heavy positions found stays under a tenth of a second (before
# it was cut to one look a move, ordering a wide root alone took 279 ms).
FIRST_ITERATION_MAX_MS=100

. tests/support.sh

# Six king-heavy positions: 68 moves mixed, 40 captures, 68 quiet, 68
# captures, 41 moves, and the RAM sweep's Russian long-chain position.
POSITIONS='W:WKa1,Kh2,Ka3,Kb8,Kd8,Kh8:BKc7,Ke7,Kg7,Kc5,e5,Kg5,b2,d2,f2
W:WKa1,Kc1,Ke1,Kg1:Bb2,d2,f2,h2,b4,d4,f4,h4,b6,d6,f6,h6
W:WKa1,Ke1,Kg1,Ka3,Kf4,Kh4,Ka5,Ka7,Kb8,Kd8,Kf8,Kh8:B
B:WKb2,Ke3,g3,b4,Ke5,Kg5,b6,e7,Kg7:BKb8,Kh8,Kh4,Kh2,Ka1,Kc1
W:WKa1,Kf2,Kc5,Kf4,Kb8,Kg7:Bh8
W:WKc1,g1,Kf2,d4,h4,Ka7:BKb2,c3,Ke3,g3,Kc5,e5,Kg5,Kb6,f6,Ke7,g7'

# reply N: "DEPTH MS" of the Nth engine move of $out.
reply() {
    printf '%s\n' "$out" | sed -n 's/.*(depth \([0-9]*\), .*, \([0-9]*\) ms)$/\1 \2/p' | sed -n "$1p"
}

for fen in $POSITIONS; do
    session "new russian\nfen $fen\nlevel depth 1\ngo\nfen $fen\nlevel time 1\ngo\nfen $fen\nlevel time 10\ngo\nfen $fen\nlevel time 100\ngo\n"
    first=$(reply 1)
    first_ms=${first#* }
    if [ -z "$first" ] || [ "$first_ms" -gt "$FIRST_ITERATION_MAX_MS" ]; then
        fail "the first iteration takes at most $FIRST_ITERATION_MAX_MS ms ($fen)" "got '$first', status $status"
        continue
    fi
    ok "the first iteration takes at most $FIRST_ITERATION_MAX_MS ms: $first_ms ($fen)"
    n=2
    for limit in 1 10 100; do
        got=$(reply $n)
        depth=${got% *}
        ms=${got#* }
        bound=$((limit > first_ms ? limit : first_ms))
        bound=$((bound + MARGIN_MS))
        if [ -n "$got" ] && [ "$depth" -ge 1 ] && [ "$ms" -le "$bound" ]; then
            ok "level time $limit: a searched move (depth $depth) in $ms ms, at most $bound ($fen)"
        else
            fail "level time $limit: a searched move within $bound ms ($fen)" "got '$got', status $status"
        fi
        n=$((n + 1))
    done
done

# The position, at the limits where the image before the fix had an
# iteration stopped on its root's entry (each printed "score loss in
# 4294965296 plies"): the move and score of the iteration before.
DEFECT_FEN='W:We5,f4,d2,a1,c1,g1:Bb8,g7,f6,h6,c5,b4,h4'
for limit in 22 38 86 127 183 303; do
    session "new russian\nfen $DEFECT_FEN\nlevel time $limit\ngo\n"
    line=$(printf '%s\n' "$out" | grep '(depth')
    if [ -n "$line" ] && ! printf '%s\n' "$line" | grep -q 'loss in'; then
        ok "level time $limit: the score of a searched iteration ($line)"
    else
        fail "level time $limit: the score of a searched iteration" "got '$line', status $status"
    fi
done

finish "time limits"
