#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The game firmware's flash by part: each function and table of
build/BOARD/demo.elf charged to the source that defines it, the sources
grouped as the parts of the game (user interface, move generator, search,
evaluation, game rules, PDN, EEPROM store).

    firmware/bench/demo_parts.py build/nano [build/diecimila ...]

The owner of a symbol is found in the objects the image was linked from
(fat LTO objects, so each also holds its plain code and symbols): a name
that one object defines belongs to it, with GCC's clone suffixes
(.constprop.N, .part.N, .lto_priv.N, .isra.N) taken off; a local name that
several objects define (a static function or a string of the same name)
belongs to the first of them by path, so that the table does not depend on
the order a file system lists them in.  What no object
names (avr-libc, libgcc, the vectors, code that LTO inlined into a caller
of another part lands in that caller's) is "C library and start-up".
"""
import os
import re
import subprocess
import sys

PARTS = [
    ("user interface", r"^firmware/(demo/(commands|console|display|engine|main|session|hub_mode)|common/)"),
    ("EEPROM store and record", r"^firmware/demo/(store|record)$"),
    ("move generator", r"^lib/(checkers/(movegen|move|kingray_tables|bitboard32|position)|arch/|bits/)"),
    ("search", r"^lib/engine/(small/)?search"),
    ("evaluation", r"^lib/engine/(small/)?eval"),
    ("game rules (draws)", r"^lib/checkers/game$"),
    ("PDN notation and FEN", r"^lib/checkers/pdn$"),
    ("Hub session and notation", r"^lib/engine/hub"),
    ("other library", r"^lib/"),   # none today: a new module shows here
]
LIBC = "C library and start-up"
SUFFIX = re.compile(r"\.(constprop|part|lto_priv|isra|cold)\.?\d*.*$")


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


# The game build also compiles what tests and the bench link against its
# library; the image never holds them.
NOT_LINKED = re.compile(r"/game/obj/(tests|lib/bench)/")


def objects(build):
    """The objects of the game's image: its own and the library copy's."""
    found = []
    for root, _, files in os.walk(os.path.join(build, "game/obj")):
        found += [os.path.join(root, f) for f in files if f.endswith(".o")]
    return sorted(f for f in found if not NOT_LINKED.search(f))


def owners(build):
    owner = {}
    for obj in objects(build):
        source = re.sub(r"^.*?/game/obj/", "", obj)[:-2]
        for line in run("avr-nm", "--defined-only", obj).splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] in "tTdDbBrR":
                owner.setdefault(fields[2], source)
    return owner


def part_of(source):
    for name, pattern in PARTS:
        if re.search(pattern, source):
            return name
    return LIBC


def measure(build):
    elf = os.path.join(build, "demo.elf")
    owner = owners(build)
    # Each symbol of flash runs to the next one: the assembly's routines
    # carry no size, and the padding and tables between them count too.
    sections = run("avr-size", "-A", elf)
    total = sum(int(l.split()[1]) for l in sections.splitlines()
                if l.split()[:1] in ([".text"], [".data"]))
    symbols = []
    for line in run("avr-nm", "-n", elf).splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTrRwW" and int(fields[0], 16) < 0x800000:
            symbols.append((int(fields[0], 16), SUFFIX.sub("", fields[2])))
    text_end = total - sum(int(l.split()[1]) for l in sections.splitlines()
                           if l.split()[:1] == [".data"])
    sizes = {}
    for (address, name), (following, _) in zip(symbols, symbols[1:] + [(text_end, "")]):
        part = part_of(owner[name]) if name in owner else LIBC
        sizes[part] = sizes.get(part, 0) + following - address
    sizes[LIBC] = sizes.get(LIBC, 0) + total - sum(sizes.values())
    return total, sizes


def main():
    builds = sys.argv[1:] or ["build/nano"]
    results = [measure(b) for b in builds]
    names = [n for n, _ in PARTS] + [LIBC]
    print("| part | " + " | ".join(os.path.basename(b) for b in builds) + " |")
    print("|---|" + "---:|" * len(builds))
    for name in names:
        print("| %s | " % name + " | ".join("{:,}".format(r[1].get(name, 0)) for r in results) + " |")
    print("| **flash in all** | " + " | ".join("{:,}".format(r[0]) for r in results) + " |")


if __name__ == "__main__":
    main()
