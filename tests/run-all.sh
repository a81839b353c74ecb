#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every suite and sums their results: the C test programs on the host
# (sanitizers on; once more built with the portable fallbacks instead of the
# host's overrides, and with the AVR's sizes, the small move generator and
# the size-first engine), the fuzz targets' corpora replayed (a test per
# target), the same sources in the simulator on each SIM_TEST_BOARDS board,
# then each module's scripts (tests/MODULE/test_*.sh), the docs last.  Each
# suite prints "<name>: N passed, N failed"; a suite that exits non-zero
# without reporting a failure (a crash, a budget overrun) counts as one
# failed test.  Ends with "total: N passed, N failed", non-zero on failure.
set -u
BUILD=${BUILD:-build}
SIM_TEST_BOARDS=${SIM_TEST_BOARDS:-uno attiny85}
# A generous cycle budget for one simulated suite: a hang fails, not waits.
SIM_SUITE_MAX_CYCLES=4000000000

passed=0
failed=0
log=$BUILD/test-logs
mkdir -p "$log"

# run_suite LABEL COMMAND...: runs it, shows its result lines, counts.
run_suite() {
    label=$1
    shift
    file=$log/$(echo "$label" | tr ' /' '__').log
    "$@" > "$file" 2>&1
    status=$?
    summary=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$file" | tail -n 1)
    counts=$(echo "$summary" | awk '{ for (i = 2; i < NF; i++) if ($i == "passed,") { p = $(i - 1); f = $(i + 1) } }
                                    END { print p + 0, f + 0 }')
    suite_passed=${counts% *}
    suite_failed=${counts#* }
    if [ "$status" -ne 0 ] && [ "$suite_failed" -eq 0 ]; then
        suite_failed=1
    fi
    passed=$((passed + suite_passed))
    failed=$((failed + suite_failed))
    if [ "$suite_failed" -ne 0 ]; then
        printf 'FAILED %-28s %s (exit %s); log: %s\n' "$label" "${summary:-no summary}" "$status" "$file"
        grep -E 'FAIL|failed:|avrsim:|ERROR|error' "$file" | head -n 20 | sed 's/^/    /'
    else
        printf 'ok     %-28s %s\n' "$label" "$summary"
    fi
}

# The C test programs, by the build they were made with (tests/tests.mk).
for test in "$BUILD"/host/tests/san/test_* "$BUILD"/host/tests/portable/test_* \
            "$BUILD"/host/tests/avr-sizes/test_* "$BUILD"/host/tests/small/test_* \
            "$BUILD"/host/tests/small-engine/test_*; do
    [ -x "$test" ] || continue
    case $test in
        */portable/*) where="portable" ;;   # lib/arch/generic only: the fallbacks
        */avr-sizes/*) where="avr-sizes" ;; # the AVR's search workspace on the host
        */small/*) where="small" ;;         # the small move generator (MOVEGEN)
        */small-engine/*) where="small-engine" ;; # the size-first engine (ENGINE)
        *) where="host" ;;
    esac
    run_suite "$where $(basename "$test")" "$test"
done
for test in "$BUILD"/host/tests/fuzz/*; do
    [ -x "$test" ] || continue
    target=$(basename "$test")
    run_suite "fuzz corpus $target" "$test" "tests/fuzz/corpus/$target"
done
for board in $SIM_TEST_BOARDS; do
    for elf in "$BUILD/$board"/tests/*.elf; do
        [ -f "$elf" ] || continue
        run_suite "$board $(basename "$elf" .elf)" \
            "$BUILD/host/avrsim" --max-cycles "$SIM_SUITE_MAX_CYCLES" "$elf"
    done
done
# run_script tests/MODULE/test_NAME.sh: a script, labelled by its module.
run_script() {
    module=${1#tests/}
    run_suite "${module%%/*} $(basename "$1" .sh)" env BUILD="$BUILD" sh "$1"
}
# Each module's scripts, the docs last: they compare their generated blocks
# with the bench that tests/bench/test_cycle_budgets.sh has just run.
for script in tests/*/test_*.sh; do
    case $script in tests/docs/*) continue ;; esac
    run_script "$script"
done
for script in tests/docs/test_*.sh; do
    run_script "$script"
done

echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
