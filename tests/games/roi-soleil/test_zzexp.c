#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "vbtest.h"
#include "rs_test.h"
static void show(vbt *t)
{
    vb_action acts[256];
    int n = vb_legal(t->g, S(t), acts, NULL, 256);
    printf("phase %d who %d:", S(t)->phase, S(t)->who);
    for (int i = 0; i < n && i < 20; i++) {
        char b[128];
        vb_action_text(t->g, S(t), acts[i], b, sizeof b);
        printf(" [%s]", b);
    }
    printf("\n");
}
static void test_x(void **state)
{
    (void)state;
    vbt *t = campaign();
    vb_action first;
    spain_a_attacks_artois(t, &first);
    vbt_act(t, "attack Artois");
    for (int i = 0; i < 12; i++) {
        show(t);
        if (t->g->def->to_move(t->g, S(t)) == VB_CHANCE) { vbt_dice(t, "3"); continue; }
        const char *env = getenv("ACT");
        (void)env;
        if (S(t)->phase == P_LOSS) break;
        vb_action acts[256];
        vb_legal(t->g, S(t), acts, NULL, 256);
        char b[128];
        vb_action_text(t->g, S(t), acts[0], b, sizeof b);
        vbt_act(t, b);
    }
    printf("loss_k %d att %d loss %d %d\n", S(t)->loss_k, S(t)->cb.att, S(t)->loss[0], S(t)->loss[1]);
    vbt_free(t);
}
int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_x)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
