/* test_retreat.c - Piacenza 1746: the owner's choice of 9.2.8 in the
 * immediate retreats a move sets off: the cavalry that refuses infantry
 * moving next to it (5.10) and the defender that does not stand against
 * cavalry when the melee marker is placed (10.2 / 11.1 c, "in the opposite
 * direction to the direction of attack, where possible"); the results of
 * combat (8.5, 8.5.3, 11.1 e, 11.2, 11.3), the retreat's priorities after
 * combat (9.2.8) and the owner's choices of 8.5.1 and 9.2.8. */
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

static void act_hex(vbt *t, const char *verb, int hex)
{
    char a[32], hn[8];
    pc_hex_name(D(t), hex, hn, sizeof hn);
    snprintf(a, sizeof a, "%s %s", verb, hn);
    vbt_act(t, a);
}

static int legal_hex(vbt *t, const char *verb, int hex)
{
    char a[32], hn[8];
    pc_hex_name(D(t), hex, hn, sizeof hn);
    snprintf(a, sizeof a, "%s %s", verb, hn);
    return vbt_legal(t, a);
}

/* How many units refused (5.10) so far: the cavalry in the ZOC only, each
 * once (no refusal is logged for a unit that is not there). */
static int refusals(vbt *t)
{
    int n = 0;
    for (const char *p = t->log; (p = strstr(p, " refuses to stay next to ")) != NULL; p++)
        n++;
    return n;
}

/* Castilla's Line step into 0505, next to the Austrian Hussars at 0605
 * (second: 1, a second cavalry unit in 0504; 2, Novati with the Hussars). */
static vbt *refusal(int second)
{
    vbt *t = board();
    put(t, "Castilla", "0405");
    put(t, "Lombardia", "0406");
    put_leader(t, "Aramburu", "0406");
    put(t, "Hussars", "0605");
    if (second == 1) /* a second cavalry unit next to 0505, to the north */
        put(t, "Bernes Cuirassiers", "0504");
    put(t, "Pallavicini", "0904");
    put_leader(t, "Novati", second == 2 ? "0605" : "0905"); /* 2: with the Hussars */
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    castilla_into_the_line(t);
    return t;
}

/* 5.10 (errata) "must Retreat (see Retreat, 9.2.8) one hex": the Austrian,
 * whose cavalry it is, names the hex among those the priorities leave equal
 * (0705 and 0706, both away from Castilla and as near the Austrian edge);
 * then "the Infantry unit may continue moving if it has residual MPs". */
static void refusal_owner_chooses(void **state)
{
    (void)state;
    static const char *const way[2] = {"0705", "0706"};
    for (int i = 0; i < 2; i++) {
        vbt *t = refusal(0);
        expect_log(t, "[5.10] Hussars refuses to stay next to Castilla");
        assert_int_equal(S(t)->phase, PH_RETREAT);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_AU); /* the owner, not the mover */
        assert_int_equal(S(t)->mret_kind, MRET_REFUSAL);
        expect_at(t, "Hussars", "0605");
        assert_true(vbt_legal(t, "retreat 0705") && vbt_legal(t, "retreat 0706"));
        static const char *const bad[] = {"retreat 0604", "retreat 0606", "retreat 0505",
                                          "retreat 0506", "retreat 0805", "to 0506"};
        refused_unchanged(t, bad, sizeof bad / sizeof bad[0]);
        if (i == 0) { /* the paused move in a state file; a broken one refused */
            int v = S(t)->mret_v;
            json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
            pc_load_expect(t, file, NULL, "the paused move");
            assert_int_equal(S(t)->phase, PH_RETREAT);
            assert_int_equal(S(t)->mret_kind, MRET_REFUSAL);
            assert_int_equal(S(t)->mret_v, v);
            assert_int_equal(S(t)->ret_u, U(t, "Hussars"));
            json_t *pr = json_object_get(j, "procedure");
            json_object_set_new(pr, "move_retreats", json_integer(MRET_MELEE));
            pc_load_expect(t, file, "10.2", "a paused melee without its marker");
            json_object_set_new(pr, "move_retreats", json_integer(MRET_NONE));
            pc_load_expect(t, file, "", "a next unit without a kind");
            json_decref(file);
            json_decref(j);
        }
        char a[24], want[48];
        snprintf(a, sizeof a, "retreat %s", way[i]);
        vbt_act(t, a);
        expect_at(t, "Hussars", way[i]);
        snprintf(want, sizeof want, "[9.2.8] Hussars retreats to %s", way[i]);
        expect_log(t, want);
        /* the move goes on: the Franco-Spanish to move, Castilla still moving */
        assert_int_equal(S(t)->phase, PH_STEP);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_FS);
        assert_int_equal(S(t)->mv_u, U(t, "Castilla"));
        assert_int_equal(S(t)->mret_kind, MRET_NONE);
        assert_int_equal(S(t)->ret_u, -1);
        expect_at(t, "Castilla", "0505");
        assert_int_equal(refusals(t), 1); /* the Hussars, no other unit */
        vbt_free(t);
    }
}

/* 5.10 with two cavalry units next to the hex entered ("Two cavalry units
 * may retreat in different directions"): each retreat in turn, the second
 * after the owner's choice for the first, then the move goes on. */
static void refusal_two_cavalry(void **state)
{
    (void)state;
    vbt *t = refusal(1);
    int bernes = U(t, "Bernes Cuirassiers"), hus = U(t, "Hussars"), at = HX(t, "0505");
    expect_log(t, "[5.10] Bernes Cuirassiers refuses to stay next to Castilla");
    if (S(t)->phase == PH_RETREAT && S(t)->ret_u == bernes)
        retreat_first(t);
    assert_int_equal(pc_dist(D(t), S(t)->uhex[bernes], at), 2);
    expect_log(t, "[5.10] Hussars refuses to stay next to Castilla");
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->ret_u, hus);
    char p[160]; /* the owner is told which unit (pc_turn.c:297, seed 24) */
    vb_prompt(t->g, S(t), p, sizeof p);
    if (!strstr(p, "where does Hussars retreat? (9.2.8)"))
        fail_msg("prompt: %s", p);
    vbt_act(t, "retreat 0706");
    expect_at(t, "Hussars", "0706");
    assert_int_equal(pc_dist(D(t), S(t)->uhex[bernes], at), 2);
    assert_int_equal(S(t)->phase, PH_STEP);
    assert_int_equal(S(t)->mv_u, U(t, "Castilla"));
    assert_int_equal(refusals(t), 2); /* the two cavalry units, no other */
    vbt_free(t);
}

/* The Commander's choice of 5.10 asked: the two units parted. */
static vbt *parted(void)
{
    vbt *t = refusal_stack();
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->ret_u, U(t, "Bernes Cuirassiers"));
    vbt_act(t, "retreat 0705");
    assert_int_equal(S(t)->phase, PH_RETREAT); /* the second unit at once */
    assert_int_equal(S(t)->ret_u, U(t, "Hussars"));
    vbt_act(t, "retreat 0706");
    return t;
}

/* 5.10 "Any Commander present in the hex also retreats together with the
 * Cavalry. Two cavalry units may retreat in different directions and the
 * Commander may choose which one to follow": Novati, stacked with both,
 * is asked once they stand apart (the Austrian decides, not the mover);
 * he goes where he chooses, and the move goes on. */
static void refusal_commander_follows(void **state)
{
    (void)state;
    static const char *const unit[2] = {"Bernes Cuirassiers", "Hussars"};
    static const char *const at[2] = {"0705", "0706"};
    for (int i = 0; i < 2; i++) {
        vbt *t = parted();
        int nov = pc_find_leader(D(t), "Novati");
        expect_at(t, "Bernes Cuirassiers", "0705");
        expect_at(t, "Hussars", "0706");
        assert_int_equal(S(t)->phase, PH_FOLLOW);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_AU);
        assert_int_equal(S(t)->mret_kind, MRET_REFUSAL);
        vb_action acts[VB_MAX_ACTIONS];
        assert_int_equal(vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS), 2);
        char a0[48], a1[48];
        snprintf(a0, sizeof a0, "follow %s", D(t)->u[U(t, unit[0])].token);
        snprintf(a1, sizeof a1, "follow %s", D(t)->u[U(t, unit[1])].token);
        assert_true(vbt_legal(t, a0) && vbt_legal(t, a1));
        char p[160];
        vb_prompt(t->g, S(t), p, sizeof p);
        if (!strstr(p, "which cavalry unit does Novati follow? (5.10)"))
            fail_msg("prompt: %s", p);
        static const char *const bad[] = {"follow Castilla", "follow Lombardia", "retreat 0705",
                                          "to 0506", "stop"};
        refused_unchanged(t, bad, sizeof bad / sizeof bad[0]);
        if (i == 0) /* the paused choice in a state file, read back the same */
            reads_back_the_same(t, "the paused choice of 5.10");
        vbt_act(t, i == 0 ? a0 : a1);
        char want[64];
        snprintf(want, sizeof want, "[5.10] Novati follows %s", unit[i]);
        expect_log(t, want);
        assert_int_equal(S(t)->lhex[nov], HX(t, at[i]));
        /* the move goes on: the Franco-Spanish to move, Castilla still moving */
        assert_int_equal(S(t)->phase, PH_STEP);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_FS);
        assert_int_equal(S(t)->mv_u, U(t, "Castilla"));
        assert_int_equal(S(t)->mret_kind, MRET_NONE);
        assert_true(S(t)->fol_u == -1 && S(t)->fol_w == -1 && S(t)->fol_hex == -1 &&
                    S(t)->fol_l == 0);
        expect_at(t, "Castilla", "0505");
        vbt_free(t);
    }
}

/* No choice where there is nothing to choose: the pair retreats into the
 * same hex (Novati goes with both), or one cavalry unit alone refuses (he
 * goes with it). 4.7's roll is for a retreat "for Fire, Melee or Charge
 * Combat": a refusal owes none (twenty-ninth session's audit). */
static void refusal_follow_no_choice(void **state)
{
    (void)state;
    vbt *t = refusal_stack();
    int nov = pc_find_leader(D(t), "Novati");
    /* the pair noted, its second unit not yet named (-1), while the first
     * one's way is asked; the position reads back from its file (the
     * seed-29 mutant pc_rules.c:252, `fol_w = -1` to `-2`, wrote a value
     * the file does not hold) */
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_true(S(t)->fol_u >= 0);
    assert_int_equal(S(t)->fol_w, -1);
    reads_back_the_same(t, "5.10: the first of the pair's ways asked");
    vbt_act(t, "retreat 0705");
    /* the second unit's way asked: no direction kept (-1, 5.10), and the
     * position reads back (the seed-29 mutant pc_rules.c:273, its `-1` to
     * `-2`, held a direction the file refuses) */
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->ret_dir, -1);
    reads_back_the_same(t, "5.10: the second of the pair's ways asked");
    vbt_act(t, "retreat 0705");
    expect_at(t, "Hussars", "0705");
    expect_at(t, "Bernes Cuirassiers", "0705"); /* 5.10: one hex, both */
    assert_int_equal(S(t)->lhex[nov], HX(t, "0705"));
    assert_int_equal(S(t)->phase, PH_STEP);
    assert_int_equal(S(t)->fol_u, -1);
    assert_int_equal(S(t)->roll, 0);
    assert_int_equal(S(t)->lroll, 0);
    assert_false(S(t)->lstaff[nov]);
    vbt_free(t);

    t = refusal(2);
    assert_int_equal(S(t)->phase, PH_RETREAT);
    vbt_act(t, "retreat 0706");
    assert_int_equal(S(t)->lhex[nov], HX(t, "0706"));
    assert_int_equal(S(t)->phase, PH_STEP);
    vbt_free(t);
}

/* The Austrian Hussars (HUS) declare a melee on the disordered Castilla
 * (CAS, 11.1 c), their Wing Commander behind them. */
#define HUS "1205"
#define CAS "1105"
#define BARN "1305"

static vbt *cavalry_melee(void)
{
    vbt *t = board();
    put(t, "Hussars", HUS);
    put_leader(t, "Barnklau", BARN);
    put(t, "Castilla", CAS);
    at_segment(t, "RW", PH_MFORM);
    S(t)->ustat[U(t, "Castilla")] = ST_DIS;
    return t;
}

static void melee_on_castilla(vbt *t)
{
    vbt_act(t, "formation Barnklau");
    vbt_act(t, "move Hussars");
    vbt_act(t, "melee " CAS);
    expect_log(t, "[10.2] Castilla does not stand against cavalry and retreats");
}

/* 10.2 / 11.1 c: "two hexes in the opposite direction to the direction of
 * attack, where possible": attacked from 0705, Castilla goes straight on
 * twice, with no choice asked, although the two hexes beside the straight
 * one are as free and as near the Franco-Spanish edge (9.2.8 alone would
 * leave the owner a choice). */
static void melee_retreat_straight(void **state)
{
    (void)state;
    vbt *t = cavalry_melee();
    const pc_data *d = D(t);
    int h = HX(t, CAS), k = pc_dir_to(d, HX(t, HUS), h);
    int p1 = pc_nb(d, h, k), p2 = pc_nb(d, p1, k);
    assert_true(k >= 0 && p1 >= 0 && p2 >= 0);
    melee_on_castilla(t);
    assert_int_not_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->uhex[U(t, "Castilla")], p2);
    assert_int_equal(S(t)->mret_kind, MRET_NONE);
    /* the Hussars' move is over; the formation goes on */
    assert_int_equal(S(t)->phase, PH_MOVE);
    assert_int_equal(S(t)->mv_u, -1);
    vbt_free(t);

    /* where the straight way is taken (an Austrian battalion in it), the
     * 9.2.8 priorities decide: away from the Hussars, toward the west edge */
    t = cavalry_melee();
    S(t)->uhex[U(t, "Pallavicini")] = (int16_t)p1;
    melee_on_castilla(t);
    int at = S(t)->uhex[U(t, "Castilla")];
    assert_int_equal(pc_dist(D(t), at, HX(t, HUS)), 3);
    assert_true(at != p2);
    vbt_free(t);
}

/* 10.2 "as per 9.2.8": past the two hexes, a unit ending over the stacking
 * limits passes over friends until a hex is free (translocation); where two
 * free hexes are equal, its owner chooses, and the melee goes on after the
 * choice (the attacker's move ends). The three hexes of the second step hold
 * Franco-Spanish battalions, so Castilla ends it overstacked in the
 * straight hex and names one of the two free hexes beyond. */
static void melee_retreat_owner_chooses(void **state)
{
    (void)state;
    static const char *const fill[3] = {"Lombardia", "Irlanda", "Corona"};
    int end[2] = {-1, -1};
    for (int i = 0; i < 2; i++) {
        vbt *t = cavalry_melee();
        const pc_data *d = D(t);
        int h = HX(t, CAS), k = pc_dir_to(d, HX(t, HUS), h);
        int p1 = pc_nb(d, h, k), p2 = pc_nb(d, p1, k);
        int beside[3] = {pc_nb(d, p1, (k + 5) % 6), p2, pc_nb(d, p1, (k + 1) % 6)};
        for (int f = 0; f < 3; f++)
            S(t)->uhex[U(t, fill[f])] = (int16_t)beside[f];
        melee_on_castilla(t);
        assert_int_equal(S(t)->phase, PH_RETREAT);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_FS);
        assert_int_equal(S(t)->mret_kind, MRET_MELEE);
        assert_int_equal(S(t)->uhex[U(t, "Castilla")], p2); /* straight, overstacked */
        assert_int_equal(S(t)->ret_i, 2);
        int opt[6], n = pc_retreat_options(d, S(t), S(t)->ret_u, opt);
        assert_int_equal(n, 2);
        for (int o = 0; o < n; o++) {
            assert_true(legal_hex(t, "retreat", opt[o]));
            assert_true(pc_stack_ok(d, S(t), opt[o], U(t, "Castilla")));
        }
        assert_false(legal_hex(t, "retreat", h));
        /* the game's own guard (an engine's unchecked apply reaches it): a
         * hex that is not an option, refused in one line, nothing changed */
        pc_state b = *S(t);
        assert_int_equal(pc_retreat_apply(d, S(t), PC_ACT(A_RETREAT, h, 0), &t->cx), VB_EILLEGAL);
        assert_non_null(strstr(t->cx.err, "9.2.8"));
        assert_null(strchr(t->cx.err, '\n'));
        assert_memory_equal(&b, S(t), sizeof b);
        act_hex(t, "retreat", opt[i]);
        end[i] = S(t)->uhex[U(t, "Castilla")];
        assert_int_equal(end[i], opt[i]);
        assert_int_equal(S(t)->phase, PH_MOVE); /* the Hussars' move ended */
        assert_int_equal(vb_to_move(t->g, S(t)), PC_AU);
        assert_int_equal(S(t)->mret_kind, MRET_NONE);
        assert_int_equal(S(t)->umelee[U(t, "Hussars")], h);
        vbt_free(t);
    }
    assert_int_not_equal(end[0], end[1]);
}

static void leader_relocates(void **state)
{
    (void)state;
    vbt *t = aramburu_hit();
    int l = pc_find_leader(D(t), "Aramburu"), cas = S(t)->uhex[U(t, "Castilla")];
    assert_int_equal(pc_dist(D(t), cas, HX(t, "0606")), 2);
    assert_int_equal(S(t)->phase, PH_RELOC);
    assert_int_equal(vb_to_move(t->g, S(t)), PC_FS);
    assert_int_equal(S(t)->lhex[l], cas); /* he went with Castilla */
    char a[40], hn[8];
    pc_hex_name(D(t), cas, hn, sizeof hn);
    snprintf(a, sizeof a, "relocate Aramburu %s", hn);
    assert_true(vbt_legal(t, a));
    assert_true(vbt_legal(t, "relocate Aramburu 0605"));
    assert_false(vbt_legal(t, "relocate Aramburu 0608")); /* not the closest */
    assert_int_equal(vbt_try(t, "relocate Aramburu 0608"), VB_EILLEGAL);
    vbt_act(t, "relocate Aramburu 0605");
    expect_log(t, "[4.7] Aramburu is relocated to the closest unit of his formation, in 0605");
    assert_int_equal(S(t)->lhex[l], HX(t, "0605"));
    assert_int_equal(S(t)->phase, PH_MFORM);
    assert_int_equal(S(t)->lfrom[l], -1);
    /* nothing owed by him any more: no retreat_from nor retreat_with left
     * in the state, which reads back (pc_check refuses a retreat_with of a
     * Commander who owes no roll) */
    assert_int_equal(S(t)->lwith[l], -1);
    reads_back_the_same(t, "4.7: after the choice of relocation");
    vbt_free(t);

    /* or he stays with the unit he retreated with */
    t = aramburu_hit();
    vbt_act(t, a);
    expect_log(t, "[4.7] Aramburu retreats with his units to");
    assert_int_equal(S(t)->lhex[l], cas);
    assert_int_not_equal(S(t)->phase, PH_RELOC);
    vbt_free(t);

    /* "retreat with the units it was stacked with": the gun stacked with
     * Castilla stays (fire), but it is not a unit of his formation, so he
     * does not stay with it; Irlanda, three hexes off, is farther than
     * Castilla: he goes with Castilla, no choice (sixteenth session: he
     * stayed with the gun) */
    t = board();
    put(t, "Castilla", "0606");
    put(t, "Artilleria de Gages", "0606");
    put_leader(t, "Aramburu", "0606");
    put(t, "Irlanda", "0609");
    hit(t, "Castilla", R_D1, "0706");
    dice_on(t, "9,5");
    expect_at(t, "Artilleria de Gages", "0606");
    assert_int_not_equal(S(t)->uhex[U(t, "Castilla")], HX(t, "0606"));
    assert_int_not_equal(S(t)->phase, PH_RELOC);
    expect_log(t, "[4.7] Aramburu retreats with his units to");
    assert_int_equal(S(t)->lhex[l], S(t)->uhex[U(t, "Castilla")]);
    /* the one way taken, nothing owed: the state reads back */
    assert_int_equal(S(t)->lwith[l], -1);
    reads_back_the_same(t, "4.7: after the one-way relocation");
    vbt_free(t);

    /* with no other unit of his formation as close as his own: no choice */
    t = board();
    put(t, "Castilla", "0606");
    put_leader(t, "Aramburu", "0606");
    put(t, "Irlanda", "0609");
    hit(t, "Castilla", R_D1, "0706");
    dice_on(t, "9,5");
    assert_int_not_equal(S(t)->phase, PH_RELOC);
    assert_int_equal(S(t)->lhex[l], S(t)->uhex[U(t, "Castilla")]);
    vbt_free(t);
}

/* 4.7 in a move: Castilla, disordered, does not stand against the Hussars
 * (10.2 / 11.1 c) and falls back two hexes at the placing of the marker;
 * after Aramburu's roll his owner chooses (Lombardia, beside 0605, is
 * closer than Castilla now), and the Austrian move goes on. */
static void leader_relocates_in_a_move(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Castilla", "0805", NULL);
    put(t, "Lombardia", "0604");
    S(t)->ustat[U(t, "Castilla")] = ST_DIS;
    put_leader(t, "Aramburu", "0605");
    vbt_act(t, "melee 0605");
    retreat_first(t);
    expect_log(t, "[10.2] Castilla does not stand against cavalry and retreats");
    dice_on(t, "7");
    expect_log(t, "[4.7] Aramburu retreats unharmed (7)");
    assert_int_equal(S(t)->phase, PH_RELOC);
    assert_int_equal(vb_to_move(t->g, S(t)), PC_FS);
    assert_int_equal(S(t)->rel_phase, PH_MOVE);
    vbt_act(t, "relocate Aramburu 0604");
    assert_int_equal(S(t)->lhex[pc_find_leader(D(t), "Aramburu")], HX(t, "0604"));
    assert_int_equal(S(t)->phase, PH_MOVE);
    assert_int_equal(vb_to_move(t->g, S(t)), PC_AU);
    assert_true(vbt_legal(t, "end-formation"));
    vbt_free(t);
}

/* The choice in a state file: saved and loaded back the same; bad values
 * refused in one line, the state unchanged. */
static void leader_relocates_file(void **state)
{
    (void)state;
    vbt *t = aramburu_hit();
    int l = pc_find_leader(D(t), "Aramburu");
    int rel_phase = S(t)->rel_phase;
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_load_expect(t, file, NULL, "the relocation");
    assert_int_equal(S(t)->phase, PH_RELOC);
    assert_int_equal(S(t)->rel_l, l);
    assert_int_equal(S(t)->lfrom[l], HX(t, "0606"));
    assert_int_equal(S(t)->rel_phase, rel_phase);
    json_t *pr = json_object_get(j, "procedure");
    json_t *ar = json_object_get(json_object_get(j, "leaders"), "Aramburu");
    struct {
        json_t *obj;
        const char *key;
        json_t *val;
    } bad[] = {
        {pr, "relocate_leader", json_integer(-1)}, /* nobody to choose */
        {pr, "relocate_leader", json_integer(pc_find_leader(D(t), "Novati"))}, /* the enemy's */
        {pr, "relocate_leader", json_integer(99)},                             /* out of range */
        {pr, "relocate_return_phase", json_integer(PH_OWNER)}, /* not a procedure's */
        {ar, "retreat_from", json_string("9999")},             /* off the map */
        {ar, "retreat_from", json_null()},                     /* no hex */
        {ar, "retreat_with", json_string("Nobody")},           /* no such unit */
        {ar, "retreat_with", json_string("Pallavicini")},      /* the enemy's */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *keep = json_deep_copy(json_object_get(bad[i].obj, bad[i].key));
        json_object_set_new(bad[i].obj, bad[i].key, bad[i].val);
        char what[64];
        snprintf(what, sizeof what, "%s = bad value #%zu", bad[i].key, i);
        pc_load_expect(t, file, "", what);
        if (!t->cx.err[0])
            fail_msg("%s refused without a message", what);
        json_object_set_new(bad[i].obj, bad[i].key, keep);
    }
    /* a retreat_from with no roll or choice owed */
    json_object_set_new(pr, "relocate_leader", json_integer(-1));
    json_object_set_new(j, "phase", json_string("movement"));
    json_object_set_new(pr, "proc_unit", json_integer(-1));
    json_object_set_new(pr, "continuation", json_integer(0));
    pc_load_expect(t, file, "4.7", "a retreat_from with nothing owed");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 4.7 "the units it was stacked with": the two cuirassier regiments
 * stacked with Barnklau (6.0) are hit by the same volley and fall back two
 * ways; one roll, and both hexes are his to choose, with the hex of the
 * Hussars, the closest unit of his formation (one hex from 0805). */
static vbt *two_ways(void)
{
    vbt *t = board();
    put(t, "Bernes Cuirassiers", "0805");
    put(t, "Hohenembs Cuirassiers", "0805");
    put_leader(t, "Barnklau", "0805");
    put(t, "Hussars", "0806");
    pc_state *s = S(t);
    pc_pending_begin(s);
    pc_add_result(D(t), s, U(t, "Bernes Cuirassiers"), R_D2, HX(t, "0705"), 1);
    pc_add_result(D(t), s, U(t, "Hohenembs Cuirassiers"), R_D2, HX(t, "0705"), 1);
    s->proc_u = 0;
    s->cont = CONT_NONE;
    pc_advance(D(t), s, &t->cx);
    return t;
}

static void leader_two_ways(void **state)
{
    (void)state;
    int l = 0;
    for (int pick = 0; pick < 2; pick++) {
        vbt *t = two_ways();
        l = pc_find_leader(D(t), "Barnklau");
        vbt_act(t, "retreat 0905");
        vbt_act(t, "retreat 1004");
        expect_at(t, "Bernes Cuirassiers", "1004");
        assert_int_equal(S(t)->roll, RL_NONE); /* no roll before the stack's last unit */
        { /* the roll owed, Hohenembs' way to choose: a valid state file */
            json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
            assert_true(S(t)->lroll >> l & 1);
            pc_load_expect(t, file, NULL, "4.7: the state with the roll owed");
            assert_true(S(t)->lroll >> l & 1);
            assert_int_equal(S(t)->phase, PH_RETREAT);
            json_decref(file);
            json_decref(j);
        }
        vbt_act(t, "retreat 0906");
        retreat_first(t);
        int ho = S(t)->uhex[U(t, "Hohenembs Cuirassiers")];
        assert_int_not_equal(ho, HX(t, "1004"));
        assert_int_equal(S(t)->lhex[l], ho); /* he went with the last to leave */
        vbt_dice(t, "5");
        expect_log(t, "[4.7] Barnklau retreats unharmed (5)");
        assert_int_equal(S(t)->phase, PH_RELOC);
        char a[40], hn[8];
        pc_hex_name(D(t), ho, hn, sizeof hn);
        snprintf(a, sizeof a, "relocate Barnklau %s", hn);
        assert_true(vbt_legal(t, a));
        assert_true(vbt_legal(t, "relocate Barnklau 1004")); /* the other unit of his stack */
        vb_action acts[VB_MAX_ACTIONS];
        assert_true(vbt_legal(t, "relocate Barnklau 0806")); /* the closest */
        assert_int_equal(t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS), 3);
        if (pick) { /* the two units in a state file, and back */
            json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
            json_t *ba = json_object_get(json_object_get(j, "leaders"), "Barnklau");
            assert_int_equal(json_array_size(json_object_get(ba, "retreat_with")), 2);
            int with = S(t)->lwith[l];
            pc_load_expect(t, file, NULL, "the two units of 4.7");
            assert_int_equal(S(t)->phase, PH_RELOC);
            assert_int_equal(S(t)->lwith[l], with);
            assert_int_equal(S(t)->lwith2[l], U(t, "Bernes Cuirassiers"));
            assert_int_equal(S(t)->lfrom[l], HX(t, "0805"));
            json_t *bad[] = {
                json_pack("[s,s,s]", "Bernes Cuirassiers", "Hohenembs Cuirassiers", "Hussars"),
                json_pack("[s,s]", "Hussars", "Hussars"),
                json_pack("[s,s]", "Hussars", "Castilla"),
                json_pack("[]"),
            };
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                char what[64];
                json_object_set_new(ba, "retreat_with", bad[i]);
                snprintf(what, sizeof what, "bad retreat_with #%zu", i);
                pc_load_expect(t, file, "retreat_with", what);
            }
            json_decref(file);
            json_decref(j);
        }
        vbt_act(t, pick ? "relocate Barnklau 1004" : a);
        expect_log(t, "[4.7] Barnklau retreats with his units to");
        assert_int_equal(S(t)->lhex[l], pick ? HX(t, "1004") : ho);
        assert_int_equal(S(t)->roll, RL_NONE); /* one roll only */
        assert_int_not_equal(S(t)->phase, PH_RELOC);
        const char *first = strstr(t->log, "[4.7] Barnklau retreats unharmed");
        assert_null(strstr(first + 1, "[4.7] Barnklau retreats unharmed"));
        assert_int_equal(S(t)->lwith2[l], -1);
        vbt_free(t);
    }
}

/* Q6: "the TDR is only for Cavalry entering Infantry ZOC during Movement.
 * ZOC are ignored during advances or retreat" (7.1 c): the Hussars charge
 * the Gds de Corps in 1105 from 1205, the charge's DR and the
 * countercharge's AR (the dice of C `countercharge_before_retreat`); the
 * winner advances into 1105, in the ZOC of Castilla (Franco-Spanish
 * infantry next to 1105, not to 1205), with no TDR of 7.1 b. */
static void advance_ignores_the_zoc(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Hussars", "1305");
    put_leader(t, "Barnklau", "1405");
    put(t, "Gds de Corps", "1105");
    int z = -1, c = HX(t, "1105");
    for (int k = 0; k < 6 && z < 0; k++) {
        int n = pc_nb(D(t), c, k);
        if (n >= 0 && pc_passable(D(t), n) && !D(t)->terr[D(t)->hterr[n]].cover &&
            pc_dist(D(t), n, HX(t, "1205")) >= 2 && pc_dist(D(t), n, HX(t, "1305")) >= 2)
            z = n;
    }
    assert_true(z >= 0);
    S(t)->uhex[U(t, "Castilla")] = (int16_t)z;
    assert_true(pc_in_ezoc(D(t), S(t), PC_AU, c, 1));
    assert_false(pc_in_ezoc(D(t), S(t), PC_AU, HX(t, "1205"), 1));
    start_move(t, "RW", "Barnklau", "Hussars");
    vbt_act(t, "to 1205");
    vbt_act(t, "charge 1105");
    to_combat(t, "Barnklau");
    vbt_dice(t, "5");
    dice_on(t, "2,0");
    expect_log(t, "[10.3.1] Gds de Corps now falls back");
    expect_at(t, "Hussars", "1105");
    if (vbt_logged(t, "[7.1 b]"))
        fail_msg("Q6: a TDR for the advance into Castilla's ZOC");
    vbt_free(t);
}

/* ---- 8.5.3 changing of ranks, Q5, 11.1 e, 11.2, 11.3 -----------------------*/
static void disorder_and_rout(void **state)
{
    (void)state;
    static const struct {
        const char *rule;
        const char *die;
        int status, changing;
    } cr[] = {
        {"8.5.3 0-3 passes", "3", ST_GOOD, 1},
        {"8.5.3 4 fails", "4", ST_DIS, 0},
    };
    for (size_t i = 0; i < 2; i++) {
        vbt *t = board();
        put(t, "Pallavicini", "0705");
        hit(t, "Pallavicini", R_D1, "0605");
        assert_int_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
        dice_on(t, cr[i].die);
        retreat_first(t);
        if (S(t)->ustat[U(t, "Pallavicini")] != cr[i].status ||
            !!(S(t)->uflag[U(t, "Pallavicini")] & UF_CHANGING) != cr[i].changing)
            fail_msg("%s", cr[i].rule);
        /* Q5: the retreat happens anyway */
        if (S(t)->uhex[U(t, "Pallavicini")] == HX(t, "0705"))
            fail_msg("%s: Q5 retreat missing", cr[i].rule);
        vbt_free(t);
    }
    /* 8.5.3: grenadiers in good order adjacent: -1 (4 passes) */
    vbt *t = board();
    put(t, "Pallavicini", "0705");
    put(t, "Grenadiers Marini", "0706");
    hit(t, "Pallavicini", R_D, "0605");
    dice_on(t, "4");
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_GOOD);
    /* once per turn: the next disorder is not avoided */
    hit(t, "Pallavicini", R_D, "0605");
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_DIS);
    /* 11.1 e: a second disorder, TDR +2 (7): 5+2 holds, 6+2 routs */
    hit(t, "Pallavicini", R_D, "0605");
    dice_on(t, "5");
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_DIS);
    hit(t, "Pallavicini", R_D, "0605");
    dice_on(t, "6");
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_ROUT);
    expect_log(t, "[11.2] Pallavicini routs");
    /* 11.3: it drifts three hexes toward the Austrian (east) edge */
    int h = S(t)->uhex[U(t, "Pallavicini")];
    assert_int_equal(h / D(t)->h, 6 + 3);
    /* 11.2: fired at again, even without effect, it retreats three more */
    hit(t, "Pallavicini", R_NE, "0605");
    assert_int_equal(S(t)->uhex[U(t, "Pallavicini")] / D(t)->h, 12);
    vbt_free(t);
    /* 9.1.5: D2 disorders and retreats two hexes */
    t = board();
    put(t, "Marschall", "0705");
    hit(t, "Marschall", R_D2, "0605");
    dice_on(t, "9"); /* changing of ranks fails */
    assert_int_equal(pc_dist(D(t), S(t)->uhex[U(t, "Marschall")], HX(t, "0605")), 3);
    vbt_free(t);
    /* 8.5.3: units of 1 SP do not change ranks; 9.1.5: E eliminates */
    t = board();
    put(t, "Warasdiner", "0705");
    hit(t, "Warasdiner", R_D, "0605");
    assert_int_equal(S(t)->ustat[U(t, "Warasdiner")], ST_DIS);
    hit(t, "Warasdiner", R_1, "0605");
    assert_int_equal(S(t)->uhex[U(t, "Warasdiner")], -1);
    /* 9.2.9: a two-step unit flips first */
    put(t, "Daun", "0905");
    hit(t, "Daun", R_1, "0605");
    assert_int_equal(S(t)->ustep[U(t, "Daun")], 1);
    assert_true(S(t)->uhex[U(t, "Daun")] >= 0);
    /* 11.3: a router at its own edge leaves the map */
    put(t, "Hussars", "1606");
    hit(t, "Hussars", R_R, "1506");
    assert_int_equal(S(t)->uhex[U(t, "Hussars")], -1);
    /* 8.5.1: a gun alone is eliminated by a retreat, ignores disorder
     * (11.1 "Artillery is immune to Disorder": in good order after a D) */
    put(t, "Artillerie Browne", "1008");
    hit(t, "Artillerie Browne", R_D, "0908");
    assert_true(S(t)->uhex[U(t, "Artillerie Browne")] >= 0);
    assert_int_equal(S(t)->ustat[U(t, "Artillerie Browne")], ST_GOOD);
    hit(t, "Artillerie Browne", R_D1, "0908");
    assert_int_equal(S(t)->uhex[U(t, "Artillerie Browne")], -1);
    vbt_free(t);
}

/* ---- 9.2.8 retreat priorities --------------------------------------------*/
static void retreat_priorities(void **state)
{
    (void)state;
    vbt *t = board();
    /* Clerici at 0906 retreats from 0806: 0905, 1005 and 1006 are farther;
     * 1005 is in the ZOC of Castilla at 1105, so 1006 (not in eZOC, toward
     * the Austrian edge) is chosen */
    put(t, "Clerici", "0906");
    put(t, "Castilla", "1105");
    pc_retreat(D(t), S(t), U(t, "Clerici"), HX(t, "0806"), 1, &t->cx);
    expect_at(t, "Clerici", "1006");
    /* blocked everywhere: it surrenders */
    put(t, "Hussars", "1603");
    put(t, "Lombardia", "1604");
    put(t, "Irlanda", "1504");
    put(t, "Aragon", "1503");
    pc_retreat(D(t), S(t), U(t, "Hussars"), HX(t, "1503"), 1, &t->cx);
    assert_int_equal(S(t)->uhex[U(t, "Hussars")], -1);
    vbt_free(t);
}

static void owner_chooses_victim(void **state)
{
    (void)state;
    static const struct {
        const char *choice, *hit, *spared;
    } rows[] = {
        {"suffer Hohenembs-Cuirassiers", "Hohenembs Cuirassiers", "Bernes Cuirassiers"},
        {"suffer Bernes-Cuirassiers", "Bernes Cuirassiers", "Hohenembs Cuirassiers"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = bombarded_cuirassiers();
        expect_log(t, "8+0 = 8: 1");
        /* the Austrian player, not the firer, names the unit (8.5.1) */
        assert_int_equal(S(t)->phase, PH_OWNER);
        assert_int_equal(t->g->def->to_move(t->g, S(t)), PC_AU);
        assert_true(vbt_legal(t, "suffer Bernes-Cuirassiers"));
        assert_true(vbt_legal(t, "suffer Hohenembs-Cuirassiers"));
        assert_false(vbt_legal(t, "suffer Artilleria-de-Gages"));
        vbt_act(t, rows[i].choice);
        if (S(t)->ustep[U(t, rows[i].hit)] != 1 || S(t)->ustep[U(t, rows[i].spared)] != 2)
            fail_msg("8.5.1: '%s': %s should lose the step, not %s", rows[i].choice, rows[i].hit,
                     rows[i].spared);
        assert_int_equal(S(t)->phase, PH_BOMB2); /* the procedure goes on */
        assert_int_equal(S(t)->side, PC_FS);
        /* the choice made, the position is a valid state file again (pass
         * 13: `own_u = -1` to `-0` left a choice outside its phase) */
        json_t *j = vbt_state_json(t);
        pc_state back = *S(t);
        if (t->g->def->from_json(t->g, &back, j, &t->cx))
            fail_msg("8.5.1: the state after the choice refused: %s", t->cx.err);
        json_decref(j);
        /* and nothing of the choice is left in it: the same position
         * reached without a choice is the same state (mutation pass of the
         * sixteenth session: the return side reset to 1) */
        assert_int_equal(S(t)->own_u, -1);
        assert_int_equal(S(t)->own_phase, 0);
        assert_int_equal(S(t)->own_side, 0);
        vbt_free(t);
    }
    /* 8.5.1: a gun stacked with infantry never suffers instead of it, also
     * with the first unit of the order of battle (pass 13: `pc_unit_at(...,
     * UT_INF) < 0` to `<= 0` asked the owner, the gun offered) */
    {
        vbt *t = board();
        assert_int_equal(U(t, "Guardias Espanolas"), 0);
        put(t, "Artillerie Pallavicini", "1004");
        S(t)->uface[U(t, "Artillerie Pallavicini")] = 1; /* E */
        put(t, "Guardias Espanolas", "1205");
        put(t, "Artilleria de Gages", "1205");
        at_segment(t, "RW", PH_BOMB);
        vbt_act(t, "bombard Artillerie-Pallavicini 1205");
        dice_on(t, "8");
        expect_log(t, "8+0 = 8: 1");
        assert_int_not_equal(S(t)->phase, PH_OWNER);
        assert_int_equal(S(t)->ustep[U(t, "Guardias Espanolas")], 1);
        assert_int_equal(S(t)->uhex[U(t, "Artilleria de Gages")], HX(t, "1205"));
        vbt_free(t);
    }
    /* the same in hex 0, 0101, clear on the Scenario 2 sheet (pass 13:
     * `uhex[v] < 0` to `< 1` took the units there out of the choice) */
    for (int i = 0; i < 2; i++) {
        static const char *const cav[2] = {"Vieufville", "Descras"};
        vbt *t = pc_new("centre", 1);
        clear_board(t);
        put(t, "Vieufville", "0101");
        put(t, "Descras", "0101");
        put(t, "Andlau", "0102");
        put_leader(t, "Piccolomini", "0102");
        at_segment(t, "Browne", PH_CFORM);
        vbt_act(t, "combat Piccolomini");
        vbt_act(t, "fire Andlau Vieufville");
        vbt_act(t, "open-fire");
        for (int k = 0; k < 4 && S(t)->phase != PH_OWNER && S(t)->roll; k++)
            dice_on(t, "9");
        assert_int_equal(S(t)->phase, PH_OWNER);
        assert_true(vbt_legal(t, "suffer Vieufville"));
        assert_true(vbt_legal(t, "suffer Descras"));
        char a[32];
        snprintf(a, sizeof a, "suffer %s", cav[i]);
        vbt_act(t, a);
        vbt_free(t);
    }
    /* a lone unit: no choice */
    vbt *t = board();
    put(t, "Artilleria de Gages", "1004");
    put(t, "Bernes Cuirassiers", "1205");
    at_segment(t, "LW", PH_BOMB);
    vbt_act(t, "bombard Artilleria-de-Gages 1205");
    dice_on(t, "8");
    assert_int_equal(S(t)->ustep[U(t, "Bernes Cuirassiers")], 1);
    assert_int_not_equal(S(t)->phase, PH_OWNER);
    vbt_free(t);
}

/* 9.2.8: the owning player names the way of a retreat after combat ("Two
 * units in the same hex that are forced to retreat may do so in different
 * directions"): the Austrian, not the attacker, chooses among the hexes the
 * priorities leave equal, and only among them. */
static void owner_chooses_retreat(void **state)
{
    (void)state;
    static const char *const way[2] = {"0905", "0906"};
    for (int i = 0; i < 2; i++) {
        vbt *t = melee_to_retreat();
        vbt_dice(t, "0,9"); /* D1: Clerici disordered, one hex back (see melee) */
        assert_int_equal(S(t)->phase, PH_RETREAT);
        assert_int_equal(vb_to_move(t->g, S(t)), PC_AU); /* the owner, not the attacker */
        expect_at(t, "Clerici", "0805");
        assert_true(vbt_legal(t, "retreat 0905"));
        assert_true(vbt_legal(t, "retreat 0906"));
        /* sideways or back toward the attacker: refused, nothing changes */
        static const char *const bad[] = {"retreat 0804", "retreat 0806", "retreat 0705",
                                          "retreat 0704", "retreat 0706", "retreat 1005"};
        refused_unchanged(t, bad, sizeof bad / sizeof bad[0]);
        if (i == 0) { /* the pause in a state file: read back; a broken one refused */
            json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
            pc_load_expect(t, file, NULL, "the paused retreat");
            assert_int_equal(S(t)->phase, PH_RETREAT);
            assert_int_equal(S(t)->ret_u, U(t, "Clerici"));
            assert_true(vbt_legal(t, "retreat 0905") && vbt_legal(t, "retreat 0906"));
            json_object_set_new(json_object_get(j, "procedure"), "retreat_unit", json_null());
            pc_load_expect(t, file, "9.2.8", "a retreat choice without its unit");
            json_decref(file);
            json_decref(j);
        }
        char a[24], want[48];
        snprintf(a, sizeof a, "retreat %s", way[i]);
        vbt_act(t, a);
        expect_at(t, "Clerici", way[i]);
        snprintf(want, sizeof want, "[9.2.8] Clerici retreats to %s", way[i]);
        expect_log(t, want);
        expect_log(t, "[9.2.9] Castilla advances into 0805"); /* the melee goes on */
        assert_int_not_equal(S(t)->phase, PH_RETREAT);
        assert_int_equal(S(t)->ret_u, -1);
        vbt_free(t);
    }
    /* only among equals: a hex a higher priority beats is not offered (an
     * Austrian battalion makes the other hex overstacked): no choice */
    for (int i = 0; i < 2; i++) {
        vbt *t = melee_to_retreat();
        put(t, "Pallavicini", way[i]);
        vbt_dice(t, "0,9");
        assert_int_not_equal(S(t)->phase, PH_RETREAT);
        expect_at(t, "Clerici", way[1 - i]);
        vbt_free(t);
    }
    /* two hexes (D2 by fire, the changing of ranks failed): each step is the
     * owner's; two different ways end in different hexes, both three hexes
     * from the firer */
    int end[2];
    for (int i = 0; i < 2; i++) {
        vbt *t = board();
        put(t, "Marschall", "0705");
        apply_result(t, "Marschall", R_D2, "0605", 1);
        vbt_dice(t, "9");
        int asked = 0;
        while (S(t)->phase == PH_RETREAT && asked < 4) {
            int opt[6], k = pc_retreat_options(D(t), S(t), S(t)->ret_u, opt);
            char a[24], hn[8];
            assert_true(k >= 2);
            pc_hex_name(D(t), opt[i ? k - 1 : 0], hn, sizeof hn);
            snprintf(a, sizeof a, "retreat %s", hn);
            vbt_act(t, a);
            asked++;
        }
        assert_true(asked >= 1);
        end[i] = S(t)->uhex[U(t, "Marschall")];
        assert_int_equal(pc_dist(D(t), end[i], HX(t, "0605")), 3);
        vbt_free(t);
    }
    assert_int_not_equal(end[0], end[1]);
}

/* 9.2.8: the retreat priorities one by one: a hex neither overstacked nor in
 * an eZOC before an overstacked one, an overstacked one before one in an
 * eZOC (the Austrian Clerici at 0906 retreating from 0806). */
static void retreat_classes(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t); /* reset after each new board */
    int h = HX(t, "0906"), from = HX(t, "0806"), cand[6], nc = 0, edge_best = -1, nhex = d->nhex;
    for (int k = 0; k < 6; k++) {
        int n = pc_nb(d, h, k);
        if (n >= 0 && pc_side_open(d, h, k) && pc_passable(d, n) &&
            pc_dist(d, n, from) > pc_dist(d, h, from))
            cand[nc++] = n;
    }
    assert_true(nc >= 2);
    for (int i = 0; i < nc; i++) /* the Austrian edge is east: the highest column */
        if (edge_best < 0 || cand[i] / d->h > edge_best / d->h)
            edge_best = cand[i];
    /* free beats overstacked: the edge's favourite holds Austrian infantry */
    put(t, "Clerici", "0906");
    S(t)->uhex[U(t, "Pallavicini")] = (int16_t)edge_best;
    pc_retreat(d, S(t), U(t, "Clerici"), from, 1, &t->cx);
    int at = S(t)->uhex[U(t, "Clerici")];
    if (at == edge_best || pc_dist(d, at, h) != 1)
        fail_msg("9.2.8: a free hex comes before an overstacked one");
    vbt_free(t);
    /* "moving away from the attacking enemy unit": never sideways, even
     * toward the friendly edge (attacked from the east, the Austrian goes
     * west) */
    t = board();
    d = D(t);
    put(t, "Clerici", "0906");
    pc_retreat(d, S(t), U(t, "Clerici"), HX(t, "1006"), 1, &t->cx);
    at = S(t)->uhex[U(t, "Clerici")];
    if (pc_dist(d, at, HX(t, "1006")) != 2)
        fail_msg("9.2.8: the retreat does not move away from the attacker");
    vbt_free(t);
    /* overstacked beats eZOC: the other candidates in the ZOC of Castilla */
    int found = 0;
    for (int e = 0; e < nhex && !found; e++) {
        t = board();
        d = D(t);
        put(t, "Clerici", "0906");
        if (!pc_passable(d, e) || pc_dist(d, e, h) < 2 || e == from) {
            vbt_free(t);
            continue;
        }
        S(t)->uhex[U(t, "Castilla")] = (int16_t)e;
        int o = -1, nz = 0;
        for (int i = 0; i < nc; i++) {
            if (pc_in_ezoc(d, S(t), PC_AU, cand[i], 0))
                nz++;
            else
                o = cand[i];
        }
        if (nz != nc - 1 || o < 0 || o == edge_best || pc_dist(d, e, o) < 2) {
            vbt_free(t);
            continue;
        }
        found = 1;
        S(t)->uhex[U(t, "Pallavicini")] = (int16_t)o;
        char hn[8], want[48];
        pc_hex_name(d, o, hn, sizeof hn);
        snprintf(want, sizeof want, "[9.2.8] Clerici retreats to %s", hn);
        pc_retreat(d, S(t), U(t, "Clerici"), from, 1, &t->cx);
        expect_log(t, want);
        vbt_free(t);
    }
    assert_true(found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refusal_owner_chooses),     cmocka_unit_test(refusal_two_cavalry),
        cmocka_unit_test(refusal_commander_follows), cmocka_unit_test(refusal_follow_no_choice),
        cmocka_unit_test(leader_relocates),          cmocka_unit_test(leader_two_ways),
        cmocka_unit_test(leader_relocates_file),     cmocka_unit_test(leader_relocates_in_a_move),
        cmocka_unit_test(melee_retreat_straight),    cmocka_unit_test(melee_retreat_owner_chooses),
        cmocka_unit_test(advance_ignores_the_zoc),   cmocka_unit_test(disorder_and_rout),
        cmocka_unit_test(retreat_priorities),        cmocka_unit_test(owner_chooses_victim),
        cmocka_unit_test(owner_chooses_retreat),     cmocka_unit_test(retreat_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
