# tests/shell_support.sh - sourced by the shell test scripts: one line per
# case and the summary that tests/run-all.sh counts.
#
#   . tests/shell_support.sh
#   ok "case"; fail "case" "what went wrong"; ...; finish "suite"

passed=0
failed=0

ok()   { passed=$((passed + 1)); printf '  ok:     %s\n' "$1"; }
pass() { ok "$1"; }
# fail CASE [REASON]
fail() { failed=$((failed + 1)); printf '  failed: %s%s\n' "$1" "${2:+ ($2)}"; }

# finish SUITE: prints "SUITE: N passed, N failed"; status 1 if any failed.
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
