/* pc_test.h - the set-up helpers the Piacenza 1746 tests share: the
 * state and data of a test match, units, leaders and hexes by name, a board
 * cleared of every counter, a wing put at a segment, expectations on hexes
 * and on the log. Include after <cmocka.h> and "vbtest.h". */
#ifndef PC_TEST_H
#define PC_TEST_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/piacenza-1746/pc_int.h"

static inline const pc_data *D(vbt *t)
{
    return pc_data_of(t->g, vbt_state(t));
}
static inline pc_state *S(vbt *t)
{
    return vbt_state(t);
}
static inline int U(vbt *t, const char *n)
{
    int u = pc_find_unit(D(t), n);
    if (u < 0) {
        fail_msg("unknown unit '%s'", n);
        return 0; /* not reached (fail_msg jumps out); lets gcc see an index */
    }
    return u;
}
static inline int HX(vbt *t, const char *h)
{
    int x = pc_hex_parse(D(t), h);
    if (x < 0)
        fail_msg("bad hex '%s'", h);
    return x;
}
/* Scenarios 2 and 3 begin with the players' set-up (pc_place.c): place
 * every piece at the hex its data names (the reconstructed placement inside
 * the printed areas), the Austrians first, through the actions. */
static inline void place_default(vbt *t)
{
    char a[64];
    for (int side = PC_AU, k = 0; k < 2; k++, side = PC_FS)
        for (int p = 0; p < PC_MAXU + D(t)->nl; p++) {
            if (p == D(t)->nu)
                p = PC_MAXU;
            if (p >= PC_MAXU + D(t)->nl)
                break;
            int lp = p >= PC_MAXU;
            if ((lp ? D(t)->l[p - PC_MAXU].side : D(t)->u[p].side) != side)
                continue;
            assert_int_equal(S(t)->phase, PH_PLACE);
            pc_action_text(t->g, S(t), PC_ACT(A_PLACE, p, 0), a, sizeof a);
            vbt_act(t, a);
            pc_action_text(t->g, S(t),
                           PC_ACT(A_AT, lp ? D(t)->l[p - PC_MAXU].hex : D(t)->u[p].hex, 0), a,
                           sizeof a);
            vbt_act(t, a);
        }
}
static inline vbt *pc_new(const char *scenario, uint64_t seed)
{
    vbt *t = vbt_new("piacenza-1746", scenario, seed);
    if (S(t)->phase == PH_PLACE)
        place_default(t);
    return t;
}
/* 10.5: the battle's set-up begins with the dragoons: deploy each
 * regiment still to deploy mounted (foot 0) or on foot (1). */
static inline void deploy_dragoons(vbt *t, int foot)
{
    char a[64];
    for (int g = 0; g < PC_MAXDRG && S(t)->phase == PH_DRAGOON; g++) {
        pc_action_text(t->g, S(t), PC_ACT(A_DEPLOY, S(t)->drg_next, foot), a, sizeof a);
        vbt_act(t, a);
    }
}
/* 13.0: the Franco-Spanish objectives noted, after the dragoons deployed
 * mounted (foot 0) or on foot (1): the battle at its first turn. */
static inline void note_objectives(vbt *t, const char *const o[4])
{
    char a[64];
    for (int k = 0; k < 4; k++) {
        snprintf(a, sizeof a, "objective %s", o[k]);
        vbt_act(t, a);
    }
}
static inline void battle_begun(vbt *t, int foot)
{
    static const char *const o[4] = {"San-Lazzaro", "Le-Mose", "Montale", "Mucinasso"};
    deploy_dragoons(t, foot);
    note_objectives(t, o);
}
/* The match's state as a state file of the scenario; *state is its
 * "state" object, to edit before loading (the file holds a reference). */
static inline json_t *pc_file_of(vbt *t, const char *scenario, json_t **state)
{
    *state = vbt_state_json(t);
    return json_pack("{s:s, s:s, s:O}", "game", "piacenza-1746", "scenario", scenario, "state",
                     *state);
}
static inline void pc_set_hex(json_t *j, const char *group, const char *name, const char *hex)
{
    json_object_set_new(json_object_get(json_object_get(j, group), name), "hex", json_string(hex));
}
/* One state file loaded: refused (needle in one line, the state unchanged)
 * or, with needle NULL, accepted. */
static inline void pc_load_expect(vbt *t, json_t *file, const char *needle, const char *what)
{
    char *txt = json_dumps(file, 0);
    pc_state before = *S(t);
    int rc = vbt_load(t, txt);
    free(txt);
    if (!needle) {
        if (rc)
            fail_msg("%s refused: %s", what, t->cx.err);
        return;
    }
    if (rc != VB_EINPUT)
        fail_msg("%s accepted", what);
    if (!strstr(t->cx.err, needle) || strchr(t->cx.err, '\n'))
        fail_msg("%s refused with: %s", what, t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
}
/* The position written as a state file of its scenario and read back:
 * the same state past the core's header (DESIGN.md: a position
 * round-trips through its file). */
static inline void reads_back_the_same(vbt *t, const char *what)
{
    const vb_head *h = vbt_state(t);
    json_t *j, *file = pc_file_of(t, t->g->scenarios[h->scenario], &j);
    pc_state *before = malloc(sizeof *before);
    memcpy(before, S(t), sizeof *before);
    pc_load_expect(t, file, NULL, what);
    size_t o = offsetof(pc_state, uhex);
    if (memcmp((char *)before + o, (char *)S(t) + o, sizeof *before - o))
        fail_msg("%s: the state read back differs from the one written", what);
    free(before);
    json_decref(file);
    json_decref(j);
}
/* Each action refused (not offered, its apply an error), the position
 * unchanged. */
static inline void refused_unchanged(vbt *t, const char *const *bad, size_t n)
{
    pc_state *before = malloc(sizeof *before);
    memcpy(before, S(t), sizeof *before);
    for (size_t k = 0; k < n; k++) {
        if (vbt_legal(t, bad[k]))
            fail_msg("'%s' offered", bad[k]);
        if (vbt_try(t, bad[k]) >= 0)
            fail_msg("'%s' accepted", bad[k]);
    }
    assert_memory_equal(before, S(t), sizeof *before);
    free(before);
}
static inline void clear_board(vbt *t)
{
    for (int u = 0; u < D(t)->nu; u++)
        S(t)->uhex[u] = -1;
    for (int l = 0; l < D(t)->nl; l++)
        S(t)->lhex[l] = -1;
}
static inline void put(vbt *t, const char *unit, const char *hex)
{
    S(t)->uhex[U(t, unit)] = (int16_t)HX(t, hex);
}
static inline void put_at(vbt *t, const char *unit, int hex)
{
    S(t)->uhex[U(t, unit)] = (int16_t)hex;
}
static inline void put_leader(vbt *t, const char *l, const char *hex)
{
    int k = pc_find_leader(D(t), l);
    assert_true(k >= 0);
    S(t)->lhex[k] = (int16_t)HX(t, hex);
}
static inline void at_segment(vbt *t, const char *wing, int phase)
{
    pc_state *s = S(t);
    s->wing = pc_find_wing(D(t), wing);
    assert_true(s->wing >= 0);
    s->side = D(t)->wg[s->wing].side;
    s->phase = phase;
    s->fdone = 0;
    s->form = -1;
    /* 3.0 A.2: the wing to activate next is one of the other side's */
    if (s->second_wing >= 0 && D(t)->wg[s->second_wing].side == s->side)
        s->second_wing = s->second_reveal = -1;
    /* 3.0 exception: in turn 1 the first two wings go in their order, so a
     * later wing finds them done (pc_check refuses any other order) */
    int f0 = D(t)->first_wing[0], f1 = D(t)->first_wing[1];
    if (s->turn == 1 && f0 >= 0 && f1 >= 0) {
        s->wdone = s->wing == f0 ? 0 : s->wing == f1 ? 1 << f0 : (1 << f0) | (1 << f1);
        s->second_wing = s->wing == f0 ? f1 : -1;
        s->second_reveal = -1;
    }
}
/* A formation's Movement segment begun: the wing at the choice of the
 * formation, the formation (its Commander) chosen, unit (as an action
 * spells it) picked to move. */
static inline void start_move(vbt *t, const char *wing, const char *formation, const char *unit)
{
    char buf[64];
    at_segment(t, wing, PH_MFORM);
    snprintf(buf, sizeof buf, "formation %s", formation);
    vbt_act(t, buf);
    snprintf(buf, sizeof buf, "move %s", unit);
    vbt_act(t, buf);
}
/* The moving formation's segments passed to its Combat segment: the
 * formation (its Commander) chosen there. */
static inline void combat_segment(vbt *t, const char *form)
{
    char buf[64];
    vbt_act(t, "end-formation");
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    snprintf(buf, sizeof buf, "combat %s", form);
    vbt_act(t, buf);
}
/* ... and the procedure opened: the markers' melees and the fire next. */
static inline void to_combat(vbt *t, const char *form)
{
    combat_segment(t, form);
    vbt_act(t, "open-fire");
}
/* The neighbour of hex in direction k across an open hexside (-1: none),
 * and in act (64 bytes) the move's words "to HEX". */
static inline int step_words(vbt *t, int hex, int k, char *act, size_t n)
{
    int nb = pc_nb(D(t), hex, k);
    char hn[8];
    if (nb < 0 || !pc_side_open(D(t), hex, k))
        return -1;
    pc_hex_name(D(t), nb, hn, sizeof hn);
    snprintf(act, n, "to %s", hn);
    return nb;
}
static inline void expect_at(vbt *t, const char *unit, const char *hex)
{
    if (S(t)->uhex[U(t, unit)] != HX(t, hex))
        fail_msg("%s expected in %s", unit, hex);
}
static inline void expect_log(vbt *t, const char *needle)
{
    if (!vbt_logged(t, needle))
        fail_msg("log lacks '%s'; log:\n%s", needle, t->log);
}
/* The odds column ("1:1") the log gives the melee of who (its first line
 * tagged tag), in buf. */
static inline void melee_column(vbt *t, const char *tag, const char *who, char *buf, size_t n)
{
    char key[64];
    snprintf(key, sizeof key, "%s %s (", tag, who);
    const char *p = strstr(t->log, key);
    if (!p)
        fail_msg("log lacks '%s'; log:\n%s", key, t->log);
    p = strstr(p, "): ");
    assert_non_null(p);
    p += 3;
    size_t k = strcspn(p, " ");
    assert_true(k < n);
    memcpy(buf, p, k);
    buf[k] = 0;
}

/* 9.2.8: the owner takes the first hex each paused retreat step offers
 * (the hex the retreat took before the way was the owner's choice) */
static inline void retreat_first(vbt *t)
{
    for (int g = 0; g < 20 && S(t)->phase == PH_RETREAT; g++) {
        int opt[6];
        char a[24], hn[8];
        assert_true(pc_retreat_options(D(t), S(t), S(t)->ret_u, opt) >= 2);
        pc_hex_name(D(t), opt[0], hn, sizeof hn);
        snprintf(a, sizeof a, "retreat %s", hn);
        vbt_act(t, a);
    }
}
/* The dice "a,b,..." one by one; before each and after the last, a retreat
 * that waits for its owner takes its first hex (retreat_first). For the
 * tests of other rules that go through retreats; the owner's choice itself
 * is tested with vbt_dice and `retreat HEX`. */
static inline void dice_on(vbt *t, const char *outcomes)
{
    char one[16];
    const char *p = outcomes;
    while (*p) {
        size_t n = strcspn(p, ",");
        assert_true(n < sizeof one);
        memcpy(one, p, n);
        one[n] = 0;
        retreat_first(t);
        vbt_dice(t, one);
        p += n + (p[n] == ',');
    }
    retreat_first(t);
}
/* One result for unit (fire 1: a volley's, 0: a melee's) from hex from,
 * placed and taken through the pending effects up to the next decision. */
static inline void apply_result(vbt *t, const char *unit, int res, const char *from, int fire)
{
    pc_state *s = S(t);
    pc_pending_begin(s);
    pc_add_result(D(t), s, U(t, unit), res, HX(t, from), fire);
    s->proc_u = 0;
    s->cont = CONT_NONE;
    pc_advance(D(t), s, &t->cx);
}
/* Apply one fire result to unit u through the pending effects. */
static inline void hit(vbt *t, const char *unit, int res, const char *from)
{
    apply_result(t, unit, res, from, 1);
    retreat_first(t);
}

static inline void pass_activation(vbt *t)
{
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    vbt_act(t, "end-combat");
}

/* 4.7: the centre map cleared, Petit Bois stacked with Saboya in 0201,
 * Africa in 0101 (hex 0); a D1 from 0301 sends Saboya to 0102, the changing
 * of ranks fails and Petit Bois retreats unharmed: Saboya in 0102 and
 * Africa in 0101 are both one hex away, his relocation asked (PH_RELOC;
 * test_mutation41.c, test_mutation42.c). */
static inline vbt *petit_bois_relocates(void)
{
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0201");
    put_leader(t, "Petit Bois", "0201");
    put(t, "Africa", "0101");
    hit(t, "Saboya", R_D1, "0301");
    dice_on(t, "9,5"); /* changing of ranks fails; 4.7: 5, unharmed */
    return t;
}
/* The centre map (Scenario 2) cleared, Petit Bois's three battalions in
 * 0101 (hex 0, Clear), 0102 and 0103, his Line being declared (test_line.c,
 * test_mutation24.c). */
static inline vbt *petit_bois_declares(void)
{
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    put(t, "Africa", "0102");
    put(t, "Asturias", "0103");
    put_leader(t, "Petit Bois", "0102");
    at_segment(t, "De Croix", PH_MFORM);
    assert_int_equal(HX(t, "0101"), 0);
    vbt_act(t, "formation Petit-Bois");
    vbt_act(t, "declare-line");
    return t;
}

/* Aramburu's formation chosen: his Line declared from 0505 south, Castilla
 * moved into 0505, beside the Austrian cavalry in 0605 (5.10: it must
 * refuse the contact; refusal_stack, test_retreat.c, test_rules.c). */
static inline void castilla_into_the_line(vbt *t)
{
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0505");
    vbt_act(t, "line-toward S");
    vbt_act(t, "move Castilla");
    vbt_act(t, "to 0505");
}

/* a cleared board of Learning Scenario 1 (its map sheet and forces) */
static inline vbt *board(void)
{
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    clear_board(t);
    return t;
}

/* 8.5.1: Artilleria de Gages (1004) bombards Bernes and Hohenembs
 * Cuirassiers stacked in 1205, the die 8 (one step): the Austrian player
 * to name the unit that suffers it (test_retreat.c, test_mutation40b.c) */
static inline vbt *bombarded_cuirassiers(void)
{
    vbt *t = board();
    put(t, "Artilleria de Gages", "1004");
    put(t, "Bernes Cuirassiers", "1205");
    put(t, "Hohenembs Cuirassiers", "1205");
    at_segment(t, "LW", PH_BOMB);
    vbt_act(t, "bombard Artilleria-de-Gages 1205");
    dice_on(t, "8");
    return t;
}

/* The Hussars (Barnklau at barnklau) in 0705, their move begun, next to
 * unit in 0605 (Ditch: a cavalry Melee's ground, 10.2); Aramburu, when
 * aramburu is not NULL, at that hex (test_cavalry.c, test_combat.c,
 * test_retreat.c). */
static inline vbt *hussars_next_to(const char *unit, const char *barnklau, const char *aramburu)
{
    vbt *t = board();
    put(t, "Hussars", "0705");
    put_leader(t, "Barnklau", barnklau);
    put(t, unit, "0605");
    if (aramburu)
        put_leader(t, "Aramburu", aramburu);
    start_move(t, "RW", "Barnklau", "Hussars");
    return t;
}

/* The Hussars (Barnklau) charge Castilla (Aramburu) in 0605 on the
 * san-lazzaro board, to the moment Castilla opens fire on them (10.2 a):
 * the dice of the volley come next. */
static inline vbt *hussars_charge_castilla(void)
{
    vbt *t = hussars_next_to("Castilla", "0805", "0604");
    vbt_act(t, "melee 0605");
    to_combat(t, "Barnklau");
    return t;
}

/* 5.10: Castilla's Line step into 0505, next to the Austrian Bernes
 * Cuirassiers and Hussars stacked in 0605 with the Commander Novati; each
 * refusing unit's way is asked in turn (0705 or 0706, equal for 9.2.8):
 * Bernes Cuirassiers first (the lower unit), then the Hussars. */
static inline vbt *refusal_stack(void)
{
    vbt *t = board();
    put(t, "Castilla", "0405");
    put(t, "Lombardia", "0406");
    put_leader(t, "Aramburu", "0406");
    put(t, "Hussars", "0605");
    put(t, "Bernes Cuirassiers", "0605");
    put_leader(t, "Novati", "0605");
    put(t, "Pallavicini", "0904");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    castilla_into_the_line(t);
    return t;
}

static inline int PLACE(vbt *t, const char *name)
{
    for (int i = 0; i < D(t)->nplace; i++)
        if (!strcmp(D(t)->place[i].name, name))
            return D(t)->place[i].hex;
    fail_msg("no place '%s'", name);
    return -1;
}

/* One passing decision: the pending die from the match's generator, else
 * go-first, else the end of the current segment. */
static inline void pass_one(vbt *t)
{
    if (S(t)->roll)
        vbt_roll(t);
    else if (vbt_legal(t, "go-first"))
        vbt_act(t, "go-first");
    else if (vbt_legal(t, "end-billebaude"))
        vbt_act(t, "end-billebaude");
    else if (vbt_legal(t, "end-movement"))
        vbt_act(t, "end-movement");
    else if (vbt_legal(t, "end-bombardment"))
        vbt_act(t, "end-bombardment");
    else
        vbt_act(t, "end-combat");
}

/* Melee and fire set-ups the combat tests share (test_combat.c, test_fire.c,
 * test_retreat.c). */
/* Castilla's melee on Clerici (0805) declared, its formation in combat. */
static inline vbt *melee_declared(void)
{
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0704");
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    start_move(t, "LW", "Aramburu", "Castilla");
    vbt_act(t, "melee 0805");
    combat_segment(t, "Aramburu");
    return t;
}

static inline vbt *melee_to_retreat(void)
{
    vbt *t = melee_declared();
    vbt_act(t, "open-fire");
    return t;
}

/* The Guardias Espanolas (Aramburu beside them) adjacent to the Grenadiers
 * Marini stacked with the Artillerie Pallavicini at 0807: a gun with
 * infantry, for 8.1, 8.5.1 and 9.2.3 */
static inline vbt *guards_before_marini(void)
{
    vbt *t = board();
    put(t, "Guardias Espanolas", "0707");
    put_leader(t, "Aramburu", "0606");
    put(t, "Grenadiers Marini", "0807");
    put(t, "Artillerie Pallavicini", "0807");
    return t;
}

/* The battle's set-ups its tests share (test_battle.c, test_bearers.c,
 * test_battle_ai.c). */
static inline int LEADER(vbt *t, const char *n)
{
    int l = pc_find_leader(D(t), n);
    if (l < 0)
        fail_msg("no leader '%s'", n);
    return l;
}

static inline int OBJ(vbt *t, const char *name)
{
    for (int k = 0; k < D(t)->nobjp; k++)
        if (!strcmp(D(t)->place[D(t)->objp[k]].name, name))
            return k;
    fail_msg("'%s' is not an objective", name);
    return -1;
}

/* The battle with the Franco-Spanish objectives noted. */
static inline vbt *battle(const char *o1, const char *o2, const char *o3, const char *o4)
{
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const char *const o[4] = {o1, o2, o3, o4};
    deploy_dragoons(t, 0);
    note_objectives(t, o);
    return t;
}

/* The end of turn `turn` of the battle, every unit in good order (no
 * reorganisation asked). */
static inline void end_turn(vbt *t, int turn)
{
    S(t)->turn = turn;
    for (int u = 0; u < D(t)->nu; u++)
        S(t)->ustat[u] = ST_GOOD;
    S(t)->reorg_u = -1;
    pc_next_reorg(D(t), S(t), &t->cx);
}

/* A free hex far from every unit, to park a unit out of the way. */
static inline int free_hex(vbt *t, int near, int min, int max)
{
    const pc_data *d = D(t);
    for (int h = 0; h < d->nhex; h++) {
        if (!pc_passable(d, h) || d->terr[d->hterr[h]].is_city || pc_dist(d, h, near) < min ||
            pc_dist(d, h, near) > max)
            continue;
        int used = 0;
        for (int u = 0; u < d->nu; u++)
            used |= S(t)->uhex[u] == h;
        if (!used)
            return h;
    }
    fail_msg("no free hex");
    return -1;
}

/* The Hussars (Barnklau) moved from 1305 to 1205 (mate, when not NULL,
 * stacked there before), next to the Gds de Corps in 1105: both hexes
 * Clear, no stream between, not adjacent at the start (a Charge's ground,
 * 10.3). */
static inline vbt *hussars_at_1205(const char *mate)
{
    vbt *t = board();
    put(t, "Hussars", "1305");
    if (mate)
        put(t, mate, "1205");
    put_leader(t, "Barnklau", "1405");
    put(t, "Gds de Corps", "1105");
    start_move(t, "RW", "Barnklau", "Hussars");
    vbt_act(t, "to 1205");
    return t;
}

/* 10.3.1: the Hussars charge the Gds de Corps in 1105 from 1205, the
 * charge's combat open (test_combat.c, test_files.c). */
static inline vbt *charge_1105_with(const char *mate)
{
    vbt *t = hussars_at_1205(mate);
    vbt_act(t, "charge 1105");
    to_combat(t, "Barnklau");
    return t;
}
static inline vbt *charge_1105(void)
{
    return charge_1105_with(NULL);
}

/* The dragoons' set-ups (test_dragoons.c, test_mutation41.c): the battle
 * with the dragoons deployed (foot 0 mounted, 1 on foot), the
 * objectives noted, every unit off the board but the Commanders, turn 1;
 * Larnage (Formation Commander of the dragoons) at `larnage`. */
static inline vbt *drg_board(int foot, const char *larnage)
{
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    battle_begun(t, foot);
    for (int u = 0; u < D(t)->nu; u++) /* the counters in play: gone */
        if (S(t)->uhex[u] != PC_OFF)
            S(t)->uhex[u] = -1;
    put_leader(t, "Larnage", larnage);
    return t;
}

/* The Movement segment of Larnage's formation (Mirepoix's wing), the
 * formation chosen: its first moment, when 10.5's changes of mode come. */
static inline void larnage_moves(vbt *t)
{
    at_segment(t, "Mirepoix", PH_MFORM);
    vbt_act(t, "formation Larnage");
}

/* Douchez's three battalions (Corona 0705, Navarra 0706, Aragon 0707)
 * before Pallavicini (0805) and Clerici (clerici), Novati behind; extra,
 * when not NULL, two more Austrian units put in 0806; Douchez's Combat
 * segment begun (test_odds.c, test_mutation44.c). */
static inline vbt *douchez_three(const char *clerici, const char *const extra[2])
{
    vbt *t = board();
    put(t, "Corona", "0705");
    put(t, "Navarra", "0706");
    put(t, "Aragon", "0707");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put(t, "Clerici", clerici);
    for (int k = 0; extra && k < 2; k++)
        put(t, extra[k], "0806");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    return t;
}

/* The text refused as illegal, its explanation (pc_explain.c) holding
 * needle; tag begins the messages (test_mutation38.c, test_mutation43.c). */
static inline void explained(vbt *t, const char *tag, const char *text, const char *needle)
{
    if (vbt_try(t, text) != VB_EILLEGAL)
        fail_msg("%s: '%s' not refused as illegal (%s)", tag, text, t->cx.err);
    if (!strstr(t->cx.err, needle))
        fail_msg("%s: '%s' explained as: %s (expected '%s')", tag, text, t->cx.err, needle);
}

/* Castilla, Lombardia and Irlanda of Aramburu's formation in 1005, 1006
 * and 1007 (a column of the map, one hex direction), Aramburu with them,
 * no enemy near; his Line being declared, its first hex to choose
 * (test_mutation51b.c). */
static inline vbt *aramburu_declares_1005(void)
{
    vbt *t = board();
    put(t, "Castilla", "1005");
    put(t, "Lombardia", "1006");
    put(t, "Irlanda", "1007");
    put_leader(t, "Aramburu", "1006");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    assert_int_equal(S(t)->phase, PH_ANCHOR);
    return t;
}

/* The same, the Line declared from 1005, its direction being chosen
 * (test_mutation38.c, test_mutation47.c). */
static inline vbt *line_from_1005(void)
{
    vbt *t = aramburu_declares_1005();
    vbt_act(t, "line-from 1005");
    assert_int_equal(S(t)->phase, PH_LDIR);
    assert_int_equal(pc_line_good_inf(D(t), S(t)), 3);
    return t;
}

/* 4.7: "In any case, the Commander / Staff can retreat with the units it
 * was stacked with or it can be relocated to the closest unit of the same
 * Formation". Aramburu stands with Castilla in 0606, Lombardia in 0605 and
 * Irlanda in 0608; a D2 sends Castilla two hexes back from 0706. After his
 * roll his owner chooses: with Castilla, or to Lombardia (one hex from
 * 0606; Irlanda, two, is not the closest). (Sixteenth session: he always
 * went with his stack.) The same for another Commander of San Lazzaro and
 * three of his battalions (commander_hit; test_retreat.c,
 * test_mutation17.c, test_mutation48.c). */
static inline vbt *commander_hit(const char *l, const char *in0606, const char *in0605,
                                 const char *in0608)
{
    char want[64];
    vbt *t = board();
    put(t, in0606, "0606");
    put_leader(t, l, "0606");
    put(t, in0605, "0605");
    put(t, in0608, "0608");
    hit(t, in0606, R_D2, "0706");
    dice_on(t, "9,5"); /* changing of ranks fails; 4.7: 5, unharmed */
    snprintf(want, sizeof want, "[4.7] %s retreats unharmed (5)", l);
    expect_log(t, want);
    return t;
}
static inline vbt *aramburu_hit(void)
{
    return commander_hit("Aramburu", "Castilla", "Lombardia", "Irlanda");
}

/* The centre map (its 0101, hex 0): Saboya in 0101 has opened fire on
 * Andlau in 0102, whose reply is asked (PH_FREPLY). */
static inline vbt *saboya_fires_at_andlau(void)
{
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    put_leader(t, "Petit Bois", "0201");
    put(t, "Andlau", "0102");
    put_leader(t, "Piccolomini", "0103");
    at_segment(t, "De Croix", PH_MFORM);
    vbt_act(t, "formation Petit-Bois");
    combat_segment(t, "Petit-Bois");
    vbt_act(t, "fire Saboya Andlau");
    vbt_act(t, "open-fire");
    assert_int_equal(S(t)->phase, PH_FREPLY);
    return t;
}

#endif
