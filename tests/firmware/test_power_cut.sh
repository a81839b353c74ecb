#!/bin/sh
# SPDX-License-Identifier: MIT
# Power cuts during the game firmware's saves (firmware/demo/store.h;
# finding F3): for each kind of save of each variant (a move, undo, undo
# with the engine on and a move with the engine's answer (two plies each,
# one save: reliability issue, round three, finding 3), new,
# fen, ply 256 where the count's high byte changes, the ply that fills the
# EEPROM and the one after it, whose position becomes the new start), the
# power is cut in every byte write of the save, on the cycle before it
# starts and the cycle it starts, the cycle before it ends and the cycle it
# ends, and at a few cycles drawn at random over the save; each cut's EEPROM
# image is booted and must give exactly the game before the save or the
# game after it (the whole transcript of `engine`, `fen`, `undo`, `fen`:
# the resumed line, the board, the sides the engine plays, the position,
# the record one ply back), in that
# order as the cut moves later, never a lost or different game.
#
# The writes are found with the runner itself: a cut names the byte being
# written and the cycle its write began (avrsim --cut-at), so bisection
# until a cut falls in the first write, then a cut half a write after each
# write's end, find every write; each edge is then pinned to the cycle by
# cuts on either side.  Each image is booted once however many cuts leave
# it.  Old firmware (ELF=...) whose save is not power-safe fails here.
set -u
BUILD=${BUILD:-build}
SIM=$BUILD/host/avrsim
ELF=${ELF:-$BUILD/uno/demo.elf}
SHORT=200000000
JOBS=${JOBS:-2}
CAPACITY=488            # plies the ATmega328P's EEPROM holds (store.h)

# The long records: a game from FEN that is still going after CAPACITY + 1
# plies (the replay at boot refuses a move after the game ended, so a
# record cannot repeat a few plies: tests/firmware/long_game.py finds one, kings
# wandering and men advancing, nothing ever taken); the record of its
# first N plies, and its ply N + 1 the save under test.
RUSSIAN_FEN='W:WKa3,Kc1,a1,e1,g1:BKh6,Kf8,b8,d8,h8'
ENGLISH_FEN='B:WK13,K28,29,30,31:BK5,K20,2,3,4'
CHECKERS=$BUILD/host/checkers

. tests/support.sh

[ -f "$ELF" ] || { echo "power cut: $ELF missing (make firmware)"; echo "power cut: 0 passed, 1 failed"; exit 1; }

# long VARIANT PLIES: $tmp/VARIANT-PLIES.eeprom, the record of the first
# PLIES plies of the long game, cut from the record of CAPACITY plies in
# $tmp/VARIANT-moves.eeprom; sets $next, the ply after.
long() {
    next=$(cut -d' ' -f$(($2 + 1)) "$tmp/$1.moves")
    python3 - "$tmp/$1-moves.eeprom" "$tmp/$1-$2.eeprom" "$2" <<'EOF'
import sys
source, target, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = bytearray(open(source, 'rb').read())
data[21], data[22] = plies & 0xFF, plies >> 8
data[47 + 2 * plies:] = b'\xff' * (len(data) - 47 - 2 * plies)
open(target, 'wb').write(data)
EOF
    reseal "$tmp/$1-$2.eeprom"
    session 'fen\n' "$tmp/$1-$2.eeprom"
    printf '%s\n' "$out" | grep -q "^resumed: .*, $2 plies$" ||
        fail "$1: a record of $2 plies resumes" "$(printf '%s\n' "$out" | grep -E 'resumed|ignored')"
}

# The saves: one line each, NAME|EEPROM IMAGE BEFORE|INPUT (printf format).
: > "$tmp/saves"
save() { printf '%s|%s|%s\\n\n' "$1" "$2" "$3" >> "$tmp/saves"; }
for variant in russian english; do
    # opening, third: three plies; played: the position after them; new:
    # the game `new` starts from (Russian: a position that shares little
    # with the start position, so that the whole record part is rewritten
    # once; English: the two plies, in fewer bytes).
    # engine: the side that made the second ply, which the engine plays in
    # the saves of two plies (undo takes back its answer and your move; your
    # move and its answer), from a record that has it on
    # ($variant-2-engine: the setting is saved with the game).
    case $variant in
        russian) opening='c3-d4\nf6-g5'; third='g3-h4'; other=english; engine=black
                 played='B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,d4,h4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,h6,g5'
                 new="new $variant\\nfen B:WKa1,Kc1,e3,g3,h4:Bb8,Kf8,Kh8,c7,d6"
                 fen=$RUSSIAN_FEN ;;
        english) opening='11-15\n23-19'; third='8-11'; other=russian; engine=white
                 played='W:W19,21,22,24-32:B1-7,9-12,15'
                 new="new $variant\\n$opening"
                 fen=$ENGLISH_FEN ;;
    esac
    session "new $variant\n$opening\n" "$tmp/$variant-2.eeprom"
    session "$new\n" "$tmp/$variant-new.eeprom"
    session "new $variant\n$opening\nengine $engine\n" "$tmp/$variant-2-engine.eeprom"
    save "$variant: a move" "$tmp/$variant-2.eeprom" "$third"
    save "$variant: undo" "$tmp/$variant-2.eeprom" undo
    # (`board` after the setting: the run lasts until its last write ends.)
    save "$variant: engine $engine (the setting alone)" "$tmp/$variant-2.eeprom" "engine $engine\nboard"
    save "$variant: undo with the engine on (two plies, one save)" "$tmp/$variant-2-engine.eeprom" undo
    save "$variant: a move and the engine's answer (one save)" "$tmp/$variant-2-engine.eeprom" \
        "level depth 1\n$third"
    save "$variant: new $other" "$tmp/$variant-new.eeprom" "new $other"
    save "$variant: fen (the position of one more ply, with no plies)" "$tmp/$variant-2.eeprom" "fen $played"
    python3 tests/firmware/long_game.py "$CHECKERS" "$variant" "$fen" $((CAPACITY + 1)) 1 > "$tmp/$variant.moves" ||
        fail "$variant: a game of $((CAPACITY + 1)) plies that goes on"
    session "new $variant\nfen $fen\n$(cut -d' ' -f1-$CAPACITY "$tmp/$variant.moves" | tr ' ' '\n')\n" \
        "$tmp/$variant-moves.eeprom" 1000000000
    long "$variant" 255
    save "$variant: ply 256 (the count's high byte)" "$tmp/$variant-255.eeprom" "$next"
    long "$variant" $((CAPACITY - 1))
    save "$variant: ply $CAPACITY, which fills the record" "$tmp/$variant-$((CAPACITY - 1)).eeprom" "$next"
    long "$variant" $CAPACITY
    save "$variant: ply $((CAPACITY + 1)), past a full record (its position the new start)" \
        "$tmp/$variant-$CAPACITY.eeprom" "$next"
    cp "$tmp/$variant-$CAPACITY.eeprom" "$tmp/full.eeprom"
    session "$next\n" "$tmp/full.eeprom"
    printf '%s\n' "$out" | grep -q '^EEPROM full' ||
        fail "$variant: a record of $CAPACITY plies is full" "$(printf '%s\n' "$out" | grep -E 'resumed|ignored|EEPROM')"
done

started=$(date +%s)
python3 - "$SIM" "$ELF" "$tmp" "$JOBS" "$SHORT" "$tmp/saves" > "$tmp/results" <<'EOF'
import os, random, re, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor

SIM, ELF, TMP, JOBS, MAX_CYCLES = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
VERIFY = b'level depth 1\nengine\nfen\nundo\nfen\n'
WRITE_CYCLES = 54400            # 3.4 ms at 16 MHz: the first guess of a write's length
CUT = re.compile(r'power cut at cycle (\d+): (?:EEPROM byte 0x([0-9a-f]+) was being written since cycle (\d+)|no EEPROM write)')
counter = iter(range(1 << 30))
lock = threading.Lock()

class Failure(Exception):
    pass

def run(image, stdin_path, cut=None):
    """The firmware on a copy of image: status, stdout, stderr, the image after."""
    with lock:
        path = '%s/run%d.eeprom' % (TMP, next(counter))
    with open(path, 'wb') as f:
        f.write(image)
    args = [SIM, '--stats', '--max-cycles', MAX_CYCLES, '--eeprom', path]
    if cut is not None:
        args += ['--cut-at', str(cut)]
    with open(stdin_path, 'rb') as stdin:
        r = subprocess.run(args + [ELF], stdin=stdin, capture_output=True)
    with open(path, 'rb') as f:
        after = f.read()
    os.unlink(path)
    return r.returncode, r.stdout, r.stderr.decode(), after

class Save:
    def __init__(self, name, before_path, text, verify_path):
        self.name = name
        self.before = open(before_path, 'rb').read()
        self.input = '%s/input%d' % (TMP, next(counter))
        with open(self.input, 'wb') as f:
            f.write(text.encode().decode('unicode_escape').encode())
        self.verify_path = verify_path
        self.cuts = {}          # cycle asked for -> (byte being written or None, image)
        self.since = {}         # cycle asked for -> when that write began
        self.boots = {}         # image -> transcript of VERIFY

    def boot(self, image):
        if image not in self.boots:
            status, out, err, _ = run(image, self.verify_path)
            if status != 0:
                raise Failure('boot after a cut: status %d, %s' % (status, err.strip()))
            self.boots[image] = out
        return self.boots[image]

    def cut(self, cycle):
        if cycle not in self.cuts:
            status, out, err, image = run(self.before, self.input, cycle)
            m = CUT.search(err)
            if status != 123 or not m:
                raise Failure('cut at %d: status %d, %s' % (cycle, status, err.strip()))
            self.cuts[cycle] = (int(m.group(2), 16) if m.group(2) else None, image)
            self.since[cycle] = int(m.group(3)) if m.group(3) else None
        return self.cuts[cycle]

    def edge(self, known, guess):
        """The first cycle after `known` whose cut differs from known's (the
        states never come back once left: each write changes its byte):
        looked for at guess, then at doubling distances from it, then
        bisected."""
        state = self.cut(known)
        def changed(c):
            return self.cut(c) != state
        hi = max(guess, known + 1)
        step = 1
        if changed(hi):
            while True:
                lo = max(known, hi - step)
                if lo == known or not changed(lo):
                    break
                hi, step = lo, step * 2
        else:
            lo = hi
            while True:
                hi = lo + step
                if hi >= self.end:
                    raise Failure('no change after cycle %d' % lo)
                if changed(hi):
                    break
                lo, step = hi, step * 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if changed(mid):
                hi = mid
            else:
                lo = mid
        return hi

    def sweep(self):
        status, out, err, after = run(self.before, self.input)
        m = re.search(r'avrsim: (\d+) cycles', err)
        if status != 0 or not m or b'error' in out:
            raise Failure('the save itself: status %d, %s' % (status, err.strip()))
        self.after = after
        self.end = int(m.group(1))
        written = [a for a in range(len(after)) if after[a] != self.before[a]]
        if not written:
            raise Failure('the save writes nothing')
        want = [self.boot(self.before), self.boot(after)]
        if want[0] == want[1]:
            raise Failure('the game is the same before and after')
        # The first write: bisection until a cut falls in it (the message
        # says when it began), then its first cycle exactly.
        lo, hi, guess = 1, self.end, None
        while hi - lo > 1 and guess is None:
            mid = (lo + hi) // 2
            busy, image = self.cut(mid)
            if (busy, image) == (None, self.before):
                lo = mid
            elif busy is not None and image == self.before:
                guess = self.since[mid] + 1
            else:
                hi = mid
        first = start = self.edge(lo, guess or hi)
        length = WRITE_CYCLES
        bytes_written = []
        while True:
            busy, image = self.cut(start)
            if busy is None:
                raise Failure('no write at cycle %d' % start)
            bytes_written.append(busy)
            end = self.edge(start, start + length)
            length = end - start
            busy, image = self.cut(end)
            if busy is not None:
                raise Failure('byte 0x%x: another write at its end, cycle %d' % (bytes_written[-1], end))
            if image == after:
                break
            # The next write: a cut half a write later falls in it (or in
            # the gap before it); its message says when it began.
            probe = end
            while True:
                probe += WRITE_CYCLES // 2
                if probe >= self.end:
                    raise Failure('no write after cycle %d, and not the image after' % end)
                busy, image = self.cut(probe)
                if busy is not None or image != self.cuts[end][1]:
                    break
            start = self.edge(end, self.since[probe] + 1 if busy is not None else probe)
        # (A byte may be written more than once: a save of old firmware that
        # is two saves, whose cuts between them the boots below catch.)
        if sorted(set(bytes_written)) != written:
            raise Failure('bytes written %s, bytes changed %s' % (bytes_written, written))
        rng = random.Random(len(bytes_written))
        for _ in range(4):
            self.cut(rng.randrange(first, end + 1))
        # Every cut boots to the game before, then to the game after.
        seen = 0
        for cycle in sorted(self.cuts):
            busy, image = self.cuts[cycle]
            got = self.boot(image)
            if got not in want:
                lines = [l for l in got.decode(errors='replace').split('\n') if 'resumed' in l or 'ignored' in l or l[:2] in ('W:', 'B:')]
                raise Failure('cut at cycle %d (byte %s being written): %s' % (cycle, 'none' if busy is None else hex(busy), ' | '.join(lines)))
            if want.index(got) < seen:
                raise Failure('cut at cycle %d: the game before after the game after' % cycle)
            seen = want.index(got)
        return '%d byte writes over %d cycles, %d cuts, %d images' % (
            len(bytes_written), end - first, len(self.cuts), len(self.boots))

verify_path = '%s/verify' % TMP
with open(verify_path, 'wb') as f:
    f.write(VERIFY)
saves = [Save(*line.rstrip('\n').split('|'), verify_path) for line in open(sys.argv[6]) if line.strip()]

def sweep(save):
    try:
        return 'ok|%s|%s' % (save.name, save.sweep())
    except Failure as e:
        return 'failed|%s|%s' % (save.name, e)
    except Exception as e:      # a bug here, not in the firmware: said all the same
        return 'failed|%s|the sweep itself: %r' % (save.name, e)

with ThreadPoolExecutor(JOBS) as pool:
    for line in pool.map(sweep, saves):
        print(line, flush=True)
EOF
while IFS='|' read -r verdict name detail; do
    case $verdict in
        ok) ok "$name: every cut boots to the game before or after ($detail)" ;;
        *) fail "$name: every cut boots to the game before or after" "$detail" ;;
    esac
done < "$tmp/results"
[ "$(wc -l < "$tmp/results")" -eq "$(wc -l < "$tmp/saves")" ] ||
    fail "every save swept" "$(wc -l < "$tmp/results") results for $(wc -l < "$tmp/saves") saves"
echo "          (the sweeps took $(( $(date +%s) - started )) s)"

finish "power cut"
