#!/bin/sh
# SPDX-License-Identifier: MIT
# debruijn_count6.sh - the full k = 6 search: 2^26 = 67108864 sequences of
# 64 bits start with six zeros (the published count 2^(2^(k-1)-k)).  Takes
# seconds, so it runs with the slow tests, not in make test.
# BUILD (default build) names the build directory.

BUILD=${BUILD:-build}
TOOL=$BUILD/host/debruijn
. tests/support.sh

start=$(date +%s)
actual=$("$TOOL" --count 6)
status=$?
seconds=$(($(date +%s) - start))
if [ "$status" -eq 0 ] && [ "$actual" = 67108864 ]; then
    ok "--count 6 is 67108864 (${seconds}s)"
else
    fail "--count 6 is 67108864" "exit $status, got '$actual'"
fi

finish "debruijn-count6"
