#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The game's printed texts in fewer bytes of flash.

A byte of 0x80 or more in a flash text stands for a pair of bytes, each
of them a character or another such byte: serial_puts_P() expands them
(firmware/common/serial_print.c, SERIAL_TEXT_PAIRS), so what reaches the
serial port is the same ASCII.  The pairs are chosen over all of the
game's printed texts at once (the most frequent pair first, byte-pair
coding), so they are made at build time from the preprocessed sources:

  text_code.py pairs OUT.c FILE.i...   the pairs table, as C
  text_code.py encode PAIRS.c < IN.i > OUT.i

A text is coded only where it is an argument of a function that does
nothing but print it (PRINTERS); texts that are compared with input (the
command words) or walked as lists stay as they are.  A pair expands on the
stack one level for each left half that is itself a pair: DEPTH_MAX
bounds that.
"""
import re
import sys

PRINTERS = {"serial_puts_P", "session_error_P", "session_error2_P", "session_put_labelled",
            "hub_io_put_P", "put_error"}
FIRST_CODE = 0x80
CODES = 0x80
DEPTH_MAX = 4
# A pair pays for its two bytes in the table once it replaces three.
MIN_USES = 3

PSTR_HEAD = "(__extension__({static const char __c[] __attribute__((__progmem__)) = ("
PSTR_TAIL = "); &__c[0];}))"
# A flash list of printed texts (read with bd_pgm_nth_string) is named
# NAME_texts; each of its NUL-separated texts is coded alone.
GAP = r"(?:\s|#[^\n]*\n)*"         # blanks and line markers
PRINTED_LIST = re.compile(r"static const char [A-Za-z_0-9]*_texts\[\]" + GAP + r"__attribute__\(\(__progmem__\)\)" + GAP + "=")
ESCAPES = {"n": 10, "t": 9, "r": 13, "\\": 92, '"': 34, "'": 39, "?": 63, "a": 7, "b": 8, "f": 12, "v": 11}


def parse_literal(text, i):
    """The bytes of the C string literal at text[i] (a '"') and the index after it."""
    assert text[i] == '"'
    out = bytearray()
    i += 1
    while text[i] != '"':
        c = text[i]
        if c != "\\":
            out.append(ord(c))
            i += 1
            continue
        e = text[i + 1]
        if e in ESCAPES:
            out.append(ESCAPES[e])
            i += 2
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]+", text[i + 2:])
            out.append(int(m.group(), 16))
            i += 2 + len(m.group())
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", text[i + 1:])
            out.append(int(m.group(), 8))
            i += 1 + len(m.group())
        else:
            raise SystemExit("text_code.py: unknown escape \\%s" % e)
    return bytes(out), i + 1


def parse_literals(text, j):
    """The literals from text[j] on, which may be split by line markers:
    their (start, end) spans, their bytes and the index after them."""
    value = bytearray()
    spans = []
    while True:
        while text[j] in " \t\n":
            j += 1
        if text[j] == "#":
            j = text.index("\n", j)
            continue
        if text[j] != '"':
            return spans, bytes(value), j
        part, end = parse_literal(text, j)
        spans.append((j, end))
        value += part
        j = end


def printed_texts(text):
    """(spans, bytes) of each PSTR() expansion that is an argument of a
    printer: spans, the (start, end) of each of its literals."""
    found = []
    calls = []          # the name before each open parenthesis
    i = 0
    n = len(text)
    while i < n:
        if text.startswith(PSTR_HEAD, i):
            spans, value, j = parse_literals(text, i + len(PSTR_HEAD))
            if not text.startswith(PSTR_TAIL, j):
                raise SystemExit("text_code.py: a PSTR() of an unexpected form")
            named = [name for name in calls if name]
            if named and named[-1] in PRINTERS:
                found.append((spans, bytes(value)))
            i = j + len(PSTR_TAIL)
            continue
        m = PRINTED_LIST.match(text, i)
        if m:
            spans, value, i = parse_literals(text, m.end())
            found.append((spans, value))
            continue
        c = text[i]
        if c == '"':
            _, i = parse_literal(text, i)
            continue
        if c == "'":
            m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:])
            i += len(m.group()) if m else 1
            continue
        if c == "#" and (i == 0 or text[i - 1] == "\n"):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if c == "(":
            m = re.search(r"([A-Za-z_][A-Za-z_0-9]*)\s*$", text[max(0, i - 64):i])
            calls.append(m.group(1) if m else "")
        elif c == ")" and calls:
            calls.pop()
        i += 1
    return found


def choose_pairs(texts):
    """Byte-pair coding over the texts: the pairs, most frequent first."""
    texts = [bytearray(t) for t in texts]
    pairs = []
    depth = {}
    for code in range(FIRST_CODE, FIRST_CODE + CODES):
        counts = {}
        for t in texts:
            k = 0
            while k < len(t) - 1:
                p = (t[k], t[k + 1])
                if depth.get(p[0], 0) < DEPTH_MAX:
                    counts[p] = counts.get(p, 0) + 1
                    # a run of one byte counts its pairs without overlap
                    if p[0] == p[1] and k + 2 < len(t) and t[k + 2] == p[0]:
                        k += 1
                k += 1
        if not counts:
            break
        best = max(counts.items(), key=lambda item: (item[1], -item[0][0], -item[0][1]))
        if best[1] < MIN_USES:
            break
        p = best[0]
        pairs.append(p)
        depth[code] = max(depth.get(p[0], 0) + 1, depth.get(p[1], 0))
        for t in texts:
            t[:] = replace(t, p, code)
    return pairs


def replace(t, pair, code):
    out = bytearray()
    k = 0
    while k < len(t):
        if k + 1 < len(t) and t[k] == pair[0] and t[k + 1] == pair[1]:
            out.append(code)
            k += 2
        else:
            out.append(t[k])
            k += 1
    return out


def encode(value, pairs):
    """value coded, each of its NUL-separated texts alone."""
    coded = []
    for t in value.split(b"\0"):
        for index, pair in enumerate(pairs):
            t = replace(t, pair, FIRST_CODE + index)
        coded.append(bytes(t))
    return b"\0".join(coded)


def c_literal(data):
    out = ['"']
    for b in data:
        if b in (34, 92, 63):
            out.append("\\" + chr(b))
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("\\%03o" % b)
    out.append('"')
    return "".join(out)


def read_pairs(path):
    with open(path) as f:
        numbers = [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", f.read())]
    return list(zip(numbers[0::2], numbers[1::2]))


def main(argv):
    if len(argv) >= 3 and argv[1] == "pairs":
        texts = []
        for path in argv[3:]:
            with open(path) as f:
                for _, value in printed_texts(f.read()):
                    texts += value.split(b"\0")
        for t in texts:
            if any(b >= FIRST_CODE for b in t):
                raise SystemExit("text_code.py: a printed text with a byte of 0x80 or more")
        pairs = choose_pairs(texts)
        body = ",\n".join("    0x%02x, 0x%02x" % p for p in pairs)
        with open(argv[2], "w") as f:
            f.write("// SPDX-License-Identifier: MIT\n"
                    "// Generated by firmware/demo/text_code.py: the pairs of the game's printed texts.\n"
                    "#include <stdint.h>\n#include <avr/pgmspace.h>\n"
                    "const uint8_t serial_text_pairs[] PROGMEM = {\n%s\n};\n" % (body or "    0"))
        return 0
    if len(argv) == 3 and argv[1] == "encode":
        pairs = read_pairs(argv[2])
        text = sys.stdin.read()
        out = []
        last = 0
        for spans, value in printed_texts(text):
            coded = c_literal(encode(value, pairs))
            for start, end in spans:
                out.append(text[last:start])
                out.append(coded)
                coded = ""
                last = end
        out.append(text[last:])
        sys.stdout.write("".join(out))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
