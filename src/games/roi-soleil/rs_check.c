/*
 * rs_check.c - a loaded position checked against the rules: what no game
 * reaches is refused with the rule it breaks (rs_io.c reads the fields,
 * this file judges them together).
 */
#include "rs_int.h"

static const char *kn(const vb_game *g, int k, char *b)
{
    rs_kind_name(g, k, b, 2 * RS_NAME);
    return b;
}

/* Positions that no game reaches, refused with the rule they break: the
 * end of the game, the campaign cursor (19), the alliance cursors (22.1),
 * the generals on the march (13), the initiative bets (12) and what only a
 * view hides (rule 6: a state file holds a position, not a camp's view). */
/* 7, 24.3.3 1675-6, 24.4.3 1689-6, 24.5.3 1704-5/6: SP frozen in place
 * (a levy: "frozen_camp", "frozen_kind", a zone's "frozen"), SP kept out
 * of recruitment ("locked_camp", "locked_kind", "locked_sp",
 * "locked_cavalry") and a general kept in the Reserve ("kept_in_reserve",
 * also by 24.5.3 1710-6's replacement) come only from the year's event
 * that does it, once it has been applied
 * (not while its roll or its die is pending): its camp, its nationality's
 * infantry kind, its zones, no more SP than its die (or its printed
 * count), cavalry only where it takes "infantry and/or cavalry", its
 * general off the map; none otherwise */
static int frozen_and_locked(const vb_game *g, const rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    const rs_event *e = rs_event_of(g, s);
    if (s->phase == P_EVENT_ROLL || s->phase == P_EVENT_AMT)
        e = NULL; /* the year's event not applied yet */
    const rs_event *lv = e && e->kind == EV_LEVY ? e : NULL;
    const rs_event *rc = e && e->kind == EV_RECALL ? e : NULL;
    int frozen = 0;
    for (int z = 0; z < d->nz; z++) {
        int named = 0;
        for (int i = 0; lv && i < lv->nz; i++)
            named |= lv->zones[i] == z;
        if (s->z[z].stay && (!named || s->stay_camp < 0))
            return vb_fail(cx, VB_EINPUT, "zone '%s': %d SP frozen, %s (rule 7)", d->z[z].name,
                           s->z[z].stay,
                           !named ? "not a zone of this year's levy" : "no \"frozen_camp\"");
        frozen += s->z[z].stay;
    }
    if (s->stay_camp >= 0
            ? !lv || s->stay_camp != lv->camp || s->stay_kind != KIND(lv->nat, T_INF) || frozen > 6
            : s->stay_kind != 0)
        return vb_fail(cx, VB_EINPUT,
                       "state: \"frozen_camp\" %d, \"frozen_kind\" %d, %d SP frozen: not what "
                       "this year's event froze (rule 7)",
                       s->stay_camp, s->stay_kind, frozen);
    int sp = s->lock_n + s->lock_cav, most = rc ? (rc->count ? rc->count : 6) : 0;
    if (s->lock_camp >= 0
            ? !rc || s->lock_camp != rc->camp || s->lock_kind != KIND(rc->nat, T_INF) ||
                  (s->lock_cav && !rc->with_cav) || sp == 0 || sp > most
            : s->lock_kind || sp)
        return vb_fail(cx, VB_EINPUT,
                       "state: \"locked_camp\" %d, \"locked_kind\" %d, %d infantry and %d "
                       "cavalry SP locked: not what this year's event sent to the Reserve "
                       "(rule 7)",
                       s->lock_camp, s->lock_kind, s->lock_n, s->lock_cav);
    /* the general a recall (1704-5) or a replacement (1710-6) keeps */
    const rs_event *gk = rc ? rc : e && e->kind == EV_REPLACE ? e : NULL;
    if (s->glock >= 0 && (!gk || gk->general != s->glock || s->gz[s->glock] >= 0))
        return vb_fail(cx, VB_EINPUT, "state: \"kept_in_reserve\" '%s': %s (rule 7)",
                       d->gd[s->glock].name,
                       !gk || gk->general != s->glock ? "not the general this year's event recalls"
                                                      : "he stands on the map");
    return 0;
}

/* Twentieth session: the procedures of rules 13, 14, 17 and 18 in
 * progress, refused where no game reaches them. A march (13.1.1, 14): its
 * largest army at least the one marching now, no more scorched zones
 * counted than zones entered, a successful interception (13.3) in the zone
 * the march halted in. An attrition roll's zone (14) only while it is
 * rolled or its losses taken. A maritime capacity (13.4) not used beyond
 * the scenario's largest. A scorched zone (15) for each Scorched earth
 * marker used this year. A combat (17.1) before its first round: no
 * round, no loss, a battle only between 10 SP or more on each side, Louis
 * XIV's mark only where he stands; between rounds (17.1.3) a battle within
 * its three rounds, a skirmish in its only one. A siege (18): the active
 * camp's, against a fortress (FV 1 or more, no more than at its start) of
 * the other camp, in a zone free of enemy armies, with rounds left. */
static int procedures(const vb_game *g, const rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int p = s->phase;
    int march =
        p == P_MV_STEP || p == P_MV_TEST || p == P_MV_TOP || p == P_ICPT || p == P_ICPT_TEST;
    if (march && (s->mv.maxsp < rs_sp(s->mv.sp) || s->mv.scorch > s->mv.zones))
        return vb_fail(cx, VB_EINPUT,
                       "march: %d SP marching, its largest army %d; %d scorched zones in %d "
                       "entered (rules 13.1.1, 14.1)",
                       rs_sp(s->mv.sp), s->mv.maxsp, s->mv.scorch, s->mv.zones);
    if (s->icpt >= 0 && (march ? s->icpt != s->mv.at || s->mv.stop != 2
                               : p != P_ATTR && p != P_LOSS && p != P_ICPT_BATTLE))
        return vb_fail(cx, VB_EINPUT,
                       "state: \"interception_zone\" '%s': no interception halted a march there "
                       "(rule 13.3)",
                       d->z[s->icpt].name);
    if (s->attr_zone >= 0 && p != P_ATTR && !(p == P_LOSS && s->loss_k == LK_ATTR))
        return vb_fail(cx, VB_EINPUT,
                       "state: \"attrition_zone\" '%s' with no attrition being rolled (rule 14)",
                       d->z[s->attr_zone].name);
    for (int c = 0; c < 2; c++) {
        int most = sc->maritime[c];
        for (int i = 0; sc->has_mar_gb && i < 3; i++)
            most = sc->mar_gb[c][i] > most ? sc->mar_gb[c][i] : most;
        if (s->c[c].mar_used > most)
            return vb_fail(cx, VB_EINPUT,
                           "%s: \"maritime_used\" %d beyond its maritime capacity %d (rule 13.4)",
                           rs_camp_names[c], s->c[c].mar_used, most);
    }
    /* 15: a zone is scorched by a camp's Scorched earth marker used there
     * (its obedience test passed); both are cleared at 6.1.3 */
    int scorched = 0, used = 0;
    for (int y = 0; y < d->nz; y++)
        scorched += s->z[y].scorched != 0;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < s->c[c].npick && i < RS_MAXPICK; i++)
            used += s->c[c].pick[i] == CAT_SCORCH && s->c[c].pstate[i] == PK_USED;
    if (scorched > used)
        return vb_fail(cx, VB_EINPUT,
                       "zones: %d scorched, %d Scorched earth markers used this year (rule 15)",
                       scorched, used);
    int z = s->cb.zone;
    if (z >= 0 && (p == P_CB_DECOY || p == P_CB_EVADE || p == P_CB_EVTEST || p == P_CB_TOP)) {
        int nd, na = rs_battle_sp(g, s, z, s->cb.att, &nd);
        int louis = d->g_louis >= 0 && s->gz[d->g_louis] == z;
        if (s->cb.round || s->cb.lost[0] || s->cb.lost[1] ||
            s->cb.battle != (na >= 10 && nd >= 10) || s->cb.louis != louis)
            return vb_fail(cx, VB_EINPUT,
                           "combat: before its first round in '%s': round %d, losses %d and %d, "
                           "battle %d with %d and %d SP, Louis XIV's mark %d (rule 17.1)",
                           d->z[z].name, s->cb.round, s->cb.lost[0], s->cb.lost[1], s->cb.battle,
                           na, nd, s->cb.louis);
    }
    if (z >= 0 && (p == P_CB_ROUND || p == P_CB_DEATH || p == P_CB_BREAK || p == P_CB_BRTEST)) {
        int between = p == P_CB_BREAK || p == P_CB_BRTEST;
        if (s->cb.round > (s->cb.battle ? 2 : 0) || (between && !s->cb.round))
            return vb_fail(cx, VB_EINPUT,
                           "combat: %s in round %d (a battle has three rounds, a skirmish one, "
                           "rule 17.1.3)",
                           s->cb.battle ? "a battle" : "a skirmish", s->cb.round + 1);
    }
    z = s->sg.zone;
    if (z >= 0 && p >= P_SG_ROUNDS && p <= P_SG_CONT && p != P_SG_SORTIE) {
        const rs_zst *q = &s->z[z];
        const char *why = s->sg.camp != s->active          ? "not the active camp's"
                          : q->fv == 0                     ? "no fortress left"
                          : q->fv > s->sg.fv0              ? "FV above its start"
                          : rs_ctrl(g, s, z) == s->sg.camp ? "its own fortress"
                          : rs_army(s, z, 1 - s->sg.camp)  ? "an enemy army in the zone"
                          : p == P_SG_ROUNDS
                              ? (s->sg.rounds || s->sg.round ? "rounds before their roll" : NULL)
                          : s->sg.round >= s->sg.rounds        ? "no round left"
                          : p == P_SG_CONT && s->sg.round == 0 ? "no round played"
                                                               : NULL;
        if (why)
            return vb_fail(cx, VB_EINPUT, "siege of '%s' (FV %d, round %d of %d): %s (rule 18)",
                           d->z[z].name, q->fv, s->sg.round + 1, s->sg.rounds, why);
    }
    return 0;
}

/* Twenty-seventh session: the preparation's turns and what they leave
 * open. 10, 11, 12: the prisoners bought back, the recruitment, the
 * fortresses and the bets go by camp, the camp with the initiative first
 * (sub 0), the other next (sub 1); a bet is secret from the moment it is
 * placed (the first camp's while the second bets, both until the roll)
 * and none is placed before its turn. 10 (staged): the zone whose
 * recruitment menu is open ("recruiting_in") is one the recruiting camp
 * has not closed this turn and can still recruit in (play closes it when
 * nothing is left). 20: the general of a strategic surprise
 * ("surprise_general") is chosen for its test, then leads the surprise's
 * campaign (the march's "surprise"): neither without the other. */
static int turns(const vb_game *g, const rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int p = s->phase;
    if (p == P_PRISON || p == P_RECRUIT || p == P_FORT || p == P_BET) {
        int c = s->sub ? 1 - s->init : s->init; /* the camp whose turn it is */
        int who = p == P_PRISON ? 1 - c : c;    /* 10.3: its jailer decides */
        if (s->sub > 1 || s->who != who || (p == P_PRISON && rs_gcamp(g, s, s->k) != c))
            return vb_fail(cx, VB_EINPUT,
                           "state: phase '%s' with sub %d, %s deciding: sub is 0 on the turn of "
                           "the camp with the initiative (%s), 1 on the other's (rules 10-12)",
                           rs_phase_names[p], s->sub, rs_camp_names[s->who & 1],
                           rs_camp_names[s->init & 1]);
    }
    for (int c = 0; c < 2 && (p == P_BET || (p == P_INIT_ROLL && s->sub == 0)); c++) {
        /* placed: both before the roll, the first camp's while the second bets */
        int placed = p == P_INIT_ROLL || (s->sub == 1 && c == s->init);
        if (s->c[c].bet_hidden != placed || (!placed && s->c[c].bet))
            return vb_fail(cx, VB_EINPUT, "%s: bet %d%s in phase '%s', sub %d: %s (rule 12)",
                           rs_camp_names[c], s->c[c].bet, s->c[c].bet_hidden ? " hidden" : "",
                           rs_phase_names[p], s->sub,
                           placed ? "its bet is placed and secret" : "it has not bet yet");
    }
    /* 10, 11: a zone's marks of this turn ("built"): 4, recruitment done
     * there, only during the recruitment; 1 and 2, a fortress or a line
     * raised, only during the constructions, and 8 and 16, units put into
     * or taken out of the fortress, only where one of those was raised
     * (rs_prep.c clears them all at the end of each camp's turn) */
    for (int y = 0; y < d->nz; y++) {
        int b = s->z[y].frozen;
        const char *why = !b               ? NULL
                          : p == P_RECRUIT ? (b != 4 ? "in the recruitment only 4" : NULL)
                          : p != P_FORT    ? "none outside the recruitment and the constructions"
                          : (b & 4)        ? "in the constructions no 4"
                          : (b & 24) && !(b & 3) ? "8 and 16 only where 1 or 2 is"
                                                 : NULL;
        if (why)
            return vb_fail(cx, VB_EINPUT,
                           "zone '%s': \"built\" %d in phase '%s': %s (rules 10, 11)", d->z[y].name,
                           b, rs_phase_names[p], why);
    }
    int z = s->rzone;
    if (z >= 0 && (p != P_RECRUIT || (s->z[z].frozen & 4) || !rs_recruits_in(g, s, s->who, z)))
        return vb_fail(cx, VB_EINPUT, "state: \"recruiting_in\" '%s': %s (rule 10)", d->z[z].name,
                       p != P_RECRUIT         ? "no recruitment in progress"
                       : (s->z[z].frozen & 4) ? "a zone closed for this turn"
                                              : "nothing to recruit there");
    if (s->mv.surprise && s->sgen < 0)
        return vb_fail(cx, VB_EINPUT,
                       "march: \"surprise\" without a \"surprise_general\" (rule 20)");
    if (s->sgen >= 0) {
        int gi = s->sgen;
        const char *why = p == P_SURP_TEST  ? (s->mv.surprise ? "his test is not rolled yet"
                                               : !rs_surprise_ok(g, s, s->who, gi)
                                                   ? "he cannot lead a surprise of the camp testing"
                                                   : NULL)
                          : !s->mv.surprise ? "no strategic surprise in progress"
                          : rs_gcamp(g, s, gi) != s->active
                              ? "not a general of the camp of the surprise"
                          : s->gz[gi] == GZ_OUT      ? "he is out of the game"
                          : s->gz[gi] < 0 && !s->did ? "off the map before his army has acted"
                                                     : NULL;
        if (why)
            return vb_fail(cx, VB_EINPUT, "state: \"surprise_general\" '%s': %s (rule 20)",
                           d->gd[gi].name, why);
    }
    /* 20: the surprise's march is its general's alone (no general joins
     * it), of a single zone, without cavalry, with nothing left or taken
     * on the way (rs_move.c offers none of it in a surprise) */
    if (s->mv.surprise && (p == P_MV_COMPOSE || p == P_MV_STEP || p == P_MV_TEST || p == P_MV_TOP ||
                           p == P_ICPT || p == P_ICPT_TEST)) {
        int cav = 0;
        for (int t = 0; t < RS_NT; t++)
            cav |= s->mv.sp[t] && (K_TY(t) == T_CAV || K_TY(t) == T_CAVE);
        const char *why = s->mv.gens != (uint64_t)1 << s->sgen ? "a general other than its own"
                          : s->mv.zones > 1                    ? "more than one zone entered"
                          : cav                                ? "cavalry marching"
                          : s->mv.pad                          ? "units left or taken on the way"
                                                               : NULL;
        if (why)
            return vb_fail(cx, VB_EINPUT, "march: the strategic surprise of '%s': %s (rule 20)",
                           d->gd[s->sgen].name, why);
    }
    return 0;
}

/* Twenty-eighth session, second round: 22.1, 24: a state has a camp from
 * the scenario's start, or from its official year of entry (6.1.1, at the
 * start of that year), or from an event of a year already played that
 * brings it into the war: a hire (24.3.3 1673-5, 24.5.3 1706-6), a
 * placement (24.3.3 1674-4), a rally (24.4.3 1688-5), a change of sides
 * (24.3.3 1678-4, 24.5.3 1702-5). An alliance cursor (and so a
 * neutralisation, 22.1: the cursor reaching Neutral) only for a state the
 * scenario or such an event puts on a track. (A state at war with no camp
 * is not refused: the tests' year jumps, rs_test.h's event(), make it.) */
static int camps(const vb_game *g, const rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    /* 13.4 / 8.1.2: a transit box the scenario does not play is never
     * entered, so no camp controls it (its RP would be counted) */
    for (int b = 0; b < RS_NBOX; b++)
        if (!sc->box_playable[b] && s->boxc[b] >= 0)
            return vb_fail(cx, VB_EINPUT,
                           "transit box '%s': controlled by %s, but this scenario does not "
                           "play it (rule 13.4)",
                           d->b[b].name, rs_camp_names[s->boxc[b]]);
    for (int t = 0; t < d->ns; t++) {
        int c0 = sc->scamp[t];
        int at_war = c0 >= 0 && (!sc->alyear[t] || sc->alyear[t] <= s->year);
        int may = at_war ? 1 << c0 : 0, track = at_war && sc->alpos[t];
        for (int y = 0; y < 16 && sc->start + y <= s->year; y++)
            for (int k = 0; k < 3; k++) {
                const rs_event *e = &sc->ev[y][k];
                int side = e->kind == EV_JOIN || e->kind == EV_TURN;
                int entry = e->kind == EV_HIRE || e->kind == EV_PLACE || e->kind == EV_RALLY;
                if ((side ? e->state : entry ? e->nat : -1) != t)
                    continue;
                /* a hire without a printed space and a rally: the state
                 * enters as the scenario has it (rs_event.c's enter_war) */
                int own = e->kind == EV_RALLY || (e->kind == EV_HIRE && e->space <= 0);
                int c = own ? c0 : e->camp;
                may |= c >= 0 ? 1 << c : 0;
                track |= own ? sc->alpos[t] != 0 : e->kind != EV_PLACE;
            }
        /* 22.1: only a minor ally on its cursor is moved for 5 RP (rs_sway_ok);
         * neutralised, it stays marked until the next winter's actions */
        if ((s->swayed >> t & 1) &&
            (d->s[t].kind != SK_MINOR || (!s->alpos[t] && !s->neutralised[t])))
            return vb_fail(
                cx, VB_EINPUT,
                "state: swayed: '%s': not a minor ally on an alliance cursor (rule 22.1)",
                d->s[t].name);
        int x = s->scamp[t];
        /* play never takes a camp away: a state at war by the scenario (from
         * its start or its year of entry, 6.1.1) keeps one, neutralised or not */
        if (at_war && x < 0)
            return vb_fail(cx, VB_EINPUT,
                           "state: states: '%s': no \"camp\": at war with %s by %d (rules 6.1.1, "
                           "22.1, 24)",
                           d->s[t].name, rs_camp_names[c0], s->year);
        if (x >= 0 && !(may >> x & 1))
            return vb_fail(cx, VB_EINPUT,
                           "state: states: '%s': \"camp\" %s: not a camp of this scenario's war "
                           "by %d (rules 22.1, 24)",
                           d->s[t].name, rs_camp_names[x], s->year);
        if ((s->alpos[t] || s->neutralised[t]) && !track)
            return vb_fail(cx, VB_EINPUT,
                           "state: states: '%s': \"%s\" %d: no alliance cursor in this "
                           "scenario by %d (rule 22.1)",
                           d->s[t].name, s->alpos[t] ? "alliance" : "neutralised",
                           s->alpos[t] ? s->alpos[t] : 1, s->year);
    }
    return 0;
}

int rs_impossible(const vb_game *g, const rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int p = s->phase;
    if ((p == P_OVER) != (s->over != 0))
        return vb_fail(cx, VB_EINPUT, "state: phase '%s' with over %d", rs_phase_names[p], s->over);
    if (!s->over ? s->winner || s->resounding || s->bankrupt
                 : s->winner == 2 && (s->resounding || s->bankrupt))
        return vb_fail(cx, VB_EINPUT, "state: winner %d, resounding %d, bankrupt %d %s", s->winner,
                       s->resounding, s->bankrupt,
                       s->over ? "in a compromise" : "in a game not over");
    if (s->cursor != s->c[0].campaigns + s->c[1].campaigns || s->passes > 2 ||
        s->passes > s->cursor)
        return vb_fail(cx, VB_EINPUT,
                       "state: campaign cursor %d, refusals %d: the camps led %d and %d campaigns "
                       "(rule 19)",
                       s->cursor, s->passes, s->c[0].campaigns, s->c[1].campaigns);
    if (s->forced_fort) {
        /* 7, 11: what France still owes on its fortresses is an event's
         * count less 2 RP a level built (rs_prep): no other value */
        int ok = 0;
        for (int y = 0; y < 16; y++)
            for (int k = 0; k < 3; k++)
                ok |= sc->ev[y][k].kind == EV_FORCE_FORT && s->forced_fort <= sc->ev[y][k].count &&
                      (sc->ev[y][k].count - s->forced_fort) % 2 == 0;
        if (!ok)
            return vb_fail(cx, VB_EINPUT,
                           "state: forced fortification %d: no event of the scenario leaves it "
                           "(its count less 2 RP a level, rule 11)",
                           s->forced_fort);
    }
    for (int t = 0; t < d->ns; t++) {
        int v = s->alpos[t], n = d->s[t].kind == SK_MAJOR   ? d->major_spaces
                                 : d->s[t].kind == SK_MINOR ? d->minor_spaces
                                                            : 0;
        if (v && (s->neutralised[t] || s->scamp[t] != (v < 0 ? RS_F : RS_C) || abs(v) > n ||
                  t == sc->leader[0] || t == sc->leader[1]))
            return vb_fail(cx, VB_EINPUT,
                           "state: %s: alliance cursor %d off its track (%s, rule 22.1)",
                           d->s[t].name, v,
                           s->neutralised[t]                          ? "neutralised"
                           : t == sc->leader[0] || t == sc->leader[1] ? "a leader"
                           : s->scamp[t] != (v < 0 ? RS_F : RS_C)     ? "the other camp's side"
                                                                      : "past its end");
    }
    if (p == P_MV_COMPOSE || p == P_MV_STEP || p == P_MV_TEST || p == P_MV_TOP || p == P_ICPT ||
        p == P_ICPT_TEST) {
        if (!(s->mv.gens >> s->mv.gen & 1))
            return vb_fail(cx, VB_EINPUT, "march: its general is not among its generals");
        for (int i = 0; i < d->ng; i++)
            if ((s->mv.gens >> i & 1) &&
                (s->gz[i] != s->mv.from || rs_gcamp(g, s, i) != s->active || !(s->gmoved >> i & 1)))
                return vb_fail(cx, VB_EINPUT,
                               "march: general '%s' is not one of %s's generals marching from '%s'",
                               d->gd[i].name, rs_camp_names[s->active], d->z[s->mv.from].name);
    }
    if (p == P_MV_TOP || p == P_MV_TEST) {
        /* 3.2, 13.2: the inactive camp is asked only between generals of
         * different SC, before the test of a march leaving (sub 0) or
         * pressing on (sub 1) */
        int sc0 = -1, differ = 0;
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == s->mv.at && rs_gcamp(g, s, i) == 1 - s->active) {
                differ |= sc0 >= 0 && d->gd[i].sc != sc0;
                sc0 = d->gd[i].sc;
            }
        if (s->sub > 1 || (p == P_MV_TOP && (!differ || s->who != 1 - s->active)))
            return vb_fail(cx, VB_EINPUT, "state: phase '%s': %s (rule 3.2)", rs_phase_names[p],
                           s->sub > 1 ? "sub is 0 (leaving) or 1 (pressing on)"
                           : !differ  ? "no two generals of different SC to choose from"
                                      : "the inactive camp chooses");
    }
    /* 20: the camp with the initiative chooses first (sub 0), the other
     * camp next (sub 1): the state file's sub names whose choice it is */
    if (p == P_SURP_CHOOSE && s->sub != (s->who != s->init))
        return vb_fail(cx, VB_EINPUT,
                       "state: phase '%s': sub is 0 at the choice of the camp with the initiative, "
                       "1 at the other camp's (rule 20)",
                       rs_phase_names[p]);
    for (int i = 0; i < d->ng; i++) {
        /* 3.2: a general on top stands in the zone of the combat in
         * progress, one per camp; outside a combat, the inactive camp's in
         * the zone of a march's initiative test about to be rolled */
        int z = s->cb.zone, c = rs_gcamp(g, s, i), twice = 0;
        if (z < 0 && p == P_MV_TEST && c == 1 - s->active)
            z = s->mv.at;
        for (int k = 0; k < i; k++)
            twice |= (s->gtop >> k & 1) && s->gz[k] == s->gz[i] && rs_gcamp(g, s, k) == c;
        /* at a combat's choice (rs_start_combat clears every mark, the
         * attacker chooses first): none of the camp choosing, none of the
         * defender while the attacker chooses */
        int early = p == P_CB_TOP && (c == s->who || s->who == s->cb.att);
        if ((s->gtop >> i & 1) && (z < 0 || s->gz[i] != z || twice || early))
            return vb_fail(cx, VB_EINPUT, "state: top: general '%s' %s (rule 3.2)", d->gd[i].name,
                           twice   ? "is a second general on top of his camp's stack"
                           : early ? "is on top before his camp's choice"
                                   : "is not with his camp's army in the combat or the initiative "
                                     "test in progress");
    }
    for (int c = 0; c < 2; c++) {
        int lt = sc->leader[c];
        if (s->scamp[lt] != c || s->neutralised[lt])
            return vb_fail(cx, VB_EINPUT, "state: %s leads %s: it cannot %s (rule 22.1)",
                           d->s[lt].name, rs_camp_names[c],
                           s->neutralised[lt] ? "be neutralised" : "change camp");
    }
    if (camps(g, s, cx))
        return -1;
    /* a leader's units serve its camp only: armies, garrisons, Reserve and
     * prisoners (an ally's may not: one that changes sides leaves its
     * prisoners with the camp it left, who may buy them back, 10.3) */
    for (int c = 0; c < 2; c++)
        for (int ty = 0; ty < RS_NTY && sc->leader[c] < RS_NN; ty++) {
            int t = KIND(sc->leader[c], ty), o = 1 - c;
            int n = s->c[o].reserve[t] + s->c[o].prison[t];
            for (int z = 0; z < d->nz; z++)
                n += s->z[z].army[o][t] + (rs_ctrl(g, s, z) == o ? s->z[z].garr[t] : 0);
            if (n) {
                char kb[2 * RS_NAME];
                return vb_fail(cx, VB_EINPUT, "state: %d SP '%s' with %s: %s leads %s (rule 22.1)",
                               n, kn(g, t, kb), rs_camp_names[o], d->s[sc->leader[c]].name,
                               rs_camp_names[c]);
            }
        }
    /* 13.1.2: nothing stands in a zone the scenario does not play (the
     * armies are rs_check's); 11: a camp's lines within its markers */
    for (int z = 0; z < d->nz; z++) {
        const rs_zst *q = &s->z[z];
        const char *what = q->fv            ? "a fortress"
                           : q->line        ? "a line of defence"
                           : q->scorched    ? "a Scorched earth marker"
                           : q->mk >= 0     ? "a control marker"
                           : rs_sp(q->garr) ? "a garrison"
                                            : NULL;
        if (!sc->playable[z] && what)
            return vb_fail(cx, VB_EINPUT,
                           "zone '%s': not playable in this scenario, it cannot hold %s "
                           "(rule 13.1.2)",
                           d->z[z].name, what);
    }
    {
        /* 9, 15: a zone is scorched only by a camp's Scorched earth marker,
         * one a year, removed at 6.1.3 */
        int n = 0;
        for (int z = 0; z < d->nz; z++)
            n += s->z[z].scorched != 0;
        if (n > 2 * d->markers[CAT_SCORCH])
            return vb_fail(cx, VB_EINPUT,
                           "zones: %d scorched, the two camps have %d Scorched earth markers "
                           "(rules 9, 15)",
                           n, 2 * d->markers[CAT_SCORCH]);
    }
    for (int c = 0; c < 2; c++) {
        int n = 0;
        for (int z = 0; z < d->nz; z++)
            n += s->z[z].line > 0 && s->z[z].linec == c;
        if (n > d->line_markers[c])
            return vb_fail(cx, VB_EINPUT, "%s: %d lines of defence, %d markers (rule 11)",
                           rs_camp_names[c], n, d->line_markers[c]);
    }
    /* 8.2, 10.2: the year's recruits (1 RP per started 5 SP) are counted
     * from 0 at the year's start; none before its recruitment sequence
     * (24.5.3 1702-5's die rolls at the diplomatic actions, after it) */
    for (int c = 0; c < 2; c++)
        if (p >= P_EVENT_ROLL && p < P_RECRUIT && !(p == P_EVENT_AMT && s->ev_late) &&
            s->c[c].recruited)
            return vb_fail(cx, VB_EINPUT,
                           "%s: \"recruited\" %d before the year's recruitment (rules 8.2, 10.2)",
                           rs_camp_names[c], s->c[c].recruited);
    /* 24.3.3 1672-4: a zone is flooded only by the year's flood event */
    if (s->flood >= 0) {
        const rs_event *e = rs_event_of(g, s);
        if (!e || e->kind != EV_FLOOD || e->zones[0] != s->flood)
            return vb_fail(cx, VB_EINPUT,
                           "state: \"flooded_zone\" '%s' without this year's flood (24.3.3)",
                           d->z[s->flood].name);
    }
    if (frozen_and_locked(g, s, cx) || procedures(g, s, cx))
        return -1;
    /* 22.1: "When a state is neutralised, all its units and generals are
     * removed from the map" */
    for (int i = 0; i < d->ng; i++) {
        int z = s->gz[i], st = d->gd[i].nation;
        if (z >= 0 && st >= 0 && st < RS_MAXS && s->neutralised[st])
            return vb_fail(cx, VB_EINPUT,
                           "generals: '%s' in '%s': his state is neutralised (rule 22.1)",
                           d->gd[i].name, d->z[z].name);
    }
    for (int z = 0; z < d->nz; z++)
        for (int t = 0; t < RS_NT; t++)
            if (s->neutralised[K_NAT(t)] &&
                (s->z[z].army[0][t] || s->z[z].army[1][t] || s->z[z].garr[t])) {
                char kb[2 * RS_NAME];
                return vb_fail(cx, VB_EINPUT,
                               "zone '%s': '%s' on the map, its state is neutralised (rule 22.1)",
                               d->z[z].name, kn(g, t, kb));
            }
    /* between two decisions of a campaign or of the preparation: a general
     * alone beside an enemy army has been taken (17.2), a line alone
     * eliminated (11) */
    if (p == P_LOAN || p == P_CAB_PICK || p == P_RECRUIT || p == P_BET || p == P_IMPULSE)
        for (int z = 0; z < d->nz; z++) {
            const rs_zst *q = &s->z[z];
            if (q->line && rs_army(s, z, q->linec) == 0)
                return vb_fail(cx, VB_EINPUT,
                               "zone '%s': a line of defence of %s with no army of its camp "
                               "(rule 11)",
                               d->z[z].name, rs_camp_names[q->linec]);
            for (int i = 0; i < d->ng; i++) {
                int c = rs_gcamp(g, s, i);
                if (s->gz[i] == z && rs_army(s, z, c) == 0 && rs_army(s, z, 1 - c) > 0 &&
                    !(q->fv > 0 && rs_ctrl(g, s, z) == c))
                    return vb_fail(cx, VB_EINPUT,
                                   "generals: '%s' alone in '%s' beside an enemy army: he is "
                                   "taken prisoner (rule 17.2)",
                                   d->gd[i].name, d->z[z].name);
            }
        }
    /* 9: the cabinet markers are chosen afresh each year after the camp's
     * roll and spent in its campaigns: while they are rolled for and
     * chosen, none is used yet, and the camp choosing has rolled */
    if (p == P_CAB_PICK && s->c[s->who].cab_roll < 1)
        return vb_fail(cx, VB_EINPUT,
                       "%s: cabinet_roll %d: the camp chooses its cabinet markers after its "
                       "roll (rule 9)",
                       rs_camp_names[s->who], s->c[s->who].cab_roll);
    for (int c = 0; c < 2 && (p == P_CAB_ROLL || p == P_CAB_PICK); c++)
        for (int i = 0; i < s->c[c].npick && i < RS_MAXPICK; i++)
            if (s->c[c].pstate[i] == PK_USED)
                return vb_fail(cx, VB_EINPUT,
                               "%s: marker %d used while the cabinet markers are chosen, before "
                               "the campaigns (rule 9)",
                               rs_camp_names[c], i);
    for (int c = 0; c < 2; c++) {
        const rs_camp *k = &s->c[c];
        int unrevealed = p == P_BET || (p == P_INIT_ROLL && s->sub == 0);
        if (k->hidden || k->armies_hidden)
            return vb_fail(cx, VB_EINPUT, "%s: %s hidden: a camp's view, not a position (rule 6)",
                           rs_camp_names[c], k->hidden ? "a cabinet marker" : "the armies");
        if ((k->bet_hidden && !unrevealed) || k->bet > d->bet_max || (unrevealed && k->bet > k->rp))
            return vb_fail(cx, VB_EINPUT, "%s: bet %d%s with %d RP in phase '%s' (rule 12)",
                           rs_camp_names[c], k->bet, k->bet_hidden ? " hidden" : "", k->rp,
                           rs_phase_names[p]);
    }
    return turns(g, s, cx);
}
