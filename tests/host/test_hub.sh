#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/checkers hub: Scan's Hub protocol, as scripted sessions.  The
# positions and moves expected in the Hub's formats were written by
# pydraughts 0.6.7 (the reference GUI client; see
# tests/host/pydraughts_play.py for whole games against it), and the moves
# the engine must answer are forced: the only legal moves, which
# `checkers moves` lists in PDN.
set -u
BUILD=${BUILD:-build}
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# session LINE...: the engine's whole answer to those lines (input closed
# after them; a hang fails after 20 s).
session() {
    printf '%s\n' "$@" | timeout 20 "$CHECKERS" hub
}

RUSSIAN_START=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww
ENGLISH_START=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww

# ---------------------------------------------------------------- handshake
out=$(session hub init ping quit)
expect "hub: id, the variant parameter, wait; init: ready; ping: pong" \
"id name=bitdraughts version=1.0 author=\"the bitdraughts authors\"
param name=variant value=russian type=enum values=\"russian english\"
wait
ready
pong" "$out"
out=$("$CHECKERS" hub --variant english < /dev/null; echo "status $?")
expect "end of input: exit 0, nothing said" "status 0" "$out"
out=$(printf 'hub\n' | "$CHECKERS" hub --variant english | grep '^param')
expect_match "--variant english is the parameter's value" '^param name=variant value=english ' "$out"
out=$(session quit ping; echo "status $?")
expect "quit ends the session: nothing after it is answered" "status 0" "$out"
out=$(printf 'ping\r\n\r\n  \nping' | "$CHECKERS" hub)
expect "CR LF line ends, blank lines, a last line without its end" "pong
pong" "$out"

# ------------------------------------------------------ positions and moves
# Russian numbers a1 = 1 ... h8 = 32 in moves: c3-d4 is 10-14 and f6-e5 is
# 23-19, after which d4:f6 is forced (taking e5 = 19).
forced=$("$CHECKERS" moves --fen 'B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Ba7,c7,e7,g7,b8,d8,f8,h8,b6,d6,f6,h6' |
         tr '\n' ' ')
expect "(checkers moves: f6-e5 is legal after c3-d4)" "f6-e5 " \
    "$(echo "$forced" | grep -o 'f6-e5 ')"
forced=$("$CHECKERS" moves --fen 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Ba7,c7,e7,g7,b8,d8,e5,h8,b6,d6,f8,h6' | tr '\n' ' ')
expect "(checkers moves: d4:f6 is the only move)" "d4:f6 " "$forced"
out=$(session "pos pos=$RUSSIAN_START moves=\"10-14 23-19\"" "level depth=4" "go think")
expect "russian: pos with moves, the forced capture answered as FROMxTOxTAKEN" "14x23x19" "$(done_move "$out")"
expect_match "info lines with depth, score, nodes, time, nps, pv" \
    '^info depth=1 score=-?[0-9]+\.[0-9][0-9] nodes=[0-9]+ time=[0-9]+\.[0-9]{3} nps=[0-9.]+ pv="14x23x19( [0-9x-]+)*"$' \
    "$(echo "$out" | head -n 1)"
expect "level depth=4: four iterations" "4" "$(echo "$out" | grep -c '^info')"
out=$(session "pos pos=WeeeeeeeeeebeeeeeebeeeeeeeeeeWeee" "level depth=3" "go think")
expect_match "russian flying king, two pieces (PDN W:WKa1:Bd4,f6)" '^1x(28|32)x14x23$' "$(done_move "$out")"
expect_match "a win in one ply scores 99.99 men" '^info depth=1 score=99\.99 ' "$(echo "$out" | head -n 1)"

# English: Black moves first and is w in the Hub position (the board turned
# round); moves use the standard numbers.  11-15 22-18 leaves 15x22 forced.
expect "(checkers moves: 15x22 is the only move)" "15x22" \
    "$("$CHECKERS" moves --variant english --fen 'B:W18,21,23-32:B1-10,12,15')"
out=$(session "set-param name=variant value=english" "pos pos=$ENGLISH_START moves=\"11-15 22-18\"" \
              "level depth=4" "go think")
expect "english: the forced capture as 15x22x18" "15x22x18" "$(done_move "$out")"
out=$(session "set-param name=variant value=english" "pos pos=$ENGLISH_START moves=\"11-15 22-18 15x22\"" \
              "level depth=2" "go think")
expect_match "english: a capture in moves given by its ends; 25x18 or 26x17 answered" \
    '^(25x18x22|26x17x22)$' "$(done_move "$out")"
out=$(session "set-param name=variant value=english" "pos pos=WeeeeeBeeeeeeeebeeeeeeweeeeeWeeee" "level depth=3" "go think")
expect_match "english position (PDN B:W18,K27:B11,K5): a move of black's" '^(11-16|11-15|5-9|5-1)$' \
    "$(done_move "$out")"

# The game record: white's king shuttles 4-8-4 and black's 29-25-29 twice;
# black, a king down, draws by 25-29 into the third occurrence (the same
# case as tests/host/test_checkers_go.sh, PDN W:WK4,K32:BK29).
out=$(session "set-param name=variant value=english" \
    "pos pos=BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee moves=\"4-8 29-25 8-4 25-29 4-8 29-25 8-4\"" \
    "level depth=1" "go think")
expect "pos with moves: the repetition is seen (score 0, 25-29)" "score=0.00 25-29" \
    "$(echo "$out" | sed -n 's/^info .*\(score=[^ ]*\).*/\1/p') $(done_move "$out")"
out=$(session "set-param name=variant value=english" "pos pos=WBeeeeeeWeeeeeeeeeeeeeeeeeeeeBeee" \
    "level depth=1" "go think")
expect_match "the same position without its moves: a king down" '^info depth=1 score=-[1-9]' "$out"

# ------------------------------------------------------------------ levels
for level in "move-time=0.2" "time=5 inc=0.1" "time=30 moves=10" "nodes=2000" "depth=10"; do
    out=$(session "pos pos=$RUSSIAN_START" "level $level" "go think")
    expect_match "level $level: a done with a legal first move" \
        '^done move=(9-13|10-13|10-14|11-14|11-15|12-15|12-16) ponder=' "$(echo "$out" | tail -n 1)"
done

# ------------------------------------------------------- during a search
# level infinite: the done waits for stop (the search itself ends early);
# ping is answered meanwhile; a clock stamps each line.
stamped=$( (printf 'pos pos=%s\nlevel infinite\ngo think\nping\n' "$RUSSIAN_START"; sleep 1; echo stop; echo quit) |
           timeout 20 "$CHECKERS" hub | while IFS= read -r line; do echo "$(date +%s%N) $line"; done)
first=$(echo "$stamped" | head -n 1 | cut -d' ' -f1)
done_at=$(echo "$stamped" | grep ' done move=' | cut -d' ' -f1)
expect_match "level infinite: pong during the search" ' pong$' "$stamped"
if [ -n "$done_at" ] && [ $(( (done_at - first) / 1000000 )) -ge 800 ]; then
    ok "level infinite: done only after stop (1 s later)"
else
    fail "level infinite: done only after stop (1 s later)" "$stamped"
fi
out=$(session "pos pos=$RUSSIAN_START" "level time=2" "go ponder" "ponder-hit")
expect_match "go ponder, ponder-hit: done" '^done move=' "$(echo "$out" | tail -n 1)"
out=$(session "pos pos=$RUSSIAN_START" "level infinite" "go think" "quit" "ping")
expect_match "quit during a search: done, then nothing more" '^done move=' "$(echo "$out" | tail -n 1)"
out=$(session "pos pos=$RUSSIAN_START" "level depth=2" "go think" "stop" "ping")
expect "stop and ping after the search: stop ignored, ping answered" "pong" "$(echo "$out" | tail -n 1)"

# ------------------------------------------------------------------ errors
out=$(session "foo bar" "ping")
expect "unknown command: an error line, the session goes on" 'error message="unknown command: foo"
pong' "$out"
out=$(session 'pos pos="Wbbb' "ping")
expect_match "a quote not closed" '^error message="malformed line' "$out"
out=$(printf 'ping\000pong\nping\n' | timeout 20 "$CHECKERS" hub)
expect "a NUL inside a word: the line is malformed, not cut short there" 'error message="malformed line"
pong' "$out"
out=$(session "pos pos=Wbbbb" "pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" \
              "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx" "pos pos=Wwbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" \
              "pos moves=\"9-13\"" "ping")
expect "bad positions: one error each" "5" "$(echo "$out" | grep -c '^error message=')"
expect "a man on its promotion rank" 1 "$(echo "$out" | grep -c 'promot')"
check_refusals
out=$(session "pos pos=$RUSSIAN_START moves=\"9-13 9-13\"" "go think" "ping")
expect "an illegal move in moves: named; go then refuses" \
'error message="move 2 of moves: no legal move matches: 9-13"
error message="no position (the last pos failed)"
pong' "$out"
out=$(session "pos pos=$RUSSIAN_START moves=\"9-13 24x19 9?13\"" "ping")
expect_match "a capture where there is none is illegal" 'move 2 of moves: no legal move' "$out"
for bad in "level depth=x" "level depth=0" "level move-time=1.2.3" "level time=-1" "level nodes=" "level" "level moves=4"; do
    out=$(session "$bad" "ping")
    expect_match "$bad: an error" '^error message="[^"]+"$' "$(echo "$out" | head -n 1)"
done
for bad in "set-param name=variant value=chess" "set-param name=hash value=64" "set-param" "go sideways"; do
    out=$(session "$bad" "ping")
    expect_match "$bad: an error" '^error message="[^"]+"$' "$(echo "$out" | head -n 1)"
done
out=$(head -c 70000 /dev/zero | tr '\0' 'a' | { cat; printf '\nping\n'; } | "$CHECKERS" hub)
expect "an overlong line: one error, the session goes on" 'error message="line too long"
pong' "$out"
out=$(printf 'pos pos="\001\377\n\000\nping\n' | "$CHECKERS" hub | tail -n 1)
expect "control and non-ASCII bytes: errors, then pong" "pong" "$out"
out=$(session "pos pos=$RUSSIAN_START" "set-param name=variant value=russian" "pos pos=BeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWee" "go think")
expect "no legal move: an error and a bare done" 'error message="no legal move"
done' "$out"

finish "checkers hub"
