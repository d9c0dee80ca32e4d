/* api_mutation39.c - src/server/store.c (the SQLite store of live games),
 * compiled in whole (this program is built as the API programs are, with
 * SQLite but without store.c): a survivor of the thirty-ninth session's
 * seed-39 pass (helper sqc, docs/core.md "Mutation pass, thirty-ninth
 * session (helper sqc)"); messages "M39:". A game is stored with a seat
 * held by a player key and read back: store_load gives each seat its
 * player key (store.h), not its token (store.c:675 the player read from
 * column 3, the token's). The server reads the key of a loaded seat
 * nowhere today (claims and "my games" are queries of their own), so only
 * the store's interface shows it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* before cmocka.h, whose fail() macro would rename store.c's fail() */
#include "../../src/server/store.c"

#include <cmocka.h>

static void seats_read_back_with_their_player(void **state)
{
    char path[] = "/tmp/vb-m39-XXXXXX", db[64], err[VB_ERR_LEN], id[STORE_ID_LEN + 1];
    vb_ctx cx;
    vb_match m;
    (void)state;
    assert_non_null(mkdtemp(path));
    snprintf(db, sizeof db, "%s/s.db", path);
    store *st = store_open(db, err, sizeof err);
    if (!st)
        fail_msg("M39: store_open: %s", err);
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    assert_int_equal(vb_match_init(&m, g, 0, NULL, 5, &cx), 0);
    store_seat seats[2], back[VB_MAX_ROLES];
    memset(seats, 0, sizeof seats);
    for (int k = 0; k < 2; k++) {
        snprintf(seats[k].role, sizeof seats[k].role, "%s", g->def->roles[k]);
        snprintf(seats[k].kind, sizeof seats[k].kind, "human");
        memset(seats[k].token, k ? 'b' : 'a', STORE_TOKEN_LEN);
    }
    memset(seats[0].player, 'c', STORE_TOKEN_LEN); /* seat 0 held, seat 1 free */
    snprintf(id, sizeof id, "%08x%08x", (unsigned)getpid(), 39u);
    json_t *j = vb_match_to_json(&m, -1);
    json_object_del(j, "history");
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    assert_int_equal(store_create(st, id, g->def->id, seats, 2, &m, s, err, sizeof err), 0);
    free(s);
    char resigned[32];
    long long rev = -1;
    int nseats = 0;
    j = NULL;
    assert_int_equal(store_load(st, NULL, id, &j, back, VB_MAX_ROLES, &nseats, resigned,
                                sizeof resigned, &rev, err, sizeof err),
                     1);
    assert_int_equal(nseats, 2);
    for (int k = 0; k < 2; k++) {
        if (strcmp(back[k].role, seats[k].role) || strcmp(back[k].token, seats[k].token))
            fail_msg("M39: seat %d read back as %s, token %s", k, back[k].role, back[k].token);
        if (strcmp(back[k].player, seats[k].player))
            fail_msg("M39: seat %d (%s) read back held by '%s', stored '%s'", k, back[k].role,
                     back[k].player, seats[k].player);
    }
    json_decref(j);
    vb_match_release(&m);
    store_close(st);
    vb_game_free(g);
    unlink(db);
    char side[80];
    snprintf(side, sizeof side, "%s-wal", db);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", db);
    unlink(side);
    rmdir(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seats_read_back_with_their_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
