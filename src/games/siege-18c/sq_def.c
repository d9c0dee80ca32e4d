/*
 * sq_def.c - the game definition of "18th Century Siege Rules" (siege-18c):
 * two players, besieger and defender, a Vauban siege of a line of
 * bastioned fronts on a measured board, one turn a day for 21 days.
 */
#include "sq_int.h"

static const char *const roles[] = {"besieger", "defender"};
static const char *const scenarios[] = {"one-front", "two-fronts", "three-fronts"};

const vb_game_def vb_def_siege_18c = {
    .id = "siege-18c",
    .title = "18th Century Siege Rules",
    .rules_version = "club text as posted; engine reading 8 (docs/siege-18c.md)",
    .nroles = 2,
    .roles = roles,
    .nscenarios = 3,
    .scenarios = scenarios,
    .noptions = 0,
    .options = 0,
    .state_size = sizeof(sq_state),
    .load = sq_load,
    .unload = sq_unload,
    .setup = sq_setup,
    .to_move = sq_to_move,
    .prompt = sq_prompt,
    .legal = sq_legal,
    .apply = sq_apply,
    .action_text = sq_action_text,
    .result = sq_result,
    .to_json = sq_to_json,
    .from_json = sq_from_json,
    .render = sq_render,
    .area = sq_area,
    .area_word = "work",
    .check = sq_check,
    .eval = sq_eval,
    .turn = sq_turn,
    .parse = sq_parse,
    .judge = sq_judge,
    .svg = sq_svg,
    .odds_setup = sq_odds_setup,
    .odds_done = sq_odds_done,
    .odds_outcome = sq_odds_outcome,
    .odds_help = sq_odds_help,
    .explain = sq_explain,
};
