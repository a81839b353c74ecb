#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A game of PLIES plies that is still going at its end, for records as long
as the EEPROM holds (tests/firmware/test_power_cut.sh).

    long_game.py CHECKERS VARIANT FEN PLIES SEED

prints the moves, blank-separated, as `CHECKERS moves` writes them.  The
firmware replays a record through game_status() (lib/checkers/game.h) and
refuses a move after the game ended, so a long record must be a game that
never ends: no capture (the material stays), no position twice in a run of
quiet plies (never a repetition), and a man move before the variant's rule
on quiet plies would draw it (30 plies Russian, 80 English).  A depth-first
search over `CHECKERS moves` finds one: kings' quiet moves first, a man move
when the rule comes near, never a move after which the side to move could
or must capture; the order among equals is SEED's, so the output is the
same every time.  Quiet moves only: FEN needs kings that can wander and men
that can advance without meeting anything.
"""
import random
import subprocess
import sys

checkers, variant, fen, plies, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
quiet_limit = 30 if variant == 'russian' else 80
rng = random.Random(seed)
sys.setrecursionlimit(20 * plies + 1000)


def square(text):
    """(file, rank) from 0 of a square as the variant writes it."""
    if variant == 'russian':
        return 'abcdefgh'.index(text[0]), int(text[1:]) - 1
    n = int(text) - 1
    rank = 7 - n // 4
    return (n % 4) * 2 + (rank + 1) % 2, rank


def name(sq):
    f, r = sq
    return 'abcdefgh'[f] + str(r + 1) if variant == 'russian' else str((7 - r) * 4 + f // 2 + 1)


def read_fen(text):
    side, white, black = text.split(':')
    pieces = {}
    for colour, part in (('W', white[1:]), ('B', black[1:])):
        for item in filter(None, part.split(',')):
            pieces[square(item.lstrip('K'))] = (colour, item.startswith('K'))
    return side, pieces


def write_fen(side, pieces):
    lists = {'W': [], 'B': []}
    for sq, (colour, king) in sorted(pieces.items()):
        lists[colour].append(('K' if king else '') + name(sq))
    return '%s:W%s:B%s' % (side, ','.join(lists['W']), ','.join(lists['B']))


def legal(side, pieces):
    out = subprocess.run([checkers, 'moves', '--variant', variant, '--fen', write_fen(side, pieces)],
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def key(side, pieces):
    return side, tuple(sorted(pieces.items()))


played = []


def search(side, pieces, quiet, seen):
    """Extends `played` to `plies` from this position; False if it cannot."""
    if len(played) >= plies:
        return True
    moves = legal(side, pieces)
    if not moves or any(':' in m or 'x' in m for m in moves):
        return False
    candidates = []
    for move in moves:
        origin, target = (square(s) for s in move.split('-'))
        colour, king = pieces[origin]
        promotes = not king and target[1] == (7 if colour == 'W' else 0)
        candidates.append((move, origin, target, king, promotes))
    rng.shuffle(candidates)
    man_due = quiet >= quiet_limit - 3
    candidates.sort(key=lambda c: (c[4], c[3] == man_due))
    other = 'B' if side == 'W' else 'W'
    for move, origin, target, king, promotes in candidates[:6]:
        after = dict(pieces)
        after[target] = (after.pop(origin)[0], king or promotes)
        k = key(other, after)
        if king and (k in seen or quiet + 1 >= quiet_limit):
            continue
        played.append(move)
        if search(other, after, quiet + 1 if king else 0, seen | {k} if king else {k}):
            return True
        played.pop()
    return False


side, pieces = read_fen(fen)
if not search(side, pieces, 0, {key(side, pieces)}):
    sys.exit('long_game.py: no game of %d plies from %s' % (plies, fen))
print(' '.join(played))
