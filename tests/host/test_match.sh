#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/match: engines playing each other under the library's referee.
# Fixed depths make the engine deterministic, so: the same engine against
# itself scores exactly 50% over colour-swapped pairs (each pair is the same
# game twice); depth 1 loses clearly to depth 5, and the SPRT says so
# early; fake engines (small scripts) that play an illegal move, claim to
# have none, crash or hang lose their games and are reported; an engine
# without --moves is given the current position instead; a node limit is
# passed on as --nodes, gives the same match every time, and is refused
# for an engine that cannot keep it; the firmware plays through the
# simulator; the opening suites are exactly the 3-ply openings the move
# generator lists.  The Elo and SPRT arithmetic has its
# own unit test (tests/host/test_elo.c).
set -u
BUILD=${BUILD:-build}
MATCH=$BUILD/host/match
CHECKERS=$BUILD/host/checkers
. tests/support.sh

# expect_match NAME REGEX TEXT: TEXT must match the extended REGEX.
expect_match() {
    if printf '%s\n' "$3" | grep -Eq "$2"; then ok "$1"; else fail "$1" "got: $(printf '%s' "$3" | head -n 3)"; fi
}

# wdl: the "W/D/L w/d/l" of $out as "w d l".
wdl() {
    printf '%s\n' "$out" | sed -n 's/.*(W\/D\/L \([0-9]*\)\/\([0-9]*\)\/\([0-9]*\)).*/\1 \2 \3/p'
}

# fake NAME BODY: an engine script answering --help with the usage of a
# binary that knows --moves, and `go` with BODY.
fake() {
    cat > "$tmp/$1" <<EOF
#!/bin/sh
if [ "\$1" = --help ]; then echo 'usage: checkers go [--fen FEN] [--moves "M1 M2 ..."] (--depth N | --movetime MS | --nodes N)'; exit 0; fi
$2
EOF
    chmod +x "$tmp/$1"
}

# ------------------------------------------------------------ self-play --
out=$("$MATCH" --depth 3 --games 6 -j 2 "$CHECKERS" "$CHECKERS")
status=$?
set -- $(wdl)
if [ "$status" -eq 0 ] && [ "$#" -eq 3 ] && [ "$1" -eq "$3" ] && [ $(($1 + $2 + $3)) -eq 6 ] &&
   printf '%s\n' "$out" | grep -q '^score 50.0%, Elo +0.0,'; then
    ok "the same engine at a fixed depth scores exactly 50% against itself ($1/$2/$3)"
else
    fail "the same engine at a fixed depth scores exactly 50% against itself" "status $status, W/D/L $*"
fi
# Both games of a pair are the same game: same result for the colours, same length.
pairs=$(printf '%s\n' "$out" | sed -n 's/^game \([0-9]*\)\/[0-9]*: .*: \([^,]*\), .*, \([0-9]*\) plies$/\1 \2 \3/p' |
        sort -n | awk '{ k = int(($1 - 1) / 2); r[k] = r[k] " " $2 "@" $3 } END { for (k in r) print r[k] }')
if [ "$(printf '%s\n' "$pairs" | wc -l)" -eq 3 ] &&
   [ -z "$(printf '%s\n' "$pairs" | awk '$1 != $2')" ]; then
    ok "each colour-swapped pair repeats the same game"
else
    fail "each colour-swapped pair repeats the same game" "$pairs"
fi

# ------------------------------------------------------ a weak engine --
out=$("$MATCH" --variant english --games 6 "$CHECKERS,depth=1,name=d1" "$CHECKERS,depth=5,name=d5")
set -- $(wdl)
if [ "$#" -eq 3 ] && [ "$1" -eq 0 ] && [ "$3" -ge 4 ]; then
    ok "depth 1 loses clearly to depth 5 ($1/$2/$3)"
else
    fail "depth 1 loses clearly to depth 5" "W/D/L $*"
fi
expected=$(awk -v w="$1" -v d="$2" -v l="$3" 'BEGIN { printf "score %.1f%%", 100 * (w + d / 2) / (w + d + l) }')
expect_match "the score line is (W + D/2) / N" "^$expected, Elo -" "$(printf '%s\n' "$out" | grep '^score')"
expect_match "the names given are the report's" '^A: d1$' "$(printf '%s\n' "$out" | grep '^A: d')"

out=$("$MATCH" --games 40 --sprt 0 100 "$CHECKERS,depth=5" "$CHECKERS,depth=1")
games=$(printf '%s\n' "$out" | sed -n 's/^russian, \([0-9]*\) games of 40,.*/\1/p')
if printf '%s\n' "$out" | grep -q '^SPRT elo0 0, elo1 100, alpha 0.05, beta 0.05: LLR [0-9.]*, bounds \[-2.944, 2.944\]: H1 accepted' &&
   [ -n "$games" ] && [ "$games" -lt 40 ]; then
    ok "the SPRT accepts H1 for depth 5 against depth 1 and stops early ($games games of 40)"
else
    fail "the SPRT accepts H1 for depth 5 against depth 1 and stops early" "$(printf '%s\n' "$out" | tail -n 1)"
fi

# ------------------------------------------------------ faulty engines --
fake illegal 'echo "bestmove c3-c5"'
out=$("$MATCH" --games 2 "$tmp/illegal,depth=1,name=liar" "$CHECKERS,depth=1")
status=$?
if [ "$status" -eq 0 ] && [ "$(wdl)" = "0 0 2" ] &&
   [ "$(printf '%s\n' "$out" | grep -c 'liar (\(White\|Black\)) played c3-c5 at ply [0-9]*, not a legal move')" -eq 2 ] &&
   printf '%s\n' "$out" | grep -qx 'illegal or missing moves: A 2, B 0'; then
    ok "an illegal move loses the game and is reported with the move"
else
    fail "an illegal move loses the game and is reported with the move" "status $status, $(printf '%s\n' "$out" | grep '^game' | head -n 1)"
fi
fake none 'echo "bestmove none"'
out=$("$MATCH" --variant english --games 2 "$CHECKERS,depth=1" "$tmp/none,depth=1")
expect_match "claiming no move when there is one loses" 'said it had no move at ply' "$out"
expect_match "... counted against B" '^illegal or missing moves: A 0, B 2$' "$out"
fake crash 'echo "segmentation fault, say" >&2; exit 3'
out=$("$MATCH" --games 2 "$tmp/crash,depth=1" "$CHECKERS,depth=1")
expect_match "a crash loses, with its exit status and last words" \
    'failed at ply [0-9]*: no bestmove \(exit status 3\): segmentation fault, say' "$out"
fake hang 'exec sleep 30'
start=$(date +%s)
out=$("$MATCH" --games 2 --timeout 300 "$tmp/hang,depth=1" "$CHECKERS,depth=1")
if printf '%s\n' "$out" | grep -q 'failed at ply [0-9]*: no reply within 300 ms' &&
   [ $(($(date +%s) - start)) -lt 10 ] && [ "$(wdl)" = "0 0 2" ]; then
    ok "an engine that hangs is stopped at --timeout and loses"
else
    fail "an engine that hangs is stopped at --timeout and loses" "$(printf '%s\n' "$out" | grep '^game' | head -n 1)"
fi

# An engine from before --moves gets the position; a current one the moves.
cat > "$tmp/old" <<EOF
#!/bin/sh
if [ "\$1" = --help ]; then echo 'usage: checkers go [--fen FEN] (--depth N | --movetime MS)'; exit 0; fi
for arg in "\$@"; do [ "\$arg" = --moves ] && { echo "checkers: unknown option: --moves" >&2; exit 2; }; done
exec "$PWD/$CHECKERS" "\$@"
EOF
fake logged "printf '%s\n' \"\$*\" >> '$tmp/log'; exec '$PWD/$CHECKERS' \"\$@\""
chmod +x "$tmp/old"
out=$("$MATCH" --games 2 --max-plies 12 "$tmp/old,depth=2" "$tmp/logged,depth=2")
expect_match "an engine without --moves plays from --fen of the position" \
    '^illegal or missing moves: A 0, B 0$' "$out"
start_fen='W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6'
if [ -s "$tmp/log" ] && ! grep -v -- "--fen $start_fen --moves" "$tmp/log" | grep -q . &&
   grep -Eq -- "--moves ([a-h][1-8][-:][a-h][1-8] ){9}[a-h][1-8][-:][a-h][1-8] --depth 2$" "$tmp/log"; then
    ok "a current engine is given the start FEN and every move since"
else
    fail "a current engine is given the start FEN and every move since" "$(tail -n 1 "$tmp/log")"
fi

# --------------------------------------------------------- node limits --
# A node count decides a search alone (checkers go --nodes), so a match of
# engines at node limits plays the same games every time; -j 1 prints them
# in the same order.
nodes_match() {
    "$MATCH" --games 2 -j 1 "$CHECKERS,nodes=200" "$CHECKERS,nodes=400"
}
out=$(nodes_match)
status=$?
if [ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c '^game [12]/2: ')" -eq 2 ] &&
   printf '%s\n' "$out" | grep -qx 'illegal or missing moves: A 0, B 0' &&
   printf '%s\n' "$out" | grep -qx "B: $CHECKERS nodes 400"; then
    ok "engines at nodes= play their games through the match"
else
    fail "engines at nodes= play their games through the match" "status $status, $(printf '%s\n' "$out" | grep '^game' | head -n 1)"
fi
again=$(nodes_match)
expect "a match at node limits, twice: the same games and totals" "$out" "$again"
# The engine's own limit, then the match's: every move of the engine asked
# with it (the log has a line a move).
fake lognodes "printf '%s\n' \"\$*\" >> '$tmp/nodes_log'; exec '$PWD/$CHECKERS' \"\$@\""
for limit in own match; do
    rm -f "$tmp/nodes_log"
    if [ "$limit" = own ]; then
        "$MATCH" --depth 1 --games 2 --max-plies 12 "$tmp/lognodes,nodes=200" "$CHECKERS" > /dev/null
        expected=200
    else
        "$MATCH" --nodes 300 --games 2 --max-plies 12 "$tmp/lognodes" "$CHECKERS" > /dev/null
        expected=300
    fi
    if [ -s "$tmp/nodes_log" ] && ! grep -v -- " --nodes $expected\$" "$tmp/nodes_log" | grep -q .; then
        ok "the $limit node limit reaches the engine as --nodes $expected at each of its moves"
    else
        fail "the $limit node limit reaches the engine as --nodes $expected at each of its moves" \
            "$(grep -v -- " --nodes $expected\$" "$tmp/nodes_log" 2>&1 | head -n 1)"
    fi
done
# (Each a short match, should it be played after all.)
short="--games 2 --max-plies 6"
expect_usage_error "a node limit for a binary whose --help has no --nodes" \
    "$MATCH" $short --nodes 300 "$tmp/old" "$CHECKERS"
expect_match "... says so" "old: its --help has no --nodes" \
    "$("$MATCH" $short "$tmp/old,nodes=300" "$CHECKERS" 2>&1 >/dev/null)"
expect_usage_error "nodes= for the firmware, whose level has no node limit" \
    "$MATCH" $short "$BUILD/uno/demo.elf,nodes=300" "$CHECKERS"
expect_match "... says so" "the firmware's level has no node limit" \
    "$("$MATCH" $short "$BUILD/uno/demo.elf,nodes=300" "$CHECKERS" 2>&1 >/dev/null)"
expect_usage_error "the match's --nodes for the firmware naming no limit" \
    "$MATCH" $short --nodes 300 "$BUILD/uno/demo.elf" "$CHECKERS"

# ------------------------------------------------------------ firmware --
if [ -f "$BUILD/uno/demo.elf" ]; then
    out=$("$MATCH" --variant english --games 2 --max-plies 14 "$BUILD/uno/demo.elf,depth=2,name=uno" \
          "$CHECKERS,depth=2")
    status=$?
    if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -qx 'illegal or missing moves: A 0, B 0' &&
       [ "$(printf '%s\n' "$out" | grep -c '^game [12]/2: ')" -eq 2 ]; then
        ok "the firmware under avrsim plays its moves through the match"
    else
        fail "the firmware under avrsim plays its moves through the match" "status $status, $(printf '%s\n' "$out" | grep '^game' | head -n 1)"
    fi
else
    fail "the firmware under avrsim plays its moves through the match" "$BUILD/uno/demo.elf missing"
fi

# -------------------------------------------------------------- suites --
for variant in russian english; do
    suite=firmware/host/openings/$variant.txt
    "$MATCH" --generate-openings "$variant" --depth 1 | grep -v '^# ' | sed 's/^#drop //; s/ [-+][0-9]*$//' > "$tmp/all"
    grep -v '^# ' "$suite" | sed 's/^#drop //; s/ [-+][0-9]*$//' > "$tmp/file"
    if [ "$(wc -l < "$tmp/all")" -eq 302 ] && cmp -s "$tmp/all" "$tmp/file"; then
        ok "$variant suite: the 302 openings of 3 plies, as the move generator lists them"
    else
        fail "$variant suite: the 302 openings of 3 plies, as the move generator lists them" \
            "$(diff "$tmp/all" "$tmp/file" | head -n 4 | tr '\n' '|')"
    fi
    played=$(grep -v '^#' "$suite" | awk '$NF + 0 > 60 || $NF + 0 < -60 { bad++ } END { print NR, bad + 0 }')
    declared=$(sed -n 's/^# \([0-9]*\) played, [0-9]* dropped\.$/\1/p' "$suite")
    if [ "${played% *}" = "$declared" ] && [ "${played#* }" -eq 0 ]; then
        ok "$variant suite: $declared played, all within the balance bound"
    else
        fail "$variant suite: played openings within the balance bound" "$played vs $declared"
    fi
done
printf 'c3-d4 f6-g5 +0\nc3-d4 c3-d4\n' > "$tmp/bad_suite"
expect_usage_error "a suite with an illegal move is refused" \
    "$MATCH" --openings "$tmp/bad_suite" --depth 1 "$CHECKERS" "$CHECKERS"
expect_match "... naming the file and line" ":2: a move that is not legal there$" \
    "$("$MATCH" --openings "$tmp/bad_suite" --depth 1 "$CHECKERS" "$CHECKERS" 2>&1 >/dev/null)"
expect_usage_error "a suite of the other variant is refused" \
    "$MATCH" --variant english --openings firmware/host/openings/russian.txt --depth 1 "$CHECKERS" "$CHECKERS"

# ------------------------------------------------------------ arguments --
expect_usage_error "one engine" "$MATCH" "$CHECKERS"
expect_usage_error "three engines" "$MATCH" "$CHECKERS" "$CHECKERS" "$CHECKERS"
expect_usage_error "an engine that cannot run" "$MATCH" --depth 1 "$CHECKERS" "$tmp/missing"
expect_usage_error "an unknown engine option" "$MATCH" "$CHECKERS,speed=3" "$CHECKERS"
expect_usage_error "two limits for one engine" "$MATCH" "$CHECKERS,depth=2,movetime=5" "$CHECKERS"
expect_usage_error "--depth and --movetime" "$MATCH" --depth 2 --movetime 5 "$CHECKERS" "$CHECKERS"
expect_usage_error "--nodes and --depth" "$MATCH" --nodes 300 --depth 2 "$CHECKERS" "$CHECKERS"
expect_usage_error "--nodes 0" "$MATCH" --nodes 0 "$CHECKERS" "$CHECKERS"
expect_usage_error "--nodes x" "$MATCH" --nodes x "$CHECKERS" "$CHECKERS"
expect_usage_error "nodes=0" "$MATCH" "$CHECKERS,nodes=0" "$CHECKERS"
expect_usage_error "nodes= and depth= for one engine" "$MATCH" "$CHECKERS,nodes=300,depth=2" "$CHECKERS"
expect_usage_error "--sprt with equal bounds" "$MATCH" --sprt 5 5 "$CHECKERS" "$CHECKERS"
expect_usage_error "--sprt with one bound" "$MATCH" "$CHECKERS" "$CHECKERS" --sprt 5
expect_usage_error "--jobs 0" "$MATCH" -j 0 "$CHECKERS" "$CHECKERS"
expect_usage_error "firmware depth over its level's 20" "$MATCH" "$BUILD/uno/demo.elf,depth=21" "$CHECKERS"
expect_match "... says so" "the firmware's depth is at most 20" \
    "$("$MATCH" "$BUILD/uno/demo.elf,depth=21" "$CHECKERS" 2>&1 >/dev/null)"
expect_usage_error "the match's --depth over the firmware's 20" "$MATCH" --depth 21 "$BUILD/uno/demo.elf" "$CHECKERS"
deepest=$(sed -n 's/^#define SEARCH_MAX_DEPTH \([0-9]*\)u.*/\1/p' lib/arch/generic/arch/search_sizes.h)
expect_usage_error "--depth past the search's deepest iteration" "$MATCH" --depth $((deepest + 1)) \
    "$CHECKERS" "$CHECKERS"
expect_match "... names the range" "depth must be 1 to $deepest: $((deepest + 1))" \
    "$("$MATCH" --depth $((deepest + 1)) "$CHECKERS" "$CHECKERS" 2>&1 >/dev/null)"
expect_usage_error "firmware time over its 60 s" "$MATCH" "$BUILD/uno/demo.elf,movetime=60001" "$CHECKERS"

finish "match"
