/* SPDX-License-Identifier: MIT */
#include "checkers/game.h"
#include "checkers/hash_multiply.h"

/* Multiplicative hashing of the four bitboards and the side.  A product by
 * an odd constant carries each input bit only towards the higher bits, so
 * the high half is folded back onto the low one after every step; without
 * the fold a piece on the top squares (27, 30, 31) left the hash unchanged. */
static uint32_t mix(uint32_t h, bb32 x)
{
    h = game_hash_multiply(h ^ x);
    return h ^ (h >> 16);
}

/* The four bitboards in the order they are mixed: White's and Black's
 * pieces, then their men.  One loop over them, so that the product is
 * written once (122 bytes of flash; some 30 cycles a hash). */
#define HASHED_BOARDS 4u

/* The whole 32 bits: one copy for game_hash() and game_hash_wide(), which
 * a build without a transposition table (the small engine's) does not
 * link: its game_hash() is then this, inlined, as it was before there was
 * a game_hash_wide(), and out of line as it was (not inlined into its
 * callers, whose code stays what it was too). */
static uint32_t hash32(const bd_position *pos)
{
    uint32_t h = pos->side ? 0x85EBCA6Bu : 0xC2B2AE35u;
    for (uint8_t i = 0; i < HASHED_BOARDS; i++)
        h = mix(h, i < 2u ? pos->pieces[i] : pos->men[i - 2u]);
    return h;
}

__attribute__((noinline)) uint16_t game_hash(const bd_position *pos)
{
    return (uint16_t)(hash32(pos) >> 16);
}

uint32_t game_hash_wide(const bd_position *pos)
{
    return hash32(pos);
}

/* Out of line: a firmware built with link-time optimisation would copy it
 * into each caller. */
__attribute__((noinline)) void game_set_position(struct bd_game *game, const struct bd_rules *rules, const bd_position *pos)
{
    game->pos = *pos;
    game->rules = rules;
    game->ply = 0;
    game->quiet_plies = 0;
    game->hashes[0] = game_hash(pos);
}

void game_new(struct bd_game *game, const struct bd_rules *rules)
{
    bd_position start;
    pos_initial(&start, rules);
    game_set_position(game, rules, &start);
}

void game_play(struct bd_game *game, const bd_move *m)
{
    /* bb_has, not bb_bit: on AVR a byte's mask, not the 128-byte table of
     * squares that the 8 KB parts' move generator may do without. */
    uint8_t irreversible = mg_move_is_capture(m) ||
                           bb_has(&game->pos.men[game->pos.side], m->from);
    mg_make(&game->pos, m);
    game->ply++;
    if (irreversible) {
        game->quiet_plies = 0;
    } else if (game->quiet_plies + 1u < GAME_HISTORY) {
        game->quiet_plies++;
    } else {
        /* The window is full: forget the oldest position. */
        for (uint8_t i = 1; i < GAME_HISTORY; i++)
            game->hashes[i - 1u] = game->hashes[i];
        if (game->quiet_plies < 0xFFu)
            game->quiet_plies++;
    }
    uint8_t last = game_now_index(game);
    game->hashes[last] = game_hash(&game->pos);
}

uint8_t game_repetitions(const struct bd_game *game)
{
    uint8_t last = game_now_index(game);
    uint16_t now = game->hashes[last];
    uint8_t count = 1;
    /* Same side to move: every second position back. */
    for (int16_t i = (int16_t)last - 2; i >= 0; i -= 2)
        if (game->hashes[i] == now)
            count++;
    return count;
}

uint8_t game_status(const struct bd_game *game, bd_move *scratch, bd_move *scratch_end)
{
    bd_move *end = mg_generate(&game->pos, game->rules, scratch, scratch_end);
    if (end == scratch)
        return game->pos.side == BD_WHITE ? GAME_BLACK_WINS : GAME_WHITE_WINS;
    if (game_repetitions(game) >= GAME_REPETITIONS)
        return GAME_DRAW_REPETITION;
    if (game->quiet_plies >= game->rules->draw_quiet_plies)
        return GAME_DRAW_QUIET_MOVES;
    return GAME_ONGOING;
}
