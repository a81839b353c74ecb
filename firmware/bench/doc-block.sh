#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints one generated block of the docs (update-docs.sh puts it between
# its markers).  Every block comes from a measurement: the slow ones that
# `make readme` commits in firmware/bench/ (bench.csv and bench.md from
# run-bench.sh, footprint.csv from footprint.sh), or what is cheap to
# measure again in the build (the images, a short session in the
# simulator), so that tests/docs/test_docs.sh can regenerate every block.
#
#   firmware/bench/doc-block.sh NAME
#
#   transcript   README.md: the Uno's game firmware in avrsim, a new game,
#                the engine playing Black at depth 4
#   boards       README.md: each board's flash and RAM against its limits
#   footprint    firmware/README.md: the same in full (footprint.csv)
#   flash-parts  firmware/README.md: the game's flash by part (demo_parts.py)
#   bench        firmware/README.md: the ATmega328P rows of the bench, what
#                the searches reached and the targets (bench.md)
#   profile      firmware/README.md: where each missed target's cycles go
#                (profile.csv, from profile-targets.sh)
#
# BUILD (default build) holds the images and host/avrsim.
set -eu
BUILD=${BUILD:-build}
here=firmware/bench

need() {
    for f in "$@"; do
        [ -f "$f" ] || { echo "doc-block: no $f (make all; make readme for the bench's files)" >&2; exit 1; }
    done
}

# thousands N: N with a comma every three digits.
thousands() {
    awk -v n="$1" 'BEGIN {
        s = sprintf("%d", n); out = ""
        while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
        print s out }'
}

# ram_bytes MCU: the MCU's SRAM, from avr-libc's RAMSTART and RAMEND.
ram_bytes() {
    set -- $(printf '#include <avr/io.h>\nRAMSTART RAMEND\n' |
        avr-gcc -mmcu="$1" -E -P -x c - | sed -n '$p' | tr -d '()')
    echo $(($(printf '%d' "$2") - $(printf '%d' "$1") + 1))
}

board_var() {   # board_var BOARD NAME: NAME := VALUE in boards/BOARD.mk
    awk -v name="$2" '$1 == name && ($2 == ":=" || $2 == "=") { print $3 }' "boards/$1.mk"
}

transcript() {
    elf=$BUILD/uno/demo.elf
    need "$BUILD/host/avrsim" "$elf"
    eeprom=$(mktemp)
    rm -f "$eeprom"   # no image: a blank EEPROM, a new game
    echo '```text'
    printf 'level depth 4\nengine black\nc3-d4\n' |
        "$BUILD/host/avrsim" --eeprom "$eeprom" "$elf" |
        sed -e 's/ *$//' | awk 'NF { started = 1 } started'
    echo '```'
    rm -f "$eeprom"
}

boards() {
    need "$here/footprint.csv"
    echo '| `BOARD=` | MCU | clock | flash used of the limit | RAM used of the MCU'"'"'s |'
    echo '|---|---|---:|---:|---:|'
    tail -n +2 "$here/footprint.csv" | while IFS=, read -r board mcu flash limit static peak; do
        mhz=$(awk -v f="$(board_var "$board" F_CPU)" 'BEGIN { print f / 1000000 }')
        ram=$(ram_bytes "$mcu")
        printf '| `%s` | %s | %s MHz | %s of %s bytes | %s of %s bytes |\n' "$board" "$mcu" "$mhz" \
            "$(thousands "$flash")" "$(thousands "$limit")" \
            "$(thousands $((static + peak)))" "$(thousands "$ram")"
    done
}

footprint() {
    need "$here/footprint.csv"
    echo '| board | MCU | flash bytes | of the limit | static RAM | peak stack | RAM in all |'
    echo '|---|---|---:|---:|---:|---:|---:|'
    tail -n +2 "$here/footprint.csv" | while IFS=, read -r board mcu flash limit static peak; do
        printf '| %s | %s | %s | %s (%s) | %s | %s | %s |\n' "$board" "$mcu" "$(thousands "$flash")" \
            "$(awk -v f="$flash" -v l="$limit" 'BEGIN { printf "%.1f%%", 100 * f / l }')" \
            "$(thousands "$limit")" "$static" "$peak" "$(thousands $((static + peak)))"
    done
}

flash_parts() {
    need "$BUILD/nano/demo.elf" "$BUILD/diecimila/demo.elf" "$BUILD/uno/demo.elf"
    python3 "$here/demo_parts.py" "$BUILD/nano" "$BUILD/diecimila" "$BUILD/uno" |
        sed "s|$BUILD/||g"
}

bench() {
    need "$here/bench.md"
    echo '| routine | inputs | bytes | cycles min | avg | max |'
    echo '|---|---|---:|---:|---:|---:|'
    grep '^| atmega328p |' "$here/bench.md" | sed 's/^| atmega328p //'
    echo
    echo 'What the searches reached:'
    echo
    sed -n '/^Search/,/^$/p' "$here/bench.md" | grep '^- atmega328p '
    echo
    echo 'Targets:'
    echo
    sed -n '/^Targets:/,$p' "$here/bench.md" | grep '^- '
}

# profile: each missed target's run, its busiest functions by their own
# cycles (profile.csv, profile-targets.sh).
profile() {
    need "$here/profile.csv"
    echo '| missed target'"'"'s run | cycles profiled | function | own cycles | share | calls |'
    echo '|---|---:|---|---:|---:|---:|'
    tail -n +2 "$here/profile.csv" | while IFS=, read -r mcu row charged function self share calls; do
        if [ "$mcu $row" = "${last:-}" ]; then
            run='' total=''
        else
            run="$mcu $row" total=$(thousands "$charged") last="$mcu $row"
        fi
        printf '| %s | %s | `%s` | %s | %s%% | %s |\n' "$run" "$total" "$function" \
            "$(thousands "$self")" "$share" "$(thousands "$calls")"
    done
}

[ $# -eq 1 ] || { echo "usage: $0 transcript|boards|footprint|flash-parts|bench|profile" >&2; exit 2; }
case $1 in
    transcript) transcript ;;
    boards) boards ;;
    footprint) footprint ;;
    flash-parts) flash_parts ;;
    bench) bench ;;
    profile) profile ;;
    *) echo "doc-block: no block named $1" >&2; exit 2 ;;
esac
