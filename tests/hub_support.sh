# tests/hub_support.sh - sourced by the Hub session tests
# (tests/host/test_hub.sh, tests/host/test_hub_firmware.sh) after
# tests/shell_support.sh: the checks both make of an engine's answers.

# expect NAME EXPECTED ACTUAL: exact text.
expect() {
    if [ "$2" = "$3" ]; then ok "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# expect_match NAME REGEX TEXT: TEXT must match the extended REGEX.
expect_match() {
    if printf '%s\n' "$3" | grep -Eq "$2"; then ok "$1"; else fail "$1" "got: $3"; fi
}

# done_move OUTPUT: the move of the done line.
done_move() {
    printf '%s\n' "$1" | sed -n 's/^done move=\([^ ]*\).*/\1/p'
}

# check_refusals: what both engines must refuse, through the sourcing
# script's session() (one Hub session, lib/engine/hub_session.h, answers
# for both): more than 12 pieces of a colour, which fen and a saved game
# refuse (19 black men, 16 white kings); a level of depth 0, no moves to
# go, a quote left open (whose position is not taken).  go refuses after
# each failed pos.
check_refusals() {
    out=$(session "pos pos=Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww" "level depth=2" "go think" \
                  "pos pos=WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee" "go think")
    expect "more than 12 pieces of a colour: refused; go then refuses" \
'error message="more than 12 pieces of a colour: Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww"
error message="no position (the last pos failed)"
error message="more than 12 pieces of a colour: WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee"
error message="no position (the last pos failed)"' "$out"
    out=$(session "level depth=0" "level moves=0 time=0" "pos pos=\"Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" \
                  "go think" "ping")
    expect "level depth=0, moves=0, a quote left open: an error each, no position taken" \
'error message="bad depth: 0"
error message="bad moves: 0"
error message="malformed line"
error message="no position (the last pos failed)"
pong' "$out"
}
