#!/bin/sh
# Copies the measurements of `make bench` into README.md, each between its
# pair of marks: the ATmega328P rows and the targets of build/bench/bench.md
# (bench:begin/end) and the game firmware's footprint of
# build/bench/footprint.md (footprint:begin/end).
set -eu
BUILD=${BUILD:-build}
md=$BUILD/bench/bench.md
footprint=$BUILD/bench/footprint.md
for f in "$md" "$footprint"; do
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
echo "update-readme: README.md bench and footprint tables updated from $BUILD/bench"
