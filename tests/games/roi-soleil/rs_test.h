/* rs_test.h - set-up helpers shared by the Roi Soleil tests: the state, a
 * zone, a general or a state by name, a march step that declines any
 * interception, the invariants, the way to a scenario's first campaign, the
 * Devolution's first French campaign (and the Coalition's with a Siege
 * marker), a march to its halt, the royal army, units from the Reserve,
 * losses, a state file's round trip (and edited at a path of names), the
 * rows of D6 RP events and odds positions, an action's visibility.
 * Include after cmocka.h and vbtest.h. */
#ifndef RS_TEST_H
#define RS_TEST_H

#include "games/roi-soleil/rs_int.h"
#include "odds.h"

static inline rs_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline int Z(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int z = 0; z < d->nz; z++)
        if (vb_name_eq(d->z[z].name, name))
            return z;
    fail_msg("no zone %s", name);
    return -1;
}

static inline int G(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int i = 0; i < d->ng; i++)
        if (vb_name_eq(d->gd[i].name, name))
            return i;
    fail_msg("no general %s", name);
    return -1;
}

static inline int ST(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int i = 0; i < d->ns; i++)
        if (vb_name_eq(d->s[i].name, name))
            return i;
    fail_msg("no state %s", name);
    return -1;
}

/* a step of a march; the inactive camp declines any interception (13.3) */
static inline void step(vbt *t, const char *action)
{
    vbt_act(t, action);
    if (vbt_legal(t, "no-interception"))
        vbt_act(t, "no-interception");
}

static inline void check_ok(vbt *t)
{
    if (t->g->def->check(t->g, S(t), &t->cx))
        fail_msg("invariant: %s", t->cx.err);
}

/* the year set to `year` as play reaches it: the states whose year of
 * entry has come enter the war (6.1.1, as rs_start_year does) */
static inline void rs_set_year(vbt *t, int year)
{
    S(t)->year = (int16_t)year;
    rs_enter_allies(t->g, S(t), &t->cx);
}

/* the event of `year` rolled with `die` (the state still at its event roll;
 * the allies of the years jumped over enter the war) */
static inline void event(vbt *t, int year, const char *die)
{
    assert_int_equal(S(t)->phase, P_EVENT_ROLL);
    rs_set_year(t, year);
    vbt_dice(t, die);
}

/* SP of a nationality and a type in a camp's army */
static inline int units(vbt *t, const char *zone, int camp, const char *nat, int ty)
{
    return S(t)->z[Z(t, zone)].army[camp][KIND(ST(t, nat), ty)];
}

/* from a year's event, rolled, to its first campaign: no loans, each camp
 * takes a Battle marker and what the die allows */
static inline void rs_event_to_campaign(vbt *t)
{
    while (S(t)->phase == P_CONTEST)
        vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    for (int c = 0; c < 2; c++) {
        vbt_dice(t, "6");
        vbt_act(t, "take battle");
        if (vbt_legal(t, "done"))
            vbt_act(t, "done");
    }
}

/* from the first year's event roll (die `event`) to the first campaign */
static inline void rs_to_campaign(vbt *t, const char *event)
{
    vbt_dice(t, event);
    rs_event_to_campaign(t);
}

/* The Reunions scenario (1683) to France's first campaign: no event, no
 * loans, France takes a Siege marker and the Coalition a Battle marker */
static inline vbt *rs_reunions_campaign(void)
{
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    return t;
}

/* a march whose general and units are chosen: through the steps ("to
 * ZONE", up to NULL, no interception), halted, with the attrition die */
static inline void march_to(vbt *t, const char *attrition, ...)
{
    va_list ap;
    vbt_act(t, "march");
    va_start(ap, attrition);
    for (const char *to = va_arg(ap, const char *); to; to = va_arg(ap, const char *))
        step(t, to);
    va_end(ap);
    vbt_act(t, "halt");
    vbt_dice(t, attrition);
}

/* Devolution's royal army in Picardie: Louis XIV leads, with Turenne and
 * Vauban (every SP of the army follows) */
static inline void royal_army(vbt *t)
{
    vbt_act(t, "move Louis-XIV");
    vbt_act(t, "with Turenne");
    vbt_act(t, "with Vauban");
}

/* n SP of type ty from camp's Reserve into zone's army (the camp leader's
 * nationality: France or Spain) */
static inline void put(vbt *t, const char *zone, int camp, int ty, int n)
{
    rs_state *s = S(t);
    ty = KIND(camp == RS_F ? 0 : 1, ty);
    assert_true(s->c[camp].reserve[ty] >= n);
    s->c[camp].reserve[ty] = (uint8_t)(s->c[camp].reserve[ty] - n);
    s->z[Z(t, zone)].army[camp][ty] = (uint8_t)(s->z[Z(t, zone)].army[camp][ty] + n);
}

/* 17.1.1: the owner eliminates the SP of his choice; infantry first here */
static inline void lose_inf(vbt *t)
{
    while (S(t)->phase == P_LOSS)
        vbt_act(t, vbt_legal(t, "lose France-inf")   ? "lose France-inf"
                   : vbt_legal(t, "lose Spain-inf")  ? "lose Spain-inf"
                   : vbt_legal(t, "lose France-cav") ? "lose France-cav"
                                                     : "lose Spain-cav");
}

/* the War of Spanish Succession (24.5) at its start, seed 1
 * (test_succession.c, test_ceasefire.c, test_eval.c, test_mutation41b.c) */
static inline vbt *succession(void)
{
    return vbt_new("roi-soleil", "succession", 1);
}

/* 1667 up to the French campaign (no event, no loans). France: battle,
 * siege, scorched earth; Coalition: battle, decoy. */
static inline vbt *campaign(void)
{
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "take siege");
    vbt_act(t, "take scorched-earth");
    vbt_act(t, "done");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "take decoy");
    vbt_act(t, "done");
    return t;
}

/* camp's whole army in zone leaves for its Reserve (a set-up by hand) */
static inline void army_to_reserve(vbt *t, const char *zone, int camp)
{
    rs_state *s = S(t);
    int z = Z(t, zone);
    for (int k = 0; k < RS_NT; k++) {
        s->c[camp].reserve[k] = (uint8_t)(s->c[camp].reserve[k] + s->z[z].army[camp][k]);
        s->z[z].army[camp][k] = 0;
    }
}

/* From campaign(): Turenne marches from Picardie by Artois into Flandre
 * et Hainaut (attrition D6 1) and besieges it (FV 4), the siege's first
 * D6 a 2: the besieger is asked for a war effort. */
static inline vbt *turenne_besieges_fh(void)
{
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "2");
    return t;
}

/* 18.1.2 Es from campaign(): Brabant FV 2 held by 1 Spanish infantry and 1
 * cavalry (the Spanish army to the Reserve, Spain A to Flandre et Hainaut),
 * besieged by the royal army (royal_army, a march with attrition 1): 17 v 3
 * at 5/1, no war effort, D6 5 + 5 = 10, "Es -1FV": one SP beyond FV 1 to
 * eliminate, the Coalition's choice to make */
static inline vbt *brabant_es_siege(void)
{
    vbt *t = campaign();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
    army_to_reserve(t, "Brabant", RS_C); /* the Spanish army */
    s->gz[G(t, "Spain A")] = (int8_t)Z(t, "Flandre et Hainaut");
    s->c[RS_C].reserve[si]--;
    s->c[RS_C].reserve[sc]--;
    s->z[bra].garr[si] = 1;
    s->z[bra].garr[sc] = 1;
    royal_army(t);
    march_to(t, "1", "to Brabant", NULL);
    vbt_act(t, "siege Brabant");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "5");
    return t;
}

/* 18.1.2 Sh from campaign(): Brabant FV 1 held by 1 Spanish infantry and
 * Spain A (the Spanish army to the Reserve), besieged by the royal army
 * (royal_army, a march with attrition 1): no war effort, D6 4 + 6 = 10,
 * "Sh -1FV": the FV is 0 and the Coalition picks where its garrison goes */
static inline vbt *brabant_sh_siege(void)
{
    vbt *t = campaign();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF);
    army_to_reserve(t, "Brabant", RS_C); /* the Spanish army */
    s->z[bra].fv = 1;
    s->c[RS_C].reserve[si]--;
    s->z[bra].garr[si] = 1;
    check_ok(t);
    royal_army(t);
    march_to(t, "1", "to Brabant", NULL);
    vbt_act(t, "siege Brabant");
    vbt_dice(t, "2");
    vbt_act(t, "no-effort");
    vbt_dice(t, "4");
    return t;
}

/* the Coalition's campaign: Spain A marches into Turenne's Picardie and
 * presses on (the enemy camp then chooses the test's commander, 3.2) */
static inline void spain_a_presses_on(vbt *t)
{
    S(t)->active = RS_C;
    S(t)->who = RS_C;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    step(t, "to Picardie");
    vbt_act(t, "press-on");
}

/* the royal army (Turenne, Louis XIV) of campaign() marched to Brabant
 * and halted */
static inline void royal_army_to_brabant(vbt *t)
{
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Louis-XIV");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
}

/* campaign(), the Coalition's army in Brabant made 10 SP (a battle): the
 * royal army (Turenne, Louis XIV) marched there and halted */
static inline vbt *battle_position(void)
{
    vbt *t = campaign();
    put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP: a battle */
    royal_army_to_brabant(t);
    return t;
}

/* campaign(), France passes and the pursuit goes on (D6 6): the
 * Coalition's campaign, a Siege marker added to its chosen ones */
static inline vbt *coalition_campaign_with_siege(void)
{
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    rs_state *s = S(t);
    assert_int_equal(s->active, RS_C);
    s->c[RS_C].pick[s->c[RS_C].npick] = CAT_SIEGE;
    s->c[RS_C].pstate[s->c[RS_C].npick] = PK_HELD;
    s->c[RS_C].npick++;
    return t;
}

/* the position survives its state file (to_json, then vbt_load) */
static inline void reload_ok(vbt *t)
{
    json_t *j = vbt_state_json(t);
    int phase = S(t)->phase, rc = vbt_load_json(t, j);
    if (rc)
        fail_msg("reload: %s", t->cx.err);
    assert_int_equal(S(t)->phase, phase);
}

/* a state file with key set to v is refused with a one-line error naming
 * why, and the position is unchanged */
static inline void refused_with(vbt *t, const char *key, json_t *v, const char *why)
{
    rs_state before = *S(t);
    json_t *j = vbt_state_json(t);
    json_object_set_new(j, key, v);
    int rc = vbt_load_json(t, j);
    assert_int_not_equal(rc, 0);
    if (!strstr(t->cx.err, why) || strchr(t->cx.err, '\n'))
        fail_msg("refusal: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
}

/* from campaign() to 1668's loans declined: both camps pass the campaigns
 * of 1667, no surprise, no event, no loans */
static inline void pass_to_1668_loans(vbt *t)
{
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* pursuit: 6 > 1 */
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->passes, 2); /* 19: both refused: the season ends */
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->year, 1668);
    vbt_dice(t, "1"); /* no event */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
}

/* after pass_to_1668_loans: a Battle marker for the first camp ("done"),
 * then for the second (its "done" left to the caller) */
static inline void take_battle_markers(vbt *t)
{
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
}

/* from campaign() to 1668's first campaign: both camps pass the campaigns
 * of 1667, no event, no loans, a Battle marker each (second_year) */
static inline void pass_to_second_year(vbt *t)
{
    pass_to_1668_loans(t);
    take_battle_markers(t);
    vbt_act(t, "done");
}

/* 1668 up to its first campaign (pass_to_second_year) */
static inline vbt *second_year(void)
{
    vbt *t = campaign();
    pass_to_second_year(t);
    return t;
}

/* second_year() up to the constructions (11): both camps' campaigns of
 * 1668 declined ("done" twice) */
static inline vbt *at_construction(void)
{
    vbt *t = second_year();
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_FORT);
    return t;
}

/* campaign()'s French army in Artois (its SP and France M) moved whole to
 * zone, whose index is returned */
static inline int army_to(vbt *t, const char *zone)
{
    rs_state *s = S(t);
    int ar = Z(t, "Artois"), z = Z(t, zone);
    for (int u = 0; u < RS_NT; u++) {
        s->z[z].army[RS_F][u] = s->z[ar].army[RS_F][u];
        s->z[ar].army[RS_F][u] = 0;
    }
    s->gz[G(t, "France M")] = (int8_t)z;
    return z;
}

/* campaign(), Spain A in Flandre et Hainaut and Coehoorn in Brabant: France
 * M marches to Picardie and Coehoorn's stack intercepts from Brabant (the
 * interception die is next) */
static inline void coehoorn_intercepts(vbt *t)
{
    S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Flandre-et-Hainaut");
    S(t)->gz[G(t, "Coehoorn")] = (int8_t)Z(t, "Brabant");
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
}

/* the campaigns end on the season die's 1 and neither camp leads a
 * strategic surprise (20): the winter quarters (21) come next */
static inline void to_quarters(vbt *t)
{
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
}

/* 22.1's diplomatic actions at the winter quarters: campaign() with
 * Lorraine and Savoy, the Coalition's minor allies, two spaces out, the
 * camp `init` holding the initiative and asked first (test_year_end.c,
 * test_mutation40.c) */
static inline vbt *at_the_sways(int init)
{
    vbt *t = campaign();
    rs_state *s = S(t);
    int lor = ST(t, "Lorraine"), sav = ST(t, "Savoy");
    s->alpos[lor] = s->alpos[sav] = 2;
    s->scamp[lor] = s->scamp[sav] = RS_C;
    s->init = init;
    to_quarters(t);
    assert_int_equal(s->phase, P_DIPLO);
    assert_int_equal(s->who, init);
    return t;
}

/* campaign()'s France N marches to Luxembourg, a zone France does not
 * control, and halts there (the halt's attrition die 1) */
static inline void france_n_in_luxembourg(vbt *t)
{
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Luxembourg");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
}

/* 13.3: France M marches into Picardie and Spain A intercepts him there
 * from Brabant (D6 2: 2 + SC 2 - SC 1 = 3 passed), the interceptor's
 * attrition rolled (1); France M's march halts next */
static inline void spain_a_intercepts(vbt *t)
{
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    vbt_dice(t, "1");
}

/* France's army in Picardie keeps n infantry SP, the rest to the Reserve */
static inline void picardie_keeps(vbt *t, int n)
{
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    for (int ty = 0; ty < RS_NT; ty++) {
        int keep = ty == T_INF ? n : 0;
        s->c[RS_F].reserve[ty] =
            (uint8_t)(s->c[RS_F].reserve[ty] + s->z[pic].army[RS_F][ty] - keep);
        s->z[pic].army[RS_F][ty] = (uint8_t)keep;
    }
}

/* what the game's apply returns for `action` in t's position (applied to
 * it directly, as `vauban play` tries a decision, src/cli/play.c; the
 * module's "done" is 0: test_mutation40.c, test_mutation41.c) */
static inline int apply_rc(vbt *t, const char *action)
{
    vb_action a;
    if (vb_parse_action(t->g, vbt_state(t), action, &a, &t->cx))
        fail_msg("'%s': %s", action, t->cx.err);
    return vb_apply(t->g, vbt_state(t), a, &t->cx);
}

/* what the game's visibility hook says of `action` in t's position (parsed
 * there; see as every role before the hook narrows it): the secret group it
 * starts, the group it reveals (test_movement.c, test_secrets45.c,
 * test_secrets46.c) */
static inline vb_vis vis_of(vbt *t, const char *action)
{
    vb_action a;
    if (vb_parse_action(t->g, vbt_state(t), action, &a, &t->cx))
        fail_msg("'%s': %s", action, t->cx.err);
    vb_vis v;
    memset(&v, 0, sizeof v);
    v.see = VB_ALL_ROLES;
    t->g->def->visibility(t->g, vbt_state(t), a, &v);
    return v;
}

/* the index in t's match record of the last entry of secret group g
 * (test_secrets46.c, test_secrets48.c) */
static inline size_t rec_entry_of(vbt *t, uint32_t g)
{
    size_t at = t->m.rec.n;
    for (size_t i = 0; i < t->m.rec.n; i++)
        if (t->m.rec.v[i].group == g)
            at = i;
    assert_true(at < t->m.rec.n);
    return at;
}

/* a row of a scenario's D6 RP events: the event of `year` rolled with
 * `die` takes (sign -1) or gives (sign 1) D6 RP to `camp` for the year */
struct rs_rp_row {
    int year;
    const char *die;
    int camp, sign;
};

/* each row in a fresh game from make(), its D6 rolled 3: the camp's RP
 * base[camp] + 3 * sign, the other camp's base[other] */
static inline void rp_event_rows(vbt *(*make)(void), const struct rs_rp_row *rows, size_t n,
                                 const int base[2])
{
    for (size_t i = 0; i < n; i++) {
        vbt *t = make();
        event(t, rows[i].year, rows[i].die);
        vbt_dice(t, "3");
        int c = rows[i].camp, got = S(t)->c[c].rp, other = S(t)->c[1 - c].rp;
        if (got != base[c] + 3 * rows[i].sign || other != base[1 - c])
            fail_msg("%d-%s: %s's RP %d, want %d; the other camp's %d, want %d", rows[i].year,
                     rows[i].die, rs_camp_names[c], got, base[c] + 3 * rows[i].sign, other,
                     base[1 - c]);
        vbt_free(t);
    }
}

/* 24.5.3 1702-4 and 13.3: the Camisards freeze 2 French infantry SP in
 * Provence (die 4); with `free_sp` one more SP, not frozen, joins them.
 * France D stands in Provence; Eugene's 6 Austrian SP in Savoie, and the
 * Coalition's impulse marches them into Dauphine, next to Provence
 * (test_succession.c, test_mutation41b.c) */
static inline void eugene_marches_on_dauphine(vbt *t, int free_sp)
{
    rs_state *s = S(t);
    int fi = KIND(ST(t, "France"), T_INF), ai = KIND(ST(t, "Austria"), T_INF);
    int pr = Z(t, "Provence"), sv = Z(t, "Savoie");
    s->z[Z(t, "Milanais")].army[RS_F][fi] = 5;
    s->z[Z(t, "Piemont")].army[RS_F][fi] = 2;
    s->c[RS_F].reserve[fi] = 5;
    event(t, 1702, "4");
    vbt_dice(t, "4");
    assert_int_equal(s->stay_camp, RS_F);
    assert_int_equal(rs_stay(s, pr, RS_F, fi), 2);
    assert_int_equal(s->z[pr].army[RS_F][fi], 2);
    if (free_sp) {
        s->c[RS_F].reserve[fi]--;
        s->z[pr].army[RS_F][fi]++;
    }
    s->gz[G(t, "France D")] = (int8_t)pr;
    s->gz[G(t, "Eugene")] = (int8_t)sv;
    assert_true(s->c[RS_C].reserve[ai] >= 6);
    s->c[RS_C].reserve[ai] = (uint8_t)(s->c[RS_C].reserve[ai] - 6);
    s->z[sv].army[RS_C][ai] = 6;
    s->phase = P_IMPULSE;
    s->active = RS_C;
    s->who = RS_C;
    s->c[RS_C].rp = 20;
    s->c[RS_F].rp = 20;
    vbt_act(t, "move Eugene");
    vbt_act(t, "march");
    vbt_act(t, "to Dauphine");
}

/* 17.1.2: Spain A's army, brought from Brabant into Artois and raised to
 * 35 SP, attacks France M's 3 there, the Coalition to act: the odds'
 * position of "attack Artois" (set up by vb_odds_setup), its first
 * decision in *first (test_odds.c, test_mutation41.c) */
static inline rs_state spain_a_attacks_artois(vbt *t, vb_action *first)
{
    rs_state *s = S(t), pos;
    int art = Z(t, "Artois"), bra = Z(t, "Brabant");
    for (int k = 0; k < RS_NT; k++) {
        s->z[art].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->z[art].army[RS_C][KIND(1, T_INF)] = 30;
    s->gz[G(t, "Spain A")] = (int8_t)art;
    s->active = RS_C;
    s->who = RS_C;
    assert_true(vbt_legal(t, "attack Artois"));
    char w0[] = "attack", w1[] = "Artois";
    char *argv[] = {w0, w1};
    pos = *s;
    assert_int_equal(vb_odds_setup(t->g, &pos, 1, 2, argv, first, &t->cx), 0);
    assert_int_equal(pos.cb.att, RS_C);
    return pos;
}

/* The group of zone tok in the map (from its "<g class=\"zone" line to its
 * own closing line; a transit box of the same name, France Ouest, is
 * passed over), copied into out; its disc's centre in *cx, *cy
 * (test_mutation39.c, test_mutation43.c). */
static inline void zone_group(const char *svg, const char *tok, char *out, size_t n, int *cx,
                              int *cy)
{
    char ref[64];
    snprintf(ref, sizeof ref, "data-ref=\"%s\"><title>", tok);
    const char *at = svg;
    for (;;) {
        at = strstr(at, ref);
        if (!at)
            fail_msg("no zone %s on the map", tok);
        const char *bol = at;
        while (bol > svg && bol[-1] != '\n')
            bol--;
        if (!strncmp(bol, "<g class=\"zone", 14)) {
            at = bol;
            break;
        }
        at++;
    }
    const char *end = strstr(at, "\n</g>\n");
    assert_non_null(end);
    size_t len = (size_t)(end - at) < n - 1 ? (size_t)(end - at) : n - 1;
    memcpy(out, at, len);
    out[len] = 0;
    const char *c = strstr(out, "<circle cx=\"");
    assert_non_null(c);
    assert_int_equal(sscanf(c, "<circle cx=\"%d\" cy=\"%d\"", cx, cy), 2);
}

/* from the event roll of `year` (die `die`) to France's first campaign:
 * every sequence of the preparation declined, bets of 0 (test_ceasefire.c,
 * test_mutation43.c) */
static inline void to_impulse(vbt *t, int year, const char *die)
{
    rs_state *s = S(t);
    rs_set_year(t, year);
    rs_to_campaign(t, die);
    for (int i = 0; i < 200 && s->phase != P_IMPULSE; i++) {
        if (t->g->def->to_move(t->g, s) == VB_CHANCE)
            vbt_dice(t, "1");
        else if (vbt_legal(t, "done"))
            vbt_act(t, "done");
        else if (vbt_legal(t, "bet 0"))
            vbt_act(t, "bet 0");
        else
            fail_msg("stuck at phase %d", s->phase);
    }
    assert_int_equal(s->phase, P_IMPULSE);
    s->active = RS_F; /* France's campaign, whoever won the initiative */
    s->who = RS_F;
}

/* SP of a nationality and a type put into a camp's army in a zone, out of
 * the Reserve */
static inline void put_sp(vbt *t, const char *zone, int camp, const char *nat, int ty, int n)
{
    int k = KIND(ST(t, nat), ty);
    S(t)->z[Z(t, zone)].army[camp][k] = (uint8_t)(S(t)->z[Z(t, zone)].army[camp][k] + n);
    S(t)->c[camp].reserve[k] = (uint8_t)(S(t)->c[camp].reserve[k] - n);
}

/* v set at path in j (objects by key, arrays by index: "camps/france/rp",
 * "zones/Picardie/used/1"); v is stolen (test_io.c, test_mutation44.c) */
static inline void set_at(json_t *j, const char *path, json_t *v)
{
    char buf[200], *key = buf, *slash;
    snprintf(buf, sizeof buf, "%s", path);
    while ((slash = strchr(key, '/')) != NULL) {
        *slash = '\0';
        json_t *next =
            json_is_array(j) ? json_array_get(j, (size_t)atoi(key)) : json_object_get(j, key);
        if (!next)
            fail_msg("no '%s' in path %s", key, path);
        j = next;
        key = slash + 1;
    }
    if (json_is_array(j))
        json_array_set_new(j, (size_t)atoi(key), v);
    else
        json_object_set_new(j, key, v);
}

/* the state file of t with the edits (path, value, ..., NULL) loaded:
 * its return code, the error in t->cx.err */
static inline int load_edited(vbt *t, va_list ap)
{
    json_t *j = vbt_state_json(t);
    const char *path;
    while ((path = va_arg(ap, const char *)) != NULL)
        set_at(j, path, va_arg(ap, json_t *));
    int rc = vbt_load_json(t, j);
    return rc;
}

/* the edited file is refused with one line holding why; nothing changed */
static inline void refused(vbt *t, const char *why, ...)
{
    rs_state before = *S(t);
    va_list ap;
    va_start(ap, why);
    int rc = load_edited(t, ap);
    va_end(ap);
    if (rc == 0)
        fail_msg("accepted; expected a refusal naming '%s'", why);
    if (!strstr(t->cx.err, why) || strchr(t->cx.err, '\n'))
        fail_msg("refusal: '%s' (expected '%s')", t->cx.err, why);
    assert_memory_equal(&before, S(t), sizeof before);
}

/* the edited file loads (the position becomes the edited one) */
static inline void loads(vbt *t, ...)
{
    va_list ap;
    va_start(ap, t);
    int rc = load_edited(t, ap);
    va_end(ap);
    if (rc)
        fail_msg("refused: %s", t->cx.err);
}

#endif
