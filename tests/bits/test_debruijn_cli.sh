#!/bin/sh
# SPDX-License-Identifier: MIT
# test_debruijn_cli.sh - the debruijn tool from the outside: counts, a
# generated header fragment that gcc compiles and that scans every bit,
# --check exit codes, and usage errors (exit 2, one line on stderr).
# BUILD (default build) names the build directory.

BUILD=${BUILD:-build}
TOOL=$BUILD/host/debruijn
CC=${CC:-gcc}
. tests/support.sh

# expect_output CASE EXPECTED ARGS...: stdout equals EXPECTED and exit 0.
expect_output() {
    name=$1 expected=$2
    shift 2
    actual=$("$TOOL" "$@" 2>"$tmp/stderr")
    status=$?
    if [ "$status" -eq 0 ] && [ "$actual" = "$expected" ]; then
        pass "$name"
    else
        fail "$name (exit $status, got '$actual', want '$expected')"
    fi
}

# expect_status CASE STATUS ARGS...: exit STATUS; for usage errors (2),
# nothing on stdout and exactly one line on stderr.
expect_status() {
    name=$1 want=$2
    shift 2
    "$TOOL" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$name (exit $status, want $want)"
    elif [ "$want" -eq 2 ] && { [ -s "$tmp/stdout" ] || [ "$(wc -l <"$tmp/stderr")" -ne 1 ]; }; then
        fail "$name (want no output and one line on stderr)"
    else
        pass "$name"
    fi
}

# compiles_and_scans CASE K N [--name PREFIX]: the --nth fragment, included
# in a small program, scans the lowest set bit of every one-bit word and of
# words with higher bits set too.
compiles_and_scans() {
    name=$1 k=$2 prefix=${5:-DEBRUIJN$((1 << $2))}
    shift 1
    case $k in
        3) type=uint8_t ;; 4) type=uint16_t ;; 5) type=uint32_t ;; *) type=uint64_t ;;
    esac
    bits=$((1 << k))
    if ! "$TOOL" --nth "$@" >"$tmp/table.h" 2>"$tmp/stderr"; then
        fail "$name (--nth failed: $(cat "$tmp/stderr"))"
        return
    fi
    cat >"$tmp/scan.c" <<EOC
#include <stdint.h>
#include <stdio.h>
#include "table.h"
int main(void)
{
    for (unsigned i = 0; i < $bits; i++) {
        $type v = ($type)((($type)1 << i) | ($type)~((($type)2 << i) - 1));
        if (${prefix}_TABLE[($type)((v & -v) * ${prefix}_MAGIC) >> ($bits - $k)] != i) {
            printf("bit %u scans wrong\n", i);
            return 1;
        }
    }
    return 0;
}
EOC
    if ! $CC -std=c99 -Wall -Wextra -Werror -o "$tmp/scan" "$tmp/scan.c" 2>"$tmp/cc.log"; then
        fail "$name (does not compile: $(head -n 3 "$tmp/cc.log"))"
    elif ! "$tmp/scan" >"$tmp/scan.log"; then
        fail "$name ($(cat "$tmp/scan.log"))"
    else
        pass "$name"
    fi
}

if [ ! -x "$TOOL" ]; then
    echo "debruijn-cli: $TOOL not built (make $TOOL)"
    exit 1
fi

expect_output "--count 3 is 2" 2 --count 3
expect_output "--count 4 is 16" 16 --count 4
expect_output "--count 5 is 2048" 2048 --count 5
expect_output "--list 3 is 0x17 then 0x1D" "0x17
0x1D" --list 3
expect_output "--list 5 2047 5 stops at the last" 0x07DCD629 --list 5 2047 5

compiles_and_scans "--nth 3 0 compiles and scans 8 bits" 3 0
compiles_and_scans "--nth 3 1 compiles and scans 8 bits" 3 1
compiles_and_scans "--nth 4 15 compiles and scans 16 bits" 4 15
compiles_and_scans "--nth 5 1000 --name BS32 compiles and scans 32 bits" 5 1000 --name BS32
compiles_and_scans "--nth 6 2500 compiles and scans 64 bits" 6 2500
if "$TOOL" --nth 3 1 2>/dev/null | grep -q '^#define DEBRUIJN8_MAGIC 0x1Du$' \
   && "$TOOL" --nth 3 1 2>/dev/null | grep -q 'debruijn --nth 3 1$'; then
    pass "--nth 3 1 defines DEBRUIJN8_MAGIC 0x1Du and names its arguments"
else
    fail "--nth 3 1 defines DEBRUIJN8_MAGIC 0x1Du and names its arguments"
fi

expect_status "--check 5 0x077CB531 is valid" 0 --check 5 0x077CB531
expect_status "--check 6 0x03F79D71B4CB0A89 is valid" 0 --check 6 0x03F79D71B4CB0A89
expect_status "--check 3 29 (decimal 0x1D) is valid" 0 --check 3 29
expect_status "--check 3 0x3A (rotation by one) is valid" 0 --check 3 0x3A
expect_status "--check 5 0x077CB533 is invalid" 1 --check 5 0x077CB533
expect_status "--check 3 0 is invalid" 1 --check 3 0
expect_output "--check prints valid" valid --check 3 0x17

expect_status "no arguments exit 2" 2
expect_status "unknown command exits 2" 2 --frobnicate 3
expect_status "K 2 exits 2" 2 --count 2
expect_status "K 7 exits 2" 2 --count 7
expect_status "K with trailing garbage exits 2" 2 --count 3x
expect_status "negative K exits 2" 2 --count -3
expect_status "empty K exits 2" 2 --count ""
expect_status "N out of range exits 2" 2 --nth 3 2
expect_status "N overflowing 64 bits exits 2" 2 --nth 3 18446744073709551616
expect_status "N with a sign exits 2" 2 --nth 3 +1
expect_status "bare 0x exits 2" 2 --check 3 0x
expect_status "MAGIC wider than the word exits 2" 2 --check 3 0x11D
expect_status "MAGIC with trailing garbage exits 2" 2 --check 3 0x1Dg
expect_status "PREFIX not an identifier exits 2" 2 --nth 3 0 --name 8BITS
expect_status "missing N exits 2" 2 --nth 3
expect_status "extra argument exits 2" 2 --count 3 4
expect_status "--help exits 0" 0 --help

finish "debruijn-cli"
