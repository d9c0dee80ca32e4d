/* test_mutation44.c - the forty-fourth session's mutation pass (seed 44,
 * helper pco, docs/piacenza-1746.md "Mutation pass, forty-fourth session
 * (helper pco)"): what the pass found without a test in pc_io.c,
 * pc_owner.c, pc_place.c, pc_map.c and the rules files after them. Each
 * test quotes the rule it checks and names the mutant it kills (lines of
 * f4f361b1). Messages begin "M44:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"
#include "odds.h"

/* 5.5: the units of a Line are "adjacent to each other, or at most within
 * two hexes of another unit of the same Formation", the hex between them
 * an "intermediate hex" (a gap). The declaration is told in the log with
 * its length, first and last hexes and its gaps, "1 gap" for one, "0
 * gaps" or "2 gaps" for the others: Petit Bois's three battalions (the
 * centre map, 0101-0103) declare a Line from 0101 with one gap to 0104;
 * declared again, with none to 0301, or with two to 0105. (pc_rules.c:887 the log's
 * `s->line_gaps == 1 ? "" : "s"` as `== 2`: "1 gaps", "2 gap".) */
static void line_declaration_tells_its_gaps(void **state)
{
    (void)state;
    static const struct {
        const char *gaps, *to, *log;
    } rows[] = {
        {"line-gaps 1", "line-to 0104", "declares a Line of 3 from 0101 to 0104, 1 gap\n"},
        {"line-gaps 0", "line-to 0301", "declares a Line of 3 from 0101 to 0301, 0 gaps\n"},
        {"line-gaps 2", "line-to 0105", "declares a Line of 3 from 0101 to 0105, 2 gaps\n"}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        vbt *t = petit_bois_declares();
        vbt_act(t, "line-from 0101");
        vbt_act(t, rows[k].gaps);
        vbt_act(t, rows[k].to);
        if (!vbt_logged(t, rows[k].log))
            fail_msg("M44: 5.5 the log lacks '%s'; log:\n%s", rows[k].log, t->log);
        vbt_free(t);
    }
}

/* 4.4: "The Formation Commander may move at the end of his Formation's
 * movement"; 4.6: a Commander captured as a Staff "is given to the
 * opponent as a trophy". Petit Bois captured (off the map), his
 * formation's battalions still move, and no move of his is offered; on
 * the map, his move is offered. (pc_rules.c:585 the listing's `f <
 * PC_MAXF && s->lhex[leader] >= 0` as `||`: `move-leader` offered for a
 * Commander off the map.) */
static void captured_commander_does_not_move(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        vbt *t = pc_new("centre", 1);
        clear_board(t);
        put(t, "Saboya", "0301");
        put(t, "Africa", "0302");
        if (on)
            put_leader(t, "Petit Bois", "0302");
        at_segment(t, "De Croix", PH_MFORM);
        vbt_act(t, "formation Petit-Bois");
        if (!vbt_legal(t, "move Saboya"))
            fail_msg("M44: 4.4 Petit Bois's battalions do not move");
        if (vbt_legal(t, "move-leader Petit-Bois") != on)
            fail_msg("M44: 4.4, 4.6 Petit Bois %s: his move %soffered", on ? "in 0302" : "captured",
                     on ? "not " : "");
        vbt_free(t);
    }
}

/* 8.5.1: "The owning player always chooses which unit of the stack subject
 * to fire will suffer the effects of the shot": Artilleria de Gages's
 * bombardment of Bernes and Hohenembs Cuirassiers stacked in 1205, one
 * step; the Austrian player is asked, and the prompt names the unit hit.
 * (pc_turn.c:293 the prompt's `s->own_u < d->nu` as `>`: "the stack of
 * ?".) */
static void owner_prompt_names_the_unit_hit(void **state)
{
    (void)state;
    vbt *t = bombarded_cuirassiers();
    assert_int_equal(S(t)->phase, PH_OWNER);
    char p[VB_TEXT_LEN], want[VB_TEXT_LEN];
    vb_prompt(t->g, S(t), p, sizeof p);
    snprintf(want, sizeof want, "which unit of the stack of %s suffers the effects? (8.5.1)",
             D(t)->u[S(t)->own_u].name);
    if (!strstr(p, want) || !strstr(p, " Cuirassiers"))
        fail_msg("M44: 8.5.1 the owner's prompt: %s", p);
    vbt_free(t);
}

/* 4.0: "The CiC can move at the end of the activation of any Wing once
 * per turn": in the battle's first turn the Franco-Spanish wing, then the
 * Austrian one, activates; at the end of each its side is asked, and the
 * prompt names that side's CiC, the Infante Felipe, then the Austrian one.
 * (pc_turn.c:289 the prompt's `d->cic[s->side & 1]` as `& 2`: the
 * Austrian player asked to move the Infante Felipe.) */
static void cic_prompt_names_the_sides_cic(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    int asked = 0;
    for (int g = 0; g < 12 && asked < 2; g++) {
        if (S(t)->phase == PH_CIC) {
            char p[VB_TEXT_LEN], want[VB_TEXT_LEN];
            int side = S(t)->side;
            assert_int_equal(side, asked ? PC_AU : PC_FS);
            vb_prompt(t->g, S(t), p, sizeof p);
            snprintf(want, sizeof want, ": move %s to a named hex, or stay (4.0)",
                     d->l[d->cic[side]].name);
            if (!strstr(p, want))
                fail_msg("M44: 4.0 the %s CiC's prompt: %s", d->side_list[side], p);
            vbt_act(t, "cic-stay");
            asked++;
        } else if (S(t)->phase == PH_WCMOVE) {
            vbt_act(t, "stop");
        } else {
            pass_activation(t);
        }
    }
    assert_int_equal(asked, 2);
    vbt_free(t);
}

/* 2.2.2: "Artillery units are commanded directly by their Wing Commander";
 * 4.3: command is traced "to their WC (or CiC, if the WC is deceased)".
 * In the battle, Artilleria de Gages's Wing Commander gone: the gun is in
 * command while the Infante Felipe is on the map, wherever he stands (in
 * 0101, hex 0, as elsewhere), and out of command once he is gone too.
 * (pc_units.c:217 `s->lhex[cic] >= 0` as `> 0`: the CiC in hex 0 taken
 * for gone.) */
static void gun_commanded_by_the_cic_in_hex_zero(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int gun = U(t, "Artilleria de Gages"), cic = LEADER(t, "Infante Felipe");
    int wc = d->wg[d->u[gun].wing].wc;
    assert_true(wc >= 0 && d->cic[PC_FS] == cic && !d->all_in_command && s->uhex[gun] >= 0);
    s->lhex[wc] = -1;
    static const char *const at[] = {"0101", "1004", NULL};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        s->lhex[cic] = (int16_t)(at[k] ? HX(t, at[k]) : -1);
        if (pc_in_command(d, s, gun) != (at[k] != NULL))
            fail_msg("M44: 2.2.2 / 4.3 Artilleria de Gages, its WC gone, the CiC %s%s: %s",
                     at[k] ? "in " : "gone", at[k] ? at[k] : "",
                     at[k] ? "out of command" : "in command");
    }
    vbt_free(t);
}

/* 4.7: a Commander "can be relocated to the closest unit of the same
 * Formation (if any, otherwise it is eliminated ...)": only one left
 * without a unit in his hex. Scenario 1: Douchez stacked with Guardias
 * Espanolas (Aramburu's, the first unit of the forces) and Artilleria de
 * Gages in 0504, Corona (his own) in 0510; the gun is eliminated and
 * Douchez stays in 0504 with the Guardias. (pc_units.c:403 `pc_unit_at(...)
 * < 0` as `< 1`: unit 0 counted as none, Douchez sent to Corona.) */
static void commander_stays_with_unit_zero(void **state)
{
    (void)state;
    vbt *t = board();
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Guardias Espanolas", "0504");
    put(t, "Artilleria de Gages", "0504");
    put(t, "Corona", "0510");
    put_leader(t, "Douchez", "0504");
    pc_eliminate(D(t), S(t), U(t, "Artilleria de Gages"), &t->cx);
    if (S(t)->lhex[pc_find_leader(D(t), "Douchez")] != HX(t, "0504"))
        fail_msg("M44: 4.7 Douchez left the Guardias Espanolas in 0504 (at %d)",
                 S(t)->lhex[pc_find_leader(D(t), "Douchez")]);
    vbt_free(t);
}

/* 4.4: "The Formation Commander may move at the end of his Formation's
 * movement"; DESIGN.md: a position round-trips through its state file.
 * On the centre map Petit Bois stands with Saboya in 0101 (hex 0) and
 * begins his move (`move-leader`): the position, his move under way, is
 * written and read back the same. (pc_check.c:392 the moving leader's
 * `s->lhex[s->mv_u] < 0` as `<= 0`: refused, "the moving leader must be
 * on the map".) */
static void leader_moving_from_hex_zero_reads_back(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    put(t, "Africa", "0102");
    put_leader(t, "Petit Bois", "0101");
    at_segment(t, "De Croix", PH_MFORM);
    vbt_act(t, "formation Petit-Bois");
    vbt_act(t, "move-leader Petit-Bois");
    assert_int_equal(S(t)->phase, PH_LSTEP);
    assert_int_equal(S(t)->lhex[S(t)->mv_u], 0);
    reads_back_the_same(t, "M44: 4.4 Petit Bois moving from 0101 (hex 0)");
    vbt_free(t);
}

/* DESIGN.md: a hostile state file is refused, in one line naming the
 * field. The procedure's `move_steps` is read as 0-40: 40 is accepted,
 * 41 refused, "\"move_steps\" is 41, must be 0-40", the state unchanged.
 * (pc_io.c:245 the bound 40 as 41: accepted.) */
static void move_steps_bounds(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_t *pr = json_object_get(j, "procedure");
    json_object_set_new(pr, "move_steps", json_integer(40));
    pc_load_expect(t, file, NULL, "M44: move_steps 40");
    assert_int_equal(S(t)->mv_steps, 40);
    json_object_set_new(pr, "move_steps", json_integer(41));
    pc_load_expect(t, file, "\"move_steps\" is 41, must be 0-40", "M44: move_steps 41");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.1: each defender fired at declares its own defensive fire; the odds
 * take the declaration given with the fire's words. Corona fires at
 * Pallavicini, Aragon at Clerici; after open-fire, the first legal action
 * (a reply or a hold) given as the defender's declaration is taken: the
 * setup is accepted, the dice due. (pc_odds.c:117 the declarations' scan
 * from `i = 1`: the first legal action never matched, and the odds
 * refused it, "not a defensive fire declaration of this fire".) */
static void odds_take_the_first_legal_declaration(void **state)
{
    (void)state;
    vbt *t = douchez_three("0806", NULL);
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Aragon Clerici");
    pc_state *start = malloc(sizeof *start);
    memcpy(start, S(t), sizeof *start);
    vbt_act(t, "open-fire");
    assert_int_equal(S(t)->phase, PH_FREPLY);
    vb_action l[VB_MAX_ACTIONS];
    int n = pc_legal(t->g, S(t), l, NULL, VB_MAX_ACTIONS);
    assert_true(n > 0);
    assert_true(PC_K(l[0]) == A_REPLY || PC_K(l[0]) == A_HOLD);
    char buf[VB_TEXT_LEN + 16], *argv[8], *save = NULL;
    int argc = 0;
    strcpy(buf, "open-fire ");
    vb_action_text(t->g, S(t), l[0], buf + strlen(buf), VB_TEXT_LEN);
    for (char *w = strtok_r(buf, " ", &save); w && argc < 7; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    vb_action first;
    vb_odds_plan plan;
    if (vb_odds_setup_plan(t->g, start, 1, argc, argv, &first, &plan, &t->cx))
        fail_msg("M44: 9.1 the first legal declaration refused: %s", t->cx.err);
    assert_int_equal(start->roll, RL_FIRE);
    free(start);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_declaration_tells_its_gaps),
        cmocka_unit_test(captured_commander_does_not_move),
        cmocka_unit_test(owner_prompt_names_the_unit_hit),
        cmocka_unit_test(cic_prompt_names_the_sides_cic),
        cmocka_unit_test(gun_commanded_by_the_cic_in_hex_zero),
        cmocka_unit_test(commander_stays_with_unit_zero),
        cmocka_unit_test(leader_moving_from_hex_zero_reads_back),
        cmocka_unit_test(move_steps_bounds),
        cmocka_unit_test(odds_take_the_first_legal_declaration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
