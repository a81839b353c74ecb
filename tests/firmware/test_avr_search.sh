#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/avr-search/checkers searches as the Uno does: `go --depth D`
# on the host gives the move, score and node count that the Uno's game
# firmware gives at `level depth D` in the simulator, from both starts and
# from positions of the middle game and the ending.  Matches at equal nodes
# (firmware/host/host.mk) rest on that.  It also takes --nodes, and
# refuses the endgame tables its search does not read.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
CHECKERS=$BUILD/host/avr-search/checkers
ENDGAME=$BUILD/host/endgame
SHORT=400000000
. tests/support.sh

# same_search VARIANT DEPTH [FEN]: the host's "MOVE SCORE NODES" and the
# firmware's must be one.
same_search() {
    if [ -n "${3:-}" ]; then
        host=$("$CHECKERS" go --variant "$1" --depth "$2" --fen "$3")
        session "new $1\nfen $3\nlevel depth $2\ngo\n"
        where=$3
    else
        host=$("$CHECKERS" go --variant "$1" --depth "$2")
        session "new $1\nlevel depth $2\ngo\n"
        where="the start"
    fi
    host=$(printf '%s\n' "$host" | awk '$1 == "bestmove" { m = $2 } $1 == "score" { s = $2 }
                                        $1 == "nodes" { n = $2 } END { print m, s, n }')
    # The firmware says a won or lost score in plies ("loss in 8 plies"),
    # the host as 30000 less them (checkers go's help).
    uno=$(printf '%s\n' "$out" | awk '/^1\.(\.\.)? *[^ ]+ +\(depth [0-9]+, score / {
        line = $0; sub(/^1\.(\.\.)? */, "", line)
        move = line; sub(/ .*/, "", move)
        score = line; sub(/.*, score /, "", score); sub(/,.*/, "", score)
        if (score ~ /^loss in /) { split(score, w, " "); score = w[3] - 30000 }
        else if (score ~ /^win in /) { split(score, w, " "); score = 30000 - w[3] }
        else sub(/^[+]/, "", score)
        nodes = line; sub(/.*, nodes /, "", nodes); sub(/,.*/, "", nodes)
        print move, score, nodes }')
    if [ -n "$uno" ] && [ "$host" = "$uno" ]; then
        ok "$1, depth $2, $where: $host on both"
    else
        fail "$1, depth $2, $where: the same search" "host '$host', Uno '$uno', status $status"
    fi
}

same_search english 7
same_search russian 7
same_search english 6 'W:W14,K18,19,23,26,27,30:B3,5,7,10,11,12,K28'
same_search english 8 'B:WK10,K19,27:BK3,12'
same_search russian 6 'W:We5,f4,d2,a1,c1,g1:Bb8,g7,f6,h6,c5,b4,h4'
same_search russian 6 'B:WKa1,c3,e3,g3:Bb6,d6,f6,Kh8'

# A king ending searched deep enough that capture lists run into the move
# stack's reserve at nodes whose kind the search had not asked (their
# generator asks it, with room only up to the reserve): such a list is
# listed again once the kind is known.  24342 nodes is the count of the
# search that asked every node's kind before listing its moves (ec9656c);
# without the second listing the count is 24326.
reserve_fen='W:WKa1,Ke1,a3:Bf8,h8,Kh6'
got=$("$CHECKERS" go --variant russian --depth 10 --fen "$reserve_fen" | sed -n 's/^nodes //p')
if [ "$got" = 24342 ]; then
    ok "captures listed into the reserve: 24342 nodes, as when every kind was asked first"
else
    fail "captures listed into the reserve: 24342 nodes, as when every kind was asked first" "nodes '$got'"
fi
same_search russian 10 "$reserve_fen"

got=$("$CHECKERS" go --variant english --nodes 1000 | sed -n 's/^nodes //p')
if [ "$got" = 1000 ]; then
    ok "go --nodes 1000 stops at its 1000th node"
else
    fail "go --nodes 1000 stops at its 1000th node" "nodes '$got'"
fi

if "$ENDGAME" generate --variant english --pieces 2 "$tmp/two" >"$tmp/generate.log" 2>&1; then
    expect_usage_error "--endgame is refused (its search reads no tables)" \
        "$CHECKERS" go --variant english --depth 2 --endgame "$tmp/two"
else
    fail "two-piece tables for the --endgame case" "$(tail -n 2 "$tmp/generate.log")"
fi

finish "test_avr_search"
