/*
 * sg_def.c - the game definition of "11 de Setembre. Setge 1714" (setge-1714):
 * the assault on Barcelona of 11 September 1714, two players or teams of
 * three or four (rule 15).
 */
#include "sg_int.h"

static const char *const roles[SG_NROLES] = {"bourbon", "catalan", "spanish", "catalan-right"};
static const char *const scenarios[] = {"2p", "3p", "4p"};
static const vb_option_def options[] = {
    {"events", "random event cards (rule 8, optional)", 1, 0, 1},
    {"deploy", "free deployment instead of the setup chart (rule 4)", 0, 0, 1},
};

static int is_proc_chance(int p)
{
    return p == PH_ARTDIE || p == PH_SALVODIE || p == PH_ADIE || p == PH_DDIE || p == PH_ACMDDIE ||
           p == PH_DCMDDIE;
}

static int odds_done(const vb_game *g, const void *before, const void *st)
{
    const sg_state *b = before, *s = st;
    (void)g;
    return !is_proc_chance(s->phase) || s->turn != b->turn || s->half != b->half;
}

const vb_game_def vb_def_setge_1714 = {
    .id = "setge-1714",
    .title = "11 de Setembre. Setge 1714",
    .rules_version = "setge-1714 2",
    .nroles = SG_NROLES,
    .roles = roles,
    .nscenarios = 3,
    .scenarios = scenarios,
    .noptions = 2,
    .options = options,
    .state_size = sizeof(sg_state),
    .load = sg_load,
    .unload = sg_unload,
    .setup = sg_setup,
    .to_move = sg_to_move,
    .prompt = sg_prompt,
    .legal = sg_legal,
    .apply = sg_apply,
    .action_text = sg_action_text,
    .result = sg_result,
    .to_json = sg_to_json,
    .from_json = sg_from_json,
    .render = sg_render,
    .check = sg_check,
    .redact = NULL,
    .determinize = NULL,
    .eval = sg_eval,
    .turn = sg_turn,
    .odds_setup = sg_odds_setup,
    .odds_done = odds_done,
    .odds_outcome = sg_odds_outcome,
    .odds_help = sg_odds_help,
    .explain = sg_explain,
    .parse = sg_parse,
    .judge = sg_judge,
    .svg = sg_svg,
    .area = sg_area,
    .area_word = "zone",
    .points = sg_points,
};
