/* SPDX-License-Identifier: MIT */
/*
 * player.h - an engine as a match sees it: something that is told the
 * game so far and answers with a move.
 *
 * Every kind of engine is a command run as a child process, behind one
 * small table of operations (struct player_kind): open it, ask it for a
 * move in a game given as the variant, the start FEN and the PDN moves
 * played since, close it.  Whether the engine keeps a session between
 * moves is its kind's business:
 *
 *   cli     a `checkers` binary of any revision, run once per move:
 *             PATH go --variant V --fen START --moves "M1 M2 ..."
 *                     (--depth N | --movetime MS | --nodes N)
 *           and its `bestmove` line read.  A binary whose --help does not
 *           mention --moves (older than the option) gets the current
 *           position as --fen instead, and so plays without the game's
 *           record (history=fen forces that, history=moves the other);
 *           one whose --help does not mention --nodes cannot play at a
 *           node limit, and is refused when it is given one.
 *   avrsim  the game firmware in the simulator, one session a game:
 *             AVRSIM ELF   fed  level time MS | level depth N,  new V,
 *           the moves, go;  the firmware's move line is read back.  Its
 *           clock is the simulated one, so `level time` is the board's
 *           real thinking time.  Between its moves the simulator is
 *           stopped (SIGSTOP), so its idle loop takes no core from the
 *           opponent.  The firmware's `level` command is a depth or a
 *           time, never a node count: a node limit is refused for it.
 *
 * A new kind (a Hub-protocol engine: `pos`, `level`, `go`, `done move=`)
 * is one more entry of that table.
 *
 * An engine is named on the command line by a spec,
 *     [KIND:]PATH[,KEY=VALUE...]
 * with KIND cli or avrsim (default: avrsim for a PATH ending in .elf,
 * else cli) and the keys depth=N, movetime=MS, nodes=N (the limit per
 * move, nodes cli only; the match's own limit when absent), name=LABEL
 * (for the report; default PATH and its limit), sim=PATH (the avrsim
 * binary), history=moves|fen (cli).  PATH cannot contain a comma.
 */
#ifndef BITDRAUGHTS_PLAYER_H
#define BITDRAUGHTS_PLAYER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PLAYER_PATH_MAX 512u
#define PLAYER_NAME_MAX 96u
#define PLAYER_MOVE_MAX 64u
#define PLAYER_ERROR_MAX 256u
/* The wall-clock time a move may take before the engine counts as hung
 * (player_parse's default; the match may change it): at a fixed depth or
 * node count a generous constant, at a time per move ten times it plus
 * start-up. */
#define PLAYER_DEPTH_TIMEOUT_MS 120000u
#define PLAYER_TIMEOUT_FACTOR 10u
#define PLAYER_TIMEOUT_SLACK_MS 5000u

enum player_reply {
    PLAYER_MOVED = 0,   /* *move holds the engine's move text */
    PLAYER_NO_MOVE,     /* the engine says it has no move */
    PLAYER_FAILED,      /* no usable answer: error holds why */
};

enum player_history { PLAYER_HISTORY_AUTO = 0, PLAYER_HISTORY_MOVES, PLAYER_HISTORY_FEN };

struct player;

/* The game as an engine is told it before each of its moves. */
struct player_game {
    const struct bd_rules *rules;
    const char *start_fen;      /* the position the moves start from */
    const char *moves;          /* the PDN moves played since, blank-separated */
    uint16_t plies;             /* how many */
    const char *current_fen;    /* the position now (for engines without the record) */
};

struct player_kind {
    const char *name;
    /* Starts whatever the engine needs across games; 0 or -1 with error set. */
    int (*open)(struct player *p);
    /* Asks for a move of game; a player_reply. */
    int (*go)(struct player *p, const struct player_game *game, char *move, size_t move_size);
    /* Ends it all (the match is over or this worker stops). */
    void (*close)(struct player *p);
};

struct player {
    const struct player_kind *kind;
    char path[PLAYER_PATH_MAX];
    char sim[PLAYER_PATH_MAX];      /* avrsim: the simulator */
    char name[PLAYER_NAME_MAX];
    /* The limit per move: exactly one of the three is non-zero. */
    uint8_t depth;
    uint32_t movetime_ms;
    uint32_t nodes;                 /* cli only */
    uint32_t timeout_ms;            /* wall-clock time allowed per move */
    uint8_t history;                /* cli: enum player_history */
    char error[PLAYER_ERROR_MAX];   /* why the last call failed */
    /* avrsim session */
    pid_t pid;
    int to_engine;
    int from_engine;
    uint8_t stopped;                /* SIGSTOP'ed between moves */
    uint8_t level_sent;
    const struct bd_rules *session_rules;
    char *session_moves;            /* the moves the firmware's game holds */
    size_t session_size;
};

/* Parses a spec (above) into *p, the limits not given there taken from
 * depth / movetime_ms / nodes (exactly one non-zero); 0 or -1 with
 * p->error set.  default_sim is the avrsim binary unless sim= says
 * otherwise. */
int player_parse(struct player *p, const char *spec, uint8_t depth, uint32_t movetime_ms,
                 uint32_t nodes, const char *default_sim);
/* The kind's operations, with p->error set when they fail. */
int player_open(struct player *p);
int player_go(struct player *p, const struct player_game *game, char *move, size_t move_size);
void player_close(struct player *p);
/* "depth 4", "movetime 100 ms" or "nodes 5000" into out. */
void player_describe_limit(const struct player *p, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
