/*
 * pc_def.c - the game definition of "Piacenza 1746" (piacenza-1746): the
 * battle of 16 June 1746, Franco-Spanish against Austrians, hex and
 * counter, by Europa Simulazioni (errata of 07/05/2022 applied).
 */
#include "pc_int.h"

static const char *const roles[2] = {"franco-spanish", "austrian"};
/* the loaded list (data/piacenza-1746/scenarios.json) replaces this one */
static const char *const scenarios[] = {"battle", "san-lazzaro", "centre", "gossolengo"};

const vb_game_def vb_def_piacenza_1746 = {
    .id = "piacenza-1746",
    .title = "Piacenza 1746",
    .rules_version = "piacenza-1746 rulebook with errata 07/05/2022; engine reading 14",
    .nroles = 2,
    .roles = roles,
    .nscenarios = 4,
    .scenarios = scenarios,
    .noptions = 0,
    .options = NULL,
    .state_size = sizeof(pc_state),
    .load = pc_load,
    .unload = pc_unload,
    .setup = pc_setup,
    .to_move = pc_to_move,
    .prompt = pc_prompt,
    .legal = pc_legal,
    .apply = pc_apply,
    .action_text = pc_action_text,
    .result = pc_result,
    .to_json = pc_to_json,
    .from_json = pc_from_json,
    .render = pc_render,
    .check = pc_check,
    .redact = pc_redact,
    .determinize = pc_determinize,
    .visibility = pc_visibility,
    .eval = pc_eval,
    .turn = pc_turn,
    .svg = pc_svg,
    .points = pc_points,
    .area = pc_hex_area,
    .area_word = "hex",
    .explain = pc_explain,
    .odds_setup = pc_odds_setup,
    .odds_outcome = pc_odds_outcome,
    .odds_help = pc_odds_help,
    .odds_plan = pc_odds_plan,
    .odds_decide = pc_odds_decide,
};
