#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/checkers go: the search on the command line.  The output's
# shape (info lines, then bestmove/score/pv/depth/nodes), composed
# positions whose best move is known (see tests/engine/test_search.c for
# why), --movetime, --nodes, and bad arguments exiting 2 with one line on
# stderr.
set -u
BUILD=${BUILD:-build}
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# expect_match NAME REGEX TEXT: TEXT must match the extended REGEX.
expect_match() {
    if printf '%s\n' "$3" | grep -Eq "$2"; then ok "$1"; else fail "$1" "got: $3"; fi
}

out=$("$CHECKERS" go --depth 4)
expect_match "go prints one info line per iteration" \
    '^info depth 1 score -?[0-9]+ nodes [0-9]+ pv [a-h][1-8]-[a-h][1-8]' "$(echo "$out" | head -n 1)"
expect_match "go prints four iterations for --depth 4" '^4$' "$(echo "$out" | grep -c '^info depth')"
expect_match "go ends with bestmove, score, pv, depth, nodes" \
    '^bestmove [a-h][1-8]-[a-h][1-8] score -?[0-9]+ pv ([a-h][1-8][-:][a-h][1-8] )+depth 4 nodes [0-9]+$' \
    "$(echo "$out" | tail -n 5 | tr '\n' ' ' | sed 's/ $//')"
expect_match "the final pv is the last iteration's" "^$(echo "$out" | grep '^info depth 4' | sed 's/.* pv //')\$" \
    "$(echo "$out" | grep '^pv ' | sed 's/^pv //')"

out=$("$CHECKERS" go --fen 'W:Wd2,e3,d4,f4:Bd6,f6,a7' --depth 5)
expect_match "russian two-for-one shot" '^bestmove f4-e5$' "$(echo "$out" | grep '^bestmove')"
out=$("$CHECKERS" go --variant english --fen 'W:W18,19,23,26:B5,10,11' --depth 5)
expect_match "english two-for-one shot in numbers" '^bestmove 19-15$' "$(echo "$out" | grep '^bestmove')"
expect_match "english pv uses x for captures" '^pv 19-15 10x19 23x7' "$(echo "$out" | grep '^pv')"
out=$("$CHECKERS" go --fen 'W:We3:Bf4' --depth 6)
expect_match "a win in one ply scores 29999" '^score 29999$' "$(echo "$out" | grep '^score')"
out=$("$CHECKERS" go --fen 'B:Wg1:Bh2' --depth 3)
expect_match "no legal move: bestmove none" '^bestmove none$' "$(echo "$out" | grep '^bestmove')"

# Issue 13's English position, White to move: 18-14 (10x17 21x14 6-10
# 29-25 10x17) and 19-15 (10x19 ...) each lose a man, and stronger engines
# play 26-22, about even.  With the ply limit cutting the captures at ply 11,
# depth 20 played 18-14 and scored it +7; searched out, it is a man down.
# (After 18-14 the score swings between about +0.3 and a man from one depth
# to the next until depth 20, with or without the transposition table; from
# depth 21 it stays a man.)
issue='W:W18,19,21,23,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,16'
out=$("$CHECKERS" go --variant english --fen "$issue" --depth 20)
expect_match "issue 13's position at depth 20: neither 18-14 nor 19-15, within half a man of even" \
    '^bestmove (2[0-9]|3[0-2])-[0-9]+ score -?[1-4]?[0-9] ' "$(echo "$out" | tail -n 5 | tr '\n' ' ')"
out=$("$CHECKERS" go --variant english --fen "$issue" --moves 18-14 --depth 23)
expect_match "issue 13's position after 18-14: Black is more than half a man up" '^score ([5-9][0-9]|1[0-9][0-9])$' \
    "$(echo "$out" | grep '^score')"

out=$("$CHECKERS" go --variant english --movetime 100)
expect_match "--movetime ends with a move and a depth" '^depth [1-9][0-9]*$' "$(echo "$out" | grep '^depth')"

# --nodes N: the search counts every node it enters, each iteration's root
# included, over all its iterations, and stops at the Nth, which it does
# not search (lib/engine/search.c, out_of_time()).  So after a depth-6
# search of T nodes, --nodes T + 1 completes depth 6 and stops on entering
# depth 7's root: depth 6's lines and answer, and nodes T + 1; --nodes T
# stops at depth 6's last node, which leaves depth 6 cut short.
deep=$("$CHECKERS" go --depth 6)
total=$(echo "$deep" | sed -n 's/^nodes //p')
out=$("$CHECKERS" go --nodes $((total + 1)))
expect "--nodes T + 1 after a depth-6 search of T nodes: depth 6's lines and move, nodes T + 1" \
    "$(echo "$deep" | sed '$d')
nodes $((total + 1))" "$out"
out=$("$CHECKERS" go --nodes "$total")
expect "--nodes T stops at depth 6's last node: depth 5 completed, nodes T" "depth 5 nodes $total" \
    "$(echo "$out" | tail -n 2 | tr '\n' ' ' | sed 's/ $//')"
# --nodes 1 stops on the root's entry, before any root move: the first
# legal move, as `moves` lists them, not searched (score 0, depth 0).
english='W:W18,19,23,26:B5,10,11'
expect "--nodes 1: the first legal move, depth 0, nodes 1" \
    "bestmove $("$CHECKERS" moves --variant english --fen "$english" | head -n 1) score 0 depth 0 nodes 1" \
    "$("$CHECKERS" go --variant english --fen "$english" --nodes 1 | grep -v '^pv' | tr '\n' ' ' | sed 's/ $//')"
# Far from the end of the search the nodes line is the limit exactly, every
# completed iteration having used fewer; and nothing but the count decides.
limit=20000
out=$("$CHECKERS" go --variant english --moves "11-15 23-19" --nodes $limit)
expect_match "--nodes ends with a move and the limit's nodes" \
    "^bestmove [0-9]+[-x][0-9]+ .* depth [1-9][0-9]* nodes $limit\$" "$(echo "$out" | tail -n 5 | tr '\n' ' ' | sed 's/ $//')"
expect_match "--nodes: each iteration's nodes grow and stay under the limit" '^ok$' \
    "$(echo "$out" | awk -v limit=$limit '/^info/ { if ($7 + 0 >= limit || $7 + 0 <= last) bad = 1; last = $7 + 0; n++ }
                                         END { print (n > 1 && !bad) ? "ok" : "bad" }')"
again=$("$CHECKERS" go --variant english --moves "11-15 23-19" --nodes $limit)
expect "--nodes twice: the same output" "$out" "$again"
# A search that ends before the limit (a win it has proved) says fewer.
out=$("$CHECKERS" go --fen 'W:We3:Bf4' --nodes $limit)
nodes=$(echo "$out" | sed -n 's/^nodes //p')
if echo "$out" | grep -qx 'score 29999' && [ -n "$nodes" ] && [ "$nodes" -lt $limit ]; then
    ok "--nodes: a search that ends first says its own nodes, fewer than the limit ($nodes)"
else
    fail "--nodes: a search that ends first says its own nodes, fewer than the limit" "$(echo "$out" | tail -n 5 | tr '\n' ' ')"
fi
expect_match "--help names --nodes (the match asks it whether a binary knows the option)" \
    ' --nodes N' "$("$CHECKERS" --help)"

# --moves: the game so far.  White's king shuttles 4-8-4 and Black's 29-25-29
# twice; Black, a king down, can then draw by playing 25-29 into the third
# occurrence.  Seen from the bare FEN of the same position (no record) the
# search only sees a king down.
shuttle="4-8 29-25 8-4 25-29 4-8 29-25 8-4"
out=$("$CHECKERS" go --variant english --fen 'W:WK4,K32:BK29' --moves "$shuttle" --depth 1)
expect_match "--moves: the search sees a repetition of the game (draw, score 0)" \
    '^bestmove 25-29 score 0 ' "$(echo "$out" | tail -n 5 | tr '\n' ' ')"
out=$("$CHECKERS" go --variant english --fen 'B:WK4,K32:BK25' --depth 1)
expect_match "the same position without its record: a king down" \
    '^score -[1-9][0-9]+$' "$(echo "$out" | grep '^score')"
# The quiet-move rule through --moves: 29 king moves without a capture or
# a man move, none repeating a position (a random walk, checked with
# `checkers moves`), leave Black, a king down, one ply from the Russian
# limit of 30: any king move draws.  The bare FEN of the end position
# has no such count: a king down.
walk="e1-f2 h8-g7 c1-a3 g7-h8 f2-g3 h8-f6 g3-f4 f6-g7 f4-c1 g7-f8 c1-g5 f8-g7 g5-e3 g7-h6 e3-d4"
walk="$walk h6-c1 d4-c3 c1-h6 a3-c5 h6-c1 c5-f2 c1-h6 f2-d4 h6-c1 d4-c5 c1-g5 c3-g7 g5-h4 c5-f8"
out=$("$CHECKERS" go --fen 'W:WKc1,Ke1,g1:BKh8,a7' --moves "$walk" --depth 4)
expect_match "--moves: the search sees the quiet-move rule of the game (draw, score 0)" \
    '^score 0$' "$(echo "$out" | grep '^score')"
out=$("$CHECKERS" go --fen 'B:WKf8,Kg7,g1:BKh4,a7' --depth 4)
expect_match "the same position without its record: a king down" '^score -[1-9][0-9]+$' \
    "$(echo "$out" | grep '^score')"
out=$("$CHECKERS" go --moves ' c3-d4  f6-g5 ' --depth 2)
expect_match "--moves from the start position, blanks around moves" \
    '^pv d4[-:]' "$(echo "$out" | grep '^pv')"
out=$("$CHECKERS" go --moves '' --depth 2)
expect_match "--moves with no move searches the FEN's position" '^bestmove [a-h][1-8]-' \
    "$(echo "$out" | grep '^bestmove')"
expect_usage_error "--moves with an illegal move" "$CHECKERS" go --moves "c3-d4 c3-d4" --depth 2
expect_usage_error "--moves with a malformed move" "$CHECKERS" go --moves "c3-d4 f6?g5" --depth 2
expect_usage_error "--moves with an ambiguous capture" "$CHECKERS" go --variant english \
    --fen 'W:W30:B25,26,17,18' --moves "30x14" --depth 2
expect_usage_error "--moves without a value" "$CHECKERS" go --depth 2 --moves
expect_usage_error "--moves on perft" "$CHECKERS" perft --moves "c3-d4" 2
err=$("$CHECKERS" go --moves "c3-d4 f6-g5 b2-b3" --depth 2 2>&1 >/dev/null)
expect_match "a bad move is named with its place in the list" '^checkers: bad move b2-b3 \(move 3 of --moves\)' "$err"

expect_usage_error "go without a limit" "$CHECKERS" go
expect_usage_error "go with both limits" "$CHECKERS" go --depth 3 --movetime 10
expect_usage_error "go --depth 0" "$CHECKERS" go --depth 0
expect_usage_error "go --depth 41" "$CHECKERS" go --depth 41
expect_usage_error "go --depth x" "$CHECKERS" go --depth x
expect_usage_error "go --depth without a value" "$CHECKERS" go --depth
expect_usage_error "go --movetime 0" "$CHECKERS" go --movetime 0
expect_usage_error "go --movetime -5" "$CHECKERS" go --movetime -5
expect_usage_error "go with --nodes and --depth" "$CHECKERS" go --nodes 100 --depth 3
expect_usage_error "go with --nodes and --movetime" "$CHECKERS" go --movetime 10 --nodes 100
expect_usage_error "go --nodes 0" "$CHECKERS" go --nodes 0
expect_usage_error "go --nodes x" "$CHECKERS" go --nodes x
expect_usage_error "go --nodes 100k" "$CHECKERS" go --nodes 100k
expect_usage_error "go --nodes -5" "$CHECKERS" go --nodes -5
expect_usage_error "go --nodes 4000000001, past the largest" "$CHECKERS" go --nodes 4000000001
expect_usage_error "go --nodes 2^64 + 1, past 64 bits" "$CHECKERS" go --nodes 18446744073709551617
expect_usage_error "go --nodes without a value" "$CHECKERS" go --nodes
expect_usage_error "--nodes on perft" "$CHECKERS" perft --nodes 100 2
err=$("$CHECKERS" go --nodes 0 2>&1 >/dev/null)
expect "a bad --nodes is named with its range" "checkers: --nodes must be a number from 1 to 4000000000: 0" "$err"
err=$("$CHECKERS" go --nodes 100 --depth 3 2>&1 >/dev/null)
expect "two limits: exactly one is asked for" \
    "checkers: go needs exactly one of --depth N, --movetime MS and --nodes N" "$err"
expect_usage_error "go with a bare DEPTH" "$CHECKERS" go 5
expect_usage_error "go with a bad FEN" "$CHECKERS" go --fen 'W:Wz9' --depth 2
expect_usage_error "--depth on perft" "$CHECKERS" perft --depth 3 2

finish "checkers go"
