#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Hill-climbs the game firmware's peak stack over positions
(tests/firmware/test_ram_sweep.sh, tests/firmware/slow_ram_climb.sh).

    ram_climb.py SIM ELF SEED STEPS JOBS VARIANT FEN [FEN...]

From each FEN in turn (VARIANT russian or english, the side to move kept),
STEPS times: JOBS mutants of the best position so far, each one piece
changed (a piece added on an empty square, one removed, one moved to an
empty square, a man crowned or a king made a man), are searched by the
firmware in the simulator (`level depth 8`, `go` twice: the search, then
the answer's search, as the reliability issue's climb did) and the
deepest peak stack that avrsim --stats reports is kept; a tie keeps the
mutant too, so the climb walks across plateaus.  A mutant the firmware
refuses (a man on its crowning row, more than 12 pieces of a colour) or
whose game is over cannot win: its peak is that of reading a FEN.  The
same SEED gives the same climb: the simulator is exact.

Prints a line per improvement, `peak N FEN`, and at the end
`best N VARIANT FEN`: the deepest peak found from any start.
"""
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SIM, ELF = sys.argv[1], sys.argv[2]
SEED, STEPS, JOBS = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
VARIANT, STARTS = sys.argv[6], sys.argv[7:]
# A search at depth 8 of these positions ends well within it; a cap keeps
# a runaway mutant from holding the climb up (its peak still counts).
MAX_CYCLES = 400000000
PIECES_MAX = 12
PEAK = re.compile(r'peak stack (\d+) bytes')

# Dark squares by the FEN's names: Russian a1..h8, English 1..32.
if VARIANT == 'russian':
    SQUARES = ['%s%d' % ('abcdefgh'[f], r) for r in range(1, 9) for f in range(8) if (f + r) % 2 == 1]
    def row(square):
        return int(square[1:])
else:
    SQUARES = [str(n) for n in range(1, 33)]
    def row(square):
        return 8 - (int(square) - 1) // 4     # 1-4 are Black's back row, the eighth from White
SQUARE_SET = set(SQUARES)


def crown_row(colour):
    return 8 if colour == 'W' else 1


def parse(fen):
    """side, {square: (colour, king)}"""
    side, *parts = fen.split(':')
    board = {}
    for part in parts:
        colour, pieces = part[0], part[1:]
        for piece in filter(None, pieces.split(',')):
            king = piece.startswith('K')
            board[piece.lstrip('K')] = (colour, king)
    return side, board


def write(side, board):
    def pieces(colour):
        return ','.join(('K' if k else '') + s for s in SQUARES if s in board
                        for c, k in [board[s]] if c == colour)
    return '%s:W%s:B%s' % (side, pieces('W'), pieces('B'))


def mutate(rng, side, board):
    """A copy of board with one piece changed, kept within what a FEN may
    hold (the firmware checks the rest)."""
    board = dict(board)
    empty = [s for s in SQUARES if s not in board]
    occupied = [s for s in SQUARES if s in board]
    kind = rng.choice(['add', 'remove', 'move', 'crown'])
    if kind == 'add' and empty:
        colour = rng.choice('WB')
        if sum(1 for c, _ in board.values() if c == colour) < PIECES_MAX:
            square = rng.choice(empty)
            board[square] = (colour, rng.random() < 0.5 or row(square) == crown_row(colour))
    elif kind == 'remove' and len(occupied) > 2:
        del board[rng.choice(occupied)]
    elif kind == 'move' and empty and occupied:
        source, target = rng.choice(occupied), rng.choice(empty)
        colour, king = board.pop(source)
        board[target] = (colour, king or row(target) == crown_row(colour))
    elif kind == 'crown' and occupied:
        square = rng.choice(occupied)
        colour, king = board[square]
        board[square] = (colour, not king or row(square) == crown_row(colour))
    return board


def peak(fen):
    text = 'new %s\nfen %s\nlevel depth 8\ngo\ngo\n' % (VARIANT, fen)
    r = subprocess.run([SIM, '--stats', '--max-cycles', str(MAX_CYCLES), ELF],
                       input=text.encode(), capture_output=True)
    m = PEAK.search(r.stderr.decode(errors='replace'))
    if r.returncode not in (0, 124) or not m:
        sys.exit('ram_climb: %s ended with status %d: %s' % (fen, r.returncode, r.stderr.decode().strip()))
    return int(m.group(1))


rng = random.Random(SEED)
best_overall = (0, '')
with ThreadPoolExecutor(JOBS) as pool:
    for start in STARTS:
        side, board = parse(start)
        current = peak(write(side, board))
        print('peak %d %s' % (current, write(side, board)), flush=True)
        for _ in range(STEPS):
            mutants = [mutate(rng, side, board) for _ in range(JOBS)]
            peaks = list(pool.map(lambda b: peak(write(side, b)), mutants))
            top = max(range(JOBS), key=lambda i: peaks[i])
            if peaks[top] >= current:
                if peaks[top] > current:
                    print('peak %d %s' % (peaks[top], write(side, mutants[top])), flush=True)
                current, board = peaks[top], mutants[top]
        if current > best_overall[0]:
            best_overall = (current, write(side, board))
print('best %d %s %s' % (best_overall[0], VARIANT, best_overall[1]))
