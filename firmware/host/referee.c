/* SPDX-License-Identifier: MIT */
#include "host/referee.h"

#include <stdio.h>
#include <string.h>

#include "checkers/game.h"

static const char blanks[] = " \t\r\n";

static const char *colour_name(uint8_t colour)
{
    return colour == BD_WHITE ? "White" : "Black";
}

/* Appends the move m of game's position to the record and plays it. */
static void play(struct bd_game *game, const bd_move *m, struct referee_game *out, size_t *length)
{
    char text[PDN_MOVE_MAX + 1];
    pdn_write_move(&game->pos, game->rules, m, text, sizeof text);
    *length += (size_t)snprintf(out->record + *length, sizeof out->record - *length, "%s%s",
                                *length ? " " : "", text);
    game_play(game, m);
    out->plies++;
}

/* The game is lost by the side to move (culprit) for reason. */
static void forfeit(struct referee_game *out, uint8_t culprit, uint8_t reason)
{
    out->outcome = culprit == BD_WHITE ? REFEREE_BLACK_WINS : REFEREE_WHITE_WINS;
    out->reason = reason;
    out->culprit = culprit;
}

/* Sets the outcome of a finished game (status other than GAME_ONGOING). */
static void game_over(struct referee_game *out, uint8_t status, const struct bd_game *game)
{
    switch (status) {
    case GAME_WHITE_WINS:
    case GAME_BLACK_WINS:
        out->outcome = status == GAME_WHITE_WINS ? REFEREE_WHITE_WINS : REFEREE_BLACK_WINS;
        out->reason = REFEREE_NO_LEGAL_MOVE;
        snprintf(out->detail, sizeof out->detail, "%s cannot move",
                 colour_name(status == GAME_WHITE_WINS ? BD_BLACK : BD_WHITE));
        break;
    case GAME_DRAW_REPETITION:
        out->outcome = REFEREE_DRAW;
        out->reason = REFEREE_REPETITION;
        snprintf(out->detail, sizeof out->detail, "the same position three times");
        break;
    default:
        out->outcome = REFEREE_DRAW;
        out->reason = REFEREE_QUIET_MOVES;
        snprintf(out->detail, sizeof out->detail, "%u moves each without a capture or a man move",
                 game->rules->draw_quiet_plies / 2u);
        break;
    }
}

int referee_play(const struct bd_rules *rules, const char *opening, struct player *players[2],
                 uint16_t max_plies, struct referee_game *out)
{
    memset(out, 0, sizeof *out);
    if (max_plies > REFEREE_MAX_PLIES)
        max_plies = REFEREE_MAX_PLIES;
    struct bd_game game;
    game_new(&game, rules);
    char start_fen[PDN_FEN_MAX];
    pdn_write_fen(&game.pos, rules, start_fen, sizeof start_fen);
    size_t length = 0;

    unsigned number = 0;
    for (const char *c = opening + strspn(opening, blanks); *c; c += strspn(c, blanks)) {
        size_t token = strcspn(c, blanks);
        bd_move m;
        number++;
        if (token > PDN_MOVE_MAX ||
            pdn_read_move(c, (uint16_t)token, &game.pos, rules, &m) != PDN_OK) {
            snprintf(out->detail, sizeof out->detail, "move %u of the opening (%.*s) is not legal",
                     number, (int)(token > PDN_MOVE_MAX ? PDN_MOVE_MAX : token), c);
            return -1;
        }
        play(&game, &m, out, &length);
        c += token;
    }

    bd_move scratch[MG_MAX_MOVES];
    for (;;) {
        uint8_t status = game_status(&game, scratch, scratch + MG_MAX_MOVES);
        if (status != GAME_ONGOING) {
            game_over(out, status, &game);
            return 0;
        }
        if (out->plies >= max_plies) {
            out->outcome = REFEREE_DRAW;
            out->reason = REFEREE_MOVE_LIMIT;
            snprintf(out->detail, sizeof out->detail, "move limit (%u plies)", max_plies);
            return 0;
        }
        uint8_t side = game.pos.side;
        struct player *p = players[side];
        char current_fen[PDN_FEN_MAX];
        pdn_write_fen(&game.pos, rules, current_fen, sizeof current_fen);
        struct player_game told = { rules, start_fen, out->record, out->plies, current_fen };
        char move[PLAYER_MOVE_MAX];
        int reply = player_go(p, &told, move, sizeof move);
        if (reply == PLAYER_FAILED) {
            forfeit(out, side, REFEREE_NO_REPLY);
            snprintf(out->detail, sizeof out->detail, "%s (%s) failed at ply %u: %s",
                     p->name, colour_name(side), out->plies + 1u, p->error);
            return 0;
        }
        if (reply == PLAYER_NO_MOVE) {
            forfeit(out, side, REFEREE_FALSE_NO_MOVE);
            snprintf(out->detail, sizeof out->detail,
                     "%s (%s) said it had no move at ply %u, but it has", p->name,
                     colour_name(side), out->plies + 1u);
            return 0;
        }
        bd_move m;
        int8_t read = pdn_read_move(move, (uint16_t)strlen(move), &game.pos, rules, &m);
        if (read != PDN_OK) {
            forfeit(out, side, REFEREE_ILLEGAL_MOVE);
            snprintf(out->detail, sizeof out->detail,
                     "%s (%s) played %s at ply %u, not a legal move: %s", p->name,
                     colour_name(side), move, out->plies + 1u, pdn_error_text(read));
            return 0;
        }
        play(&game, &m, out, &length);
    }
}

uint8_t referee_is_fault(uint8_t reason)
{
    return reason == REFEREE_ILLEGAL_MOVE || reason == REFEREE_FALSE_NO_MOVE ||
           reason == REFEREE_NO_REPLY;
}

const char *referee_result_text(uint8_t outcome)
{
    return outcome == REFEREE_WHITE_WINS ? "1-0" : outcome == REFEREE_BLACK_WINS ? "0-1" : "1/2-1/2";
}
