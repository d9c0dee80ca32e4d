/*
 * sg_int.h - internals of "11 de Setembre. Setge 1714" (game id setge-1714).
 *
 * The module is split in five files: sg_data.c (loading data/setge-1714/
 * into struct sg_data), sg_rules.c (decisions, legal actions, apply: the
 * rules of sections 4-13), sg_io.c (texts, JSON, board, checks, result,
 * evaluation), sg_odds.c (exact odds of artillery, salvo, assault) and
 * sg_board.c (the board, one zone and the points for a terminal),
 * sg_explain.c (why an action text is illegal, the `explain` hook; the
 * one-step move texts of older records, the `parse` and `judge` hooks) and
 * sg_svg.c (the board as SVG); sg_eval.c (the evaluation for the AI).
 * The game definition table is in sg_def.c.
 */
#ifndef SETGE_H
#define SETGE_H

#include "vb_module.h"

#define SG_MAXZ 48  /* zones (bit masks are uint64_t) */
#define SG_MAXU 160 /* pieces of both sides */
#define SG_MAXNB 12 /* neighbours of one zone */
#define SG_MAXC 32  /* event cards (deck is a uint32_t set) */
#define SG_MAXT 16  /* turn track spaces */
#define SG_NAME 48
#define SG_NO 0xFF /* no zone / no unit / no card */
#define SG_STACK 5 /* rule 6.1 */

enum sg_side { SG_BOURBON = 0, SG_CATALAN = 1, SG_NHALVES };
enum sg_colour { COL_OCHRE, COL_GREEN, COL_GREY, COL_BLUE };
enum sg_kind { K_COMBAT, K_LEADER, K_GUN, K_BARRICADE, K_FLAG };
enum sg_obj { OBJ_NONE, OBJ_BASTION, OBJ_REDOUBT, OBJ_CONVENT, OBJ_PALAU };
/* Commands (seats of rule 15). */
enum sg_cmd { CMD_FRENCH, CMD_SPANISH, CMD_CLEFT, CMD_CCENTRE, CMD_CRIGHT, CMD_CRESERVE, CMD_N };
/* Roles: 0 bourbon (French in 3-4 players), 1 catalan (left+centre in 4
 * players), 2 spanish, 3 catalan-right (right + Pla de Palau reserves). */
enum sg_role { R_BOURBON, R_CATALAN, R_SPANISH, R_CATRIGHT, SG_NROLES };

/* Unit status. */
enum sg_status { US_NONE, US_ON, US_WAIT, US_ELIM, US_LOST };

enum sg_phase {
    PH_DEPLOY,   /* optional free deployment (rule 4) */
    PH_BREACH,   /* chance: Royal breach check (rule 7) */
    PH_EVENT,    /* chance: card draw (rule 8) */
    PH_ART,      /* active seat: fire a gun or end (rule 9) */
    PH_ARTDIE,   /* chance */
    PH_REINF,    /* reinforcements / recovery (rule 10.1) */
    PH_MOVE,     /* active seat: move one unit or end (rule 10) */
    PH_COMBAT,   /* active seat: declare a combat or end (rule 11) */
    PH_SALVODIE, /* chance: one salvo die (rule 11.2) */
    PH_CASUALTY, /* defender: choose a salvo casualty */
    PH_ALEAD,    /* attacker: lead unit (rule 11.3) */
    PH_DLEAD,    /* defender: lead unit */
    PH_ACMD,     /* attacker: commander or none */
    PH_DCMD,     /* defender: commander or none */
    PH_WITHDRAW, /* defender: withdraw or hold */
    PH_ADIE,     /* chance: attacker die */
    PH_DDIE,     /* chance: defender die */
    PH_ACMDDIE,  /* chance: attacker commander casualty die */
    PH_DCMDDIE,  /* chance: defender commander casualty die */
    PH_RETREAT,  /* defender: retreat one piece */
    PH_ADVANCE,  /* attacker: advance one unit or stop */
    PH_DEST,     /* active seat: destination of the unit or stack picked (rule 10) */
    PH_OVER,
    PH_N
};

enum sg_ckind { CK_NONE, CK_FIRE, CK_SALVO, CK_ASSAULT };
enum sg_cres { CR_NONE, CR_SUCCESS, CR_REPULSED, CR_WITHDRAWN, CR_COSTLY };

/* Action codes: kind << 24 | a << 16 | b << 8 | c. */
enum sg_akind {
    A_DIE = 1,  /* a = face */
    A_CARD,     /* a = card */
    A_END,      /* a = what ends (see sg_end) */
    A_FIRE,     /* a = gun, b = target */
    A_MOVE,     /* a = unit, b = zone, c = facing: a whole move in one step, the text of
                   records made before staged movement; judged, never listed */
    A_ENTER,    /* a = unit, b = zone (Catalan reinforcement) */
    A_RECOVER,  /* a = unit, b = zone (Bourbon recovery) */
    A_DEPLOY,   /* a = unit, b = zone */
    A_SALVO,    /* a = from, b = to */
    A_ASSAULT,  /* a = from, b = to */
    A_LEAD,     /* a = unit */
    A_CMD,      /* a = leader */
    A_WITHDRAW, /* a = 1 withdraw, 0 hold */
    A_CASUALTY, /* a = unit */
    A_RETREAT,  /* a = unit, b = zone */
    A_ADVANCE,  /* a = unit */
    A_PICK,     /* a = unit to move (first stage of a move) */
    A_STACK,    /* a = zone whose pieces move together (first stage) */
    A_DEST,     /* a = destination, c = facing (barricades) or SG_NO (second stage) */
    A_ELIM,     /* a = unit eliminated from a zone overstacked by a forced retreat */
};
enum sg_end { E_ART, E_MOVE, E_COMBAT, E_RECOVERY, E_ADVANCE, E_NOCMD, E_CANCEL };

#define SG_ACT(k, a, b, c)                                                                         \
    ((vb_action)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) |            \
                 (uint32_t)(c)))
#define SG_AK(x) ((int)((x) >> 24))
#define SG_AA(x) ((int)(((x) >> 16) & 0xFF))
#define SG_AB(x) ((int)(((x) >> 8) & 0xFF))
#define SG_AC(x) ((int)((x)&0xFF))

/* ---- data (immutable after load) ---- */
typedef struct sg_zone {
    char name[SG_NAME], tok[SG_NAME];
    int colour, defv; /* defence value (rule 11.1) */
    int deploy;       /* 0, or 1 left / 2 centre / 3 right (rule 6.2) */
    int rzone;        /* marked R (rule 10.1) */
    int sector;       /* for the board */
    int obj, autoobj; /* objective kind; needed for automatic victory */
    int convent;      /* convent group, -1 */
    int nnb;
    int nb[SG_MAXNB];
    int line[SG_MAXNB];   /* 0 none, 1 blue, 2 red, 3 breach */
    int breach[SG_MAXNB]; /* breach index or -1 */
    int prot[SG_MAXNB];   /* 1: this zone is protected by the blue line on that side */
    uint64_t adj;         /* every neighbour (artillery) */
    uint64_t pass;        /* passable sides (not red, not the Royal breach) */
    uint64_t royal;       /* the neighbour across the Royal breach */
    uint64_t blue;        /* neighbours across a blue line protecting this zone */
    uint64_t barok;       /* neighbours a barricade here may face (rule 12) */
} sg_zone;

typedef struct sg_unit {
    char name[SG_NAME], tok[SG_NAME];
    int side, kind, type, strength, cmd;
    int zone;   /* start zone, -1 for reinforcements */
    int arrive; /* turn of arrival (1: on the map at the start) */
    int face;   /* barricade facing at the start */
} sg_unit;

typedef struct sg_card {
    char id[SG_NAME], title[80];
    int side; /* 0 bourbon, 1 catalan, 2 active side */
    int move, assault, guns, noguns, salvo, breach, recover, hurry;
} sg_card;

typedef struct sg_data {
    int nz, nu, nc, nconv, nbreach, ntypes;
    sg_zone z[SG_MAXZ];
    sg_unit u[SG_MAXU];
    sg_card c[SG_MAXC];
    char conv[16][SG_NAME];
    char breach[8][SG_NAME];
    char types[12][SG_NAME];
    uint8_t dist[SG_MAXZ][SG_MAXZ];
    int last_turn;
    int recovery[SG_MAXT];
    char time[SG_MAXT][8];
    int palau; /* zone index of the Pla de Palau */
    uint64_t deploymask, rmask, colmask[4];
    int flag; /* unit index of the flag, -1 */
    /* Derived at load time for the hot paths (sg_precompute, the end of
     * sg_load): the unit fields the legal-action lists read, packed so a
     * pass over the units touches a few cache lines; each unit's role per
     * scenario; unit lists by side and kind; passable sides per zone. */
    uint8_t ukind[SG_MAXU], uside[SG_MAXU];
    uint8_t urole[3][SG_MAXU]; /* sg_cmd_role(scenario, cmd) */
    uint8_t uleader[SG_MAXU];  /* 1: a commander or the flag (never captured by a move) */
    int nside[2];              /* unit indexes by side, in index order */
    uint8_t sideu[2][SG_MAXU];
    uint64_t zpass[2][SG_MAXZ]; /* sg_pass by s->breach != 0 */
    int ncombat[2], nother[2];  /* unit indexes by side and kind, in index order: */
    uint8_t combat[2][SG_MAXU]; /* K_COMBAT */
    uint8_t other[2][SG_MAXU];  /* every other kind */
    uint8_t objvp[SG_MAXZ];     /* VP of rule 13 a zone is worth to its holder (a convent's
                                   4 shared among its zones); 0 for no objective */
    uint64_t objmask;           /* zones with objvp > 0 */
} sg_data;

/* ---- zone summary: kept in the state, in step with every change of a
 * unit's zone or status (sg_place), checked against the units by sg_check ---- */
typedef struct sg_sum {
    uint64_t occ[2];      /* zones with combat units of side */
    uint64_t pres[2];     /* zones with any piece of side */
    uint64_t lead[2];     /* zones with a commander or the flag of side */
    uint8_t n[SG_MAXZ];   /* combat units per zone */
    uint8_t bar[SG_MAXZ]; /* barricade in zone, SG_NO */
} sg_sum;

/* ---- state ---- */
typedef struct sg_state {
    vb_head head;
    uint64_t ovr;            /* zones allowed over the limit by arriving reinforcements (10.1) */
    uint64_t acted;          /* zones that have declared a combat this phase (11) */
    uint32_t deck;           /* cards still in the deck (8) */
    uint8_t uz[SG_MAXU];     /* zone or SG_NO */
    uint8_t us[SG_MAXU];     /* enum sg_status */
    uint8_t done[SG_MAXU];   /* moved (10) / fired (9) this half-turn */
    uint8_t face[SG_MAXU];   /* barricade facing zone or SG_NO */
    uint8_t arrive[SG_MAXU]; /* turn of arrival of waiting units (0: to deploy) */
    uint8_t turn, half, phase, seat;
    uint8_t breach, extended, card, recover;
    uint8_t rlose, over, winner, pad0;
    /* the combat (or artillery shot) in progress */
    uint8_t ckind, cfrom, cto, drole;
    uint8_t alead, dlead, acmd, dcmd;
    uint8_t withdraw, adie, ddie, dice;
    uint8_t hits, adv, cres, pad1;
    /* staged movement (PH_DEST): the unit picked, or the zone whose stack
     * moves; the commander step (0: the lead seat of the side is asked, 1:
     * the other); a forced retreat into a full zone (rule 11.3): the zone
     * and the seat that must eliminate one of its units there */
    uint8_t mover, mstack, csub, ovz;
    /* cancels of a staged move in this seat's movement phase: past
     * SG_MAX_CANCEL a picked piece must go somewhere, so that a game
     * always ends (docs/setge-1714.md, "Staged orders") */
    uint8_t eseat, ncancel, pad3, pad4;
    /* derived from uz/us (sg_place, sg_resum): the zone summary and the
     * counts it is kept from (combat units, pieces, commanders and the
     * flag, by side and zone) */
    sg_sum sum;
    uint8_t ncomb[2][SG_MAXZ], npiece[2][SG_MAXZ], nlead[2][SG_MAXZ];
} sg_state;

#define SG_MAX_CANCEL 16

#define SGD(g) ((const sg_data *)(g)->data)
#define BIT(z) ((uint64_t)1 << (z))

extern const char *const sg_phase_names[PH_N];
extern const char *const sg_role_names[SG_NROLES];
extern const char *const sg_half_names[SG_NHALVES]; /* "bourbon", "catalan" (JSON) */
extern const char *const sg_ckind_names[4];         /* combat kinds (JSON) */
extern const char *const sg_cres_names[5];          /* combat results (JSON) */
extern const char *const sg_cmd_names[CMD_N];
extern const char *const sg_colour_names[4];
extern const char *const sg_kind_names[5];

/* sg_data.c */
int sg_load(vb_game *g, vb_ctx *cx);
void sg_unload(vb_game *g);

/* sg_rules.c */
void sg_summary(const sg_data *d, const sg_state *s, sg_sum *m);
void sg_place(const sg_data *d, sg_state *s, int u, int status, int zone);
void sg_resum(const sg_data *d, sg_state *s);
void sg_summary_of_units(const sg_data *d, const sg_state *s, sg_sum *m);
uint64_t sg_pass(const sg_data *d, const sg_state *s, int z);
int sg_cmd_role(int scenario, int cmd);
int sg_role_of_cmd(const sg_state *s, int cmd);
void sg_precompute(sg_data *d);
int sg_side_seats(const sg_state *s, int side, int *seats);
int sg_seat_role(const sg_state *s);
int sg_zone_role(const sg_data *d, const sg_state *s, int z, int side);
int sg_setup(const vb_game *g, void *st, vb_ctx *cx);
int sg_to_move(const vb_game *g, const void *st);
int sg_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap);

/* Shared between sg_rules.c (state changes) and sg_legal.c (what may be
 * done); each is documented where it is defined. */
/* Movement context: zone summary, zones of control, full zones (rule 10). */
typedef struct mctx {
    sg_sum m;
    uint64_t zoc[2];      /* zones adjacent to combat units of side (rule 10) */
    uint64_t full;        /* zones a combat unit may not enter (rule 6.1) */
    const uint64_t *pass; /* passable sides now, by zone (sg_data.zpass) */
} mctx;
int sg_unit_role(const sg_data *d, const sg_state *s, int u);
int sg_other_seat(const sg_state *s, int role);
int sg_is_full(const sg_data *d, const sg_sum *m, int z);
int sg_open_zone(const sg_data *d, int z);
void sg_mctx_init(const sg_data *d, const sg_state *s, mctx *c);
uint64_t sg_reach(const sg_data *d, const sg_state *s, const mctx *c, int u, uint8_t *par);
int sg_gun_need(const sg_data *d, const sg_state *s, int side, int dist);
int sg_next_arrival(const sg_data *d, const sg_state *s);
int sg_next_deploy(const sg_data *d, const sg_state *s);
int sg_movable(const sg_data *d, const sg_state *s, int u, int side, int role);
int sg_leader_near(const sg_data *d, const sg_state *s, int u, int side, int to, int inside);
int sg_cmd_seat(const sg_state *s);
int sg_defender_side(const sg_state *s);
uint64_t sg_retreat_zones(const sg_data *d, const sg_state *s, const sg_sum *m);
int sg_retreating(const sg_data *d, const sg_state *s, int u);
int sg_count_legal(const sg_data *d, const sg_state *s);
int sg_list(const sg_data *d, const sg_state *s, vb_action *acts, int cap);
int sg_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
int sg_vp(const sg_data *d, const sg_state *s, int side);
int sg_holds(const sg_data *d, const sg_sum *m, int side, int z);
int sg_auto_victory(const sg_data *d, const sg_state *s);
int sg_assault_values(const sg_data *d, const sg_state *s, int *att, int *def);
int sg_move_allowance(const sg_data *d, const sg_state *s, int side);
int sg_card_for(const sg_data *d, const sg_state *s, int side);
void sg_enter_half(const sg_data *d, sg_state *s, vb_ctx *cx);
void sg_settle(const sg_data *d, sg_state *s, vb_ctx *cx);

/* sg_io.c */
void sg_prompt(const vb_game *g, const void *st, char *buf, size_t n);
void sg_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
void sg_result(const vb_game *g, const void *st, vb_result *r);
json_t *sg_to_json(const vb_game *g, const void *st, int role);
int sg_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx);
void sg_render(const vb_game *g, const void *st, int role, FILE *out);
int sg_check(const vb_game *g, const void *st, vb_ctx *cx);
int sg_find_zone(const sg_data *d, const char *name);
int sg_find_unit(const sg_data *d, const char *name);

/* sg_eval.c: the evaluation for the AI (`eval` hook) and the `turn` hook */
double sg_eval(const vb_game *g, const void *st, int role);
double sg_threat(const sg_data *d, const sg_state *s, int side);
int sg_turn(const vb_game *g, const void *st);

/* sg_svg.c: the `svg` hook (board drawn from data/setge-1714/board.json) */
int sg_svg(const vb_game *g, const void *st, int role, FILE *out);

/* sg_board.c: the board for a terminal (render, 80 columns), one zone
 * (the `area` hook: `zone NAME` in play) and rule 13's victory points
 * term by term (the `points` hook) */
int sg_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx);
void sg_points(const vb_game *g, const void *st, FILE *out);

/* sg_odds.c */
int sg_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);
void sg_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n);
extern const char sg_odds_help[];

/* sg_explain.c: the `explain` hook, called by vb_parse_action when the
 * text matched no legal action. Says why, naming the rule; always returns
 * VB_EILLEGAL with the message in cx. Never calls vb_parse_action. */
int sg_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx);
int sg_parse(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx);
int sg_judge(const vb_game *g, const void *st, vb_action a, vb_ctx *cx);

#endif
