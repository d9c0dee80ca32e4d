/* test_mutation44.c - molt-soroll: tests written against survivors of the
 * seed-44 mutation pass of the forty-fourth session (helper sqo) over
 * ms_io.c (the state file read and written), and against the leftover of
 * the forty-third session's pass over ms_board.c (:304, a card that
 * forbids offensives on a front). Each fails with its mutant planted back
 * (messages "M44:"); lines of f4f361b1 (docs/molt-soroll.md, "Mutation
 * pass, forty-fourth session (helper sqo)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* 8: "'No' indicates that no actions are permitted in that Front". No
 * shipped card forbids a front (Tractat d'Agreda's `no` names the nobility
 * track), so the loaded data is edited as test_checks.c does: Coronacio a
 * Saragossa (movement for the Noblesa aragonesa and the Andalusins only)
 * forbids the Noblesa catalana. The front view says "no offensive here;"
 * and not "nothing for this front."; unedited, it says nothing for it.
 * (ms_board.c:304 `any = 1` as `= 0`: "nothing for this front." after the
 * prohibition.) */
static void front_view_names_a_forbidden_front(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 2));
    char *a = vbt_area_text(t, -1, "Noblesa-catalana");
    if (!strstr(a, "nothing for this front.") || strstr(a, "no offensive here"))
        fail_msg("M44: the card does nothing for the Noblesa catalana:\n%s", a);
    free(a);
    card_to_edit(t, "coronacio-saragossa")->no_front = 1u << CAT;
    a = vbt_area_text(t, -1, "Noblesa-catalana");
    if (!strstr(a, "no offensive here;"))
        fail_msg("M44: the forbidden front's view does not say so:\n%s", a);
    if (strstr(a, "nothing for this front."))
        fail_msg("M44: the forbidden front's view says the card does nothing for it:\n%s", a);
    free(a);
    vbt_free(t);
}

/* The state's judge (the game's check, the invariant every state is held
 * to, also one no file produces; test_checks.c's rows): the active card
 * is a card of the deck or none (-1, as at the setup); an index below -1
 * is refused in one line naming it. (ms_io.c:714 `s->active < -1` as
 * `< -2`: an active card of -2 judged sound.) */
static void judge_refuses_an_active_card_below_none(void **state)
{
    (void)state;
    vbt *t = fresh();
    ms_state st = *S(t);
    assert_int_equal(st.active, -1);
    if (t->g->def->check(t->g, &st, &t->cx) != 0)
        fail_msg("M44: the setup judged unsound: %s", t->cx.err);
    for (int a = -2; a >= -3; a--) {
        st.active = (int8_t)a;
        char want[64];
        snprintf(want, sizeof want, "active card: bad index %d", a);
        if (t->g->def->check(t->g, &st, &t->cx) >= 0 || strcmp(t->cx.err, want) != 0)
            fail_msg("M44: an active card of %d judged '%s'", a, t->cx.err);
    }
    vbt_free(t);
}

/* 7.1: "If the force of "Charles of Anjou" must advance from Palermo to
 * Barcelona, you can intercept this movement if you have a fleet in the
 * "Disponibles" (Available) or "Reagrupament" (Regrouping) box." A state
 * file in the interception (Setge de Messina's movement, Charles in
 * Palermo) reads with the Estol Reial available or regrouping, and is
 * refused in one line, naming rule 7.1, with every fleet off the map.
 * (ms_io.c:635 `any_fleet_in_play` answering 1 when no fleet is found:
 * the interception read with no fleet to make it.) */
static void intercept_needs_a_fleet_in_play(void **state)
{
    (void)state;
    static const char *const status[] = {"available", "regrouping", "off"};
    for (int i = 0; i < 3; i++) {
        vbt *t = fresh();
        json_t *j = at_actions(t, "setge-messina", 0);
        set_front(j, "Napols", "Palermo", "full", 0);
        set_tok(j, "Estol-Reial", status[i]);
        set_s(j, "phase", "intercept");
        int rc = put_bad(t, j);
        if (i < 2 && rc)
            fail_msg("M44: the interception with the Estol Reial %s refused: %s", status[i],
                     t->cx.err);
        if (i == 2 &&
            (rc != VB_EINPUT || !strstr(t->cx.err, "phase 'intercept': Charles of Anjou is not "
                                                   "about to leave Palermo with a fleet to stop "
                                                   "him (rule 7.1)")))
            fail_msg("M44: the interception with no fleet in play: %d '%s'", rc,
                     rc ? t->cx.err : "read");
        vbt_free(t);
    }
}

/* 8.3 Regrouping Fleets: "You can spend one action in order to move a
 * Fleet token from "Reagrupament" (Regrouping) to "Disponibles"
 * (Available)": the order's text names the token's kind and id
 * ("regroup fleet Estol-Reial"; the last token, Berenguer Mallol, too).
 * An action naming an index that is no token (as the generic checks may
 * text) names it "?" with the default word and reads nothing past the
 * token tables: "regroup almogavar ?". (ms_io.c:39 the kind read for
 * `x <= MS_NTOK`: the entry past `tok_kind`, the first token's setup
 * status (available, 1, MS_FLEET's value), made it "regroup fleet ?".) */
static void regroup_text_of_no_token(void **state)
{
    (void)state;
    vbt *t = fresh();
    char buf[VB_TEXT_LEN];
    static const struct {
        int tok;
        const char *text;
    } rows[] = {
        {ESTOL, "regroup fleet Estol-Reial"},
        {MALLOL, "regroup fleet Berenguer-Mallol"},
        {MS_NTOK, "regroup almogavar ?"},
    };
    assert_int_equal(MALLOL, MS_NTOK - 1);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        t->g->def->action_text(t->g, S(t), MS_ACT(AK_REGROUP, rows[i].tok, 0), buf, sizeof buf);
        if (strcmp(buf, rows[i].text) != 0)
            fail_msg("M44: token %d's regroup is '%s', not '%s'", rows[i].tok, buf, rows[i].text);
    }
    vbt_free(t);
}

/* 8.1.1: "You can try to crush the riot with a standard offensive,
 * without modifiers. In an offensive against Berenguer Oller you cannot
 * use Almogavars or Fleets." A state file at the die of an offensive
 * against the active riot reads back; the same with an Almogavar token
 * used, or with the riot already crushed, is refused in one line naming
 * 8.1.1. (ms_io.c:856 the pending target judged as a front for
 * `t <= MS_NFRONTS`: the riot, target 6, read as a front past the six,
 * and both files read.) */
static void riot_offensive_without_tokens(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    set_s(j, "riot", "active");
    put(t, j);
    vbt_act(t, "offensive riot");
    assert_int_equal(S(t)->phase, PH_OFFENSIVE);
    assert_int_equal(S(t)->pend_kind, MS_T_RIOT);
    put_row(t, js(t), "M44: 8.1.1 the riot's offensive written");
    static const char msg[] =
        "pending offensive: no active riot, or tokens used against it (rule 8.1.1)";
    j = js(t);
    json_object_set_new(json_object_get(j, "pending"), "almogavar", json_true());
    if (put_bad(t, j) != VB_EINPUT || strcmp(t->cx.err, msg) != 0)
        fail_msg("M44: an almogavar against the riot: '%s'", t->cx.err);
    j = js(t);
    set_s(j, "riot", "crushed");
    if (put_bad(t, j) != VB_EINPUT || strcmp(t->cx.err, msg) != 0)
        fail_msg("M44: an offensive against a crushed riot: '%s'", t->cx.err);
    vbt_free(t);
}

/* 11: once the crusade is proclaimed, "The "Relationship with the Pope"
 * marker can be removed from the game". The state file's pope track says
 * "removed" exactly then: the marker removed without the crusade is
 * refused in one line naming rule 11 (not as a box beyond the track).
 * (ms_io.c:504 `strcmp(str, "removed") == 1`: the marker removed without
 * the crusade went on to the track's boxes and was refused as "beyond the
 * track".) */
static void pope_removed_only_with_the_crusade(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_track(j, "pope", "removed");
    json_object_set_new(j, "crusade", json_false());
    static const char msg[] = "track 'pope': the marker is 'removed' exactly when the crusade "
                              "has been proclaimed (rule 11)";
    if (put_bad(t, j) != VB_EINPUT || strcmp(t->cx.err, msg) != 0)
        fail_msg("M44: the pope's marker removed without the crusade: '%s'", t->cx.err);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(front_view_names_a_forbidden_front),
        cmocka_unit_test(judge_refuses_an_active_card_below_none),
        cmocka_unit_test(intercept_needs_a_fleet_in_play),
        cmocka_unit_test(regroup_text_of_no_token),
        cmocka_unit_test(riot_offensive_without_tokens),
        cmocka_unit_test(pope_removed_only_with_the_crusade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
