#!/bin/sh
# SPDX-License-Identifier: MIT
# Every ATmega board's game image carries the library's 8-bit de Bruijn
# scan (bits/bitscan.h): its table, bs_lsb_table, is linked, which the
# linker's --gc-sections keeps only when code reads it.  The ATmega's scan
# is the multiplier's (arch/bitscan.h); a part without MUL scans by a
# ladder and has no table, so only boards whose MCU is an ATmega are asked.
# A board is data: its MCU and GAME are read from boards/NAME.mk.
set -u
BUILD=${BUILD:-build}
. tests/support.sh

boards=0
for mk in boards/*.mk; do
    board=$(basename "$mk" .mk)
    mcu=$(awk '$1 == "MCU" { print $3 }' "$mk")
    game=$(awk '$1 == "GAME" { print $3 }' "$mk")
    case $mcu in atmega*) ;; *) continue ;; esac
    [ -n "$game" ] || continue
    boards=$((boards + 1))
    elf=$BUILD/$board/$game.elf
    if [ ! -f "$elf" ]; then
        fail "$board: $elf links the de Bruijn scan" "no image (make firmware)"
        continue
    fi
    size=$(avr-nm -S "$elf" | awk '$4 == "bs_lsb_table" { print $2 }')
    if [ -n "$size" ] && [ $((0x$size)) -eq 8 ]; then
        ok "$board: $elf links the de Bruijn scan's table (8 bytes)"
    else
        fail "$board: $elf links the de Bruijn scan" "bs_lsb_table ${size:-absent}"
    fi
done
if [ "$boards" -gt 0 ]; then ok "$boards ATmega game images checked"; else fail "ATmega boards found in boards/"; fi

finish "game de Bruijn"
