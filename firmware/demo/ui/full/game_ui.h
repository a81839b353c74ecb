/* SPDX-License-Identifier: MIT */
/*
 * game_ui.h (GAME_UI := full) - the whole game: every optional part of
 * demo_features.h built, which is its default.
 */
#ifndef BITDRAUGHTS_DEMO_GAME_UI_H
#define BITDRAUGHTS_DEMO_GAME_UI_H
#endif
