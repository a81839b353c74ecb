#!/bin/sh
# SPDX-License-Identifier: MIT
# test_endgame.sh - the endgame tables (build/host/endgame, lib/endgame):
# the tables of up to three pieces of both variants and the Russian one of
# four generated here, checked by the verifier (which must also refuse a
# table with one value changed), known endings of checkers theory probed,
# and the host search reading the tables (checkers go --endgame).
# BUILD (default build) names the build directory.

BUILD=${BUILD:-build}
ENDGAME=$BUILD/host/endgame
CHECKERS=$BUILD/host/checkers
. tests/support.sh

if "$ENDGAME" generate --pieces 3 "$tmp/three" >"$tmp/generate.log" 2>&1; then
    ok "three-piece tables generated"
else
    fail "three-piece tables generated" "$(tail -n 2 "$tmp/generate.log")"
fi
if "$ENDGAME" verify "$tmp/three" >"$tmp/verify.log" 2>&1 && [ "$(grep -c ' 0 errors$' "$tmp/verify.log")" -eq 2 ]; then
    ok "three-piece tables verified"
else
    fail "three-piece tables verified" "$(head -n 3 "$tmp/verify.log")"
fi

# One value changed (a byte well inside the table, past its 16-byte
# header, made a draw or a loss in 0): the verifier must say so.
mkdir -p "$tmp/broken"
cp "$tmp/three/english.egtb" "$tmp/broken/english.egtb"
offset=200000
byte=$(od -An -tu1 -j $offset -N1 "$tmp/broken/english.egtb" | tr -d ' ')
if [ "$byte" = 0 ]; then new='\001'; else new='\000'; fi
printf "$new" | dd of="$tmp/broken/english.egtb" bs=1 seek=$offset conv=notrunc 2>/dev/null
if "$ENDGAME" verify --variant english "$tmp/broken" >"$tmp/broken.log" 2>&1; then
    fail "a changed value is found" "verify passed: $(cat "$tmp/broken.log")"
else
    ok "a changed value is found"
fi

# expect_probe CASE DIR VARIANT FEN WANT: the table's value of FEN is WANT
# ("win", "loss" or "draw"; a distance is the table's own).
expect_probe() {
    got=$("$ENDGAME" probe --variant "$3" --fen "$4" "$2" 2>&1)
    case "$got" in
        "$5"*) ok "$1" ;;
        *) fail "$1" "$4: got '$got', want '$5'" ;;
    esac
}
expect_probe "english: two kings beat one (to move)" "$tmp/three" english 'W:WK18,K22:BK4' win
expect_probe "english: two kings beat one (the one to move)" "$tmp/three" english 'B:WK18,K22:BK4' loss
expect_probe "english: a king against a king is drawn" "$tmp/three" english 'W:WK18:BK4' draw
expect_probe "english: a king in a single corner is caught" "$tmp/three" english 'B:WK32,K28:BK1' loss
expect_probe "russian: a king against a king is drawn" "$tmp/three" russian 'W:WKa1:BKb8' draw
expect_probe "russian: two kings do not beat one on the main road" "$tmp/three" russian 'W:WKc1,Ke1:BKh8' draw

if "$ENDGAME" generate --variant russian --pieces 4 "$tmp/four" >"$tmp/four.log" 2>&1; then
    ok "russian four-piece table generated"
else
    fail "russian four-piece table generated" "$(tail -n 2 "$tmp/four.log")"
fi
expect_probe "russian: three kings do not beat one on the main road" "$tmp/four" russian 'W:WKc1,Ke1,Kg1:BKh8' draw
expect_probe "russian: nor with the one to move" "$tmp/four" russian 'B:WKc1,Ke1,Kg1:BKh8' draw
expect_probe "russian: three kings holding the main road beat one" "$tmp/four" russian 'W:WKa1,Kc1,Ke1:BKb8' win
expect_probe "russian: the one to move loses" "$tmp/four" russian 'B:WKa1,Kc1,Ke1:BKb8' loss
expect_probe "russian: one of three on the main road drives the one off it" "$tmp/four" russian 'B:WKa1,Kc1,Ke1:BKd4' loss
expect_probe "five pieces are not in a table" "$tmp/four" russian 'W:WKa1,Kc1,Ke1:BKb8,h8' none

# The search: a won ending's score is the table's distance exactly (the
# root's moves lead to positions the tables decide), which the evaluation
# alone does not give at that depth; without the option the search is
# the one it was.
won=$("$ENDGAME" probe --variant english --fen 'W:WK18,K22:BK4' "$tmp/three" | sed -n 's/^win //p')
out=$("$CHECKERS" go --variant english --fen 'W:WK18,K22:BK4' --depth 4 --endgame "$tmp/three")
score=$(echo "$out" | sed -n 's/^score //p')
if [ -n "$won" ] && [ "$score" = $((30000 - won)) ]; then
    ok "go --endgame scores a won ending by its distance"
else
    fail "go --endgame scores a won ending by its distance" "score '$score', table's win in '$won'"
fi
plain=$("$CHECKERS" go --variant english --fen 'W:WK18,K22:BK4' --depth 4 | sed -n 's/^score //p')
if [ -n "$plain" ] && [ "$plain" != "$score" ]; then
    ok "go without --endgame searches as before"
else
    fail "go without --endgame searches as before" "score '$plain'"
fi
expect_usage_error "go --endgame with no tables is refused" "$CHECKERS" go --depth 2 --endgame "$tmp/none"
expect_usage_error "--endgame is for go and hub" "$CHECKERS" perft --endgame "$tmp/three" 2

finish "test_endgame"
