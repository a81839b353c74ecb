# tests/shell_support.sh - sourced by the shell test scripts: one line per
# case and the summary that tests/run-all.sh counts, and the checks that
# more than one script makes.
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

# expect_usage_error NAME COMMAND...: status 2, nothing on stdout, one stderr line.
expect_usage_error() {
    name=$1
    shift
    err=$(mktemp)
    out=$("$@" 2>"$err")
    status=$?
    lines=$(wc -l < "$err")
    if [ "$status" -eq 2 ] && [ -z "$out" ] && [ "$lines" -eq 1 ]; then
        ok "$name"
    else
        fail "$name" "status $status, stdout '$out', $lines stderr lines"
    fi
    rm -f "$err"
}

# flash_bytes ELF: what the image puts in flash, .text and .data's initial
# values (the Makefile's flash_bytes, which checks each board's limit).
flash_bytes() {
    avr-size -A "$1" | awk '$1 == ".text" || $1 == ".data" { s += $2 } END { print s + 0 }'
}
