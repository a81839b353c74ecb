#!/bin/sh
# SPDX-License-Identifier: MIT
# The game firmware's LED and serial lines, traced and drawn: the simulated
# Uno boots, then `level depth 6` and `go` are typed; avrsim --vcd traces the
# pins and USART0's frames, vcd2svg draws PB5 (the LED, on while the engine
# thinks), TXD0 and RXD0.  The input is paced and the depth fixed, so the
# same firmware gives the same picture on any machine.
#
#   firmware/bench/waveform.sh OUT.svg     (make waveform: sim/demo-waveform.svg)
#
# BUILD (default build) holds host/avrsim, host/vcd2svg and uno/demo.elf;
# the trace stays in BUILD/waveform/demo.vcd.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 OUT.svg" >&2; exit 2; }
BUILD=${BUILD:-build}
elf=$BUILD/uno/demo.elf
for f in "$BUILD/host/avrsim" "$BUILD/host/vcd2svg" "$elf"; do
    [ -f "$f" ] || { echo "waveform: no $f (make all)" >&2; exit 1; }
done
dir=$BUILD/waveform
mkdir -p "$dir"
printf 'level depth 6\ngo\n' |
    "$BUILD/host/avrsim" --vcd "$dir/demo.vcd" "$elf" > "$dir/demo.txt"
# The title names the image as the Makefile builds it, whatever BUILD is.
"$BUILD/host/vcd2svg" --signals PB5,TXD0,RXD0 --width 800 \
    --title "build/uno/demo.elf in avrsim: boot, then 'level depth 6' and 'go' typed" \
    "$dir/demo.vcd" > "$1"
