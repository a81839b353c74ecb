#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the bench firmware of each board in the simulator and joins three
# things: the routine list the firmware prints, the runner's cycle counts per
# probe (minus the empty probe pair, probe 0) and the code sizes from avr-nm
# (a routine's bench_size_ wrapper without its RET, plus its table and the
# library routines it calls).  Writes build/bench/bench.csv and bench.md and
# prints the Markdown table, the firmware's `note` lines (what the search
# rows reached) under "Search", then the project's targets, met or missed.
set -eu
BUILD=${BUILD:-build}
BENCH_BOARDS=${BENCH_BOARDS:-uno attiny85 mega2560}
out=$BUILD/bench
csv=$out/bench.csv
md=$out/bench.md
mkdir -p "$out"

echo "mcu,routine,inputs,bytes,cycles_min,cycles_avg,cycles_max" > "$csv"
for board in $BENCH_BOARDS; do
    elf=$BUILD/$board/bench.elf
    obj=$BUILD/$board/obj/firmware/bench/bench.o
    "$BUILD/host/avrsim" --probes "$out/$board-probes.csv" "$elf" > "$out/$board-routines.txt"
    { avr-nm -S -t d "$obj"; avr-nm -S -t d "$elf"; } > "$out/$board-sizes.txt"
    # Flash each library object keeps in the linked bench, for the
    # whole-module rows: the linked size of every symbol the object defines
    # (the objects carry plain code beside LTO's, -ffat-lto-objects, so
    # avr-nm reads them; LTO suffixes local copies: name.lto_priv.0).
    find "$BUILD/$board/obj/lib" -name '*.o' | while read -r o; do
        avr-nm --defined-only "$o" | awk -v o="${o##*/}" 'NF >= 3 { print o, $3 }'
    done | sort -u > "$out/$board-defined.txt"
    avr-nm -S -t d "$elf" | awk -v defined="$out/$board-defined.txt" '
        BEGIN {
            while ((getline line < defined) > 0) {
                split(line, f, " ")
                owners[f[2]] = owners[f[2]] " " f[1]
            }
        }
        NF == 4 {
            name = $4
            sub(/\..*/, "", name)
            n = split(owners[name], objects, " ")
            for (i = 1; i <= n; i++) kept[objects[i]] += $2
        }
        END { for (o in kept) print o, kept[o] }' > "$out/$board-objects.txt"
    # An assembly object (no LTO sections) defines no sized symbols: its
    # flash is its sections, which the link keeps whole.
    find "$BUILD/$board/obj/lib" -name '*.o' | sort | while read -r o; do
        avr-objdump -h "$o" | grep -q '\.gnu\.lto_' && continue
        avr-size -A "$o" | awk -v o="${o##*/}" '$1 ~ /^\.(text|progmem)/ { s += $2 } END { if (s) print o, s }'
    done >> "$out/$board-objects.txt"
    awk -v sizes="$out/$board-sizes.txt" -v probes="$out/$board-probes.csv" \
        -v objects="$out/$board-objects.txt" '
        BEGIN {
            RET_BYTES = 2
            while ((getline line < objects) > 0) {
                split(line, f, " ")
                objsize[f[1]] = f[2]
            }
            while ((getline line < sizes) > 0) {
                n = split(line, f, " ")
                if (n == 4) size[f[4]] = f[2] + 0
            }
            while ((getline line < probes) > 0) {
                split(line, f, ",")
                if (f[1] ~ /^[0-9]+$/) { pmin[f[1]] = f[3]; pavg[f[1]] = f[4]; pmax[f[1]] = f[5] }
            }
            if (!(0 in pmin) || pmin[0] != pmax[0]) {
                print "run-bench: the empty probe pair is missing or not constant" > "/dev/stderr"
                exit 1
            }
            overhead = pmin[0]
        }
        $1 == "mcu" { mcu = $2 }
        $1 == "routine" {
            name = $2; probe = $4; wrapper = $6
            if (!(wrapper in size) || !(probe in pmin)) {
                print "run-bench: no size or no cycles for " name > "/dev/stderr"
                exit 1
            }
            bytes = size[wrapper] - RET_BYTES + $5
            for (i = 7; i <= NF; i++) {
                if ($i ~ /^obj:/) {
                    bytes += objsize[substr($i, 5)]   # none kept: 0 bytes
                } else {
                    bytes += size[$i]
                }
            }
            printf "%s,%s,%s,%d,%d,%.2f,%d\n", mcu, name, $3, bytes,
                   pmin[probe] - overhead, pavg[probe] - overhead, pmax[probe] - overhead
        }' "$out/$board-routines.txt" >> "$csv"
done

# The games on the small parts, whole runs of their game firmware: the
# ATmega168's at `level depth 5` with `go` from each start (its first move,
# searched to depth 5), and the ATtiny85's self-play of both its games to
# their ends.  A row's bytes are the image's flash.  The ATmega168's target
# is the time of `level depth 5` and `go` themselves: their game-go-depth5
# rows are the run with them less the same run without them (the boot, the
# board shown and the blank EEPROM's first save are in both).
# Each row's runs are also listed in game-runs.tsv (MCU, row, image, cycle
# cap, input, and a GAME-COMMANDS row's input without its commands), for
# profile-targets.sh to run again under the profiler.
GAME_CAP=20000000000            # cycles: a run this long has hung
: > "$out/game-runs.tsv"
# game_cycles ELF INPUT NAME: the cycles of a whole run that ends by itself.
game_cycles() {
    cycles=$(printf "$2" | "$BUILD/host/avrsim" --stats --max-cycles "$GAME_CAP" "$1" 2>&1 >/dev/null |
             sed -n 's/^avrsim: \([0-9]*\) cycles, .* exit 0$/\1/p')
    [ -n "$cycles" ] || { echo "run-bench: $1 did not end by itself ($3)" >&2; exit 1; }
    echo "$cycles"
}
# image_bytes ELF: the image's flash, .text and .data.
image_bytes() {
    avr-size -A "$1" | awk '$1 == ".text" || $1 == ".data" { s += $2 } END { print s + 0 }'
}
game_row() {
    mcu=$1 name=$2 elf=$3 input=$4
    printf '%s\t%s\t%s\t%s\t%s\n' "$mcu" "$name" "$elf" "$GAME_CAP" "$input" >> "$out/game-runs.tsv"
    cycles=$(game_cycles "$elf" "$input" "$name")
    bytes=$(image_bytes "$elf")
    echo "$mcu,$name,GAME,$bytes,$cycles,$cycles.00,$cycles" >> "$csv"
}
# game_commands_row MCU NAME ELF BEFORE COMMANDS: the cycles that COMMANDS
# add to a run of BEFORE then quit.
game_commands_row() {
    mcu=$1 name=$2 elf=$3 before=$4 commands=$5
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$mcu" "$name" "$elf" "$GAME_CAP" "$before${commands}quit\n" "${before}quit\n" \
        >> "$out/game-runs.tsv"
    with=$(game_cycles "$elf" "$before${commands}quit\n" "$name")
    without=$(game_cycles "$elf" "${before}quit\n" "$name")
    cycles=$((with - without))
    bytes=$(image_bytes "$elf")
    echo "$mcu,$name,GAME-COMMANDS,$bytes,$cycles,$cycles.00,$cycles" >> "$csv"
}
for variant in russian english; do
    game_row atmega168 game-depth5-$variant "$BUILD/diecimila/demo.elf" "new $variant\nlevel depth 5\ngo\nquit\n"
    game_commands_row atmega168 game-go-depth5-$variant "$BUILD/diecimila/demo.elf" "new $variant\n" 'level depth 5\ngo\n'
done
game_row attiny85 selfplay-two-games "$BUILD/attiny85/demo.elf" ''

compiler=$(avr-gcc --version | head -n 1)
{
    echo "Cycles in the simulator (simavr 1.6), each routine inlined in a loop between"
    echo "probe markers, the markers' own cost removed; bytes include tables and callees."
    echo "Compiler: $compiler, flags: ${AVR_FLAGS:--Os} -std=gnu11."
    echo
    echo "| mcu | routine | inputs | bytes | cycles min | avg | max |"
    echo "|---|---|---|---:|---:|---:|---:|"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }'
    echo
    echo "Inputs GAME: whole runs of a game firmware, cycles from reset to its end (game-depth5-<variant>:"
    echo "the ATmega168's game, level depth 5 and go from the start; selfplay-two-games: the ATtiny85's"
    echo "self-play of both variants); bytes: the image's flash.  Inputs GAME-COMMANDS: the cycles that"
    echo "commands add to a run (game-go-depth5-<variant>: level depth 5 and go, after new <variant>: the"
    echo "run with them less the run without them)."
    echo
    echo "Search (search-<variant>: from the start position, stopped after 16,000,000 cycles:"
    echo "1 s at 16 MHz; search-bench: search_bench's positions to depth 7, fixed work):"
    for board in $BENCH_BOARDS; do
        awk '$1 == "mcu" { mcu = $2 } $1 == "note" { $1 = ""; print "- " mcu $0 }' "$out/$board-routines.txt"
    done
    echo
    echo "Targets:"
    awk -F, '
        # awk would print a large difference in exponent form
        function whole(x) { return x == int(x) ? sprintf("%.0f", x) : x }
        function verdict(what, value, limit) {
            if (value <= limit) printf "- %s: %s, target <= %s: met\n", what, value, limit
            else printf "- %s: %s, target <= %s: MISSED by %s\n", what, value, limit, whole(value - limit)
        }
        $1 == "atmega328p" && $2 == "lsb8" {
            verdict("atmega328p lsb8 max cycles", $7, 12)
            verdict("atmega328p lsb8 spread max-min (constant time)", $7 - $5, 0)
            verdict("atmega328p lsb8 table bytes", 8, 8)
        }
        $1 == "atmega328p" && $2 == "lsb32" {
            verdict("atmega328p lsb32 avg cycles", $6, 22)
            verdict("atmega328p lsb32 max cycles", $7, 28)
        }
        $1 == "atmega328p" && $2 == "popcount32" { verdict("atmega328p popcount32 max cycles", $7, 50) }
        $1 == "atmega328p" && $2 == "perft6-english" {
            verdict("atmega328p perft6-english cycles", $7, 2600000)
        }
        $1 == "atmega328p" && $2 == "perft6-russian" {
            verdict("atmega328p perft6-russian cycles", $7, 3800000)
        }
        $1 == "atmega168" && $2 ~ /^game-go-depth5-/ {
            verdict("atmega168 " $2 " cycles (1 s at 16 MHz)", $7, 16000000)
        }
        $1 == "attiny85" && $2 == "selfplay-two-games" { verdict("attiny85 " $2 " cycles", $7, 900000000) }
        $1 == "atmega328p" && $2 == "movegen-english" { verdict("atmega328p " $2 " cycles", $7, 450) }
        $1 == "atmega328p" && $2 == "movegen-russian" { verdict("atmega328p " $2 " cycles", $7, 500) }
        $1 == "atmega2560" && $2 == "kingray-table" { table = $6; table_bytes = $4 }
        $1 == "atmega2560" && $2 == "kingray-walk" { walk = $6; walk_bytes = $4 }
        END {
            if (table != "" && walk != "")
                printf "- atmega2560 king rays: table %s cycles avg in %s bytes, walk %s in %s bytes (the walk is the default on parts of 64 KB or less: lib/arch/avr/arch/kingray.h)\n",
                       table, table_bytes, walk, walk_bytes
        }
        $1 == "attiny85" && $2 == "lsb8" {
            verdict("attiny85 lsb8 max cycles", $7, 20)
            verdict("attiny85 lsb8 spread max-min (constant time)", $7 - $5, 0)
        }' "$csv"
    # The Uno's search: the depth reached in 1 s from each start, and the
    # cycles a node of the fixed bench search.
    bench_cycles=$(awk -F, '$1 == "atmega328p" && $2 == "search-bench" { print $7 }' "$csv")
    for board in $BENCH_BOARDS; do
        awk -v bench_cycles="${bench_cycles:-0}" '
            function at_least(what, value, goal) {
                if (value >= goal) printf "- %s: %s, target >= %s: met\n", what, value, goal
                else printf "- %s: %s, target >= %s: MISSED by %s\n", what, value, goal, goal - value
            }
            $1 == "mcu" { mcu = $2 }
            mcu == "atmega328p" && $1 == "note" && $2 == "search-english" && $3 == "depth" {
                at_least(mcu " " $2 " depth in 1 s", $4, 12)
            }
            mcu == "atmega328p" && $1 == "note" && $2 == "search-russian" && $3 == "depth" {
                at_least(mcu " " $2 " depth in 1 s", $4, 11)
            }
            mcu == "atmega328p" && $1 == "note" && $2 == "search-bench" && $3 == "nodes" && $4 > 0 {
                per_node = int(bench_cycles / $4 + 0.5)
                if (per_node <= 1500) printf "- %s search-bench cycles a node: %s, target <= 1500: met\n", mcu, per_node
                else printf "- %s search-bench cycles a node: %s, target <= 1500: MISSED by %s\n", mcu, per_node, per_node - 1500
            }' "$out/$board-routines.txt"
    done
} > "$md"
cat "$md"
