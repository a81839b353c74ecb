#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two checks of the docs' prose for tests/docs/test_docs.sh.

    docs_lint.py figures FILE.md...   a measured figure typed outside a generated block
    docs_lint.py links FILE.md...     a link to a file or heading that does not exist

Prints one line a finding, "FILE:LINE: ...", and exits 1 if there is one.

A figure is looked for in the prose only: not between the generated
markers (<!-- generated: NAME ... --> and <!-- end generated -->), not in
code (fenced or indented blocks, `spans`).  What counts as a typed
measurement: a number with a thousands separator (26,538), a percentage, or
a number (with k, M or G) followed by bytes, cycles, nodes, inputs, ms, s,
seconds or minutes.  Sizes that are specifications (2 KB of RAM, 16 MHz)
do not match.
"""
import os
import re
import sys

BEGIN = re.compile(r"^<!-- generated: ")
END = re.compile(r"^<!-- end generated -->")
FENCE = re.compile(r"^\s*```")
SPAN = re.compile(r"`[^`]*`")
FIGURE = re.compile(
    r"\d,\d{3}"
    r"|\d(\.\d+)? ?%"
    r"|\b\d+(\.\d+)?( ?[kMG])? (bytes?|cycles?|nodes|inputs|ms|s|seconds?|minutes?)\b")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def prose(path):
    """(line number, text) of every line of prose in PATH."""
    inside = fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if BEGIN.match(line):
                inside = True
            elif END.match(line):
                inside = False
            elif FENCE.match(line):
                fenced = not fenced
            elif not (inside or fenced or line.startswith(("    ", "\t"))):
                yield number, line


def figures(paths):
    found = 0
    for path in paths:
        for number, line in prose(path):
            match = FIGURE.search(SPAN.sub("", line))
            if match:
                print(f"{path}:{number}: a typed figure, '{match.group(0)}': "
                      "generate it in a block or name the command that prints it")
                found += 1
    return found


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to -."""
    text = SPAN.sub(lambda m: m.group(0)[1:-1], heading).strip().lower()
    return re.sub(r"[^a-z0-9 _-]", "", text).replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        return {anchor(line.lstrip("#")) for line in f if re.match(r"#+ ", line)}


def links(paths):
    found = 0
    for path in paths:
        for number, line in prose(path):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                file, _, heading = target.partition("#")
                where = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                if not os.path.exists(where):
                    print(f"{path}:{number}: a link to {target}: no file {where}")
                    found += 1
                elif heading and (not where.endswith(".md") or heading not in anchors(where)):
                    print(f"{path}:{number}: a link to {target}: no heading #{heading} in {where}")
                    found += 1
    return found


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("figures", "links"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    check = figures if sys.argv[1] == "figures" else links
    return 1 if check(sys.argv[2:]) else 0


if __name__ == "__main__":
    sys.exit(main())
