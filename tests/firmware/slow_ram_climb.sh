#!/bin/sh
# SPDX-License-Identifier: MIT
# The RAM sweep's hill-climb (tests/firmware/test_ram_sweep.sh), longer: more
# steps from each start, under seeds of its own.  The budget must hold for
# the deepest position found.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=$BUILD/uno/demo.elf
RAM_LIMIT=1920          # static RAM + peak stack (test_ram_sweep.sh)
STEPS=${CLIMB_STEPS:-150}
SEEDS=${CLIMB_SEEDS:-2 3}

. tests/support.sh

[ -f "$ELF" ] || { echo "ram climb: $ELF missing (make firmware)"; echo "ram climb: 0 passed, 1 failed"; exit 1; }
static=$(avr-size -A "$ELF" | awk '$1 == ".data" || $1 == ".bss" || $1 == ".noinit" { s += $2 } END { print s }')

# The starts: the worst positions the sweep lists and the climb.
RUSSIAN='W:WKc1,g1,Kf2,d4,h4,Ka7:BKb2,c3,Ke3,g3,Kc5,e5,Kg5,Kb6,f6,Ke7,g7
W:WKh4,Kc1,Kh8,Kb8,Kg1:BKe5,g3,e3,g5,Kg7,Kb6,c3,Kc5,e7,b2
W:WKa1,Kh2,Kc5:Bb2,d2,f2,b4,d4,f4,b6,d6,f6,c7,e7,g7'
ENGLISH='W:WK29,K32,K4:B6,7,8,9,10,11,17,18,19,25,26,27'

for seed in $SEEDS; do
    # shellcheck disable=SC2086
    climb_ram russian "$seed" "$STEPS" $RUSSIAN
    climb_ram english "$seed" "$STEPS" $ENGLISH
done

finish "ram climb"
