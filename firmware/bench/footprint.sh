#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware's footprint on every board that builds it: flash against
# the board's own limit (FLASH_LIMIT in boards/NAME.mk), static RAM, and the
# peak stack the runner measures over the deepest work the firmware does in
# one session (the `bench` search, then a depth-9 `go` in each variant).
# The attiny boards' demo.elf is the self-play program (no input: it
# plays its two games).
# Writes build/bench/footprint.csv, which `make readme` commits as
# firmware/bench/footprint.csv for the docs' tables (update-docs.sh).
set -eu
BUILD=${BUILD:-build}
out=$BUILD/bench
csv=$out/footprint.csv
mkdir -p "$out"
eeprom=$out/footprint.eeprom
SESSION='bench
level depth 9
go
new english
go
'
{
    echo "board,mcu,flash_bytes,flash_limit,static_ram,peak_stack"
    for mk in boards/*.mk; do
        board=$(basename "$mk" .mk)
        elf=$BUILD/$board/demo.elf
        mcu=$(awk '$1 == "MCU" { print $3 }' "$mk")
        [ -f "$elf" ] || continue
        limit=$(awk '$1 == "FLASH_LIMIT" { print $3 }' "$mk")
        sections=$(avr-size -A "$elf")
        flash=$(printf '%s\n' "$sections" | awk '$1 == ".text" || $1 == ".data" { s += $2 } END { print s + 0 }')
        static=$(printf '%s\n' "$sections" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s + 0 }')
        rm -f "$eeprom"   # a blank EEPROM: a new game
        stats=$(printf '%s' "$SESSION" | "$BUILD/host/avrsim" --stats --eeprom "$eeprom" "$elf" 2>&1 >/dev/null) || {
            echo "footprint: $elf did not finish its session" >&2; exit 1; }
        peak=$(printf '%s\n' "$stats" | sed -n 's/.*peak stack \([0-9]*\) bytes.*/\1/p')
        printf '%s,%s,%s,%s,%s,%s\n' "$board" "$mcu" "$flash" "$limit" "$static" "$peak"
    done
} > "$csv"
cat "$csv"
