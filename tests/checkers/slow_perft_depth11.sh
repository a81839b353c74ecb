#!/bin/sh
# SPDX-License-Identifier: MIT
# Perft from both start positions at depth 11 against the published counts.
set -u
BUILD=${BUILD:-build}
. tests/support.sh
check() {
    variant=$1 expected=$2
    actual=$("$BUILD/host/checkers" perft --variant "$variant" 11 | awk '$1 == "perft" && $2 == 11 { print $3 }')
    if [ "$actual" = "$expected" ]; then
        ok "$variant perft 11 is $expected"
    else
        fail "$variant perft 11 is $expected" "got $actual"
    fi
}
check russian 110917189
check english 85242128
finish "perft-depth11"
