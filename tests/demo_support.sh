# tests/demo_support.sh - sourced by the shell tests of the game firmware
# (after tests/shell_support.sh): one session of the firmware in the
# simulator and what its output says.  The caller sets SIM (the runner), ELF
# (the firmware), SHORT (the default cycle budget) and tmp (a scratch
# directory), and case_number=0.

# session INPUT [EEPROM] [MAX_CYCLES] [RUNNER_OPTIONS]: runs the firmware on
# INPUT (printf format) with a fresh EEPROM file unless one is named; sets
# $out (the whole UART output), $after (what follows the banner), $status,
# $stats.
session() {
    case_number=$((case_number + 1))
    eeprom=${2:-$tmp/case$case_number.eeprom}
    # shellcheck disable=SC2086
    printf "$1" | "$SIM" --stats --max-cycles "${3:-$SHORT}" --eeprom "$eeprom" ${4:-} "$ELF" \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
    out=$(cat "$tmp/out")
    after=$(sed -n '/^type help/,$p' "$tmp/out" | tail -n +2)
    stats=$(cat "$tmp/err")
}

# last_fen: the line after the last "> fen" prompt of $out.
last_fen() {
    printf '%s\n' "$out" | awk '/^> fen$/ { getline; f = $0 } END { print f }'
}
