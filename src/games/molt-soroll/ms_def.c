/*
 * ms_def.c - the game definition of "Molt soroll per un rei" (molt-soroll):
 * solitaire, King Peter III against six fronts converging on Barcelona
 * (1276-1285).
 */
#include "ms_int.h"

static const char *const ms_roles[] = {"king"};
static const char *const ms_scenarios[] = {"standard"};

const vb_game_def vb_def_molt_soroll = {
    .id = "molt-soroll",
    .title = "Molt soroll per un rei",
    .rules_version = "molt-soroll 2", /* 2: issue 9 rule fixes (8.5, 8.1.1, 7) */
    .nroles = 1,
    .roles = ms_roles,
    .nscenarios = 1,
    .scenarios = ms_scenarios,
    .noptions = 0,
    .options = NULL,
    .state_size = sizeof(ms_state),
    .load = ms_load,
    .unload = ms_unload,
    .setup = ms_setup,
    .to_move = ms_to_move,
    .prompt = ms_prompt,
    .legal = ms_legal,
    .apply = ms_apply,
    .action_text = ms_action_text,
    .result = ms_result,
    .to_json = ms_to_json,
    .from_json = ms_from_json,
    .render = ms_render,
    .check = ms_check,
    .redact = NULL,
    .determinize = NULL,
    .eval = ms_eval,
    .turn = ms_turn,
    .odds_setup = ms_odds_setup,
    .odds_done = ms_odds_done,
    .odds_outcome = ms_odds_outcome,
    .svg = ms_svg,
    .area = ms_area,
    .area_word = "front",
    .points = ms_points,
    .odds_help =
        "offensive FRONT|riot|pirates [almogavar] [fleet] [box=N] [reduced|full] [mod=N] [riot] "
        "[pirates] [nobility=B] [james=B]: one offensive die (8.1); with a state file the card, "
        "riot, pirates and James modifiers come from it; mod=N is -9..9\n"
        "siege FRONT [box=N] [reduced|full] [nobility=B] [james=B]: one siege die (6); N = the "
        "number of boxes means Barcelona; James at 'Visca' reduces the French force (7.2)\n"
        "influence nobility|pope|james [mod=N] [nobility=B] [james=B]: one influence die "
        "(8.4-8.6)\n"
        "inactivation FRONT [box=N]: Possible inactivació die (8.1.4)\n"
        "Each word at most once; a word the procedure does not use is refused.",
};
