/* bench_aimless.c - how many of the moves a policy makes in Setge 1714 change
 * nothing a player would notice (docs/ai.md, "Moves with a purpose").
 *
 *   build/bench/bench_aimless [-n GAMES] [--seed S] [--policy ROLE=SPEC]...
 *
 * Plays GAMES games of setge-1714 (scenario 2p, default options; game i has
 * the seed vb_sim_game_seed(S, i) and the policies the seeds of `vauban sim`,
 * so the games are those of `vauban sim setge-1714 -n GAMES --seed S` with the
 * same policies; roles without --policy play mcts:200,c=0.05) and counts, per
 * side, the completed moves (a movement decision after which pieces stand in
 * another zone: one unit, or a stack moving together) and among them the
 * aimless ones:
 *
 *   shuffle: a Two Crowns move from one of the three deployment zones to
 *            another (rule 6.2: wide areas outside the walls, no enemy can
 *            reach them, no combat is declared from one that could not be
 *            declared from the other);
 *   undone:  every piece moved goes back to the zone it left in its previous
 *            move, made in the same or the previous turn, and none of them
 *            fought, retreated or advanced in between: both moves of the
 *            pair are counted (the first was wasted, the second wasted the
 *            first).
 *
 * A move counted by both criteria is counted once. Also counted: picks
 * taken back (`cancel` after `move UNIT`): no move, but a decision spent,
 * the loop a charge on moving could cause. Not part of ctest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/games/setge-1714/sg_int.h"
#include "policy.h"
#include "sim.h"
#include "vauban.h"

#define MAXMOVES 4096

typedef struct piece_log {
    int last;      /* index of the piece's last move in the game's list, -1 */
    int from, to;  /* of that move */
    int turn;      /* of that move */
    int disturbed; /* fought, retreated or advanced since */
} piece_log;

typedef struct move_rec {
    int side, aimless, shuffle;
} move_rec;

static int side_of_role(int r)
{
    return (r == R_BOURBON || r == R_SPANISH) ? SG_BOURBON : SG_CATALAN;
}

int main(int argc, char **argv)
{
    int n = 10;
    uint64_t seed = 1;
    const char *spec[SG_NROLES] = {"mcts:200,c=0.05", "mcts:200,c=0.05", "mcts:200,c=0.05",
                                   "mcts:200,c=0.05"};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--policy") && i + 1 < argc) {
            char *eq = strchr(argv[++i], '=');
            int r = -1;
            for (int k = 0; eq && k < SG_NROLES; k++)
                if ((size_t)(eq - argv[i]) == strlen(sg_role_names[k]) &&
                    !strncmp(argv[i], sg_role_names[k], (size_t)(eq - argv[i])))
                    r = k;
            if (r < 0) {
                fprintf(stderr, "bench_aimless: bad --policy '%s' (ROLE=SPEC)\n", argv[i]);
                return 2;
            }
            spec[r] = eq + 1;
        } else {
            fprintf(stderr, "usage: bench_aimless [-n GAMES] [--seed S] [--policy ROLE=SPEC]...\n");
            return 2;
        }
    }
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    if (!g) {
        fprintf(stderr, "bench_aimless: %s\n", cx.err);
        return 1;
    }
    const sg_data *d = SGD(g);
    sg_state *st = malloc(sizeof *st), *before = malloc(sizeof *before);
    static move_rec mv[MAXMOVES];
    long moves[2] = {0, 0}, aimless[2] = {0, 0}, shuffles[2] = {0, 0}, undone[2] = {0, 0};
    long wins[3] = {0, 0, 0}, cut = 0, decisions = 0, cancels[2] = {0, 0};
    for (int gi = 0; gi < n; gi++) {
        uint64_t gs = vb_sim_game_seed(seed, gi);
        if (vb_setup(g, st, 0, NULL, gs, &cx)) {
            fprintf(stderr, "bench_aimless: %s\n", cx.err);
            return 1;
        }
        vb_policy *pol[SG_NROLES];
        for (int r = 0; r < g->def->nroles; r++) {
            pol[r] = vb_policy_new(g, spec[r], vb_sim_policy_seed(gs, r), &cx);
            if (!pol[r]) {
                fprintf(stderr, "bench_aimless: %s\n", cx.err);
                return 2;
            }
        }
        piece_log lg[SG_MAXU];
        for (int u = 0; u < SG_MAXU; u++)
            lg[u] = (piece_log){-1, SG_NO, SG_NO, 0, 0};
        int nm = 0;
        long steps = 0;
        for (;;) {
            int who = vb_to_move(g, st);
            if (who == VB_OVER)
                break;
            if (++steps > 20000) {
                cut++;
                break;
            }
            memcpy(before, st, sizeof *st);
            vb_action a =
                who == VB_CHANCE ? vb_sample_chance(g, st) : vb_policy_choose(pol[who], st);
            if (a == VB_NONE || vb_apply_unchecked(g, st, a, &cx) < 0) {
                fprintf(stderr, "bench_aimless: game %d: %s\n", gi, cx.err);
                return 1;
            }
            int phase = before->phase;
            /* pieces that fought, retreated or advanced: their last move stands */
            if (phase == PH_COMBAT || phase == PH_RETREAT || phase == PH_ADVANCE) {
                for (int u = 0; u < d->nu; u++)
                    if (before->uz[u] != st->uz[u] || before->us[u] != st->us[u])
                        lg[u].disturbed = 1;
                if (phase == PH_COMBAT && SG_AK(a) == A_SALVO)
                    for (int u = 0; u < d->nu; u++)
                        if (st->uz[u] == SG_AA(a) || st->uz[u] == SG_AB(a))
                            lg[u].disturbed = 1;
                if (phase == PH_COMBAT && SG_AK(a) == A_ASSAULT)
                    for (int u = 0; u < d->nu; u++)
                        if (st->uz[u] == SG_AA(a) || st->uz[u] == SG_AB(a))
                            lg[u].disturbed = 1;
            }
            if (phase != PH_DEST || who == VB_CHANCE)
                continue;
            if (SG_AK(a) == A_END && SG_AA(a) == E_CANCEL) {
                cancels[side_of_role(who)]++; /* a pick taken back: no move, a decision spent */
                continue;
            }
            int moved[SG_MAXU], k = 0;
            for (int u = 0; u < d->nu; u++)
                if (before->us[u] == US_ON && st->us[u] == US_ON && before->uz[u] != st->uz[u])
                    moved[k++] = u;
            if (!k || nm >= MAXMOVES)
                continue;
            int side = side_of_role(who);
            int shuffle = side == SG_BOURBON, back = 1;
            for (int i = 0; i < k; i++) {
                int u = moved[i], f = before->uz[u], t = st->uz[u];
                if (!(d->deploymask & BIT(f)) || !(d->deploymask & BIT(t)))
                    shuffle = 0;
                if (lg[u].last < 0 || lg[u].disturbed || lg[u].to != f || lg[u].from != t ||
                    st->turn - lg[u].turn > 1)
                    back = 0;
            }
            mv[nm] = (move_rec){side, shuffle, shuffle};
            if (back)
                for (int i = 0; i < k; i++)
                    mv[lg[moved[i]].last].aimless = 1;
            if (back)
                mv[nm].aimless = 1;
            for (int i = 0; i < k; i++) {
                int u = moved[i];
                lg[u] = (piece_log){nm, before->uz[u], st->uz[u], st->turn, 0};
            }
            nm++;
        }
        for (int i = 0; i < nm; i++) {
            moves[mv[i].side]++;
            aimless[mv[i].side] += mv[i].aimless;
            shuffles[mv[i].side] += mv[i].shuffle;
            undone[mv[i].side] += mv[i].aimless && !mv[i].shuffle;
        }
        decisions += steps;
        vb_result r;
        vb_result_get(g, st, &r);
        wins[r.over && r.winner >= 0 ? side_of_role(r.winner) : 2]++;
        for (int r2 = 0; r2 < g->def->nroles; r2++)
            vb_policy_free(pol[r2]);
        fprintf(stderr, "\rgame %d/%d", gi + 1, n);
    }
    fprintf(stderr, "\n");
    printf("setge-1714, %d games, seed %llu, bourbon=%s catalan=%s\n", n, (unsigned long long)seed,
           spec[R_BOURBON], spec[R_CATALAN]);
    printf("wins: bourbon %ld, catalan %ld, other %ld (cut after 20000 decisions: %ld); "
           "decisions per game (chance included) %.0f\n",
           wins[0], wins[1], wins[2], cut, n ? (double)decisions / n : 0.0);
    for (int s = 0; s < 2; s++)
        printf("%-8s moves %6ld (%.1f/game)  aimless %6ld = %5.1f%%  (shuffles between deployment "
               "zones %ld, undone %ld); picks cancelled %.1f/game\n",
               s ? "catalan" : "bourbon", moves[s], n ? (double)moves[s] / n : 0.0, aimless[s],
               moves[s] ? 100.0 * (double)aimless[s] / (double)moves[s] : 0.0, shuffles[s],
               undone[s], n ? (double)cancels[s] / n : 0.0);
    long tm = moves[0] + moves[1], ta = aimless[0] + aimless[1];
    printf("both     moves %6ld  aimless %6ld = %5.1f%%\n", tm, ta,
           tm ? 100.0 * (double)ta / (double)tm : 0.0);
    free(st);
    free(before);
    vb_game_free(g);
    return 0;
}
