#!/bin/sh
# SPDX-License-Identifier: MIT
# The docs' generated blocks.  Any .md file of the project may hold blocks
#
#   <!-- generated: NAME (make readme) -->
#   ...
#   <!-- end generated -->
#
# whose lines are what `firmware/bench/doc-block.sh NAME` prints (it says
# what each NAME measures and from what).
#
#   update-docs.sh            make readme, after make bench: commits build/bench's
#                             measurements (bench.csv, bench.md, footprint.csv, profile.csv) to
#                             firmware/bench/, redraws the chart from them and
#                             rewrites every block
#   update-docs.sh --check    writes nothing: "current: FILE NAME" or "stale: FILE NAME"
#                             (and the difference) a block; status 1 if one is stale
#   update-docs.sh --list     "FILE NAME" a block
#
# BUILD (default build) is passed on to doc-block.sh.
set -eu
BUILD=${BUILD:-build}
export BUILD
mode=${1:-update}
here=firmware/bench

docs() {
    find . -name '*.md' ! -path './build/*' ! -path "./$BUILD/*" ! -path './.git/*' |
        sed 's|^\./||' | sort
}

# blocks FILE: the NAME of each block in FILE, in order; a block without its
# end, or an end without a block, is an error.
blocks() {
    awk -v file="$1" '
        /^<!-- generated: / {
            if (open) { printf "update-docs: %s:%d: block %s has no end\n", file, NR, name > "/dev/stderr"; bad = 1 }
            name = $3; open = 1; print name; next
        }
        /^<!-- end generated -->/ {
            if (!open) { printf "update-docs: %s:%d: an end without a block\n", file, NR > "/dev/stderr"; bad = 1 }
            open = 0
        }
        END {
            if (open) { printf "update-docs: %s: block %s has no end\n", file, name > "/dev/stderr"; bad = 1 }
            exit bad
        }' "$1"
}

# committed FILE NAME: the lines of FILE's block NAME as they are.
committed() {
    awk -v name="$2" '
        /^<!-- end generated -->/ { inside = 0 }
        inside
        /^<!-- generated: / && $3 == name { inside = 1 }' "$1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# generate NAME: doc-block.sh's output, made once a run.
generate() {
    [ -f "$tmp/$1.block" ] || sh "$here/doc-block.sh" "$1" > "$tmp/$1.block"
    cat "$tmp/$1.block"
}

for file in $(docs); do
    blocks "$file" > /dev/null || exit 1
done

case $mode in
    --list)
        for file in $(docs); do
            blocks "$file" | sed "s|^|$file |"
        done ;;
    --check)
        stale=0
        for file in $(docs); do
            for name in $(blocks "$file"); do
                generate "$name" > "$tmp/expected"
                committed "$file" "$name" > "$tmp/found"
                if cmp -s "$tmp/expected" "$tmp/found"; then
                    echo "current: $file $name"
                else
                    echo "stale: $file $name"
                    diff -u "$tmp/found" "$tmp/expected" | sed -n '3,$p' | head -n 20
                    stale=1
                fi
            done
        done
        exit "$stale" ;;
    update)
        for f in bench.csv bench.md footprint.csv profile.csv; do
            [ -f "$BUILD/bench/$f" ] ||
                { echo "update-docs: no $BUILD/bench/$f: run make bench first" >&2; exit 1; }
        done
        cp "$BUILD/bench/bench.csv" "$BUILD/bench/bench.md" "$BUILD/bench/footprint.csv" \
            "$BUILD/bench/profile.csv" "$here/"
        python3 "$here/chart.py" -o "$here/bench-chart.svg" "$here/bench.csv"
        for file in $(docs); do
            names=$(blocks "$file")
            [ -n "$names" ] || continue
            for name in $names; do
                generate "$name" > /dev/null
            done
            awk -v dir="$tmp" '
                /^<!-- end generated -->/ { inside = 0 }
                !inside { print }
                /^<!-- generated: / {
                    inside = 1
                    block = dir "/" $3 ".block"
                    while ((getline line < block) > 0) print line
                    close(block)
                }' "$file" > "$tmp/new"
            if ! cmp -s "$tmp/new" "$file"; then
                cp "$tmp/new" "$file"
                echo "update-docs: $file rewritten"
            fi
        done
        echo "update-docs: firmware/bench/{bench.csv,bench.md,footprint.csv,profile.csv,bench-chart.svg} from $BUILD/bench" ;;
    *)
        echo "usage: $0 [--check|--list]" >&2
        exit 2 ;;
esac
