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
