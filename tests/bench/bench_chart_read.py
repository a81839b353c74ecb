#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reads a chart of firmware/bench/chart.py back, for tests/bench/test_bench_chart.sh.

    tests/bench/bench_chart_read.py CHART.svg

Parses the SVG as XML and prints what a reader sees, one line each, in
document order: panel titles, legend entries, bars (kind, routine, family,
the CSV's average, min and max, the value written next to it, whether a
min-max line is drawn), tick labels and axis labels.  It also checks the
geometry the eye relies on, and exits 1 naming the first thing wrong: each
panel's ticks are evenly spaced decades (a log axis), every bar starts on
the axis and ends where its average falls on that axis, every min-max line
ends at its min and max, bars do not overlap, and every text lies inside
the drawing (its width estimated from its length).
"""
import math
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
CHAR_WIDTH = 6.6  # of a 12-pixel sans-serif font, on the wide side
FONT_HEIGHT = 9
SLACK = 0.25    # coordinates are written with one decimal, sums of them rounded twice


def fail(message):
    sys.exit("bench_chart_read: " + message)


def local(element):
    return element.tag.replace(SVG, "")


def classes(element):
    return element.get("class", "").split()


def axis_of(ticks):
    """x = a + b log10(value) from the panel's tick labels."""
    if len(ticks) < 2:
        fail("a panel with fewer than two ticks")
    points = [(math.log10(float(t.get("data-value"))), float(t.get("x"))) for t in ticks]
    steps = [b[1] - a[1] for a, b in zip(points, points[1:])]
    decades = [b[0] - a[0] for a, b in zip(points, points[1:])]
    if any(abs(d - 1) > 1e-9 for d in decades):
        fail("ticks are not consecutive decades: " + " ".join(t.get("data-value") for t in ticks))
    if max(steps) - min(steps) > 2 * SLACK or min(steps) <= 0:
        fail("ticks are not evenly spaced: {}".format(steps))
    slope = steps[0]
    return lambda value: points[0][1] + slope * (math.log10(value) - points[0][0])


def check_panel(panel, width, height, out):
    ticks = [e for e in panel.iter() if "tick" in classes(e)]
    x_of = axis_of(ticks)
    left = float(ticks[0].get("x"))
    top_of_previous = None
    bar = None
    for element in panel.iter():
        kind = classes(element)
        if local(element) == "text":
            x, y = float(element.get("x")), float(element.get("y"))
            # Where the text spans, with a generous glyph width for sans-serif.
            span = CHAR_WIDTH * len(element.text)
            anchor = element.get("text-anchor", "start")
            start = x - {"start": 0, "middle": span / 2, "end": span}[anchor]
            if start < 0 or start + span > width or not FONT_HEIGHT <= y <= height:
                fail("text '{}' at ({}, {}) not inside {}x{}".format(
                    element.text, x, y, width, height))
        if "title" in kind:
            out.append("title " + element.text)
        elif "legend-label" in kind:
            pass    # printed with its group below
        elif local(element) == "g" and "legend" in kind:
            label = [e for e in element if "legend-label" in classes(e)][0]
            out.append("legend {} {}".format(element.get("data-kind"), label.text))
        elif "bar" in kind:
            name = element.get("data-routine")
            avg = float(element.get("data-avg"))
            x, y = float(element.get("x")), float(element.get("y"))
            end = x + float(element.get("width"))
            if abs(x - left) > SLACK:
                fail("{}: the bar starts at x {}, the axis at {}".format(name, x, left))
            if abs(end - x_of(avg)) > SLACK:
                fail("{}: the bar ends at x {}, its average {} is at {:.1f}".format(
                    name, end, avg, x_of(avg)))
            if top_of_previous is not None and y < top_of_previous:
                fail("{}: overlaps the bar above".format(name))
            top_of_previous = y + float(element.get("height"))
            bar = element
            out.append("bar {} {} family {} avg {} min {} max {}".format(
                kind[1], name, element.get("data-family"), element.get("data-avg"),
                element.get("data-min"), element.get("data-max")))
        elif "range" in kind:
            name = bar.get("data-routine")
            for end, field in (("x1", "data-min"), ("x2", "data-max")):
                if abs(float(element.get(end)) - x_of(float(bar.get(field)))) > SLACK:
                    fail("{}: its line's {} is not at its {}".format(name, end, field))
            out.append("range " + name)
        elif "routine" in kind:
            bold = " bold" if element.get("font-weight") == "bold" else ""
            out.append("label " + element.text + bold)
        elif "value" in kind:
            out.append("value " + element.text)
        elif "tick" in kind:
            out.append("tick " + element.text)
        elif "axis-label" in kind:
            out.append("axis-label " + element.text)
        elif "note" in kind:
            out.append("note " + element.text)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench_chart_read.py CHART.svg")
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except ET.ParseError as error:
        fail("not well-formed XML: {}".format(error))
    if local(root) != "svg":
        fail("the root element is {}, not svg".format(local(root)))
    width, height = float(root.get("width")), float(root.get("height"))
    out = []
    panels = [e for e in root if local(e) == "g" and "panel" in classes(e)]
    if not panels:
        fail("no panel")
    for panel in panels:
        check_panel(panel, width, height, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
