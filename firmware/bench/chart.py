#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws the bench's chart, an SVG, from bench.csv (firmware/bench/run-bench.sh).

    firmware/bench/chart.py [--scan-mcu MCU] [-o OUT.svg] bench.csv

Two panels of horizontal bars, one bar a row of the CSV, its length the
average cycles on a log scale (the rows span 5 to tens of millions of
cycles), a thin line across it from the fewest to the most cycles:

- the bit scans of --scan-mcu (default atmega328p): the library's routine of
  each family (lsb8, lsb32, popcount32, ...) first, then the alternatives the
  bench measures against it, told apart by the name's suffix: avr-libc's
  ffs() (_ffs), gcc's builtins, which call libgcc (_builtin), and the other
  ways in C (de Bruijn in C, 256-byte tables, loops);
- move generation, perft and the search's fixed work on the first MCU of the
  CSV that has the portable C's rows (NAME-c, the C that the AVR assembly
  replaces; only the ATmega2560 has room for both), each routine next to its
  C. The search-english and search-russian rows are left out: their cycles
  are a time budget (one second at 16 MHz), not a measure of speed.

Every number drawn is read from the CSV; the same CSV gives the same bytes.
Each bar carries its row in data-* attributes and a <title> tooltip, so that
tests/bench/test_bench_chart.sh reads the chart back instead of comparing
pixels.
"""
import argparse
import collections
import csv
import math
import sys
from xml.sax.saxutils import escape, quoteattr

# What a row is, from its name: the first kind whose test matches wins.
# "ours" is the library's own routine, drawn first in its family, in bold.
Kind = collections.namedtuple("Kind", "name matches label colour")
SCAN_KINDS = [
    Kind("avr-libc", lambda name: name.endswith("_ffs"), "avr-libc ffs(), ffsl()", "#e8a33d"),
    Kind("toolchain", lambda name: name.endswith("_builtin"),
         "avr-gcc __builtin_ctz, __builtin_popcount (libgcc)", "#c8553d"),
    Kind("other", lambda name: "_" in name, "other C: de Bruijn, 256-byte tables, loops",
         "#a0a8b0"),
    Kind("ours", lambda name: True, "bitdraughts (AVR assembly where it overrides the C)",
         "#1f5fa8"),
]
ENGINE_KINDS = [
    Kind("portable-c", lambda name: name.endswith("-c"),
         "bitdraughts' portable C (lib/, no override)", "#7fb3e0"),
    Kind("ours", lambda name: True, "bitdraughts on AVR (assembly move generation)", "#1f5fa8"),
]
# Rows whose cycles are a time limit, not work (firmware/bench/bench.c).
TIME_BUDGET_ROWS = {"search-english", "search-russian"}

WIDTH = 820
MARGIN = 10
LEFT = 200          # routine names to the left of the bars
PLOT = 500          # the bars' log axis
BAR = 12
GAP = 3             # between bars of a family
GROUP_GAP = 10      # between families
FONT = 12


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        for field in ("bytes", "cycles_min", "cycles_max"):
            row[field] = int(row[field])
        row["avg_text"] = row["cycles_avg"]
        row["cycles_avg"] = float(row["cycles_avg"])
    return rows


def kind_of(name, kinds):
    return next(kind for kind in kinds if kind.matches(name))


def families(rows, family_of):
    """The rows grouped by family, families and rows in the CSV's order."""
    groups = {}
    for row in rows:
        groups.setdefault(family_of(row["routine"]), []).append(row)
    return list(groups.items())


def scan_family(name):
    return name.split("_", 1)[0]


def engine_family(name):
    return name[:-2] if name.endswith("-c") else name


def count_text(value):
    """12, 12.75, 7,450,600: the CSV's figure, thousands separated."""
    whole, _, fraction = value.partition(".")
    text = "{:,}".format(int(whole))
    return text + "." + fraction if fraction.strip("0") else text


class Panel:
    def __init__(self, title, rows, family_of, kinds):
        self.title = title
        self.groups = families(rows, family_of)
        self.kinds = kinds
        low = min(min(r["cycles_min"], r["cycles_avg"]) for r in rows)
        high = max(r["cycles_max"] for r in rows)
        self.low = 10 ** math.floor(math.log10(max(low, 1)))
        self.high = 10 ** math.ceil(math.log10(high) + 1e-9)

    def x(self, value):
        """The x of a value on the panel's log axis."""
        value = max(value, self.low)
        share = math.log10(value / self.low) / math.log10(self.high / self.low)
        return LEFT + share * PLOT

    def draw(self, out, top):
        """Writes the panel at y = top, returns the y below it."""
        out.append('<g class="panel">')
        out.append(text(MARGIN, top + 14, self.title, 'class="title" font-weight="bold"'))
        drawn = {kind_of(r["routine"], self.kinds) for _, rows in self.groups for r in rows}
        y = legend(out, top + 24, [k for k in self.kinds if k in drawn]) + 4
        plot_top = y
        for family, rows in self.groups:
            # The ratios are to the family's first row, if it is ours.
            base = rows[0] if kind_of(rows[0]["routine"], self.kinds).name == "ours" else None
            for row in rows:
                name = row["routine"]
                kind = kind_of(name, self.kinds)
                end = self.x(row["cycles_avg"])
                tip = "{}: {} cycles on average (min {}, max {}), {} bytes, inputs {}".format(
                    name, count_text(row["avg_text"]), count_text(str(row["cycles_min"])),
                    count_text(str(row["cycles_max"])), count_text(str(row["bytes"])),
                    row["inputs"])
                out.append(
                    '<rect class="bar {}" data-routine={} data-family={} data-avg={} '
                    'data-min="{}" data-max="{}" x="{}" y="{}" width="{}" height="{}" fill="{}">'
                    '<title>{}</title></rect>'.format(
                        kind.name, quoteattr(name), quoteattr(family), quoteattr(row["avg_text"]),
                        row["cycles_min"], row["cycles_max"], num(LEFT), num(y),
                        num(end - LEFT), BAR, kind.colour, escape(tip)))
                if row["cycles_min"] != row["cycles_max"]:
                    mid = y + BAR / 2
                    out.append('<line class="range" x1="{}" y1="{}" x2="{}" y2="{}" '
                               'stroke="#222" stroke-width="1"/>'.format(
                                   num(self.x(row["cycles_min"])), num(mid),
                                   num(self.x(row["cycles_max"])), num(mid)))
                weight = ' font-weight="bold"' if kind.name == "ours" else ""
                out.append(text(LEFT - 6, y + BAR - 2, name,
                                'class="routine" text-anchor="end"' + weight))
                label_x = max(end, self.x(row["cycles_max"])) + 4
                value = count_text(row["avg_text"])
                if base is not None and row is not base:
                    value += " ({:.2f}x)".format(row["cycles_avg"] / base["cycles_avg"])
                out.append(text(label_x, y + BAR - 2, value, 'class="value"'))
                y += BAR + GAP
            y += GROUP_GAP - GAP
        plot_bottom = y
        self.draw_axis(out, plot_top, plot_bottom)
        out.append("</g>")
        return plot_bottom + 56

    def draw_axis(self, out, top, bottom):
        out.append('<line class="axis" x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#222"/>'
                   .format(LEFT, num(top - 4), num(bottom)))
        out.append('<line class="axis" x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="#222"/>'
                   .format(LEFT, num(bottom), LEFT + PLOT))
        decade = self.low
        while decade <= self.high:
            x = self.x(decade)
            if decade > self.low:
                out.append('<line class="grid" x1="{0}" y1="{1}" x2="{0}" y2="{2}" '
                           'stroke="#ccc" stroke-dasharray="2,3"/>'.format(
                               num(x), num(top - 4), num(bottom)))
            out.append('<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#222"/>'.format(
                num(x), num(bottom), num(bottom + 4)))
            out.append(text(x, bottom + 16, "{:,}".format(decade),
                            'class="tick" data-value="{}" text-anchor="middle"'.format(decade)))
            decade *= 10
        out.append(text(LEFT + PLOT / 2, bottom + 31, "cycles per call, log scale",
                        'class="axis-label" text-anchor="middle"'))
        out.append(text(LEFT + PLOT / 2, bottom + 46,
                        "bar: average over the inputs; line: fewest to most; "
                        "(2.00x): against the bold row above",
                        'class="note" text-anchor="middle" font-size="{}" fill="#444"'
                        .format(FONT - 1)))


def num(value):
    """Coordinates with at most one decimal, the same on every machine."""
    text_value = "{:.1f}".format(value)
    return text_value[:-2] if text_value.endswith(".0") else text_value


def text(x, y, content, attributes):
    return '<text x="{}" y="{}" {}>{}</text>'.format(num(x), num(y), attributes, escape(content))


def legend(out, top, kinds):
    """One swatch a kind, ours first, in rows that fit; returns the y below."""
    x = MARGIN
    for kind in sorted(kinds, key=lambda k: k.name != "ours"):
        width = BAR + 5 + 0.6 * FONT * len(kind.label) + 20
        if x + width > WIDTH and x > MARGIN:
            x = MARGIN
            top += BAR + 6
        out.append('<g class="legend" data-kind="{}">'.format(kind.name))
        out.append('<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>'.format(
            num(x), num(top), BAR, BAR, kind.colour))
        out.append(text(x + BAR + 5, top + BAR - 2, kind.label, 'class="legend-label"'))
        out.append("</g>")
        x += width
    return top + BAR + 10


def chart(rows, scan_mcu, source):
    scan_rows = [r for r in rows if r["mcu"] == scan_mcu and "-" not in r["routine"]]
    engine_mcu = next((r["mcu"] for r in rows if r["routine"].endswith("-c")), scan_mcu)
    engine_rows = [r for r in rows if r["mcu"] == engine_mcu
                   and r["routine"].startswith(("movegen-", "perft", "search-"))
                   and r["routine"] not in TIME_BUDGET_ROWS]
    if not scan_rows:
        raise SystemExit("chart: no bit-scan rows for {} in {}".format(scan_mcu, source))
    panels = [Panel("Bit scans on the {}: the library against the toolchain's and avr-libc's"
                    .format(scan_mcu), scan_rows, scan_family, SCAN_KINDS)]
    if engine_rows:
        panels.append(Panel("Move generation, perft 6 and search on the {}: assembly against "
                            "the portable C".format(engine_mcu),
                            engine_rows, engine_family, ENGINE_KINDS))
    body = []
    y = 4
    for panel in panels:
        y = panel.draw(body, y)
    height = int(y - 2)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" '
        'viewBox="0 0 {0} {1}" font-family="sans-serif" font-size="{2}">'.format(
            WIDTH, height, FONT),
        "<title>bitdraughts bench: cycles in the simulator</title>",
        "<desc>{}</desc>".format(escape("Drawn by firmware/bench/chart.py --scan-mcu {} {}"
                                        .format(scan_mcu, source))),
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    return "\n".join(head + body + ["</svg>", ""])


def main():
    parser = argparse.ArgumentParser(description="Draws bench.csv as an SVG bar chart.")
    parser.add_argument("csv", help="bench.csv from firmware/bench/run-bench.sh")
    parser.add_argument("--scan-mcu", default="atmega328p", help="MCU of the bit-scan panel")
    parser.add_argument("-o", "--output", help="SVG file to write (default: stdout)")
    args = parser.parse_args()
    svg = chart(read_rows(args.csv), args.scan_mcu, args.csv)
    if args.output:
        with open(args.output, "w") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg)


if __name__ == "__main__":
    main()
