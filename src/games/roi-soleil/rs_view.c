/*
 * rs_view.c - the result and turn (the evaluation is in rs_eval.c); the
 * invariants checked after every decision (SP conserved across map,
 * Reserve, prisoners; garrisons
 * within the FV; RP never negative); secrets (rule 9 markers, rule 12
 * bets, the closed game of rule 6): visibility, redaction, determinisation;
 * the phase names and the prompt of each decision.
 */
#include <stdlib.h>

#include "rs_int.h"

const char *const rs_phase_names[P_NPHASES] = {"none",
                                               "event-roll",
                                               "event-amount",
                                               "event-zone",
                                               "contested-roll",
                                               "loan",
                                               "loan-amount",
                                               "cabinet-roll",
                                               "cabinet-pick",
                                               "cabinet-draw",
                                               "recruitment",
                                               "fortresses",
                                               "bet",
                                               "initiative-roll",
                                               "campaign",
                                               "march-compose",
                                               "march",
                                               "march-test",
                                               "attrition",
                                               "scorch-test",
                                               "box-roll",
                                               "decoy",
                                               "evade",
                                               "evade-test",
                                               "retreat",
                                               "combat-round",
                                               "general-death",
                                               "break-off",
                                               "break-off-test",
                                               "loser",
                                               "siege-rounds",
                                               "war-effort",
                                               "siege-roll",
                                               "sortie",
                                               "siege-continue",
                                               "pursuit",
                                               "surprise",
                                               "surprise-test",
                                               "quarters",
                                               "interception",
                                               "interception-test",
                                               "prisoner",
                                               "diplomacy",
                                               "losses",
                                               "interception-battle",
                                               "honours",
                                               "commander",
                                               "march-commander",
                                               "over"};

void rs_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    const char *who = rs_camp_names[s->who];
    switch (s->phase) {
    case P_EVENT_ZONE:
        snprintf(buf, n, "%s: %d: where do the %d SP of the event arrive? (rule 7)", who, s->year,
                 s->ev_amount);
        break;
    case P_LOAN:
        snprintf(buf, n, "%s: %d: borrow D6 RP for 1 RP of interest? (rule 8.1.4)", who, s->year);
        break;
    case P_CAB_PICK:
        snprintf(buf, n,
                 "%s: choose cabinet strategy markers in secret (%d of at most %d) (rule 9)", who,
                 s->c[s->who].npick, s->c[s->who].cabmax);
        break;
    case P_RECRUIT:
        if (s->rzone >= 0)
            snprintf(buf, n, "%s: recruitment in %s, %d RP: recruit, or done with it (rule 10)",
                     who, RS_D(g)->z[s->rzone].name, s->c[s->who].rp);
        else
            snprintf(buf, n, "%s: recruitment, %d RP: choose a zone, or done (rule 10)", who,
                     s->c[s->who].rp);
        break;
    case P_FORT:
        snprintf(buf, n, "%s: fortresses and lines, %d RP (rule 11)", who, s->c[s->who].rp);
        break;
    case P_BET:
        snprintf(buf, n, "%s: secret initiative bet, 0-%d RP (rule 12)", who, RS_D(g)->bet_max);
        break;
    case P_IMPULSE:
        snprintf(buf, n, "%s: %s %d, campaign %d, %d RP (rules 13-18)", who,
                 s->mv.surprise ? "strategic surprise" : "campaign", s->year, s->cursor + 1,
                 s->c[s->who].rp);
        break;
    case P_MV_COMPOSE:
        snprintf(buf, n, "%s: %s marches from %s with %d SP: take, leave or march (rule 13.1.1)",
                 who, d->gd[s->mv.gen].name, d->z[s->mv.from].name, rs_sp(s->mv.sp));
        break;
    case P_MV_STEP:
        snprintf(buf, n, "%s: %s with %d SP in %s: next zone or halt (rule 13)", who,
                 d->gd[s->mv.gen].name, rs_sp(s->mv.sp), d->z[s->mv.at].name);
        break;
    case P_CB_TOP:
        snprintf(buf, n, "%s: combat in %s: which general commands the army? (rule 3.2)", who,
                 d->z[s->cb.zone].name);
        break;
    case P_MV_TOP:
        snprintf(buf, n,
                 "%s: %s's initiative test in %s: which general commands your army there? "
                 "(rules 3.2, 13.2)",
                 who, d->gd[s->mv.gen].name, d->z[s->mv.at].name);
        break;
    case P_CB_DECOY:
        snprintf(buf, n, "%s: battle in %s: play a decoy? (rule 16)", who, d->z[s->cb.zone].name);
        break;
    case P_CB_EVADE:
        snprintf(buf, n, "%s: attacked in %s: stand or try to evade? (rule 17.1)", who,
                 d->z[s->cb.zone].name);
        break;
    case P_CB_RETREAT:
        snprintf(buf, n, "%s: retreat from %s to (rule 17.1.3)", who, d->z[s->cb.zone].name);
        break;
    case P_CB_BREAK:
        snprintf(buf, n, "%s: battle in %s after round %d: fight on or break off? (rule 17.1.3)",
                 who, d->z[s->cb.zone].name, s->cb.round);
        break;
    case P_CB_LOSER:
        snprintf(buf, n, "%s: combat lost in %s: stay or withdraw? (rule 17.2)", who,
                 d->z[s->cb.zone].name);
        break;
    case P_SG_EFFORT:
        snprintf(buf, n, "%s: siege of %s, round %d of %d: spend 1 RP of war effort? (rule 18.1.1)",
                 who, d->z[s->sg.zone].name, s->sg.round + 1, s->sg.rounds);
        break;
    case P_SG_CONT:
        snprintf(buf, n, "%s: siege of %s, FV %d: continue? (rule 18.1.3)", who,
                 d->z[s->sg.zone].name, s->z[s->sg.zone].fv);
        break;
    case P_SURP_CHOOSE:
        snprintf(buf, n, "%s: attempt a strategic surprise? (rule 20)", who);
        break;
    case P_DIPLO:
        snprintf(buf, n, "%s: move a minor ally's alliance cursor for 5 RP? (rule 22.1)", who);
        break;
    case P_PRISON:
        snprintf(buf, n, "%s: return the prisoner %s against RP, or refuse for a GP? (rule 10.3)",
                 who, d->gd[s->k].name);
        break;
    case P_ICPT:
        snprintf(buf, n, "%s: intercept the march into %s? (rule 13.3)", who, d->z[s->mv.at].name);
        break;
    case P_QUARTERS:
        snprintf(buf, n, "%s: winter quarters for the army in %s (rule 21)", who, d->z[s->k].name);
        break;
    case P_ICPT_BATTLE:
        snprintf(buf, n, "%s: attack the army you intercepted in %s? (rule 13.3)", who,
                 d->z[s->icpt].name);
        break;
    case P_LOSS:
        if (LK_OUT(s->loss_k))
            snprintf(buf, n,
                     "%s: %d garrison SP beyond the FV leave the fortress of %s for the zone: "
                     "which type next? (rule 18.1.2)",
                     who, s->loss[s->who], d->z[s->loss_zone].name);
        else if (s->loss_k == LK_SPIKE)
            snprintf(buf, n,
                     "%s: your cannon are spiked in %s: which artillery SP? (rule 18.1.2 S+)", who,
                     d->z[s->loss_zone].name);
        else
            snprintf(buf, n, "%s: %d SP to eliminate in %s: which type next? (rule 17.1.1)", who,
                     s->loss[s->who], d->z[s->loss_zone].name);
        break;
    case P_HONOURS:
        snprintf(buf, n,
                 "%s: %s surrenders with honours: to which adjacent zone of your camp do the "
                 "garrison and its generals go? (rule 18.1.2 Sh)",
                 who, d->z[s->sg.zone].name);
        break;
    case P_OVER:
        snprintf(buf, n, "the game is over");
        break;
    default:
        snprintf(buf, n, "chance: %s", rs_phase_names[s->phase]);
    }
}

/* ---- result, turn ---------------------------------------------- */
void rs_result(const vb_game *g, const void *st, vb_result *r)
{
    const rs_state *s = st;
    (void)g;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->score[0] = s->gp;
    r->score[1] = -s->gp;
    if (!s->over)
        return;
    r->over = 1;
    if (s->winner < 2) {
        r->winner = s->winner;
        r->outcome[s->winner] = VB_OUT_WIN;
        r->outcome[1 - s->winner] = VB_OUT_LOSS;
        snprintf(r->verdict, sizeof r->verdict, "%s%s in favour of %s",
                 s->bankrupt ? "bankruptcy: victory" : "peace treaty",
                 s->resounding ? " (resounding victory)" : "", rs_camp_names[s->winner]);
    } else {
        r->outcome[0] = r->outcome[1] = VB_OUT_DRAW;
        snprintf(r->verdict, sizeof r->verdict, "peace compromise without victory");
    }
}

int rs_turn(const vb_game *g, const void *st)
{
    const rs_state *s = st;
    return s->year - RS_SCEN(g, s)->start + 1;
}

/* the camp whose march holds its SP off the map (s->mv.sp), or -1 */
int rs_marching(const vb_game *g, const rs_state *s)
{
    if (s->mv.gen >= 0 && (s->phase == P_MV_STEP || s->phase == P_MV_TEST || s->phase == P_MV_TOP ||
                           s->phase == P_ICPT || s->phase == P_ICPT_TEST ||
                           ((s->phase == P_ATTR || (s->phase == P_LOSS && s->loss_k == LK_ATTR)) &&
                            s->ret == P_MV_STEP)))
        return rs_gcamp(g, s, s->mv.gen);
    return -1;
}

/* ---- invariants ------------------------------------------------------ */
static void camp_total(const vb_game *g, const rs_state *s, int c, int *tot)
{
    const rs_data *d = RS_D(g);
    *tot = rs_sp(s->c[c].reserve) + rs_sp(s->c[c].prison) + rs_sp(s->c[c].gone);
    for (int z = 0; z < d->nz; z++) {
        *tot += rs_army(s, z, c);
        if (rs_ctrl(g, s, z) == c)
            *tot += rs_sp(s->z[z].garr);
    }
    if (rs_marching(g, s) == c)
        *tot += rs_sp(s->mv.sp);
}

int rs_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int init[2] = {0, 0};
    for (int i = 0; i < sc->nplace; i++)
        init[sc->place[i].camp] += rs_sp(sc->place[i].army) + rs_sp(sc->place[i].garr);
    for (int c = 0; c < 2; c++) {
        init[c] += rs_sp(sc->reserve[c]) + s->sp_adj[c]; /* events: new units, sides changed */
        if (s->c[c].rp < 0)
            return vb_fail(cx, VB_EINPUT, "%s has negative RP (%d)", rs_camp_names[c], s->c[c].rp);
        if (s->c[c].npick > RS_MAXPICK)
            return vb_fail(cx, VB_EINPUT, "%s: too many cabinet markers", rs_camp_names[c]);
    }
    init[RS_C] += sc->lorraine;
    for (int c = 0; c < 2; c++) {
        int tot;
        camp_total(g, s, c, &tot);
        if (c == RS_C)
            tot += s->lorraine;
        if (tot != init[c])
            return vb_fail(cx, VB_EINPUT, "%s SP not conserved: %d instead of %d", rs_camp_names[c],
                           tot, init[c]);
    }
    for (int z = 0; z < d->nz; z++) {
        const rs_zst *q = &s->z[z];
        if (q->fv > 4 || q->line > 2)
            return vb_fail(cx, VB_EINPUT, "zone '%s': FV %d or line %d out of range", d->z[z].name,
                           q->fv, q->line);
        /* a reduced FV's surplus waiting for its owner's choice (rs_loss.c) */
        int owed = s->phase == P_LOSS && s->loss_garr && z == s->loss_zone ? s->loss[s->who] : 0;
        if (s->phase == P_HONOURS && z == s->sg.zone) /* Sh: the whole garrison leaves */
            owed = rs_sp(q->garr);
        if (rs_sp(q->garr) > q->fv + owed)
            return vb_fail(cx, VB_EINPUT, "zone '%s': garrison %d beyond FV %d (rule 13.1)",
                           d->z[z].name, rs_sp(q->garr), q->fv);
        if (rs_sp(q->garr) && rs_ctrl(g, s, z) < 0)
            return vb_fail(cx, VB_EINPUT, "zone '%s': garrison without a camp", d->z[z].name);
        if (!sc->playable[z] && (rs_army(s, z, 0) || rs_army(s, z, 1)))
            return vb_fail(cx, VB_EINPUT, "zone '%s' is not playable but holds an army",
                           d->z[z].name);
    }
    return 0;
}

/* ---- secrets --------------------------------------------------------- */
void rs_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    const rs_state *s = st;
    int op = A_OP(a), c = s->who;
    (void)g;
    if (s->h.opts[0] && (op == OP_LEAVE || op == OP_UNGARRISON || op == OP_PICK || op == OP_DROP ||
                         op == OP_GARRISON || op == OP_RECRUIT || op == OP_LOSE || op == OP_OUT)) {
        /* rule 6, the closed game: which units go where stays with their owner */
        v->see = VB_ROLE_BIT(c);
        snprintf(v->public_text, sizeof v->public_text, "%s moves units out of sight",
                 rs_camp_names[c]);
        return;
    }
    if (s->phase == P_CAB_PICK && op == OP_TAKE) {
        v->see = VB_ROLE_BIT(c);
        v->group = G_PICK(s->year, c, s->c[c].npick);
        snprintf(v->public_text, sizeof v->public_text, "%s chose a cabinet strategy marker",
                 rs_camp_names[c]);
    } else if (s->phase == P_BET) {
        v->see = VB_ROLE_BIT(c);
        v->group = G_BET(s->year);
        snprintf(v->public_text, sizeof v->public_text, "%s placed a secret bet", rs_camp_names[c]);
    } else if (s->phase == P_INIT_ROLL && s->sub == 0) {
        v->reveals = G_BET(s->year);
    } else if (s->phase == P_IMPULSE && (op == OP_SIEGE || op == OP_SCORCH ||
                                         (op == OP_ATTACK && rs_is_battle(g, s, A_X(a), c)))) {
        int cat = op == OP_SIEGE ? CAT_SIEGE : op == OP_SCORCH ? CAT_SCORCH : CAT_BATTLE;
        int i = rs_held(s, c, cat);
        if (i >= 0)
            v->reveals = G_PICK(s->year, c, i);
    } else if (s->phase == P_ICPT_BATTLE && op == OP_ATTACK && rs_is_battle(g, s, A_X(a), c)) {
        int i = rs_held(s, c, CAT_BATTLE);
        if (i >= 0)
            v->reveals = G_PICK(s->year, c, i);
    } else if (s->phase == P_CB_DECOY && op == OP_DECOY) {
        int i = rs_held(s, c, CAT_DECOY);
        if (i >= 0)
            v->reveals = G_PICK(s->year, c, i);
    }
}

static void hide_units(uint8_t *t, int hk)
{
    int n = rs_sp(t);
    memset(t, 0, RS_NT);
    t[hk] = (uint8_t)n;
}

void rs_redact(const vb_game *g, void *st, int role)
{
    rs_state *s = st;
    if (role < 0 || role > 1)
        return;
    int o = 1 - role;
    rs_camp *k = &s->c[o];
    k->hidden = 0;
    for (int i = 0; i < k->npick; i++)
        if (k->pstate[i] == PK_HELD) {
            k->pick[i] = CAT_UNKNOWN;
            k->hidden++;
        }
    if (k->bet_hidden)
        k->bet = 0;
    /* rule 6, the closed game: the other camp's armies and garrisons show
     * their strength, not their composition */
    if (s->h.opts[0]) {
        const rs_data *d = RS_D(g);
        int hk = KIND(RS_SCEN(g, s)->leader[o], T_INF); /* nationalities hidden too */
        for (int z = 0; z < d->nz; z++) {
            hide_units(s->z[z].army[o], hk);
            if (rs_ctrl(g, s, z) == o)
                hide_units(s->z[z].garr, hk);
        }
        if (s->mv.gen >= 0 && s->active == o)
            hide_units(s->mv.sp, hk);
        if (s->attr_camp == o)
            hide_units(s->attr_army, hk);
        /* its Reserve too: what it recruits, garrisons and loses (kinds
         * hidden by rs_visibility) would show in the Reserve's kinds */
        hide_units(k->reserve, hk);
        k->armies_hidden = 1;
    }
}

/* a plausible composition of n hidden SP: about 60% infantry, 25% cavalry,
 * 5% each artillery, elite infantry, elite cavalry */
static void draw_units(uint8_t *t, int nat, vb_rng *rng)
{
    int n = rs_sp(t);
    memset(t, 0, RS_NT);
    for (int i = 0; i < n; i++) {
        int r = (int)vb_rng_below(rng, 20);
        int ty = r < 12 ? T_INF : r < 17 ? T_CAV : r < 18 ? T_ART : r < 19 ? T_INFE : T_CAVE;
        t[KIND(nat, ty)]++;
    }
}

void rs_determinize(const vb_game *g, void *st, int role, vb_rng *rng)
{
    rs_state *s = st;
    const rs_data *d = RS_D(g);
    if (role < 0 || role > 1)
        return;
    int o = 1 - role;
    rs_camp *k = &s->c[o];
    int left[RS_NCAT], tot = 0;
    for (int c = 0; c < RS_NCAT; c++)
        left[c] = d->markers[c];
    for (int i = 0; i < k->npick; i++)
        if (k->pick[i] < RS_NCAT)
            left[k->pick[i]]--;
    for (int c = 0; c < RS_NCAT; c++)
        tot += left[c] > 0 ? left[c] : 0;
    for (int i = 0; i < k->npick; i++) {
        if (k->pick[i] != CAT_UNKNOWN || tot <= 0)
            continue;
        int r = (int)vb_rng_below(rng, (uint64_t)tot), c = 0;
        while (c < RS_NCAT && (left[c] <= 0 || r >= left[c])) {
            if (left[c] > 0)
                r -= left[c];
            c++;
        }
        if (c >= RS_NCAT)
            c = CAT_BATTLE;
        k->pick[i] = (uint8_t)c;
        left[c]--;
        tot--;
    }
    k->hidden = 0;
    if (k->armies_hidden) {
        int nat = RS_SCEN(g, s)->leader[o];
        for (int z = 0; z < d->nz; z++) {
            draw_units(s->z[z].army[o], nat, rng);
            if (rs_ctrl(g, s, z) == o)
                draw_units(s->z[z].garr, nat, rng);
        }
        if (s->mv.gen >= 0 && s->active == o)
            draw_units(s->mv.sp, nat, rng);
        if (s->attr_camp == o && s->attr_zone >= 0 && s->attr_zone < d->nz) {
            /* the army under attrition: as many SP out of the army drawn */
            int n = rs_sp(s->attr_army);
            const uint8_t *a = s->z[s->attr_zone].army[o];
            for (int t = 0; t < RS_NT; t++) {
                s->attr_army[t] = (uint8_t)(a[t] < n ? a[t] : n);
                n -= s->attr_army[t];
            }
        }
        draw_units(k->reserve, nat, rng);
        k->armies_hidden = 0;
    }
    if (k->bet_hidden) {
        int m = k->rp < d->bet_max ? k->rp : d->bet_max;
        k->bet = (uint8_t)vb_rng_below(rng, (uint64_t)(m + 1));
    }
}
