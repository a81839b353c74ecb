#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-library.py - the Library Manager's rules that matter, on a library
folder (what lib/arduino/export.sh writes, build/arduino/bitdraughts):

    lib/arduino/check-library.py [--release] FOLDER

The rules, from the library specification 1.5 and what arduino-lint
enforces for a submission: library.properties at the root with every
required field; the name's characters and length, not starting with
"Arduino"; the version a semantic version; a known category and
architectures; a URL; every header of `includes` in src/; the 1.5 layout
(src/, no utility/ beside it); an examples/ folder with NAME/NAME.ino; no
symlink, no executable binary (.exe, .dll), no .development file;
keywords.txt lines of a keyword, a tab and a known type; library.json (the
PlatformIO manifest) with the same name and version, the licence, the
homepage and repository at the same URL.  In a git repository the
version's tag must be on the checked-out commit.  --release also refuses
the placeholder URL that the export writes when ARDUINO_URL is unset.
Prints one line a broken rule; exits 1 when there is one.
"""
import json
import os
import re
import subprocess
import sys

PLACEHOLDER_URL = "https://example.invalid/set-ARDUINO_URL"
REQUIRED = ["name", "version", "author", "maintainer", "sentence", "paragraph", "category", "url"]
CATEGORIES = {"Display", "Communication", "Signal Input/Output", "Sensors", "Device Control",
              "Timing", "Data Storage", "Data Processing", "Other", "Uncategorized"}
ARCHITECTURES = {"*", "avr", "megaavr", "sam", "samd", "mbed", "esp8266", "esp32", "stm32", "nrf52",
                 "renesas", "renesas_uno", "renesas_portenta", "rp2040", "arc32", "mbed_nano"}
KEYWORD_TYPES = {"KEYWORD1", "KEYWORD2", "KEYWORD3", "LITERAL1", "LITERAL2"}
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
                    r"(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$")


def properties(path):
    fields = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip() and not line.startswith("#") and "=" in line:
                key, value = line.split("=", 1)
                fields[key.strip()] = value.strip()
    return fields


def check(folder, release):
    problems = []
    props_path = os.path.join(folder, "library.properties")
    if not os.path.isfile(props_path):
        return ["library.properties is not at the root of " + folder]
    p = properties(props_path)
    for key in REQUIRED:
        if not p.get(key):
            problems.append("library.properties: %s is missing or empty" % key)
    name = p.get("name", "")
    if name and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,62}", name):
        problems.append("name %r: a letter or digit first, then letters, digits, spaces, _ . -, "
                        "at most 63" % name)
    if name.lower().startswith("arduino"):
        problems.append("name %r: names starting with Arduino are the Arduino team's" % name)
    if p.get("version") and not SEMVER.match(p["version"]):
        problems.append("version %r is not a semantic version (1.2.3)" % p["version"])
    if p.get("category") and p["category"] not in CATEGORIES:
        problems.append("category %r is not one of the Library Manager's" % p["category"])
    for arch in filter(None, (a.strip() for a in p.get("architectures", "").split(","))):
        if arch not in ARCHITECTURES:
            problems.append("architecture %r is unknown" % arch)
    url = p.get("url", "")
    if url and not re.match(r"^https?://[^\s/]+\.[^\s/]+(/\S*)?$", url):
        problems.append("url %r is not an http(s) URL" % url)
    if release and url == PLACEHOLDER_URL:
        problems.append("url is the export's placeholder: set ARDUINO_URL (lib/lib.mk) for a release")
    src = os.path.join(folder, "src")
    if not os.path.isdir(src):
        problems.append("no src/ folder (the 1.5 layout)")
    if os.path.isdir(os.path.join(folder, "utility")):
        problems.append("utility/ beside src/: the 1.5 layout has src/ only")
    for header in filter(None, (h.strip() for h in p.get("includes", "").split(","))):
        if not os.path.isfile(os.path.join(src, header)):
            problems.append("includes names %s, which is not in src/" % header)
    examples = os.path.join(folder, "examples")
    if not os.path.isdir(examples) or not os.listdir(examples):
        problems.append("no examples/ folder")
    else:
        for example in sorted(os.listdir(examples)):
            if not os.path.isfile(os.path.join(examples, example, example + ".ino")):
                problems.append("examples/%s has no %s.ino" % (example, example))
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not (top == folder and d == ".git")]
        for entry in dirs + files:
            path = os.path.join(top, entry)
            relative = os.path.relpath(path, folder)
            if os.path.islink(path):
                problems.append("%s is a symlink" % relative)
            elif entry.lower().endswith((".exe", ".dll")):
                problems.append("%s is an executable binary" % relative)
            elif entry == ".development":
                problems.append("%s marks a library under development" % relative)
            elif entry == "library.properties" and top != folder:
                problems.append("%s: a second library.properties" % relative)
    keywords = os.path.join(folder, "keywords.txt")
    if os.path.isfile(keywords):
        with open(keywords, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if len(fields) < 2 or " " in fields[0] or fields[1] not in KEYWORD_TYPES:
                    problems.append("keywords.txt:%d: not KEYWORD<tab>TYPE: %r" % (number, line))
    manifest = os.path.join(folder, "library.json")
    if os.path.isfile(manifest):
        try:
            with open(manifest, encoding="utf-8") as f:
                m = json.load(f)
        except ValueError as e:
            problems.append("library.json is not JSON: %s" % e)
            m = None
        if m is not None:
            for key in ("name", "version"):
                if m.get(key) != p.get(key):
                    problems.append("library.json's %s %r is not library.properties' %r"
                                    % (key, m.get(key), p.get(key)))
            if not m.get("license"):
                problems.append("library.json has no license")
            if m.get("homepage") != url or (m.get("repository") or {}).get("url") != url:
                problems.append("library.json's homepage and repository.url are not the url")
    if os.path.isdir(os.path.join(folder, ".git")):
        tags = subprocess.run(["git", "-C", folder, "tag", "--points-at", "HEAD"],
                              capture_output=True, text=True).stdout.split()
        if p.get("version") not in tags:
            problems.append("the checked-out commit has no tag %s (tags: %s)"
                            % (p.get("version"), " ".join(tags) or "none"))
    return problems


def main(argv):
    release = "--release" in argv
    folders = [a for a in argv if a != "--release"]
    if len(folders) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    problems = check(folders[0], release)
    for problem in problems:
        print("check-library: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
