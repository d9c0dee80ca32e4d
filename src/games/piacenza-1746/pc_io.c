/*
 * pc_io.c - Piacenza 1746 texts: action texts and the state as JSON (names,
 * not indexes) and back with validation. The boards are in pc_board.c.
 */
#include <stdlib.h>

#include "pc_int.h"

static const char *const phase_names[] = {"",
                                          "select",
                                          "initiative",
                                          "billebaude",
                                          "movement",
                                          "move",
                                          "anchor",
                                          "line-direction",
                                          "step",
                                          "facing",
                                          "leader-step",
                                          "bombardment",
                                          "second-volley-bombardment",
                                          "combat",
                                          "fire-declare",
                                          "fire-reply",
                                          "second-volley-attacker",
                                          "second-volley-defender",
                                          "objective",
                                          "reveal",
                                          "wing-commander",
                                          "commander-in-chief",
                                          "bearer",
                                          "owner-choice",
                                          "retreat-choice",
                                          "follow-choice",
                                          "placement",
                                          "placement-hex",
                                          "dragoons",
                                          "relocate-choice",
                                          "over"};
static const char *const status_names[] = {"good", "disordered", "routed"};

static const char *form_name(const pc_data *d, int f)
{
    return f == PC_MAXF ? "artillery" : (f >= 0 && f < d->nf ? d->f[f].name : "none");
}

void pc_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    int k = PC_K(a), x = PC_A(a), y = PC_B(a);
    char hn[8], ft[PC_NAME];
    const char *ux = x >= 0 && x < d->nu ? d->u[x].token : "?";
    const char *uy = y >= 0 && y < d->nu ? d->u[y].token : "?";
    switch (k) {
    case A_DIE:
        snprintf(buf, n, "%d", x);
        break;
    case A_WING:
        snprintf(buf, n, "wing %s", x >= 0 && x < d->nw ? d->wg[x].name : "?");
        break;
    case A_FIRST:
        snprintf(buf, n, "go-first");
        break;
    case A_SECOND:
        snprintf(buf, n, "go-second");
        break;
    case A_RALLY:
        snprintf(buf, n, "rally %s", ux);
        break;
    case A_ENDFDB:
        snprintf(buf, n, "end-billebaude");
        break;
    case A_FORM:
    case A_CFORM:
        vb_name_token(ft, sizeof ft, form_name(d, x));
        snprintf(buf, n, "%s %s", k == A_FORM ? "formation" : "combat", ft);
        break;
    case A_ENDMOVE:
        snprintf(buf, n, "end-movement");
        break;
    case A_DECLINE:
        snprintf(buf, n, "declare-line");
        break;
    case A_ANCHOR:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "line-from %s", hn);
        break;
    case A_LDIR:
        snprintf(buf, n, "line-toward %s", x >= 0 && x < 6 ? pc_dir_names[x] : "?");
        break;
    case A_LGAPS:
        snprintf(buf, n, "line-gaps %d", x);
        break;
    case A_LEND:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "line-to %s", hn);
        break;
    case A_MOVE:
        snprintf(buf, n, "move %s", ux);
        break;
    case A_LEADER:
        snprintf(buf, n, "move-leader %s", x >= 0 && x < d->nl ? d->l[x].token : "?");
        break;
    case A_ENDFORM:
        snprintf(buf, n, "end-formation");
        break;
    case A_TO:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "to %s", hn);
        break;
    case A_STOP:
        snprintf(buf, n, "stop");
        break;
    case A_MELEE:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "%s %s", y ? "charge" : "melee", hn); /* 10.1: the declaration */
        break;
    case A_FACE:
        snprintf(buf, n, "face %s", x >= 0 && x < 6 ? pc_face_names[x] : "?");
        break;
    case A_BOMB:
        pc_hex_name(d, y, hn, sizeof hn);
        snprintf(buf, n, "bombard %s %s", ux, hn);
        break;
    case A_AGAIN:
        snprintf(buf, n, "second-volley %s", ux);
        break;
    case A_CEASE:
        snprintf(buf, n, "cease %s", ux);
        break;
    case A_ENDBOMB:
        snprintf(buf, n, "end-bombardment");
        break;
    case A_ENDCOMBAT:
        snprintf(buf, n, "end-combat");
        break;
    case A_FIRE:
        snprintf(buf, n, "fire %s %s", ux, uy);
        break;
    case A_OPEN:
        snprintf(buf, n, "open-fire");
        break;
    case A_REPLY:
        snprintf(buf, n, "reply %s %s", ux, uy);
        break;
    case A_HOLD:
        snprintf(buf, n, "hold %s", ux);
        break;
    case A_V2:
        if (s && s->phase == PH_F2ATT && x >= 0 && x < s->nd)
            snprintf(buf, n, "again %s", d->u[(int)s->df[x]].token);
        else
            snprintf(buf, n, "again %s", ux);
        break;
    case A_DONE:
        snprintf(buf, n, "done");
        break;
    case A_OBJ:
    case A_REVEAL:
    case A_CICTO: {
        int p = k == A_CICTO ? x : (x >= 0 && x < d->nobjp ? d->objp[x] : -1);
        char pt[PC_NAME];
        vb_name_token(pt, sizeof pt, p >= 0 && p < d->nplace ? d->place[p].name : "?");
        snprintf(buf, n, "%s %s",
                 k == A_OBJ      ? "objective"
                 : k == A_REVEAL ? "reveal"
                                 : "cic-to",
                 pt);
        break;
    }
    case A_SUFFER:
        snprintf(buf, n, "suffer %s", ux);
        break;
    case A_RETREAT:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "retreat %s", hn);
        break;
    case A_FOLLOW:
        snprintf(buf, n, "follow %s", ux);
        break;
    case A_RELOC:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "relocate %s %s", y >= 0 && y < d->nl ? d->l[y].token : "?", hn);
        break;
    case A_CICSTAY:
        snprintf(buf, n, "cic-stay");
        break;
    case A_PLACE:
        snprintf(buf, n, "place %s",
                 x >= PC_MAXU && x < PC_MAXU + d->nl ? d->l[x - PC_MAXU].token : ux);
        break;
    case A_AT:
        pc_hex_name(d, x, hn, sizeof hn);
        snprintf(buf, n, "at %s", hn);
        break;
    case A_DEPLOY:
        snprintf(buf, n, "%s %s", y ? "on-foot" : "mounted",
                 x >= 0 && x < d->ndrg ? d->drg_token[x] : "?");
        break;
    case A_DISMOUNT:
        snprintf(buf, n, "dismount %s", ux);
        break;
    case A_MOUNT:
        snprintf(buf, n, "mount %s", ux);
        break;
    default:
        snprintf(buf, n, "?");
        break;
    }
}

/* ---- JSON ----------------------------------------------------------------------*/

static json_t *hexj(const pc_data *d, int hex)
{
    char hn[8];
    if (hex < 0)
        return json_null();
    pc_hex_name(d, hex, hn, sizeof hn);
    return json_string(hn);
}

static json_t *unitj(const pc_data *d, int u)
{
    return u >= 0 && u < d->nu ? json_string(d->u[u].name) : json_null();
}

/* Procedure fields: integers kept as numbers, except where names read better. */
enum { F_INT, F_UNIT, F_HEX, F_WING };
typedef struct pfield {
    const char *key;
    size_t off;
    int kind, min, max;
} pfield;
#define PF(k, f, kind, lo, hi)                                                                     \
    {                                                                                              \
        k, offsetof(pc_state, f), kind, lo, hi                                                     \
    }
static const pfield pfields[] = {
    PF("wings_done", wdone, F_INT, 0, 255), PF("second_reveal", second_reveal, F_INT, -1, 1),
    PF("formations_done", fdone, F_INT, 0, (1 << (PC_MAXF + 1)) - 1),
    PF("line_anchor", line_anchor, F_HEX, -1, PC_MAXHEX - 1), PF("line_dir", line_dir, F_INT, 0, 5),
    PF("line_len", line_len, F_INT, 0, PC_MAXU), PF("move_mp", mv_mp, F_INT, -20, 20),
    PF("move_start", mv_start, F_HEX, -1, PC_MAXHEX - 1), PF("move_steps", mv_steps, F_INT, 0, 40),
    PF("move_to", mv_to, F_HEX, -1, PC_MAXHEX - 1), PF("move_stopped", mv_stopped, F_INT, 0, 1),
    PF("battery", bomb_u, F_UNIT, -1, PC_MAXU - 1),
    PF("battery_target", bomb_hex, F_HEX, -1, PC_MAXHEX - 1),
    PF("battery_volley", bomb_vol, F_INT, 0, 2),
    PF("proc_i", proc_i, F_INT, -1, PC_MAXDECL + PC_MAXU), PF("proc_volley", proc_vol, F_INT, 0, 2),
    PF("proc_step", proc_step, F_INT, 0, 4), PF("proc_unit", proc_u, F_INT, -1, PC_MAXU),
    PF("melee_attacker", mel_a, F_UNIT, -1, PC_MAXU - 1),
    PF("melee_defender", mel_d, F_UNIT, -1, PC_MAXU - 1), PF("melee_shift", mel_shift, F_INT, 0, 1),
    PF("melee_charge", mel_charge, F_INT, 0, 1), PF("melee_counter", mel_counter, F_INT, 0, 1),
    PF("melee_stage", mel_stage, F_INT, 0, 2),
    PF("melee_hex", mel_res[0], F_HEX, -1, PC_MAXHEX - 1),
    PF("melee_deferred", mel_res[1], F_INT, 0, 63), /* 10.3.1; optional, default 0 */
    PF("roll", roll, F_INT, 0, RL_LEADER), PF("roll_side", roll_side, F_INT, 0, 1),
    PF("roll_unit", roll_u, F_UNIT, -1, PC_MAXU - 1),
    PF("roll_unit2", roll_u2, F_UNIT, -1, PC_MAXU - 1),
    PF("roll_hex", roll_hex, F_HEX, -1, PC_MAXHEX - 1), PF("roll_mod", roll_mod, F_INT, -9, 9),
    PF("last_result", roll_need, F_INT, 0, R_N - 1),
    PF("reorg_unit", reorg_u, F_INT, -1, PC_MAXU - 1),
    PF("continuation", cont, F_INT, 0, CONT_ADVANCE), PF("captured_fs", captured[0], F_INT, 0, 999),
    PF("captured_au", captured[1], F_INT, 0, 999),
    PF("leader_rolls", lroll, F_INT, 0, (1 << PC_MAXL) - 1),
    PF("occupant", holder, F_INT, -1, 1),             /* Scenario 3; optional, default -1 */
    PF("owner_unit", own_u, F_UNIT, -1, PC_MAXU - 1), /* 8.5.1 */
    PF("owner_return_phase", own_phase, F_INT, 0, PH_OVER),
    PF("owner_return_side", own_side, F_INT, 0, 1),
    /* 9.2.8, optional (default: no retreat in progress) */
    PF("retreat_unit", ret_u, F_UNIT, -1, PC_MAXU - 1),
    PF("retreat_from", ret_from, F_HEX, -1, PC_MAXHEX - 1), PF("retreat_hexes", ret_n, F_INT, 0, 9),
    PF("retreat_step", ret_i, F_INT, 0, 15),
    PF("retreat_return_phase", ret_phase, F_INT, 0, PH_OVER),
    PF("retreat_return_side", ret_side, F_INT, 0, 1),
    PF("retreat_direction", ret_dir, F_INT, -1, 5),       /* 10.2 / 11.1 c */
    PF("move_retreats", mret_kind, F_INT, 0, MRET_MELEE), /* 5.10, 10.2 */
    PF("move_retreats_next", mret_v, F_INT, 0, PC_MAXU),
    /* 5.10, optional (default: no pair parted) */
    PF("follow_from", fol_hex, F_HEX, -1, PC_MAXHEX - 1),
    PF("follow_first", fol_u, F_UNIT, -1, PC_MAXU - 1),
    PF("follow_second", fol_w, F_UNIT, -1, PC_MAXU - 1),
    PF("follow_leaders", fol_l, F_INT, 0, (1 << PC_MAXL) - 1),
    PF("relocate_leader", rel_l, F_INT, -1, PC_MAXL - 1), /* 4.7, optional */
    PF("relocate_return_phase", rel_phase, F_INT, 0, PH_OVER),
    PF("relocate_return_side", rel_side, F_INT, 0, 1),
    PF("dragoons_changed", drg_conv, F_INT, 0, (1 << PC_MAXDRG) - 1), /* 10.5, optional */
    PF("line_end", line_end, F_HEX, -1, PC_MAXHEX - 1), /* 5.5, optional: line_dir's, */
    PF("line_gaps", line_gaps, F_INT, -1, PC_MAXU),     /* no gap */
};
#define NPF (sizeof pfields / sizeof pfields[0])

json_t *pc_to_json(const vb_game *g, const void *st, int role)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    (void)role;
    json_t *j = json_object(), *u = json_object(), *l = json_object(), *sm = json_array();
    json_t *pr = json_object(), *ch = json_object();
    json_object_set_new(j, "turn", json_integer(s->turn));
    json_object_set_new(j, "phase", json_string(phase_names[s->phase]));
    int setup = s->phase == PH_PLACE || s->phase == PH_PLACEAT;
    if (s->phase == PH_PLACEAT) /* the set-up: the piece being placed */
        json_object_set_new(j, "placing",
                            json_string(s->pl_piece < PC_MAXU ? d->u[s->pl_piece].name
                                                              : d->l[s->pl_piece - PC_MAXU].name));
    if (s->phase == PH_DRAGOON && s->drg_next >= 0 && s->drg_next < d->ndrg) /* 10.5 */
        json_object_set_new(j, "deploying", json_string(d->drg_name[s->drg_next]));
    json_object_set_new(j, "side", json_string(d->side_list[s->side & 1]));
    json_object_set_new(j, "wing", json_string(d->wg[s->wing].name));
    json_object_set_new(j, "formation", json_string(form_name(d, s->form)));
    json_object_set_new(j, "moving",
                        s->mv_u < 0 ? json_null()
                        : s->phase == PH_LSTEP || s->phase == PH_WCMOVE
                            ? json_string(d->l[s->mv_u].name)
                        : s->phase == PH_BMOVE ? json_string(d->wg[s->mv_u].bearer)
                                               : unitj(d, s->mv_u));
    for (int k = 0; k < 2; k++) {
        int c = s->choice[k];
        json_t *o = json_object();
        json_object_set_new(o, "marker",
                            c == -2 ? json_string("hidden")
                            : c < 0 ? json_null()
                                    : json_string(d->wg[c].name));
        json_object_set_new(o, "revealed", json_boolean(s->revealed[k]));
        json_object_set_new(o, "initiative", json_integer(s->iroll[k]));
        json_object_set_new(ch, d->side_list[k], o);
    }
    json_object_set_new(ch, "second_wing",
                        s->second_wing == -2 ? json_string("hidden")
                        : s->second_wing < 0 ? json_null()
                                             : json_string(d->wg[s->second_wing].name));
    json_object_set_new(j, "markers", ch);
    for (int k = 0; k < d->nu; k++) {
        json_t *o = json_object(), *fl = json_array();
        json_object_set_new(o, "hex",
                            s->uhex[k] >= 0        ? hexj(d, s->uhex[k])
                            : s->uhex[k] == PC_OFF ? json_string("not-in-play")
                            : setup                ? json_string("unplaced")
                                                   : json_string("eliminated"));
        json_object_set_new(o, "steps", json_integer(s->ustep[k]));
        json_object_set_new(o, "status", json_string(status_names[s->ustat[k] % 3]));
        static const char *const flags[] = {"billebaude", "changing", "fired",      "broken",
                                            "moved",      "shot",     "one-volley", "owner-asked"};
        for (int b = 0; b < 8; b++)
            if (s->uflag[k] & (1 << b))
                json_array_append_new(fl, json_string(flags[b]));
        json_object_set_new(o, "flags", fl);
        if (d->u[k].type == UT_ART)
            json_object_set_new(o, "facing", json_string(pc_face_names[s->uface[k] % 6]));
        if (s->umelee[k] != -1)
            json_object_set_new(o, "melee", json_integer(s->umelee[k]));
        if (s->ucharge[k])
            json_object_set_new(o, "charge", json_true());
        if (s->rf[k] != -1 || s->rt[k] != -1 || s->r2[k]) {
            json_object_set_new(o, "reply_decided", json_integer(s->rf[k]));
            json_object_set_new(o, "reply", unitj(d, s->rt[k]));
            json_object_set_new(o, "reply_second", json_integer(s->r2[k]));
        }
        if (s->psteps[k] || s->pdis[k] || s->psrc[k] != -1) {
            json_object_set_new(o, "pending_steps", json_integer(s->psteps[k]));
            json_object_set_new(o, "pending_disorder", json_integer(s->pdis[k]));
            json_object_set_new(o, "pending_from", hexj(d, s->psrc[k]));
        }
        json_object_set_new(u, d->u[k].name, o);
    }
    json_object_set_new(j, "units", u);
    for (int k = 0; k < d->nl; k++) {
        json_t *o = json_object();
        json_object_set_new(o, "hex",
                            s->lhex[k] >= 0 ? hexj(d, s->lhex[k])
                            : setup         ? json_string("unplaced")
                                            : json_string("captured"));
        json_object_set_new(o, "staff", json_boolean(s->lstaff[k]));
        if (s->lfrom[k] >= 0) /* 4.7: the hex he stood in, his roll or choice owed */
            json_object_set_new(o, "retreat_from", hexj(d, s->lfrom[k]));
        if (s->lwith[k] >= 0 && s->lwith2[k] >= 0) /* 4.7: two units of his stack */
            json_object_set_new(o, "retreat_with",
                                json_pack("[o,o]", unitj(d, s->lwith[k]), unitj(d, s->lwith2[k])));
        else if (s->lwith[k] >= 0) /* 4.7: the unit whose retreat set off his roll */
            json_object_set_new(o, "retreat_with", unitj(d, s->lwith[k]));
        json_object_set_new(l, d->l[k].name, o);
    }
    json_object_set_new(j, "leaders", l);
    for (int k = 0; k < s->nsmoke; k++)
        json_array_append_new(sm, hexj(d, s->smoke[k]));
    json_object_set_new(j, "smoke", sm);
    json_t *decl = json_array();
    for (int k = 0; k < s->nd; k++)
        json_array_append_new(decl, json_pack("{s:o,s:o,s:i}", "firer", unitj(d, s->df[k]),
                                              "target", unitj(d, s->dt[k]), "second", s->d2[k]));
    json_object_set_new(j, "fire", decl);
    for (size_t k = 0; k < NPF; k++) {
        int v = *(const int32_t *)((const char *)s + pfields[k].off);
        json_t *x = pfields[k].kind == F_UNIT  ? unitj(d, v)
                    : pfields[k].kind == F_HEX ? hexj(d, v)
                                               : json_integer(v);
        json_object_set_new(pr, pfields[k].key, x);
    }
    json_object_set_new(j, "procedure", pr);
    if (d->nobj || !d->all_in_command) { /* the battle */
        json_t *b = json_object(), *ob = json_array(), *rv = json_array(), *ic = json_array();
        for (int k = 0; k < d->nobjp; k++) {
            if ((s->obj >> k) & 1)
                json_array_append_new(ob, json_string(d->place[d->objp[k]].name));
            if ((s->obj_shown >> k) & 1)
                json_array_append_new(rv, json_string(d->place[d->objp[k]].name));
        }
        for (int k = 0; k < d->nl; k++)
            if ((s->lcmd >> k) & 1)
                json_array_append_new(ic, json_string(d->l[k].name));
        json_object_set_new(b, "objectives", ob);
        json_object_set_new(b, "objectives_noted", json_integer(s->obj_n));
        json_object_set_new(b, "objectives_revealed", rv);
        json_object_set_new(b, "objective_check", json_integer(s->obj_end));
        json_object_set_new(b, "automatic_victory", json_boolean(s->auto_win));
        json_object_set_new(b, "cic_moved", json_integer(s->cic_moved));
        json_object_set_new(b, "cic_last_move",
                            json_pack("[i,i]", (int)s->cic_turn[0], (int)s->cic_turn[1]));
        json_object_set_new(b, "in_command", ic);
        json_t *fl = json_object(); /* 4.6.1: hex, "captured", or null (not in play) */
        for (int w = 0; w < d->nw; w++)
            if (d->wg[w].bmp)
                json_object_set_new(fl, d->wg[w].bearer,
                                    s->bhex[w] >= 0       ? hexj(d, s->bhex[w])
                                    : (s->bcapt >> w) & 1 ? json_string("captured")
                                                          : json_null());
        json_object_set_new(b, "bearers", fl);
        json_object_set_new(j, "battle", b);
    }
    return j;
}

/* The battle's part of a state file: objectives (names), CiC rest, command. */
static int battle_from_json(const pc_data *d, pc_state *s, json_t *j, vb_ctx *cx)
{
    static const char *const bk[] = {"objectives",
                                     "objectives_noted",
                                     "objectives_revealed",
                                     "objective_check",
                                     "automatic_victory",
                                     "cic_moved",
                                     "cic_last_move",
                                     "in_command",
                                     "bearers",
                                     NULL};
    const char *w = "state: battle";
    json_t *b = json_object_get(j, "battle"), *x, *e;
    size_t i;
    s->obj = s->obj_n = s->obj_shown = s->obj_end = s->auto_win = s->cic_moved = 0;
    s->cic_turn[0] = s->cic_turn[1] = 0;
    s->bcapt = 0;
    for (int q = 0; q < PC_MAXWING; q++)
        s->bhex[q] = -1;
    if (!b) {
        if (d->nobj || !d->all_in_command)
            return vb_fail(cx, VB_EINPUT, "%s: missing", w);
        s->lcmd = (int32_t)((1u << d->nl) - 1);
        return 0;
    }
    if (!d->nobj && d->all_in_command)
        return vb_fail(cx, VB_EINPUT, "%s: not part of this scenario", w);
    if (!json_is_object(b) || vb_json_known(b, bk, w, cx) ||
        vb_json_int(b, "objectives_noted", 0, PC_MAXOBJ, &s->obj_n, w, cx) ||
        vb_json_int(b, "objective_check", 0, 2, &s->obj_end, w, cx) ||
        vb_json_bool(b, "automatic_victory", &s->auto_win, w, cx) ||
        vb_json_int(b, "cic_moved", 0, 3, &s->cic_moved, w, cx))
        return json_is_object(b) ? VB_EINPUT : vb_fail(cx, VB_EINPUT, "%s: an object", w);
    for (int pass = 0; pass < 2; pass++) {
        if (vb_json_arr(b, pass ? "objectives_revealed" : "objectives", &x, w, cx))
            return VB_EINPUT;
        json_array_foreach(x, i, e)
        {
            int k = -1;
            for (int q = 0; q < d->nobjp; q++)
                if (json_is_string(e) &&
                    vb_name_eq(d->place[d->objp[q]].name, json_string_value(e)))
                    k = q;
            if (k < 0)
                return vb_fail(cx, VB_EINPUT, "%s: not a geographic objective", w);
            if (((pass ? s->obj_shown : s->obj) >> k) & 1)
                return vb_fail(cx, VB_EINPUT, "%s: %s: '%s' twice (13.0: four different places)", w,
                               pass ? "objectives_revealed" : "objectives", json_string_value(e));
            if (pass)
                s->obj_shown |= 1 << k;
            else
                s->obj |= 1 << k;
        }
    }
    if (vb_json_arr(b, "cic_last_move", &x, w, cx) || json_array_size(x) != 2)
        return vb_fail(cx, VB_EINPUT, "%s: cic_last_move: two turns", w);
    for (int k = 0; k < 2; k++) {
        e = json_array_get(x, (size_t)k);
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) > PC_MAXT)
            return vb_fail(cx, VB_EINPUT, "%s: cic_last_move: a turn", w);
        s->cic_turn[k] = (int32_t)json_integer_value(e);
    }
    if (vb_json_arr(b, "in_command", &x, w, cx))
        return VB_EINPUT;
    s->lcmd = 0;
    json_array_foreach(x, i, e)
    {
        int l = json_is_string(e) ? pc_find_leader(d, json_string_value(e)) : -1;
        if (l < 0)
            return vb_fail(cx, VB_EINPUT, "%s: in_command: unknown leader", w);
        s->lcmd |= 1 << l;
    }
    if (vb_json_obj(b, "bearers", &x, w, cx)) /* 4.6.1 */
        return VB_EINPUT;
    {
        const char *key;
        json_object_foreach(x, key, e)
        {
            int k = -1;
            for (int q = 0; q < d->nw; q++)
                if (d->wg[q].bmp && vb_name_eq(d->wg[q].bearer, key))
                    k = q;
            if (k < 0)
                return vb_fail(cx, VB_EINPUT, "%s: bearers: unknown Standard Bearer '%s'", w, key);
            const char *hv = json_string_value(e);
            if (json_is_null(e))
                continue;
            if (hv && !strcmp(hv, "captured")) {
                s->bcapt |= 1 << k;
                continue;
            }
            int h = hv ? pc_hex_parse(d, hv) : -1;
            if (h < 0)
                return vb_fail(cx, VB_EINPUT, "%s: bearers: %s: a hex, \"captured\" or null", w,
                               key);
            s->bhex[k] = (int16_t)h;
        }
    }
    return 0;
}

static int bad(vb_ctx *cx, const char *what)
{
    return vb_fail(cx, VB_EINPUT, "state: %s", what);
}

static int hex_of(const pc_data *d, json_t *x, int *out, vb_ctx *cx, const char *what)
{
    *out = -1; /* set on every path (gcc -O2 cannot see that vb_fail is nonzero) */
    if (json_is_null(x)) {
        *out = -1;
        return 0;
    }
    const char *sv = json_string_value(x);
    int h = sv ? pc_hex_parse(d, sv) : -1;
    if (h < 0)
        return vb_fail(cx, VB_EINPUT, "state: %s: bad hex", what);
    *out = h;
    return 0;
}

static int unit_of(const pc_data *d, json_t *x, int *out, vb_ctx *cx, const char *what)
{
    *out = -1; /* set on every path (gcc -O2 cannot see that vb_fail is nonzero) */
    if (json_is_null(x)) {
        *out = -1;
        return 0;
    }
    const char *sv = json_string_value(x);
    int u = sv ? pc_find_unit(d, sv) : -1;
    if (u < 0)
        return vb_fail(cx, VB_EINPUT, "state: %s: unknown unit", what);
    *out = u;
    return 0;
}

int pc_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    pc_state *s = st;
    static const char *const known[] = {
        "turn",    "phase", "side", "wing",      "formation", "moving",  "markers",   "units",
        "leaders", "smoke", "fire", "procedure", "battle",    "placing", "deploying", NULL};
    const char *sv;
    json_t *o, *x;
    int v;
    if (!json_is_object(j))
        return bad(cx, "an object is expected");
    if (vb_json_known(j, known, "state", cx) || vb_json_int(j, "turn", 1, PC_MAXT, &v, "state", cx))
        return VB_EINPUT;
    s->turn = v;
    if (vb_json_str(j, "phase", &sv, "state", cx))
        return VB_EINPUT;
    s->phase = -1;
    for (int k = 1; k <= PH_OVER; k++)
        if (!strcmp(phase_names[k], sv))
            s->phase = k;
    if (s->phase < 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown phase '%s'", sv);
    int setup = s->phase == PH_PLACE || s->phase == PH_PLACEAT;
    x = json_object_get(j, "placing"); /* the set-up: the piece being placed */
    s->pl_piece = -1;
    if (x) {
        sv = json_string_value(x);
        int pu = sv ? pc_find_unit(d, sv) : -1, pl = sv ? pc_find_leader(d, sv) : -1;
        if (s->phase != PH_PLACEAT || (pu < 0 && pl < 0))
            return bad(cx, "placing: a unit or Commander, only in the placement-hex phase");
        s->pl_piece = pu >= 0 ? pu : PC_MAXU + pl;
    }
    s->drg_next = -1;
    x = json_object_get(j, "deploying");
    if (x || s->phase == PH_DRAGOON) { /* 10.5: the regiment being deployed */
        sv = json_string_value(x);
        int r = sv ? pc_find_drg(d, sv) : -1;
        if (s->phase != PH_DRAGOON || r < 0)
            return bad(cx, "deploying: a dragoon regiment, only in the dragoons phase");
        s->drg_next = r;
    }
    if (vb_json_str(j, "side", &sv, "state", cx))
        return VB_EINPUT;
    s->side = vb_name_find(d->side_list, 2, sv);
    if (s->side < 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown side '%s'", sv);
    if (vb_json_str(j, "wing", &sv, "state", cx))
        return VB_EINPUT;
    if ((s->wing = pc_find_wing(d, sv)) < 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown wing '%s'", sv);
    if (vb_json_str(j, "formation", &sv, "state", cx))
        return VB_EINPUT;
    s->form = -2;
    if (!strcmp(sv, "artillery"))
        s->form = PC_MAXF;
    else if (!strcmp(sv, "none"))
        s->form = -1;
    for (int f = 0; f < d->nf; f++)
        if (vb_name_eq(d->f[f].name, sv))
            s->form = f;
    if (s->form == -2)
        return vb_fail(cx, VB_EINPUT, "state: unknown formation '%s'", sv);
    x = json_object_get(j, "moving");
    s->mv_u = -1;
    if (x && !json_is_null(x)) {
        sv = json_string_value(x);
        if (!sv)
            return bad(cx, "moving: a name");
        s->mv_u = s->phase == PH_LSTEP || s->phase == PH_WCMOVE ? pc_find_leader(d, sv)
                  : s->phase == PH_BMOVE                        ? -1
                                                                : pc_find_unit(d, sv);
        for (int w = 0; s->phase == PH_BMOVE && w < d->nw; w++)
            if (d->wg[w].bmp && vb_name_eq(d->wg[w].bearer, sv))
                s->mv_u = w;
        if (s->mv_u < 0)
            return vb_fail(cx, VB_EINPUT, "state: moving: unknown '%s'", sv);
    }
    if (vb_json_obj(j, "markers", &o, "state", cx))
        return VB_EINPUT;
    for (int k = 0; k < 2; k++) {
        json_t *m = json_object_get(o, d->side_list[k]), *mk;
        static const char *const mkeys[] = {"marker", "revealed", "initiative", NULL};
        if (!json_is_object(m))
            return vb_fail(cx, VB_EINPUT, "state: markers: '%s' missing", d->side_list[k]);
        if (vb_json_known(m, mkeys, "state: markers", cx) ||
            vb_json_bool(m, "revealed", &s->revealed[k], "state: markers", cx) ||
            vb_json_int(m, "initiative", -1, 9, &s->iroll[k], "state: markers", cx))
            return VB_EINPUT;
        mk = json_object_get(m, "marker");
        s->choice[k] = -1;
        if (json_is_string(mk)) {
            if (!strcmp(json_string_value(mk), "hidden"))
                s->choice[k] = -2;
            else if ((s->choice[k] = pc_find_wing(d, json_string_value(mk))) < 0 ||
                     d->wg[s->choice[k]].side != k)
                return bad(cx, "markers: unknown wing");
        } else if (mk && !json_is_null(mk))
            return bad(cx, "markers: a wing name");
    }
    x = json_object_get(o, "second_wing");
    s->second_wing = -1;
    if (json_is_string(x)) {
        if (!strcmp(json_string_value(x), "hidden"))
            s->second_wing = -2;
        else if ((s->second_wing = pc_find_wing(d, json_string_value(x))) < 0)
            return bad(cx, "markers: unknown second wing");
    } else if (x && !json_is_null(x))
        return bad(cx, "markers: second_wing: a wing name");
    {
        static const char *const ck[] = {"franco-spanish", "austrian", "second_wing", NULL};
        if (vb_json_known(o, ck, "state: markers", cx))
            return VB_EINPUT;
    }
    if (vb_json_obj(j, "units", &o, "state", cx))
        return VB_EINPUT;
    for (int k = 0; k < PC_MAXU; k++) {
        s->uhex[k] = -1;
        s->umelee[k] = -1;
        s->ucharge[k] = 0;
        s->rf[k] = s->rt[k] = -1;
        s->psrc[k] = -1;
    }
    {
        const char *key;
        json_t *val;
        json_object_foreach(o, key, val)
        {
            if (pc_find_unit(d, key) < 0)
                return vb_fail(cx, VB_EINPUT, "state: units: unknown unit '%s'", key);
        }
    }
    for (int k = 0; k < d->nu; k++) {
        json_t *u = json_object_get(o, d->u[k].name), *fl;
        static const char *const uk[] = {"hex",           "steps",
                                         "status",        "flags",
                                         "facing",        "melee",
                                         "charge",        "reply_decided",
                                         "reply",         "reply_second",
                                         "pending_steps", "pending_disorder",
                                         "pending_from",  NULL};
        char where[80];
        snprintf(where, sizeof where, "state: units: %s", d->u[k].name);
        if (!json_is_object(u))
            return vb_fail(cx, VB_EINPUT, "%s: missing", where);
        if (vb_json_known(u, uk, where, cx) || vb_json_str(u, "hex", &sv, where, cx))
            return VB_EINPUT;
        int h = -1;
        if (!strcmp(sv, "not-in-play")) { /* 10.5: the other mode of a dragoon regiment */
            if (d->u[k].drg < 0)
                return vb_fail(cx, VB_EINPUT, "%s: only a dragoon counter is not-in-play", where);
            h = PC_OFF;
        } else if (strcmp(sv, setup ? "unplaced" : "eliminated") && (h = pc_hex_parse(d, sv)) < 0)
            return vb_fail(cx, VB_EINPUT, "%s: bad hex '%s'", where, sv);
        s->uhex[k] = (int16_t)h;
        if (vb_json_int(u, "steps", 1, 2, &v, where, cx))
            return VB_EINPUT;
        s->ustep[k] = (uint8_t)v;
        if (vb_json_str(u, "status", &sv, where, cx))
            return VB_EINPUT;
        v = vb_name_find(status_names, 3, sv);
        if (v < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown status '%s'", where, sv);
        s->ustat[k] = (uint8_t)v;
        if (vb_json_arr(u, "flags", &fl, where, cx))
            return VB_EINPUT;
        s->uflag[k] = 0;
        for (size_t i = 0; i < json_array_size(fl); i++) {
            static const char *const flags[] = {"billebaude", "changing",   "fired",
                                                "broken",     "moved",      "shot",
                                                "one-volley", "owner-asked"};
            int b = vb_name_find(flags, 8,
                                 json_string_value(json_array_get(fl, i))
                                     ? json_string_value(json_array_get(fl, i))
                                     : "");
            if (b < 0)
                return vb_fail(cx, VB_EINPUT, "%s: unknown flag", where);
            if ((s->uflag[k] >> b) & 1)
                return vb_fail(cx, VB_EINPUT, "%s: flag '%s' twice", where, flags[b]);
            s->uflag[k] |= (uint8_t)(1u << b);
        }
        /* the markers of one kind of unit: a cannon failure is a gun's
         * (8.4), the single volley of disordered troops is not (11.1 d), a
         * changing of ranks is infantry's (8.5.3) */
        if (((s->uflag[k] & UF_BROKEN) && d->u[k].type != UT_ART) ||
            ((s->uflag[k] & UF_ONEVOL) && d->u[k].type == UT_ART) ||
            ((s->uflag[k] & UF_CHANGING) && d->u[k].type != UT_INF))
            return vb_fail(cx, VB_EINPUT,
                           "%s: flags: broken is a gun's (8.4), one-volley not a gun's (11.1 d), "
                           "changing infantry's (8.5.3)",
                           where);
        s->uface[k] = 0;
        if (d->u[k].type == UT_ART) {
            if (vb_json_str(u, "facing", &sv, where, cx))
                return VB_EINPUT;
            if ((v = vb_name_find(pc_face_names, 6, sv)) < 0)
                return vb_fail(cx, VB_EINPUT, "%s: unknown facing '%s'", where, sv);
            s->uface[k] = (uint8_t)v;
        } else if (json_object_get(u, "facing"))
            return vb_fail(cx, VB_EINPUT, "%s: only artillery has a facing", where);
        if (json_object_get(u, "melee")) {
            if (vb_json_int(u, "melee", -2 - (PC_MAXHEX - 1), d->nhex - 1, &v, where, cx))
                return VB_EINPUT;
            if (v >= 0 ? v >= d->nhex : (-2 - v) >= d->nhex)
                return vb_fail(cx, VB_EINPUT, "%s: bad melee hex", where);
            s->umelee[k] = (int16_t)v;
        }
        if (json_object_get(u, "charge")) { /* 10.1: the marker is a Charge */
            if (vb_json_bool(u, "charge", &v, where, cx))
                return VB_EINPUT;
            if (v && (d->u[k].type != UT_CAV || pc_drg_mounted(d, k) || s->umelee[k] == -1))
                return vb_fail(cx, VB_EINPUT,
                               "%s: a charge is the melee marker of a cavalry unit (10.3, 10.5)",
                               where);
            s->ucharge[k] = (uint8_t)(v ? 1 : 0);
        }
        if (json_object_get(u, "reply_decided")) {
            int r, rd, r2v;
            if (vb_json_int(u, "reply_decided", -1, 1, &rd, where, cx) ||
                unit_of(d, json_object_get(u, "reply"), &r, cx, where) ||
                vb_json_int(u, "reply_second", 0, 3, &r2v, where, cx))
                return VB_EINPUT;
            /* 9.1: play marks a defender's reply decided with 1 (reply or
             * hold) and writes the field only then; -1 is "not decided" */
            if (rd != 1)
                return vb_fail(cx, VB_EINPUT,
                               "%s: \"reply_decided\" is %d, a reply written is decided (1)", where,
                               rd);
            s->rf[k] = (int8_t)rd;
            s->rt[k] = (int8_t)r;
            s->r2[k] = (int8_t)r2v;
        }
        if (json_object_get(u, "pending_steps")) {
            int ps, pd, pf;
            if (vb_json_int(u, "pending_steps", 0, 9, &ps, where, cx) ||
                vb_json_int(u, "pending_disorder", 0, 0x65, &pd, where, cx) ||
                hex_of(d, json_object_get(u, "pending_from"), &pf, cx, where))
                return VB_EINPUT;
            /* 0x20: 9.2.1's retreat of a stack mate, a melee retreat only */
            if ((pd & 7) > 5 || (pd & ~0x67) || ((pd & 0x20) && pd != (2 | 0x40 | 0x20)))
                return vb_fail(cx, VB_EINPUT, "%s: bad pending disorder", where);
            s->psteps[k] = (int8_t)ps;
            s->pdis[k] = (int8_t)pd;
            s->psrc[k] = (int16_t)pf;
        }
    }
    if (vb_json_obj(j, "leaders", &o, "state", cx))
        return VB_EINPUT;
    for (int k = 0; k < PC_MAXL; k++)
        s->lhex[k] = -1, s->lfrom[k] = -1, s->lwith[k] = -1, s->lwith2[k] = -1;
    {
        const char *key;
        json_t *val;
        json_object_foreach(o, key, val)
        {
            if (pc_find_leader(d, key) < 0)
                return vb_fail(cx, VB_EINPUT, "state: leaders: unknown leader '%s'", key);
        }
    }
    for (int k = 0; k < d->nl; k++) {
        json_t *l = json_object_get(o, d->l[k].name);
        static const char *const lk[] = {"hex", "staff", "retreat_from", "retreat_with", NULL};
        int st2;
        if (!json_is_object(l))
            return vb_fail(cx, VB_EINPUT, "state: leaders: %s: missing", d->l[k].name);
        if (vb_json_known(l, lk, "state: leaders", cx) ||
            vb_json_str(l, "hex", &sv, "state: leaders", cx) ||
            vb_json_bool(l, "staff", &st2, "state: leaders", cx))
            return VB_EINPUT;
        int h = -1;
        if (strcmp(sv, setup ? "unplaced" : "captured") && (h = pc_hex_parse(d, sv)) < 0)
            return vb_fail(cx, VB_EINPUT, "state: leaders: %s: bad hex", d->l[k].name);
        s->lhex[k] = (int16_t)h;
        s->lstaff[k] = (uint8_t)st2;
        if (json_object_get(l, "retreat_from")) { /* 4.7 */
            int f;
            if (hex_of(d, json_object_get(l, "retreat_from"), &f, cx, "leaders: retreat_from"))
                return VB_EINPUT;
            if (f < 0)
                return vb_fail(cx, VB_EINPUT, "state: leaders: %s: retreat_from: a hex",
                               d->l[k].name);
            s->lfrom[k] = (int16_t)f;
        }
        json_t *rw = json_object_get(l, "retreat_with");
        if (rw) { /* 4.7: a unit, or the two units of his stack (the last first) */
            int w[2] = {-1, -1}, nw = json_is_array(rw) ? (int)json_array_size(rw) : 1;
            if (json_is_array(rw) && nw != 2)
                return vb_fail(cx, VB_EINPUT, "state: leaders: %s: retreat_with: a unit or two",
                               d->l[k].name);
            for (int i = 0; i < nw; i++) {
                if (unit_of(d, json_is_array(rw) ? json_array_get(rw, (size_t)i) : rw, &w[i], cx,
                            "leaders: retreat_with"))
                    return VB_EINPUT;
                if (w[i] < 0 || d->u[w[i]].side != d->l[k].side)
                    return vb_fail(cx, VB_EINPUT,
                                   "state: leaders: %s: retreat_with: a unit of his side",
                                   d->l[k].name);
            }
            if (w[0] == w[1])
                return vb_fail(cx, VB_EINPUT, "state: leaders: %s: retreat_with: two units",
                               d->l[k].name);
            s->lwith[k] = (int8_t)w[0];
            s->lwith2[k] = (int8_t)w[1];
        }
    }
    if (vb_json_arr(j, "smoke", &o, "state", cx))
        return VB_EINPUT;
    if (json_array_size(o) > PC_MAXSMOKE)
        return bad(cx, "too many smoke markers");
    s->nsmoke = 0;
    for (size_t i = 0; i < json_array_size(o); i++) {
        int h;
        if (hex_of(d, json_array_get(o, i), &h, cx, "smoke") || h < 0)
            return bad(cx, "smoke: a hex");
        s->smoke[s->nsmoke++] = (int16_t)h;
    }
    if (vb_json_arr(j, "fire", &o, "state", cx))
        return VB_EINPUT;
    if (json_array_size(o) > PC_MAXDECL)
        return bad(cx, "too many fire declarations");
    s->nd = 0;
    for (size_t i = 0; i < json_array_size(o); i++) {
        json_t *e = json_array_get(o, i);
        static const char *const fk[] = {"firer", "target", "second", NULL};
        int f, t, sec;
        if (!json_is_object(e) || vb_json_known(e, fk, "state: fire", cx) ||
            unit_of(d, json_object_get(e, "firer"), &f, cx, "fire") ||
            unit_of(d, json_object_get(e, "target"), &t, cx, "fire") ||
            vb_json_int(e, "second", 0, 3, &sec, "state: fire", cx) || f < 0 || t < 0)
            return bad(cx, "fire: firer, target and second");
        s->df[s->nd] = (int8_t)f;
        s->dt[s->nd] = (int8_t)t;
        s->d2[s->nd++] = (int8_t)sec;
    }
    if (vb_json_obj(j, "procedure", &o, "state", cx))
        return VB_EINPUT;
    {
        const char *key;
        json_t *val;
        json_object_foreach(o, key, val)
        {
            size_t k;
            for (k = 0; k < NPF && strcmp(pfields[k].key, key); k++)
                ;
            if (k == NPF)
                return vb_fail(cx, VB_EINPUT, "state: procedure: unknown key '%s'", key);
        }
    }
    for (size_t k = 0; k < NPF; k++) {
        json_t *x2 = json_object_get(o, pfields[k].key);
        int val = 0;
        if (!x2 && pfields[k].off == offsetof(pc_state, holder)) {
            s->holder = -1;
            continue;
        }
        if (!x2 && pfields[k].off == offsetof(pc_state, mel_res[1])) {
            s->mel_res[1] = 0;
            continue;
        }
        if (!x2 && pfields[k].off >= offsetof(pc_state, ret_u)) {
            *(int32_t *)((char *)s + pfields[k].off) =
                pfields[k].off == offsetof(pc_state, ret_u) ||
                        pfields[k].off == offsetof(pc_state, ret_from) ||
                        pfields[k].off == offsetof(pc_state, ret_dir) ||
                        pfields[k].off == offsetof(pc_state, fol_hex) ||
                        pfields[k].off == offsetof(pc_state, fol_u) ||
                        pfields[k].off == offsetof(pc_state, fol_w) ||
                        pfields[k].off == offsetof(pc_state, rel_l)
                    ? -1
                    : 0;
            continue;
        }
        if (!x2)
            return vb_fail(cx, VB_EINPUT, "state: procedure: '%s' missing", pfields[k].key);
        if (pfields[k].kind == F_UNIT) {
            if (unit_of(d, x2, &val, cx, pfields[k].key))
                return VB_EINPUT;
        } else if (pfields[k].kind == F_HEX) {
            if (hex_of(d, x2, &val, cx, pfields[k].key))
                return VB_EINPUT;
        } else if (vb_json_int(o, pfields[k].key, pfields[k].min, pfields[k].max, &val,
                               "state: procedure", cx))
            return VB_EINPUT;
        *(int32_t *)((char *)s + pfields[k].off) = val;
    }
    for (int i = s->nd; i < PC_MAXDECL; i++)
        s->df[i] = s->dt[i] = 0;
    for (int i = 0; i < PC_MAXDECL; i++)
        s->mel_done_hex[i] = -1;
    int rc = battle_from_json(d, s, j, cx);
    if (rc)
        return rc;
    if ((rc = pc_check(g, s, cx)))
        return rc;
    /* 5.5: the Line's last hex and gaps, once pc_check has judged its first
     * hex, its units and its formation */
    if (pc_line_file(d, s, json_object_get(o, "line_end") != NULL,
                     json_object_get(o, "line_gaps") != NULL, cx))
        return VB_EINPUT;
    if ((rc = pc_position_ok(d, s, cx)))
        return rc;
    if (s->phase != PH_OVER) {
        vb_action acts[VB_MAX_ACTIONS];
        int n = pc_legal(g, s, acts, NULL, VB_MAX_ACTIONS);
        if (n <= 0)
            return bad(cx, "the position has no legal action");
    }
    return 0;
}
