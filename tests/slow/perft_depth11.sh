#!/bin/sh
# Perft from both start positions at depth 11 against the published counts.
set -u
BUILD=${BUILD:-build}
passed=0
failed=0
check() {
    variant=$1 expected=$2
    actual=$("$BUILD/host/checkers" perft --variant "$variant" 11 | awk '$1 == "perft" && $2 == 11 { print $3 }')
    if [ "$actual" = "$expected" ]; then
        passed=$((passed + 1)); echo "  ok:     $variant perft 11 is $expected"
    else
        failed=$((failed + 1)); echo "  failed: $variant perft 11 is $actual, published $expected"
    fi
}
check russian 110917189
check english 85242128
echo "perft-depth11: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
