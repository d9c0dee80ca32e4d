/* test_secrets46.c - what the forty-sixth session's secrets pass (helper
 * sec, docs/piacenza-1746.md) found untested in the hiding code of
 * pc_turn.c (pc_visibility, pc_redact, pc_determinize) and pc_battle.c
 * (pc_battle_vis): each test fails with its surviving mutant planted
 * (messages "S46:", lines of 5954938d) and passes without. */
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

/* the match record's entry noting objective k (-1: none) */
static int noted_at(vbt *t, int k)
{
    for (size_t i = 0; i < t->m.rec.n; i++) {
        const vb_entry *e = &t->m.rec.v[i];
        if (e->who == PC_FS && PC_K(e->a) == A_OBJ && PC_A(e->a) == k)
            return (int)i;
    }
    return -1;
}

/* OBJ of an action's name for the place ("Le-Mose": Le Mose) */
static int obj_named(vbt *t, const char *word)
{
    char name[64];
    snprintf(name, sizeof name, "%s", word);
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = ' ';
    return OBJ(t, name);
}

/* each noted objective (o[0..3]) seen by the Franco-Spanish only until its
 * reveal, by both sides after it: the first `shown` of order[] revealed */
static void objectives_seen(vbt *t, const char *const o[4], const char *const order[4], int shown)
{
    for (int j = 0; j < 4; j++) {
        int k = obj_named(t, o[j]), i = noted_at(t, k), out = 0;
        if (i < 0)
            fail_msg("S46: no objective %s noted in the record", o[j]);
        for (int r = 0; r < shown; r++)
            out |= !strcmp(order[r], o[j]);
        vb_roles want = out ? VB_ALL_ROLES : VB_ROLE_BIT(PC_FS);
        if (t->m.rec.v[i].see != want)
            fail_msg("S46: after %d reveals objective %s is seen by %#x, want %#x", shown, o[j],
                     (unsigned)t->m.rec.v[i].see, (unsigned)want);
    }
}

/* 13.0: "the Franco-Spanish player has 4 geographical objectives (to be
 * chosen and noted separately ...). The Austrian player does not know
 * them"; 13.2: "the Franco-Spanish player must reveal that the occupied
 * one is one of his geographic objectives". Each objective is noted as a
 * secret of its own (Turro, Gariga, Le Mose, San Bonico: neighbours in the
 * list of eight, and Mucinasso and Montale between them, not chosen); at
 * the end each reveal shows the Austrians the objective it names and no
 * other, and the Franco-Spanish cannot take a reveal back
 * (pc_battle.c:599's group `100 + PC_A(a)` and :603's reveal of it moved
 * by one, or + as -: a reveal showed a neighbour's objective, or none). */
static void test_13_each_reveal_shows_its_own_objective(void **state)
{
    (void)state;
    static const char *const o[4] = {"Turro", "Gariga", "Le-Mose", "San-Bonico"};
    static const char *const order[4] = {"Gariga", "San-Bonico", "Turro", "Le-Mose"};
    vbt *t = battle(o[0], o[1], o[2], o[3]);
    objectives_seen(t, o, order, 0);
    /* the game's end (13.0): every objective to reveal */
    S(t)->obj_end = 2;
    assert_int_equal(pc_game_end(D(t), S(t), &t->cx), 1);
    assert_int_equal(S(t)->phase, PH_REVEAL);
    for (int r = 0; r < 4; r++) {
        char a[64];
        snprintf(a, sizeof a, "reveal %s", order[r]);
        vbt_act(t, a);
        assert_int_equal(t->m.rec.v[t->m.rec.n - 1].see, VB_ALL_ROLES);
        objectives_seen(t, o, order, r + 1);
        if (vb_match_undoable(&t->m, PC_FS))
            fail_msg("S46: the Franco-Spanish may take back '%s'", a);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_13_each_reveal_shows_its_own_objective),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
