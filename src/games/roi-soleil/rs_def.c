/*
 * rs_def.c - the game definition of "Les Guerres du Roi Soleil 1667-1713"
 * (roi-soleil): France against the Coalition, a year in three phases; the
 * scenarios come from data/roi-soleil/scenarios.json.
 */
#include "rs_int.h"

static const char *const rs_roles[] = {"france", "coalition"};
static const char *const rs_scenarios[] = {"devolution"};
static const vb_option_def rs_options[] = {
    {"closed", "closed game: the other camp's army compositions are hidden (rule 6)", 0, 0, 1},
};

const vb_game_def vb_def_roi_soleil = {
    .id = "roi-soleil",
    .title = "Les Guerres du Roi Soleil 1667-1713",
    .rules_version =
        "roi-soleil 19 (Vae Victis HS 2019 rules; engine reading 19: a camp at 0 RP "
        "leads no campaign (6); Holland, Augsburg, "
        "Spanish Succession with its cease-fires; owner's choices at a reduced FV, "
        "S+ and Sh's zone; a combat star kills its own side's commander only; "
        "attrition on the moving army before the union, retreats and interceptions "
        "with every 14.1 modifier, the Succession's sea rolls, the capacity per "
        "crossing, a siege's A by the army's SP; 1684's forced Scorched earth "
        "in the zones named; imperial cavalry recalled too in 1690 and 1704; "
        "recruits set up in garrison; lone generals taken after events, not "
        "those on a march; a whole army leaving a contested zone tested, an "
        "interceptor's neutral zone paid, the quarters' SC, France Ouest never "
        "the Coalition's by a siege; one army acting in a surprise, led on by the "
        "next general of its stack when its own falls, none other acting; units into or out "
        "of a fortress just raised, a line left alone by its garrisoned army removed; "
        "a neutralised state's units neither recruited nor brought by an event; a "
        "neutralised ally counted on the Diplomacy Table with the camp it last "
        "served; a general or a line left alone beside a recruit, an event's SP, a "
        "march, a march that stays, winter quarters taken or removed or a neutralised "
        "ally's fortress; 3.2: a combat's commander "
        "chosen by each camp with two or more generals there; outside combats, the "
        "SC of the enemy's commander in a march's initiative test chosen by the enemy, "
        "the best SC for a camp's own interception, obedience test and quarters; "
        "no 5 RP sway of a camp's own minor ally already at its Unbreakable end)",
    .nroles = 2,
    .roles = rs_roles,
    .nscenarios = 1,
    .scenarios = rs_scenarios,
    .noptions = 1,
    .options = rs_options,
    .state_size = sizeof(rs_state),
    .load = rs_load,
    .unload = rs_unload,
    .setup = rs_setup,
    .to_move = rs_to_move,
    .prompt = rs_prompt,
    .legal = rs_legal,
    .apply = rs_apply,
    .action_text = rs_action_text,
    .result = rs_result,
    .to_json = rs_to_json,
    .from_json = rs_from_json,
    .render = rs_render,
    .check = rs_check,
    .redact = rs_redact,
    .determinize = rs_determinize,
    .visibility = rs_visibility,
    .eval = rs_eval,
    .turn = rs_turn,
    .explain = rs_explain,
    .odds_setup = rs_odds_setup,
    .odds_done = rs_odds_done,
    .odds_outcome = rs_odds_outcome,
    .odds_help = rs_odds_help,
    .svg = rs_svg,
    .area = rs_area,
    .area_word = "zone",
};
