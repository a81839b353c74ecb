#!/bin/sh
# Copies the measurements of `make bench` into README.md, each between its
# pair of marks: the ATmega328P rows and the targets of build/bench/bench.md
# (bench:begin/end) and the game firmware's footprint of
# build/bench/footprint.md (footprint:begin/end).  The figures themselves,
# build/bench/bench.csv, become firmware/bench/bench.csv, and the README's
# chart, firmware/bench/bench-chart.svg, is drawn from that copy
# (tests/host/test_bench_chart.sh draws it again and compares).
set -eu
BUILD=${BUILD:-build}
csv=$BUILD/bench/bench.csv
md=$BUILD/bench/bench.md
footprint=$BUILD/bench/footprint.md
for f in "$csv" "$md" "$footprint"; do
    [ -f "$f" ] || { echo "update-readme: no $f: run make bench first" >&2; exit 1; }
done
table=$BUILD/bench/readme-part.md
{
    echo "| routine | inputs | bytes | cycles min | avg | max |"
    echo "|---|---|---:|---:|---:|---:|"
    grep '^| atmega328p |' "$md" | sed 's/^| atmega328p //'
    echo
    echo "Targets (from \`make bench\`):"
    echo
    sed -n '/^Targets:/,$p' "$md" | grep '^- '
} > "$table"

# replace_part MARK FILE: the lines between <!-- MARK:begin and <!-- MARK:end
# become FILE.
replace_part() {
    awk -v mark="$1" -v part="$2" '
        index($0, "<!-- " mark ":begin") { print; while ((getline line < part) > 0) print line; skipping = 1; next }
        index($0, "<!-- " mark ":end") { skipping = 0 }
        !skipping { print }' README.md > README.md.new
    mv README.md.new README.md
}
replace_part bench "$table"
replace_part footprint "$footprint"
cp "$csv" firmware/bench/bench.csv
python3 firmware/bench/chart.py -o firmware/bench/bench-chart.svg firmware/bench/bench.csv
echo "update-readme: README.md bench and footprint tables, firmware/bench/bench.csv and" \
     "bench-chart.svg updated from $BUILD/bench"
