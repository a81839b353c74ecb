#!/bin/sh
# SPDX-License-Identifier: MIT
# build/host/tune from the outside: every numeric option refuses a value
# that is not a number of its range with one line naming the option and
# the value (exit 2); a fit over games of one variant prints the whole
# table, the other variant's row as compiled in.
set -u
BUILD=${BUILD:-build}
TUNE=$BUILD/host/tune
. tests/support.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Two short English games, both results.
cat > "$work/english.pdn" <<'EOF'
[Event "t"]
[Result "1-0"]
[GameType "21"]

1. 11-15 22-18 2. 15x22 25x18 3. 8-11 1-0

[Event "t"]
[Result "0-1"]
[GameType "21"]

1. 9-13 22-18 2. 10-14 0-1
EOF

# expect_refused NAME OPTION VALUE: exit 2, one line naming both.
expect_refused() {
    err=$("$TUNE" "$2" "$3" "$work/english.pdn" 2>&1 >/dev/null)
    status=$?
    if [ "$status" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
       printf '%s\n' "$err" | grep -qF -- "tune: $2 $3: a "; then
        ok "$1: $err"
    else
        fail "$1" "status $status, stderr '$err'"
    fi
}

expect_refused "iterations not a number" --iterations abc
expect_refused "iterations negative" --iterations -1
expect_refused "iterations not whole" --iterations 2.5
expect_refused "iterations past the most" --iterations 1001
expect_refused "skip with trailing text" --skip 7q
expect_refused "skip empty" --skip ''
expect_refused "label depth zero" --label-depth 0
expect_refused "label depth not whole" --label-depth 3.5
expect_refused "label depth past the most" --label-depth 21
expect_refused "label share past 1" --label-share 1.5

out=$("$TUNE" --iterations 2 --skip 0 "$work/english.pdn" 2>&1)
status=$?
russian_row=$(printf '%s\n' "$out" | grep -c '^    /\* russian, no games: as compiled in \*/ {')
english_row=$(printf '%s\n' "$out" | grep -c '^    /\* english \*/ {')
if [ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -q '^2 games$' &&
   [ "$russian_row" -eq 1 ] && [ "$english_row" -eq 1 ]; then
    ok "a fit of English games prints both rows, Russian's as compiled in"
else
    fail "a fit of English games prints both rows, Russian's as compiled in" "status $status: $out"
fi

# The Russian row printed is the one compiled in: tune reports each
# weight compiled in when it fits that variant, so fit a Russian game and
# compare with the row printed when no Russian game is given.
cat > "$work/russian.pdn" <<'EOF'
[Event "t"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0
EOF
weights=$("$TUNE" --iterations 0 --skip 0 "$work/russian.pdn" 2>/dev/null |
          sed -n 's/^  [a-z-]* *-\{0,1\}[0-9]* (compiled in: \(-\{0,1\}[0-9]*\)).*/\1/p' | paste -sd, - | sed 's/,/, /g')
row=$(printf '%s\n' "$out" | sed -n 's/^    \/\* russian, no games: as compiled in \*\/ { \(.*\) },$/\1/p')
if [ -n "$weights" ] && [ "$row" = "$weights" ]; then
    ok "the Russian row without games is the compiled-in one ($row)"
else
    fail "the Russian row without games is the compiled-in one" "row '$row', compiled in '$weights'"
fi

finish "tune-cli"
