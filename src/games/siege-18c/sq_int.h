/*
 * sq_int.h - internals of "18th Century Siege Rules" (siege-18c): a
 * Vauban-style siege of a line of bastioned fronts on a measured board.
 *
 * Geometry is fixed point: positions in 1/100 inch, angles in 1/100 degree
 * (0 = +x, 9000 = +y, toward the besieger; clockwise on the drawing), and
 * all of it integer math (sq_geom.c). The fortress, its works and the
 * armies come from data/siege-18c/fortress.json, every number of the rules
 * from data/siege-18c/game.json.
 *
 * The state is flat and memcpy-clonable. The day runs the ten steps of the
 * Sequence of Play; each step is a phase. Movement is staged (choose a
 * unit, then its order); fire, sorties and assaults are one decision each
 * followed by their dice (chance decisions).
 */
#ifndef SQ_INT_H
#define SQ_INT_H

#include "vb_module.h"

#define SQ_MAX_UNITS 80
#define SQ_MAX_WORKS 32
#define SQ_MAX_SECT 64
#define SQ_MAX_PTS 8
#define SQ_MAX_LINE 32
#define SQ_MAX_PAR1 16
#define SQ_MAX_BANDS 4
#define SQ_NAME 24

enum { SQ_BESIEGER = 0, SQ_DEFENDER = 1 }; /* roles and sides */

enum sq_utype { UT_FOOT, UT_HEAVY, UT_MEDIUM, UT_MORTAR, UT_ENGINEER, UT_CINC, UT_N };
/* The weapon of battalion guns ("Foot with battalion guns can fire
 * speculatively as light guns"): an index of sq_data.weapon_nb/band. */
#define SQ_LIGHT UT_N
enum sq_wkind { WK_BASTION, WK_RAVELIN, WK_CURTAIN, WK_COVERED, WK_N };
enum sq_skind { SK_PARALLEL, SK_SAP, SK_BATTERY, SK_JOIN, SK_N };
enum sq_sstate { SS_NONE, SS_PLANNED, SS_BUILT };
/* Where a unit stands. */
enum sq_lkind { LK_OFF, LK_CAMP, LK_TOWN, LK_WORK, LK_SECT };

/* Phases: the ten steps of the Sequence of Play (steps 9 and 10 run
 * without decisions except the repair dice). */
enum sq_phase {
    PH_BMOVE = 1, /* 1. besieger movement, saps and trenches ordered */
    PH_DMOVE,     /* 2. defender movement */
    PH_BART,      /* 3. besieger artillery */
    PH_DART,      /* 4. defender artillery */
    PH_BMUSKET,   /* 5. besieger musketry */
    PH_DMUSKET,   /* 6. defender musketry */
    PH_SORTIE,    /* 7. defender sorties */
    PH_ASSAULT,   /* 8. besieger assaults */
    PH_WORKS,     /* 9. trenches, saps and repairs completed */
    PH_OVER
};

/* Procedures in progress (chance decisions pending). */
enum sq_pkind { PK_NONE, PK_FIRE, PK_BATTER, PK_ATTACK, PK_REPAIR };
enum sq_pstage { PS_MAIN, PS_STAR, PS_MORALE };

/* Unit flags. */
#define UF_MOVED 1u     /* moved this day: may not fire (steps 3-6) */
#define UF_FIRED 2u     /* fired this day */
#define UF_SHAKEN 4u    /* shaken marker */
#define UF_ORDERED 8u   /* has had its order in this movement step */
#define UF_ATTACKED 16u /* has sortied or assaulted this day */
#define UF_DIG 32u      /* digs a mine or counter-mine gallery this day */
#define UF_ALL 63u

/* Action kinds (bits 56..63 of a vb_action). */
enum sq_akind {
    AK_END = 1, /* end-movement, end-fire, end-sorties, end-assaults */
    AK_ORDER,   /* order UNIT: select it (staged movement) */
    AK_HOLD,    /* hold UNIT */
    AK_MOVE,    /* move UNIT to LOCATION (named) */
    AK_MOVEPT,  /* move UNIT to X Y (measured) */
    AK_SAPTO,   /* sap UNIT toward|left-of|right-of WORK (named step) */
    AK_SAPANG,  /* sap UNIT at ANGLE (measured) */
    AK_TRENCH,  /* trench UNIT: a parallel section centred on the sap head */
    AK_BATTERY, /* battery UNIT behind|front */
    AK_JOIN,    /* join UNIT to SECTION */
    AK_ATTACH,  /* attach LEADER to UNIT */
    AK_DETACH,  /* detach LEADER */
    AK_MINE,    /* mine UNIT under WORK (besieger; reconstructed) */
    AK_COUNTER, /* countersap UNIT (defender; reconstructed) */
    AK_FIRE,    /* fire UNIT at UNIT */
    AK_BATTERW, /* batter UNIT at WORK */
    AK_SORTIE,  /* sortie UNIT at UNIT by-day|by-night */
    AK_ASSAULT, /* assault UNIT at WORK by-day|by-night */
    AK_DIE,     /* a die face (chance) */
    AK_REDEPLOY /* redeploy GUN N to GUN: strength points between the
                   defender's fixed guns (Formations: Defender); last, so
                   that the older kinds keep their values */
};
/* vb_action layout: kind 8 bits | unit 8 | a 16 | b 16 | c 16. */
#define SQ_ACT(k, u, a, b, c)                                                                      \
    (((vb_action)(k) << 56) | ((vb_action)((u)&0xFF) << 48) | ((vb_action)((a)&0xFFFF) << 32) |    \
     ((vb_action)((b)&0xFFFF) << 16) | (vb_action)((c)&0xFFFF))
#define SQ_AK(a) ((int)((a) >> 56))
#define SQ_AU(a) ((int)(((a) >> 48) & 0xFF))
#define SQ_AA(a) ((int)(((a) >> 32) & 0xFFFF))
#define SQ_AB(a) ((int)(((a) >> 16) & 0xFFFF))
#define SQ_AC(a) ((int)((a)&0xFFFF))

/* ---- data ---------------------------------------------------------------*/
typedef struct sq_pt {
    int32_t x, y;
} sq_pt;

typedef struct sq_work {
    char name[SQ_NAME];
    int kind;
    int npts;
    sq_pt pts[SQ_MAX_PTS];
    sq_pt mid;
    int nfaces;
    int faces[2];         /* outward normals, 1/100 degree */
    sq_pt side[2];        /* covered way: the side of the section (its centre line) */
    int after[2], nafter; /* order of attack: one of these must be taken */
    int after_all;        /* 1: all of them (curtain: both bastions) */
} sq_work;

typedef struct sq_uinfo {
    char name[SQ_NAME];
    int type, side;
    int lkind, loc; /* initial place: LK_CAMP, LK_TOWN or LK_WORK index */
} sq_uinfo;

typedef struct sq_scen {
    char name[SQ_NAME];
    int fronts, width, depth;
    int nworks;
    sq_work works[SQ_MAX_WORKS];
    int ncounter, ncrest, nfoot;
    sq_pt counter[SQ_MAX_LINE], crest[SQ_MAX_LINE], foot[SQ_MAX_LINE];
    sq_pt town, camp;
    int npar1;
    sq_pt par1[SQ_MAX_PAR1][2];
    int nunits;
    sq_uinfo units[SQ_MAX_UNITS];
} sq_scen;

typedef struct sq_data {
    int nscen;
    sq_scen scen[3];
    const char *scen_names[3];
    int days_limit, par1_day;
    int strength[UT_N], morale[UT_N];
    int weapon_nb[UT_N + 1];                    /* by unit type; SQ_LIGHT: battalion guns */
    int weapon_band[UT_N + 1][SQ_MAX_BANDS][2]; /* [max range, column] */
    int bguns[2];                               /* a side's foot have battalion guns */
    int table[6][8];
    int star_die;
    int cover_trench, cover_work, shift_enfilade, shift_cw_battery;
    int arc_half, enfilade, sap_zig;
    int mor_cinc_att, mor_cinc_adj, mor_shaken, mor_retire, mor_rout;
    int at_base, at_cinc_att, at_cinc_adj, at_day, at_per_move, at_per_move_mod, at_entrenched,
        at_flank, at_shaken, at_subsequent, at_max_move, at_flank_dist, at_adj_dist, at_night;
    int work_strength, repair_die;
    int sap_len, par_len, bat_len, bat_off, half_width, join_reach;
    int cap_sap, cap_par, cap_par_med, cap_bat, max_sect;
    int cap_bastion_guns, cap_bastion_foot, cap_ravelin_guns, cap_ravelin_foot, cap_curtain_guns,
        cap_curtain_foot, cap_cw_foot;
    int star_wound, star_dead, wound_days;
    /* mines and counter-saps (reconstructed, docs/siege-18c.md) */
    int mine_days, mine_reach, mine_damage, counter_days, counter_reach;
} sq_data;

/* ---- state --------------------------------------------------------------*/
typedef struct sq_unit {
    uint8_t lkind; /* enum sq_lkind; LK_OFF: destroyed, routed or dead */
    uint8_t flags;
    int8_t str;   /* strength left (casualty capacity) */
    int8_t att;   /* leaders: the unit attached to, or -1 */
    int16_t loc;  /* work or section index */
    int16_t x, y; /* position, 1/100 inch */
    int8_t wound; /* days out of play left (leaders) */
    int8_t aim;   /* gallery (foot): work index + 1 (besieger: mined work;
                     defender: the covered-way section it runs from), 0 none */
    int8_t dig;   /* gallery: days dug so far */
    int8_t pad_;
} sq_unit;

typedef struct sq_sect {
    uint8_t kind;    /* enum sq_skind */
    uint8_t state;   /* enum sq_sstate */
    int8_t par;      /* parallel number (1-3); a sap: the parallel it leads from */
    int8_t builder;  /* unit building a planned section, else -1 */
    int16_t parent;  /* section it grows from (-1: first parallel) */
    uint16_t facing; /* guns in it face this way (1/100 degree) */
    int16_t ax, ay, bx, by;
    uint8_t meets; /* a join: 1 + the section it was dug to (Besieger: "to make
                    * them meet"); 0 once that section is destroyed */
    uint8_t pad_;
} sq_sect;

typedef struct sq_pend {
    uint8_t kind, stage;
    int8_t actor, target; /* units */
    int8_t work;          /* batter, repair, assault: the work */
    int8_t cas;           /* casualties the target took (morale) */
    int8_t need;          /* attack: the amended number */
    int8_t night;
    int8_t roll;      /* the main die */
    int8_t star_of;   /* unit whose leaders test for a star result */
    int8_t star_next; /* next leader index to test */
    int8_t success;
    int8_t acas;      /* attack: casualties to the attacker */
    int8_t tlk, tloc; /* where the target stood when attacked */
    int8_t pad_;
} sq_pend;

typedef struct sq_state {
    vb_head h;
    int16_t day;
    uint8_t phase;
    int8_t sel;    /* unit selected for its order, or -1 */
    int8_t winner; /* side, or -1 */
    uint8_t over;
    uint8_t reason; /* 1 capitulation, 2 time, 3 garrison gone, 4 besieger gone */
    uint8_t nsect;
    uint8_t wdone; /* step 9: sections completed, repairs under way */
    int8_t cursor; /* step 9: the last unit that rolled for repairs */
    int16_t pad_;
    sq_pend p;
    int8_t wstr[SQ_MAX_WORKS];     /* strength points of works */
    uint8_t taken[SQ_MAX_WORKS];   /* 1: in the besieger's hands */
    uint8_t attacks[SQ_MAX_UNITS]; /* attacks made on this unit or work today */
    uint8_t wattacks[SQ_MAX_WORKS];
    sq_unit u[SQ_MAX_UNITS];
    sq_sect s[SQ_MAX_SECT];
} sq_state;

static inline const sq_scen *sq_sc(const vb_game *g, const sq_state *s)
{
    const sq_data *d = g->data;
    return &d->scen[s->h.scenario];
}

/* ---- geometry (sq_geom.c): integer math only -----------------------------*/
int64_t sq_isqrt(int64_t v);
/* cos and sin of an angle in 1/100 degree, scaled by 1,000,000. */
int32_t sq_cos(int32_t cdeg);
int32_t sq_sin(int32_t cdeg);
/* Angle of vector (dx,dy) in 1/100 degree, 0..35999 (integer atan2). */
int32_t sq_angle(int64_t dx, int64_t dy);
/* Squared distance from p to segment ab, exactly as a rational: returns the
 * distance in 1/100 inch rounded down. */
int32_t sq_dist_seg(sq_pt p, sq_pt a, sq_pt b);
/* 1 when p lies within r of segment ab (exact). */
int sq_within_seg(sq_pt p, sq_pt a, sq_pt b, int64_t r);
int sq_point_in_poly(sq_pt p, const sq_pt *v, int n);
/* 1 when segment ab has a point inside polygon v (an end or its middle
 * inside, or a proper crossing of an edge); grazing a corner or running
 * along an edge does not count. */
int sq_seg_enters_poly(sq_pt a, sq_pt b, const sq_pt *v, int n);
/* Distance from p to the nearest point of polygon v (0 inside). */
int32_t sq_dist_poly(sq_pt p, const sq_pt *v, int n);
/* 1 when the direction from->to lies within half (1/100 degree, < 9000)
 * of the direction `facing`. */
int sq_in_arc(sq_pt from, int32_t facing, sq_pt to, int32_t half);
/* 1 when segment direction (a->b) lies within `half` of the line of fire
 * from->to, either way along the segment. */
int sq_enfiladed(sq_pt from, sq_pt to, sq_pt a, sq_pt b, int32_t half);
/* A point `len` from p in direction cdeg. */
sq_pt sq_step(sq_pt p, int32_t cdeg, int32_t len);
/* y of polyline v at x (the polyline runs left to right); ends extended. */
int32_t sq_line_y(const sq_pt *v, int n, int32_t x);

/* ---- data (sq_data.c) ----------------------------------------------------*/
int sq_load(vb_game *g, vb_ctx *cx);
void sq_unload(vb_game *g);
extern const char *const sq_utype_names[UT_N];
extern const char *const sq_wkind_names[WK_N];
extern const char *const sq_skind_names[SK_N];
int sq_find_unit(const sq_scen *sc, const char *name);
int sq_find_work(const sq_scen *sc, const char *name);

/* ---- rules (sq_rules.c, sq_move.c, sq_fire.c, sq_eval.c)
 * ---------------------------------------*/
int sq_setup(const vb_game *g, void *st, vb_ctx *cx);
int sq_to_move(const vb_game *g, const void *st);
void sq_prompt(const vb_game *g, const void *st, char *buf, size_t n);
int sq_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *weights, int cap);
int sq_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
void sq_result(const vb_game *g, const void *st, vb_result *r);
int sq_check(const vb_game *g, const void *st, vb_ctx *cx);
int sq_judge(const vb_game *g, const void *st, vb_action a, vb_ctx *cx);
double sq_eval(const vb_game *g, const void *st, int role);
/* The evaluation's terms (sq_eval.c), for a game not over: the 24 that the
 * shipped evaluation weighs, then candidates that it weighs 0 (for fitting
 * weights to outcomes: bench/fit_siege.c). */
enum sq_term {
    SQT_FRONT1,
    SQT_FRONT2,
    SQT_FRONT3,
    SQT_FRONT4,
    SQT_PAR3,
    SQT_FBAT,
    SQT_GUNSIN,
    SQT_GUNS,
    SQT_DMAX,
    SQT_DMEAN,
    SQT_CW,
    SQT_ENG,
    SQT_READY,
    SQT_UP,
    SQT_LOSS,
    SQT_GUNSLOST,
    SQT_RBAT,
    SQT_RPAR,
    SQT_INRANGE,
    SQT_EXPO,
    SQT_STILL,
    SQT_TIME,
    SQT_CINC,
    SQT_TEAM,
    /* candidates */
    SQT_LOSSB,
    SQT_LOSSD,
    SQT_GFOOT,
    SQT_GTOWN,
    SQT_TLOSSD,
    SQT_TDMAX,
    SQT_LFRONT,
    SQT_DMAX2,
    SQ_NTERMS
};
extern const char *const sq_term_names[SQ_NTERMS];
void sq_eval_terms(const vb_game *g, const sq_state *s, double *out);
/* The shipped weights: the intercept, then one a term. */
extern const double sq_eval_shipped[SQ_NTERMS + 1];
/* The besieger's value b + sum w x (logistic: tanh of half of it), clipped
 * to [-0.95, 0.95]; 1 / -1 for a game over; negated for the defender.
 * sq_eval is this with sq_eval_shipped, linear. */
double sq_eval_with(const vb_game *g, const void *st, int role, const double *w, int logistic);
int sq_turn(const vb_game *g, const void *st);

/* Queries shared by rules, text and board. */
sq_pt sq_unit_pos(const vb_game *g, const sq_state *s, int u);
sq_pt sq_sect_mid(const sq_sect *t);
static inline int sq_unit_side(const vb_game *g, const sq_state *s, int u)
{
    return sq_sc(g, s)->units[u].side;
}
static inline int sq_unit_type(const vb_game *g, const sq_state *s, int u)
{
    return sq_sc(g, s)->units[u].type;
}
static inline int sq_alive(const sq_state *s, int u)
{
    return s->u[u].lkind != LK_OFF;
}
/* The gun's arc(s): number of facings written to f[]. */
int sq_facings(const vb_game *g, const sq_state *s, int u, int32_t *f);
/* Range from firer u to target unit t (middle to nearest point). */
int32_t sq_range_unit(const vb_game *g, const sq_state *s, int u, int t);
/* Distance from p to the nearest point of what unit t occupies. */
int32_t sq_dist_to_unit(const vb_game *g, const sq_state *s, sq_pt p, int t);
int32_t sq_range_work(const vb_game *g, const sq_state *s, int u, int w);
/* Column shift of fire by u at t: fills *col (clamped) and a text of the
 * shifts. Returns 0, or -1 when t is not a legal target (no range/arc). */
int sq_fire_column(const vb_game *g, const sq_state *s, int u, int t, int *col, char *why,
                   size_t n);
/* Attack: the amended number, with its modifiers itemised in why. */
int sq_attack_need(const vb_game *g, const sq_state *s, int u, int t, int w, int night, char *why,
                   size_t n);
/* Line of sight from unit u to point q: no work stands in the way (see
 * sq_query.c for the reconstructed heights); `skip` is a work the line may
 * cross (the target's own), or -1. */
int sq_line_of_sight(const vb_game *g, const sq_state *s, int u, sq_pt q, int skip);
int sq_unit_enfiladed(const vb_game *g, const sq_state *s, int u, int t);
int sq_battery_forward(const vb_game *g, const sq_state *s, int sect);
int sq_parallel_complete(const vb_game *g, const sq_state *s, int k);
void sq_loc_name(const vb_game *g, const sq_state *s, int lkind, int loc, char *buf, size_t n);
int sq_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx);
void sq_sect_name(const sq_state *s, int i, char *buf, size_t n);
int sq_find_sect(const sq_state *s, const char *name);

/* Shared by the rules files. */
int sq_has_leader(const vb_game *g, const sq_state *s, int u, int type);
int sq_cinc_adjacent(const vb_game *g, const sq_state *s, int u);
void sq_place(const vb_game *g, sq_state *s, int u, int lkind, int loc, sq_pt p);
sq_pt sq_loc_mid(const vb_game *g, const sq_state *s, int lkind, int loc);
void sq_send_back(const vb_game *g, sq_state *s, int u);
void sq_remove(const vb_game *g, sq_state *s, int u);
void sq_evict(const vb_game *g, sq_state *s, int w, int side, vb_ctx *cx);
/* Section i is destroyed: units there go back, digging from it is lost,
 * sections grown from it are cut off; `why` is the rule cited in the log. */
void sq_destroy_sect(const vb_game *g, sq_state *s, int i, const char *why, vb_ctx *cx);
/* ---- mines and counter-saps (sq_mine.c; a reconstructed reading) --------*/
/* Besieger foot u may drive (or go on driving) a mine under work w. */
int sq_mine_ok(const vb_game *g, const sq_state *s, int u, int w);
/* Defender foot u may dig a counter-sap from its covered-way section. */
int sq_counter_ok(const vb_game *g, const sq_state *s, int u);
/* The besieger section a counter-sap from u's place would blow: the
 * nearest built one within reach, or -1. */
int sq_counter_target(const vb_game *g, const sq_state *s, int u);
/* Step 9: the day's galleries dug, mines and counter-mines sprung. */
void sq_galleries(const vb_game *g, sq_state *s, vb_ctx *cx);
static inline int sq_is_leader(int ty)
{
    return ty == UT_CINC || ty == UT_ENGINEER;
}
/* Nodes of the trench network: sections, works, the camp. */
#define N_CAMP (SQ_MAX_SECT + SQ_MAX_WORKS)
#define N_ALL (N_CAMP + 1)
int sq_node_of(int lkind, int loc);
/* Units at every place, counted once for a listing of moves. */
typedef struct sq_counts {
    uint8_t foot[SQ_MAX_SECT + SQ_MAX_WORKS], guns[SQ_MAX_SECT + SQ_MAX_WORKS],
        med[SQ_MAX_SECT + SQ_MAX_WORKS];
} sq_counts;
void sq_count_all(const vb_game *g, const sq_state *s, sq_counts *c);
/* sq_can_hold with the counts of sq_count_all (NULL: counted now). */
int sq_can_hold_c(const vb_game *g, const sq_state *s, int u, int lkind, int loc,
                  const sq_counts *c);
/* "The strength points of the guns may be redeployed from one gun to
 * another": gun u may give n points to gun v now (sq_move.c). */
int sq_redeploy_ok(const vb_game *g, const sq_state *s, int u, int v, int n);
/* The order a (steps 1-2), already judged legal (sq_move.c). */
void sq_do_order(const vb_game *g, sq_state *s, vb_action a, vb_ctx *cx);
/* The shape an order gives a new section grown from section `from` (-1:
 * none, its par then 0): a sap from point a in direction ang (a day's
 * length, shorter where it crowns the covered way); a parallel section
 * centred on the sap head h; a battery in front of (front 1) or behind the
 * parallel point p; a join between the nearest ends of `from` and k. Fills
 * *out (planned, no builder); 0, or -1 when no order could lay it. */
int sq_lay_sap(const vb_game *g, const sq_state *s, int from, sq_pt a, int ang, sq_sect *out);
int sq_lay_trench(const vb_game *g, const sq_state *s, int from, sq_pt h, sq_sect *out);
int sq_lay_battery(const vb_game *g, const sq_state *s, int from, sq_pt p, int front, sq_sect *out);
int sq_lay_join(const vb_game *g, const sq_state *s, int from, int k, sq_sect *out);
/* Direction from p to the nearest bastion or ravelin middle. */
int sq_nearest_work_angle(const vb_game *g, const sq_state *s, sq_pt p);
/* Mark (bytes, SQ_MAX_SECT + SQ_MAX_WORKS + 1 of them: sections, works,
 * camp) what a besieger unit at (lkind, loc) can reach by trench. */
void sq_reach(const vb_game *g, const sq_state *s, int lkind, int loc, uint8_t *mark);
int sq_can_hold(const vb_game *g, const sq_state *s, int u, int lkind, int loc);
int sq_phase_side(int ph);
const char *sq_phase_name(int ph);
void sq_check_end(const vb_game *g, sq_state *s, vb_ctx *cx);
/* The orders open to unit u in a movement step (staged after `order u`). */
int sq_legal_orders(const vb_game *g, const sq_state *s, int u, vb_action *acts, uint32_t *weights,
                    int cap);
int sq_legal_combat(const vb_game *g, const sq_state *s, vb_action *acts, uint32_t *weights,
                    int cap);
void sq_start_combat(const vb_game *g, sq_state *s, vb_action a, vb_ctx *cx);
void sq_apply_die(const vb_game *g, sq_state *s, int die, vb_ctx *cx);
/* Targets of fire and attack, for text and tests. */
int sq_can_fire(const vb_game *g, const sq_state *s, int u);
int sq_battalion_guns(const vb_game *g, const sq_state *s, int u);
/* Work w may be assaulted now (order of attack, breach). */
int sq_assaultable(const vb_game *g, const sq_state *s, int w);
int sq_assault_target(const vb_game *g, const sq_state *s, int u);
int sq_work_defender(const vb_game *g, const sq_state *s, int w);

/* ---- odds and explain (sq_odds.c) ---------------------------------------*/
extern const char sq_odds_help[];
int sq_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);
int sq_odds_done(const vb_game *g, const void *before, const void *st);
void sq_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n);
int sq_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx);

/* ---- text and JSON (sq_io.c) ---------------------------------------------*/
void sq_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
int sq_parse(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx);
json_t *sq_to_json(const vb_game *g, const void *st, int role);
int sq_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx);
void sq_render(const vb_game *g, const void *st, int role, FILE *out);
int sq_svg(const vb_game *g, const void *st, int role, FILE *out);

#endif
