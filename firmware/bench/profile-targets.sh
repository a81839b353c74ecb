#!/bin/sh
# SPDX-License-Identifier: MIT
# Where the cycles of each missed target go: every run that bench.md's
# targets call MISSED is run again under the runner's profiler (avrsim
# --profile), and its busiest functions by their own cycles are written
# to build/bench/profile.csv (make bench, after run-bench.sh):
#
#   mcu,row,charged,function,self,self_pct,calls
#
# charged: the cycles the profile charged in all (a bench row: inside its
# probe's regions, markers included; a GAME row: the whole run; a
# GAME-COMMANDS row: its commands, the run with them less the run
# without).  A bench row is profiled in the bench image of a board of
# BENCH_BOARDS whose MCU it is; a game row with the image, cycle cap and
# inputs that run-bench.sh listed in game-runs.tsv.  A met target has no
# rows here.
set -eu
BUILD=${BUILD:-build}
BENCH_BOARDS=${BENCH_BOARDS:-uno attiny85 mega2560}
out=$BUILD/bench
csv=$out/profile.csv
SIM=$BUILD/host/avrsim
TOP_FUNCTIONS=6                 # a run's busiest functions shown

for f in "$out/bench.md" "$out/game-runs.tsv" "$SIM"; do
    [ -f "$f" ] || { echo "profile-targets: no $f (run-bench.sh first)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# top PROFILE MCU ROW: the profile's busiest functions as profile.csv rows.
top() {
    awk -v mcu="$2" -v row="$3" -v n="$TOP_FUNCTIONS" '
        /^# [0-9]+ cycles charged/ { charged = $2 }
        /^#/ || NF < 7 { next }
        shown < n {
            if (charged == "") { print "profile-targets: no total in the profile" > "/dev/stderr"; exit 1 }
            printf "%s,%s,%s,%s,%s,%s,%s\n", mcu, row, charged, $1, $2, $3, $6
            shown++
        }
        END { if (!shown) { print "profile-targets: an empty profile of " row > "/dev/stderr"; exit 1 } }' "$1"
}

# bench_probe MCU ROW: "ELF PROBE" of the row in a bench image of MCU.
bench_probe() {
    for board in $BENCH_BOARDS; do
        awk -v mcu="$1" -v row="$2" -v elf="$BUILD/$board/bench.elf" '
            $1 == "mcu" { on = ($2 == mcu) }
            on && $1 == "routine" && $2 == row { print elf, $4; exit }' "$out/$board-routines.txt"
    done | head -n 1
}

# difference WITH WITHOUT: a profile of what the run WITH did more than the
# run WITHOUT (a GAME-COMMANDS row: its commands), in the profiler's
# format: every function's cycles and calls less the other run's, sorted by
# self cycles, the percentages of the difference in all.
difference() {
    awk '
        FNR == 1 { run++ }
        /^# [0-9]+ cycles charged/ { charged[run] = $2 }
        /^#/ || NF < 7 { next }
        run == 1 { self[$1] -= $2; incl[$1] -= $4; calls[$1] -= $6; bytes[$1] = $7 }
        run == 2 { self[$1] += $2; incl[$1] += $4; calls[$1] += $6; bytes[$1] = $7 }
        END {
            total = charged[2] - charged[1]
            if (total <= 0) { print "profile-targets: the commands added no cycles" > "/dev/stderr"; exit 1 }
            printf "# %d cycles charged: the commands\n", total
            for (f in self)
                if (self[f] > 0)
                    printf "%s %d %.2f %d %.2f %d %d\n", f, self[f], 100 * self[f] / total,
                           incl[f], 100 * incl[f] / total, calls[f], bytes[f]
        }' "$2" "$1" | sort -k2,2nr -s
}

echo "mcu,row,charged,function,self,self_pct,calls" > "$csv"
sed -n 's/^- \([a-z0-9]*\) \([a-z0-9-]*\) .*MISSED by .*/\1 \2/p' "$out/bench.md" | awk '!seen[$0]++' |
while read -r mcu row; do
    profile=$tmp/$mcu-$row.txt
    game=$(awk -F '\t' -v mcu="$mcu" -v row="$row" '$1 == mcu && $2 == row' "$out/game-runs.tsv")
    if [ -n "$game" ]; then
        elf=$(printf '%s\n' "$game" | cut -f 3)
        cap=$(printf '%s\n' "$game" | cut -f 4)
        input=$(printf '%s\n' "$game" | cut -f 5)
        without=$(printf '%s\n' "$game" | cut -f 6)
        printf "$input" | "$SIM" --profile "$profile" --max-cycles "$cap" "$elf" > /dev/null
        if [ -n "$without" ]; then
            printf "$without" | "$SIM" --profile "$tmp/without.txt" --max-cycles "$cap" "$elf" > /dev/null
            difference "$profile" "$tmp/without.txt" > "$tmp/difference.txt"
            mv "$tmp/difference.txt" "$profile"
        fi
    else
        set -- $(bench_probe "$mcu" "$row")
        [ $# -eq 2 ] || { echo "profile-targets: no bench image runs $mcu $row" >&2; exit 1; }
        "$SIM" --profile "$profile" --profile-probe "$2" "$1" > /dev/null
    fi
    top "$profile" "$mcu" "$row" >> "$csv"
    echo "  PROFILE  $mcu $row"
done
