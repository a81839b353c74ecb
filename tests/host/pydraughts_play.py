#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Manual acceptance check of `checkers hub` against pydraughts' HubEngine.

Not part of `make test` (it needs pydraughts, which CI does not install).
Run it from the top of the repository after `make build/host/checkers`:

    git clone https://github.com/AttackingOrDefending/pydraughts /tmp/pydraughts
    PYTHONPATH=/tmp/pydraughts python3 tests/host/pydraughts_play.py

For each variant (russian, english) it starts the engine through
pydraughts' own Hub client, sets the variant, checks ping, a `go ponder`
ended by `ponder-hit`, a `level infinite` search ended by `stop`, then
plays whole games, pydraughts keeping the board and the rules:

  1. engine (move-time) against random legal moves, the engine first;
  2. random legal moves against the engine (fixed depth), the engine second;
  3. engine against engine, move-time against fixed depth;
  4. engine against engine on a clock (time + increment), one side sent
     the game's start position and moves, the other only the current
     position (so that the engine reads positions with kings);
  5. engine against engine with a node limit, random first moves.

With --firmware COMMAND... (the game firmware in the simulator, e.g.
`--firmware build/host/avrsim --input eager build/uno/demo.elf`) the
engine is that command; it runs the same Hub session as `checkers hub`
(lib/engine/hub_session.h), so it gets the same checks and games.

Every move the engine answers must be one of pydraughts' legal moves,
written exactly as pydraughts writes it.  A game ends when pydraughts says
it is over, or drawn at --max-plies.  Exit status 0 when every move was
legal and every exchange answered.
"""
import argparse
import os
import random
import sys
import threading
import time

try:
    import draughts
    try:
        import msl.loadlib  # noqa: F401
    except ImportError:
        # pydraughts' CheckerBoard client (Windows DLL engines) imports
        # msl-loadlib; a Hub engine does not need it: stand in for it.
        import types
        msl = types.ModuleType("msl")
        msl.loadlib = types.ModuleType("msl.loadlib")
        msl.loadlib.Client64 = object
        msl.loadlib.Server32 = object
        sys.modules["msl"] = msl
        sys.modules["msl.loadlib"] = msl.loadlib
    from draughts.engine import HubEngine, Limit
except ImportError:
    sys.exit("pydraughts_play.py: pydraughts not found; put it on PYTHONPATH "
             "(git clone https://github.com/AttackingOrDefending/pydraughts)")


class Failure(Exception):
    pass


def start_engine(command, variant):
    engine = HubEngine(command)
    if variant not in engine.variants:
        raise Failure(f"engine does not offer variant {variant}: {engine.variants}")
    engine.setoption("variant", variant)
    engine.init()
    return engine


def close(engine):
    """quit, and the engine must exit by itself."""
    try:
        engine.quit()
        engine.p.wait(5)
    except Exception:
        engine.kill_process()
        raise Failure("the engine did not exit after quit")
    finally:
        engine.p.stdin.close()
        engine.p.stdout.close()


def check_move(board, text, who):
    """The Move for an engine's answer, which must be legal and written as
    pydraughts writes it."""
    legal = {m.hub_move for m in board.legal_moves()}
    if text not in legal:
        raise Failure(f"{who}: {text} is not a legal move written as pydraughts does; "
                      f"legal: {sorted(legal)}; fen {board.fen}")
    return draughts.Move(board, hub_move=text)


def engine_move(engine, board, limit, who, current_position_only=False):
    if current_position_only:
        best, ponder = engine.go(board._game.get_fen(), moves=None, my_time=limit.time, inc=limit.inc,
                                 movetime=limit.movetime, depth=limit.depth, nodes=limit.nodes)
    else:
        hub_moves = " ".join(m.hub_move for m in board.move_stack)
        best, ponder = engine.go(board._game.initial_hub_fen, moves=hub_moves, my_time=limit.time,
                                 inc=limit.inc, movetime=limit.movetime, depth=limit.depth,
                                 nodes=limit.nodes)
    move = check_move(board, best, who)
    if ponder:
        after = board.copy()
        after.push(move)
        check_move(after, ponder, who + " (ponder move)")
    for key in ("depth", "score", "nodes"):
        if key not in engine.info:
            raise Failure(f"{who}: no {key} in the info lines ({engine.info})")
    return move


def stop_search(engine, board, who):
    """stop, a ping having been sent during the search: pong before done,
    a legal move, within a second."""
    started = time.time()
    engine.stop()
    lines = []
    while True:
        command_name, arg = engine.recv_hub()
        lines.append(command_name)
        if command_name == "done":
            best = arg.split()[0].split("=")[1]
            check_move(board, best, who)
            break
    if "pong" not in lines:
        raise Failure(f"ping during a search not answered: {lines}")
    if time.time() - started > 1.0:
        raise Failure("stop took more than a second")


def protocol_checks(command, variant, log):
    engine = start_engine(command, variant)
    engine.ping()
    board = draughts.Board(variant)
    # go ponder, then ponder-hit: the search then runs on the clock.
    result = {}
    thread = threading.Thread(target=lambda: result.update(
        r=engine.play(board, Limit(time=2, inc=0), True)))
    thread.start()
    time.sleep(0.2)
    engine.ponderhit()
    thread.join(10)
    if thread.is_alive() or "r" not in result:
        raise Failure("go ponder + ponder-hit: no done")
    check_move(board, result["r"].move.hub_move, "ponder")
    # level infinite, stopped: the answer comes after stop, not before.
    engine.send(f"pos pos={board._game.initial_hub_fen}")
    engine.send("level infinite")
    engine.send("go think")
    time.sleep(0.3)
    engine.send("ping")
    stop_search(engine, board, "level infinite + stop")
    close(engine)
    log(f"{variant}: ping, go ponder + ponder-hit, level infinite + ping + stop: ok")


def play_game(variant, players, max_plies, rng, random_opening=0):
    """players: two (kind, engine, limit, current_position_only) for the side
    moving first and second.  Returns (result, plies, engine moves)."""
    board = draughts.Board(variant)
    clocks = [None, None]
    for i, (kind, _, limit, _) in enumerate(players):
        if kind == "engine" and limit.time is not None:
            clocks[i] = limit.time
    first = board.turn
    engine_moves = 0
    while not board.is_over() and len(board.move_stack) < max_plies:
        side = 0 if board.turn == first else 1
        kind, engine, limit, current_only = players[side]
        if kind == "random" or len(board.move_stack) < random_opening:
            move = rng.choice(board.legal_moves())
        else:
            if clocks[side] is not None:
                limit = Limit(time=clocks[side] + limit.inc, inc=limit.inc)
            started = time.time()
            move = engine_move(engine, board, limit, f"{variant} ply {len(board.move_stack) + 1}",
                               current_only)
            if clocks[side] is not None:
                clocks[side] += limit.inc - (time.time() - started) - limit.inc
                if clocks[side] < 0:
                    raise Failure(f"{variant}: engine lost on time at ply {len(board.move_stack) + 1}")
            engine_moves += 1
        board.push(move)
    winner = board.winner()
    if winner is None:
        result = "draw (ply limit)"
    elif winner == 0:
        result = "draw"
    else:
        result = "first player wins" if winner == first else "second player wins"
    return result, len(board.move_stack), engine_moves


def games_of_round(round_number):
    """(name, the two sides as (kind, limit, current position only), random
    plies first) of each game of a round."""
    opening = 2 * round_number if round_number > 1 else 0
    return [
        ("engine (move-time 0.05 s) vs random",
         [("engine", Limit(movetime=0.05), False), ("random", None, False)], 0),
        ("random vs engine (depth 6)",
         [("random", None, False), ("engine", Limit(depth=6), False)], 0),
        (f"engine (move-time 0.05 s) vs engine (depth 4), {opening} random plies first",
         [("engine", Limit(movetime=0.05), False), ("engine", Limit(depth=4), False)], opening),
        (f"engine (10 s + 0.1 s, moves) vs engine (10 s + 0.1 s, position only), "
         f"{opening} random plies first",
         [("engine", Limit(time=10, inc=0.1), False), ("engine", Limit(time=10, inc=0.1), True)],
         opening),
        (f"engine (20000 nodes) vs engine (depth 3), {opening + 6} random plies first",
         [("engine", Limit(nodes=20000), False), ("engine", Limit(depth=3), True)], opening + 6),
    ]


def play_one(command, variant, name, sides, random_opening, args, rng):
    """Plays one game and prints it; returns 1 on failure."""
    engines = []
    try:
        players = []
        for kind, limit, current_only in sides:
            engine = start_engine(command, variant) if kind == "engine" else None
            if engine:
                engines.append(engine)
            players.append((kind, engine, limit, current_only))
        started = time.time()
        result, plies, engine_moves = play_game(variant, players, args.max_plies, rng, random_opening)
        print(f"{variant}: {name}: {result}, {plies} plies, {engine_moves} engine moves "
              f"all legal, {time.time() - started:.1f} s")
        return 0
    except (Failure, EOFError, KeyError, ValueError) as error:
        print(f"{variant}: {name}: FAILED: {error!r}")
        return 1
    finally:
        for engine in engines:
            close(engine)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="build/host/checkers",
                        help="the checkers binary (default build/host/checkers)")
    parser.add_argument("--variants", nargs="+", default=["russian", "english"])
    parser.add_argument("--max-plies", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1,
                        help="play the games this many times; round r > 1 opens every "
                             "engine-against-engine game with 2r random plies")
    parser.add_argument("--firmware", nargs=argparse.REMAINDER,
                        help="the engine is this command (the game firmware in the simulator), "
                             "not --engine hub; the rest of the line is the command")
    args = parser.parse_args()
    command = args.firmware or [args.engine, "hub"]
    if not os.access(command[0], os.X_OK):
        sys.exit(f"pydraughts_play.py: {command[0]} is not built (make {command[0]})")
    rng = random.Random(args.seed)
    failures = 0
    print(f"pydraughts {draughts.__version__}, engine: {' '.join(command)}")
    for variant in args.variants:
        try:
            protocol_checks(command, variant, print)
        except (Failure, EOFError, KeyError, ValueError) as error:
            failures += 1
            print(f"{variant}: protocol checks FAILED: {error!r}")
        for round_number in range(1, args.rounds + 1):
            for name, sides, random_opening in games_of_round(round_number):
                failures += play_one(command, variant, name, sides, random_opening, args, rng)
    print(f"pydraughts_play: {'all ok' if failures == 0 else f'{failures} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
