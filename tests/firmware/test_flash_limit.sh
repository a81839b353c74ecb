#!/bin/sh
# SPDX-License-Identifier: MIT
# Every board's firmware fits that board's own flash limit (FLASH_LIMIT in
# boards/NAME.mk), and the link of an image over the limit fails, names the
# board, the size and the limit, and leaves no image behind.
set -u
BUILD=${BUILD:-build}
. tests/support.sh

for mk in boards/*.mk; do
    board=$(basename "$mk" .mk)
    limit=$(awk '$1 == "FLASH_LIMIT" { print $3 }' "$mk")
    for elf in "$BUILD/$board"/*.elf; do
        [ -f "$elf" ] || continue
        bytes=$(flash_bytes "$elf")
        if [ -n "$limit" ] && [ "$bytes" -le "$limit" ]; then
            ok "$elf: $bytes bytes within $limit"
        else
            fail "$elf within the $board limit" "$bytes bytes, limit '$limit'"
        fi
    done
done

# The same link with the limit set below the image's size: refused.
elf=$BUILD/uno/runner/hello.elf
bytes=$(flash_bytes "$elf")
low=$((bytes - 1))
message=$(make --no-print-directory -s BUILD="$BUILD" -W tests/sim/runner/hello.c \
    uno_FLASH_LIMIT=$low "$elf" 2>&1 >/dev/null)
status=$?
if [ "$status" -ne 0 ] && [ ! -f "$elf" ] &&
   echo "$message" | grep -q "$bytes bytes of flash, over the uno board's limit of $low"; then
    ok "an image one byte over the limit is refused and deleted"
else
    fail "an image one byte over the limit is refused and deleted" "exit $status: $message"
fi
# Relinked at the real limit for the tests that use it.
make --no-print-directory -s BUILD="$BUILD" "$elf" >/dev/null 2>&1
if [ -f "$elf" ]; then ok "relinked within the limit"; else fail "relinked within the limit" "no $elf"; fi

finish "flash-limit"
