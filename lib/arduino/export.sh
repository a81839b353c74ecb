#!/bin/sh
# SPDX-License-Identifier: MIT
# Assembles the library in the Arduino library layout (specification 1.5)
# from lib/, with a PlatformIO manifest beside it:
#
#   lib/arduino/export.sh OUT     writes OUT/bitdraughts/ and OUT/bitdraughts.zip
#
#   bitdraughts/library.properties, library.json, keywords.txt  from lib/arduino/
#   bitdraughts/LICENSE                                        LICENSE at the top
#   bitdraughts/examples/NAME/NAME.ino                         from lib/arduino/examples/
#   bitdraughts/src/bitdraughts.h                              lib/bitdraughts.h
#   bitdraughts/src/{bits,nibble,checkers,engine}/             the code that runs on a board
#   bitdraughts/src/arch/                                      see below, with lib/arch/avr/*.S, *.h
#
# Arduino's builder compiles everything under src/ and puts only src/ on
# the include path, so the target's override is chosen here, not by -I:
# src/arch/ gets every header of lib/arch/generic/arch/, each replaced by
# lib/arch/avr/arch/'s file of the same name where there is one.  Host
# programs (firmware/host/) and the host overrides stay out.  The zip holds the
# folder bitdraughts/ at its top, as the IDE's "Add .ZIP Library" wants; its
# entries are sorted and dated 1980-01-01, so the same sources give the same
# bytes.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
# The folders of lib/ whose C files run on a board: those lib/bitdraughts.h
# includes from (the Makefile's LIB_DIRS reads them the same way).
BOARD_FOLDERS=$(sed -n 's|^#include "\([a-z0-9_]*\)/.*|\1|p' "$top/lib/bitdraughts.h" | sort -u)
out=$1
here=$top/lib/arduino
dest=$out/bitdraughts

command -v python3 >/dev/null 2>&1 ||
    { echo "$0: writing the zip needs python3 (apt-get install python3)" >&2; exit 1; }

rm -rf "$dest" "$out/bitdraughts.zip"
mkdir -p "$dest/src/arch"

cp -p "$here/library.properties" "$here/library.json" "$here/keywords.txt" "$top/LICENSE" "$dest/"
for example in "$here"/examples/*/; do
    name=$(basename "$example")
    [ -f "$example/$name.ino" ] ||
        { echo "$0: $example has no $name.ino (the IDE needs the names to match)" >&2; exit 1; }
    mkdir -p "$dest/examples/$name"
    cp -p "$example"/* "$dest/examples/$name/"
done

cp -p "$top/lib/bitdraughts.h" "$dest/src/"
# Not the variants the Makefile's AVR builds leave out either: the small
# engine, and the search's transposition table (host builds only).
(cd "$top/lib" && find $BOARD_FOLDERS \( -path engine/small -o -path engine/table.c \) -prune -o \
    -type f -name '*.[ch]' -print) | while read -r file; do
    mkdir -p "$dest/src/$(dirname "$file")"
    cp -p "$top/lib/$file" "$dest/src/$file"
done

generic=$top/lib/arch/generic/arch
avr=$top/lib/arch/avr/arch
for header in "$generic"/*.h; do
    name=$(basename "$header")
    if [ -f "$avr/$name" ]; then
        cp -p "$avr/$name" "$dest/src/arch/$name"
    else
        cp -p "$header" "$dest/src/arch/$name"
    fi
done
# An AVR header with no portable counterpart would be left out above.
for header in "$avr"/*.h; do
    [ -f "$generic/$(basename "$header")" ] ||
        { echo "$0: $header has no counterpart in $generic" >&2; exit 1; }
done
# Assembly that replaces C routines on AVR (lib/arch/avr/*.S) goes along,
# as in the Makefile's AVR builds, with the headers it includes
# (lib/arch/avr/*.h, found beside it).
for source in "$top"/lib/arch/avr/*.S "$top"/lib/arch/avr/*.h; do
    if [ -f "$source" ]; then
        cp -p "$source" "$dest/src/arch/"
    fi
done

python3 - "$out" <<'EOF'
import os, sys, zipfile
out = sys.argv[1]
entries = []            # (name in the zip, path; None for a folder)
for folder, dirs, files in os.walk(os.path.join(out, "bitdraughts")):
    dirs.sort()
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
echo "  ARDUINO  $dest"
echo "  ZIP      $out/bitdraughts.zip"
