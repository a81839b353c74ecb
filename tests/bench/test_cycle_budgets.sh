#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the bench in the simulator and checks every row of
# tests/bench/cycle_budgets.csv against it: one test per budget.
set -u
BUILD=${BUILD:-build}
BENCH_BOARDS="uno attiny85 mega2560" BUILD="$BUILD" firmware/bench/run-bench.sh > /dev/null || {
    echo "cycle-budgets: the bench did not run"
    exit 1
}
awk -F, -v bench="$BUILD/bench/bench.csv" '
    BEGIN {
        while ((getline line < bench) > 0) {
            split(line, f, ",")
            avg[f[1] "," f[2]] = f[6]; max[f[1] "," f[2]] = f[7]
        }
    }
    /^#/ || NF < 4 { next }
    {
        key = $1 "," $2
        if (!(key in avg)) {
            printf "  failed: %s (not in the bench)\n", key; bad++; next
        }
        if (avg[key] + 0 > $3 + 0 || max[key] + 0 > $4 + 0) {
            printf "  failed: %s avg %s max %s, budget avg %s max %s\n", key, avg[key], max[key], $3, $4
            bad++
        } else {
            printf "  ok:     %s avg %s max %s\n", key, avg[key], max[key]
            good++
        }
    }
    END { printf "cycle-budgets: %d passed, %d failed\n", good, bad; exit bad > 0 }
' tests/bench/cycle_budgets.csv
