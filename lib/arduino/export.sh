#!/bin/sh
# SPDX-License-Identifier: MIT
# Assembles the library in the Arduino library layout (specification 1.5)
# from lib/, with a PlatformIO manifest beside it:
#
#   lib/arduino/export.sh OUT     writes OUT/bitdraughts/ and OUT/bitdraughts.zip
#
#   bitdraughts/library.properties, library.json, keywords.txt  from lib/arduino/
#   bitdraughts/README.md                                      lib/arduino/README.md
#   bitdraughts/LICENSE                                        LICENSE at the top
#   bitdraughts/examples/NAME/NAME.ino                         from lib/arduino/examples/
#   bitdraughts/src/Draughts.h, Draughts.cpp                   lib/arduino/src/: the class
#   bitdraughts/src/bitdraughts.h                              lib/bitdraughts.h
#   bitdraughts/src/{bits,nibble,checkers,engine}/             the code that runs on a board
#   bitdraughts/src/arch/                                      see below, with lib/arch/avr/*.S, *.h
#
# ARDUINO_URL (the environment; lib/lib.mk passes it) is the library's
# repository: library.properties' url, library.json's homepage and
# repository.  Unset, the manifests get a placeholder that
# lib/arduino/check-library.py --release refuses.
#
# Arduino's builder compiles everything under src/ and puts only src/ on
# the include path, so the target's override is chosen here, not by -I:
# src/arch/ gets every header of lib/arch/generic/arch/, each replaced by
# lib/arch/avr/arch/'s file of the same name where there is one, and
# lib/arch/arduino/arch/'s over both (the engine by the part's RAM).  Both
# engines go along, each of their C files compiled only under its value of
# BITDRAUGHTS_SMALL_ENGINE (arch/arduino_ram.h): a line before the file's
# text and one after it.  Host programs (firmware/host/) and the host
# overrides stay out.  The folder is a repository's root, as the Library
# Manager indexes one: with git at hand it is one, a commit tagged with the
# version (dated from the version's files, so the same sources give the
# same commit).  The zip holds the folder bitdraughts/ at its top (without
# .git), as the IDE's "Add .ZIP Library" wants; its entries are sorted and
# dated 1980-01-01, so the same sources give the same bytes.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
# The folders of lib/ whose C files run on a board: those lib/bitdraughts.h
# includes from (the Makefile's LIB_DIRS reads them the same way).
BOARD_FOLDERS=$(sed -n 's|^#include "\([a-z0-9_]*\)/.*|\1|p' "$top/lib/bitdraughts.h" | sort -u)
out=$1
# What the manifests say when ARDUINO_URL is not set (check-library.py
# knows it too).
PLACEHOLDER_URL=https://example.invalid/set-ARDUINO_URL
here=$top/lib/arduino
dest=$out/bitdraughts

command -v python3 >/dev/null 2>&1 ||
    { echo "$0: writing the zip needs python3 (apt-get install python3)" >&2; exit 1; }

rm -rf "$dest" "$out/bitdraughts.zip"
mkdir -p "$dest/src/arch"

url=${ARDUINO_URL:-}
[ -n "$url" ] || url=$PLACEHOLDER_URL
cp -p "$here/keywords.txt" "$here/README.md" "$top/LICENSE" "$dest/"
for manifest in library.properties library.json; do
    sed "s|@ARDUINO_URL@|$url|g" "$here/$manifest" >"$dest/$manifest"
    touch -r "$here/$manifest" "$dest/$manifest"
done
cp -p "$here"/src/* "$dest/src/"
for example in "$here"/examples/*/; do
    name=$(basename "$example")
    [ -f "$example/$name.ino" ] ||
        { echo "$0: $example has no $name.ino (the IDE needs the names to match)" >&2; exit 1; }
    mkdir -p "$dest/examples/$name"
    cp -p "$example"/* "$dest/examples/$name/"
done

cp -p "$top/lib/bitdraughts.h" "$dest/src/"
# Not the search's transposition table (host builds only).  The engines'
# C files (lib/lib.mk's ENGINE_full_SRC and ENGINE_small_SRC) are wrapped.
FULL_ENGINE="engine/search.c engine/eval.c"
(cd "$top/lib" && find $BOARD_FOLDERS -path engine/table.c -prune -o \
    -type f -name '*.[ch]' -print) | while read -r file; do
    mkdir -p "$dest/src/$(dirname "$file")"
    case " $FULL_ENGINE " in
        *" $file "*) condition='!BITDRAUGHTS_SMALL_ENGINE' ;;
        *) case $file in
               engine/small/*.c) condition=BITDRAUGHTS_SMALL_ENGINE ;;
               *) condition= ;;
           esac ;;
    esac
    if [ -n "$condition" ]; then
        { printf '/* SPDX-License-Identifier: MIT */\n'
          printf '#include "arch/arduino_ram.h"  /* lib/arduino/export.sh: one engine by the RAM */\n'
          printf '#if %s\n#line 1 "%s"\n' "$condition" "$file"
          cat "$top/lib/$file"
          printf '#endif\n'; } >"$dest/src/$file"
        touch -r "$top/lib/$file" "$dest/src/$file"
    else
        cp -p "$top/lib/$file" "$dest/src/$file"
    fi
done
for file in $FULL_ENGINE; do
    [ -f "$top/lib/$file" ] || { echo "$0: $file, a full engine's file, is gone" >&2; exit 1; }
done

generic=$top/lib/arch/generic/arch
avr=$top/lib/arch/avr/arch
arduino=$top/lib/arch/arduino/arch
for header in "$generic"/*.h; do
    name=$(basename "$header")
    if [ -f "$arduino/$name" ]; then
        cp -p "$arduino/$name" "$dest/src/arch/$name"
    elif [ -f "$avr/$name" ]; then
        cp -p "$avr/$name" "$dest/src/arch/$name"
    else
        cp -p "$header" "$dest/src/arch/$name"
    fi
done
# An AVR header with no portable counterpart would be left out above;
# the Arduino's own headers (no counterpart) go as they are.
for header in "$avr"/*.h; do
    [ -f "$generic/$(basename "$header")" ] ||
        { echo "$0: $header has no counterpart in $generic" >&2; exit 1; }
done
for header in "$arduino"/*.h; do
    [ -f "$dest/src/arch/$(basename "$header")" ] || cp -p "$header" "$dest/src/arch/"
done
# Assembly that replaces C routines on AVR (lib/arch/avr/*.S) goes along,
# as in the Makefile's AVR builds, with the headers it includes
# (lib/arch/avr/*.h, found beside it); so does the hash's product for a
# part without MUL (empty on the others), whose header is the library's.
for source in "$top"/lib/arch/avr/*.S "$top"/lib/arch/avr/*.h "$top"/lib/arch/small/hash_multiply.S; do
    if [ -f "$source" ]; then
        cp -p "$source" "$dest/src/arch/"
    fi
done

python3 - "$out" <<'EOF'
import os, sys, zipfile
out = sys.argv[1]
entries = []            # (name in the zip, path; None for a folder)
for folder, dirs, files in os.walk(os.path.join(out, "bitdraughts")):
    dirs[:] = sorted(d for d in dirs if d != ".git")
    entries.append((os.path.relpath(folder, out) + "/", None))
    for name in sorted(files):
        path = os.path.join(folder, name)
        entries.append((os.path.relpath(path, out), path))
with zipfile.ZipFile(os.path.join(out, "bitdraughts.zip"), "w") as z:
    for arcname, path in entries:
        info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
        if path is None:        # folders get entries too, for unzippers that want them
            info.external_attr = (0o40755 << 16) | 0x10
            z.writestr(info, b"")
        else:
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read())
EOF
# The repository: one commit of the folder, tagged with the version, by
# the authors the licence names, dated from the newest file's time.
if command -v git >/dev/null 2>&1; then
    version=$(sed -n 's/^version=//p' "$dest/library.properties")
    date=$(find "$dest" -type f -printf '%T@\n' | sort -n | tail -n 1 | cut -d. -f1)
    (cd "$dest" && git init -q -b main . && git add -A &&
     GIT_AUTHOR_DATE="@$date +0000" GIT_COMMITTER_DATE="@$date +0000" \
     git -c user.name="the bitdraughts authors" -c user.email= -c commit.gpgsign=false \
         commit -q -m "bitdraughts $version" &&
     git -c tag.gpgsign=false tag "$version") ||
        { echo "$0: git could not make $dest a repository" >&2; exit 1; }
fi
echo "  ARDUINO  $dest"
echo "  ZIP      $out/bitdraughts.zip"
