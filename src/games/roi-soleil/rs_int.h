/*
 * rs_int.h - internals of "Les Guerres du Roi Soleil 1667-1713" (roi-soleil):
 * the loaded data (map, forces, tables, scenarios) and the flat game state.
 *
 * Two camps, France (0) and the Coalition (1), each one role. A year runs
 * the three phases of rule 6 in printed order; every procedure in progress
 * (a march, a combat, a siege) lives in the state, so a position can be
 * saved and resumed at any decision. Units are strength points (SP) counted
 * by type per zone and camp: an army (outside the fortress) and a garrison
 * (under the fortress marker, owned by the zone's controller).
 */
#ifndef RS_INT_H
#define RS_INT_H

#include <stdint.h>
#include <string.h>

#include "vb_module.h"

#define RS_MAXZ 56             /* zones (the map has 54) */
#define RS_MAXG 40             /* generals */
#define RS_MAXS 16             /* states */
#define RS_NBOX 4              /* transit boxes */
#define RS_NTY 5               /* unit types */
#define RS_NN 13               /* nationalities that have counters (§3.1): the first states */
#define RS_NT (RS_NN * RS_NTY) /* unit kinds: a nationality and a type */
#define RS_NCAT 4              /* cabinet marker categories */
#define RS_MAXPICK 9           /* markers per camp (rule 9) */
#define RS_MAXSCEN 5
#define RS_MAXEVZ 24
#define RS_NAME 40
#define RS_MAXSTEPS 40 /* zones in one march */

enum { RS_F = 0, RS_C = 1 };
enum { T_INF, T_INFE, T_CAV, T_CAVE, T_ART };
/* a unit kind: nationality (a state index below RS_NN) and type */
#define KIND(n, t) ((n)*RS_NTY + (t))
#define K_NAT(k) ((k) / RS_NTY)
#define K_TY(k) ((k) % RS_NTY)
enum { CAT_BATTLE, CAT_SIEGE, CAT_SCORCH, CAT_DECOY, CAT_UNKNOWN };
enum { PK_HELD, PK_USED, PK_CANCELLED, PK_ASIDE };
enum { SK_MAJOR, SK_MINOR, SK_FORBIDDEN };
enum {
    EV_NONE,
    EV_PURSUIT,
    EV_RESCUE,
    EV_WITHDRAW,
    EV_LORRAINE,
    EV_DRAW,
    EV_RESERVE_ADD,
    EV_WINTER,
    EV_FORCE_SCORCH,
    EV_REMOVE,
    /* the War in Holland (24.3.3) and after: rs_event.c */
    EV_FLOOD,       /* a zone no army enters or leaves this year */
    EV_ADMIRAL,     /* +1 to a camp's control rolls of some boxes this year */
    EV_HIRE,        /* an ally paid to enter sooner: D6, half in RP, D6 SP and a general */
    EV_PLACE,       /* a general and a fixed number of SP placed in a zone */
    EV_NEUTRALISE,  /* an ally's cursor to the Neutral space */
    EV_LEVY,        /* D6 infantry SP from the Reserve or the map to a zone, frozen for the year */
    EV_RECALL,      /* SP taken from zones to the Reserve, not recruitable this year */
    EV_FORCE_FORT,  /* RP France must spend on fortresses in France */
    EV_CURSOR,      /* an ally's cursor some spaces toward Neutral */
    EV_JOIN,        /* a state joins a camp at a given space */
    EV_LOUIS_STAYS, /* Louis XIV not removed this year (no removal rule: logged only) */
    /* the League of Augsburg (24.4.3) */
    EV_RP,          /* D6 RP added to (value 1) or deducted from (value -1) a camp's year */
    EV_RALLY,       /* an ally enters: one infantry SP from the Reserve and a marker per zone */
    EV_SIEGE_BONUS, /* +1 to a camp's siege rolls in a state's zones this year */
    EV_ROYAL,       /* -1 TC for the French commander in battles in the zones named */
    EV_BAN,         /* a nationality may not enter the zones named until the end */
    EV_DEATH,       /* a general removed: D6 1-5 now, 6 at the end of the campaigns */
    /* the Spanish Succession (24.5.3) */
    EV_NO_EFFECT,  /* an event about a nationality that has no unit on the map this year */
    EV_CLOSED,     /* a zone no army of a camp may enter this year */
    EV_TURN,       /* an ally changes sides at the diplomatic actions: D6 odd 1, even 2 spaces */
    EV_CROSSING,   /* +value to the attrition of a camp's marches entering a zone this year */
    EV_REPLACE,    /* a general out for the year, replaced by a general of 1 RP */
    EV_END,        /* the war ends at once: victory determination (23) */
    EV_FREE_PICK,  /* a camp takes as many markers as it wishes, unused ones not counted */
    EV_FORCE_LINE, /* France must place lines on its armies in the zones named */
    EV_LANDING,    /* D6 infantry of some nations with their general, from the map to a zone */
    EV_CEASEFIRE   /* a cursor toward Neutral, and no combat between two nations this year */
};

/* general locations besides a zone index */
#define GZ_RESERVE (-1)
#define GZ_OUT (-2)    /* not in this scenario, or withdrawn for good */
#define GZ_PRISON (-3) /* held by the other camp */

/* ---- data ---------------------------------------------------------------*/
typedef struct rs_zdef {
    char name[RS_NAME], tok[RS_NAME];
    int state, rp, x, y;
    int nadj;
    int adj[12];
    uint8_t sea[3]; /* coastal on box 0..2 */
} rs_zdef;

typedef struct rs_sdef {
    char name[RS_NAME], tok[RS_NAME];
    int kind;
    char colour[8];
} rs_sdef;

typedef struct rs_bdef {
    char name[RS_NAME], tok[RS_NAME];
    int sea, rp, roll, x, y;
} rs_bdef;

typedef struct rs_gdef {
    char name[RS_NAME], tok[RS_NAME];
    int nation, camp, sc, tc, star;
} rs_gdef;

typedef struct rs_event {
    int kind, camp, value, general, count, nz, nat;
    int zones[RS_MAXEVZ];
    int cav;          /* cavalry SP of a fixed reinforcement (count: its infantry) */
    int boxes, bcamp; /* boxes (bits) where camp bcamp rolls +1 this year (admirals) */
    int state, space; /* the ally an event moves, and its space (EV_JOIN) */
    int state2;       /* a second ally moved (EV_CURSOR), or -1 */
    uint64_t from;    /* EV_LEVY: zones (bits) the SP come from, the one with most first */
    int from_map;     /* EV_LEVY: from the armies on the map only, not the Reserve */
    int nats;         /* EV_LANDING: the nationalities (bits) that may land */
    int with_cav;     /* EV_RECALL: "infantry and/or cavalry": the cavalry after the infantry */
} rs_event;

typedef struct rs_place {
    int zone, camp, fv, line;
    int ctrl; /* a printed control marker ("Ctrl F", "Ctrl C") */
    uint8_t army[RS_NT], garr[RS_NT];
} rs_place;

typedef struct rs_scen {
    char id[RS_NAME], title[80];
    int start, end, initiative;
    int maritime[2];
    uint8_t playable[RS_MAXZ];
    uint8_t box_playable[RS_NBOX];
    int8_t box_ctrl[RS_NBOX];
    int8_t box_rmod[2][RS_NBOX]; /* 13.4.1: a camp's modifier to a box's control roll */
    int8_t scamp[RS_MAXS];       /* camp of each state at start, -1 none */
    int8_t alpos[RS_MAXS];       /* alliance cursor, see rs_rules.c */
    uint8_t neutral[RS_MAXS];
    int leader[2];
    int dip_allies, dip_glory, dip_obj, obj_fmin;
    int nobj;
    int obj[16];
    int nplace;
    rs_place place[32];
    int8_t gstart[RS_MAXG]; /* zone, GZ_RESERVE or GZ_OUT */
    uint8_t reserve[2][RS_NT];
    int lorraine;
    int alyear[RS_MAXS]; /* official year of entry in the war (22.1), 0: from the start */
    int mar_gb[2][3];    /* maritime capacity by Great Britain's camp (France, none, Coalition) */
    int has_mar_gb;
    rs_event ev[16][3]; /* [year - start][die - 4] */
} rs_scen;

typedef struct rs_data {
    int nz, ns, ng, nscen;
    rs_zdef z[RS_MAXZ];
    rs_sdef s[RS_MAXS];
    rs_bdef b[RS_NBOX];
    rs_gdef gd[RS_MAXG];
    rs_scen sc[RS_MAXSCEN];
    const char *scen_names[RS_MAXSCEN];
    int markers[RS_NCAT];
    int fort_markers[2], line_markers[2];
    /* tables */
    int8_t cb_att[13][9], cb_def[13][9]; /* loss letter 0 none, 1 A .. 4 D */
    uint8_t cb_astar[13][9], cb_dstar[13][9];
    int loss_band[5], loss[4][5];
    int attr_band[6], attr[6][9], attr_min;
    uint8_t sg_res[14][6]; /* bit flags SR_* */
    int8_t sg_fv[14][6];
    int cab_band[5], cab[7][5], cab_star;
    int sp_per_rp;
    int dip_allies[2], dip_rp[2], dip_glory[2], dip_obj_c;
    int major_spaces, minor_spaces, major_doubt, minor_doubt;
    int bet_max, test_above;
    int g_louis, g_vauban, g_coehoorn, st_lorraine, st_france, st_gb, box_fo, zone_fo;
} rs_data;

/* siege result flags */
#define SR_A 1
#define SR_S 2
#define SR_SP 4
#define SR_ES 8
#define SR_SH 16
#define SR_BR 32

/* ---- state --------------------------------------------------------------*/
typedef struct rs_zst {
    int8_t mk; /* control marker: camp, or -1 */
    uint8_t fv, line;
    int8_t linec; /* camp owning the line */
    uint8_t scorched;
    uint8_t used[2]; /* marker categories used here this campaign (bits) */
    uint8_t frozen;  /* this turn: 1 fortress raised, 2 line raised, 4 recruitment done,
                      * 8 and 16 units put into and taken out of its fortress (11) */
    uint8_t army[2][RS_NT];
    uint8_t garr[RS_NT]; /* garrison of the zone's controller */
    uint8_t stay;        /* SP of kind stay_kind of camp stay_camp that may not move this year */
} rs_zst;

typedef struct rs_camp {
    int16_t rp, debt;
    int16_t income; /* RP counted at sequence 6.1.2 (for the log) */
    uint8_t reserve[RS_NT];
    uint8_t prison[RS_NT]; /* this camp's units held by the other */
    uint8_t gone[RS_NT];   /* removed for good */
    uint8_t cabmax, npick, hidden, bet;
    uint8_t pick[RS_MAXPICK];
    uint8_t pstate[RS_MAXPICK];
    uint8_t campaigns, mar_used, fort_done, line_done;
    uint8_t recruited, bet_hidden, loan_done, armies_hidden;
    int16_t cab_roll;
} rs_camp;

/* a march in progress (rule 13) */
typedef struct rs_move {
    int8_t gen, from, at, box;
    uint8_t sp[RS_NT];
    uint8_t zones, scorch, maxsp, paid, stop, test_ok, surprise, pad;
    uint8_t cross; /* entered the zone of a crossing event (24.5.3 1703-6) */
    uint64_t gens; /* generals marching */
} rs_move;

/* a combat in progress (rule 17) */
typedef struct rs_fight {
    int8_t zone, att, battle, round;
    int8_t loser, retreater, lost[2];
    int8_t louis, breaker, pad[2];
} rs_fight;

/* a siege in progress (rule 18) */
typedef struct rs_siege {
    int8_t zone, camp, rounds, round;
    int8_t breach, effort, fv0, naval;
} rs_siege;

typedef struct rs_state {
    vb_head h;
    int16_t year;
    uint8_t phase, who; /* who decides (a camp) when a role decides */
    uint8_t sub, k;     /* sub-step and loop index of the phase */
    int8_t init, prev_init, active;
    uint8_t cursor, passes, did;
    int8_t gp;
    int8_t event, pursuit_mod, ev_amount;
    uint8_t over, winner, resounding, bankrupt;
    int8_t boxc[RS_NBOX];
    uint8_t boxtried[RS_NBOX];
    int8_t scamp[RS_MAXS];
    int8_t alpos[RS_MAXS];
    uint8_t neutralised[RS_MAXS];
    uint8_t lorraine;
    int8_t ret; /* phase to return to after an attrition roll */
    int8_t attr_zone, attr_camp, attr_mod, attr_sp;
    /* the moving army's SP that attrition may take (13.1.1: armies of a
     * camp are united "after the determination of attrition") */
    uint8_t attr_army[RS_NT];
    int8_t croll[2];
    uint8_t pad0[2];
    rs_camp c[2];
    rs_zst z[RS_MAXZ];
    int8_t gz[RS_MAXG];
    uint8_t ggar[RS_MAXG]; /* a prisoner whose return was refused this year */
    uint64_t gmoved;       /* generals who led a march this campaign */
    int8_t sgen;           /* general of a strategic surprise, or -1 */
    uint8_t ndraw;         /* markers still to set aside (event) */
    int8_t winter_mod;     /* attrition in winter (events) */
    uint8_t pad1[1];
    uint32_t swayed; /* minor allies moved by diplomacy this year (bit per state) */
    rs_move mv;
    rs_fight cb;
    rs_siege sg;
    /* losses being chosen by their owner (rule 17.1.1: "the number of SP to
     * be eliminated by the owning player"): SP still to take per camp, the
     * zone, who chooses first and what follows (LK_*) */
    uint8_t loss[2];
    int8_t loss_zone;
    uint8_t loss_first, loss_k;
    int8_t icpt;       /* zone of a successful interception this march (13.3), or -1 */
    uint8_t loss_garr; /* the losses come out of the zone's garrison (Es) */
    uint8_t pad2[1];
    /* the year's scenario events (rs_event.c) */
    int8_t flood;        /* zone no army enters or leaves this year, or -1 */
    uint8_t boxbon[2];   /* boxes (bits) where a camp rolls +1 this year */
    int8_t stay_camp;    /* camp whose SP may not move this year (rs_zst.stay), or -1 */
    uint8_t stay_kind;   /* their kind */
    int8_t lock_camp;    /* camp whose Reserve SP may not be recruited this year, or -1 */
    uint8_t lock_kind;   /* their kind */
    uint8_t lock_n;      /* how many */
    uint8_t forced_fort; /* RP France must still spend on fortresses in France */
    uint8_t lock_cav;    /* cavalry SP of lock_kind's nationality locked too */
    int16_t rp_adj[2];   /* RP an event adds to (takes from) a camp's year, at 6.1.2 */
    int16_t sp_adj[2];   /* SP a camp gained (lost) by events and changes of side */
    int8_t ban_nat;      /* nationality barred from ban_zones for the rest of the game, or -1 */
    int8_t doomed;       /* general removed at the end of the campaign season, or -1 */
    uint64_t ban_zones;
    /* the Spanish Succession's events (24.5.3) */
    int8_t glock;    /* a general kept in the Reserve this year, or -1 */
    uint8_t ev_late; /* the year's event still rolls at the diplomatic actions */
    int8_t rzone;    /* the zone whose recruitment menu is open (rule 10, staged), or -1 */
    uint8_t pad4[5];
    /* rule 3.2: the generals a camp placed on top of its stack to command
     * its army in the combat in progress (bit per general; none outside a
     * combat, only generals standing in its zone: rs_apply tidies) */
    uint64_t gtop;
} rs_state;

/* what follows owner-chosen losses */
enum {
    LK_NONE,
    LK_COMBAT,
    LK_SIEGE_A,
    LK_SORTIE,
    LK_ATTR,
    LK_SIEGE_ES,
    LK_SPIKE,  /* S+: the besieger's artillery SP spiked (18.1.2) */
    LK_OUT_FV, /* the garrison beyond a plain -FV leaves the fortress for the zone */
    LK_OUT_ES  /* the same after Es (SP a cease-fire kept from the sword) */
};
/* 1 when the pending choice moves SP out of the garrison, not to the Reserve */
#define LK_OUT(k) ((k) == LK_OUT_FV || (k) == LK_OUT_ES)
/* 1 when the SP come out of the zone's garrison */
#define LK_GARR(k) ((k) == LK_SIEGE_ES || LK_OUT(k))

/* phases */
enum {
    P_EVENT_ROLL = 1, /* chance */
    P_EVENT_AMT,      /* chance */
    P_EVENT_ZONE,     /* decision */
    P_CONTEST,        /* chance: k = zone, sub = camp */
    P_LOAN,           /* decision */
    P_LOAN_AMT,       /* chance */
    P_CAB_ROLL,       /* chance */
    P_CAB_PICK,       /* decision */
    P_CAB_DRAW,       /* chance: a marker set aside by an event */
    P_RECRUIT,        /* decision */
    P_FORT,           /* decision */
    P_BET,            /* decision, hidden */
    P_INIT_ROLL,      /* chance */
    P_IMPULSE,        /* decision: the campaign menu */
    P_MV_COMPOSE,     /* decision */
    P_MV_STEP,        /* decision */
    P_MV_TEST,        /* chance: initiative test while marching */
    P_ATTR,           /* chance: attrition and desertion */
    P_SCORCH_TEST,    /* chance */
    P_BOX_ROLL,       /* chance */
    P_CB_DECOY,       /* decision (defender) */
    P_CB_EVADE,       /* decision (defender) */
    P_CB_EVTEST,      /* chance */
    P_CB_RETREAT,     /* decision: where to */
    P_CB_ROUND,       /* chance */
    P_CB_DEATH,       /* chance: k = camp */
    P_CB_BREAK,       /* decision: sub = 0 attacker, 1 defender */
    P_CB_BRTEST,      /* chance */
    P_CB_LOSER,       /* decision */
    P_SG_ROUNDS,      /* chance */
    P_SG_EFFORT,      /* decision */
    P_SG_ROLL,        /* chance */
    P_SG_SORTIE,      /* chance */
    P_SG_CONT,        /* decision */
    P_PURSUIT,        /* chance */
    P_SURP_CHOOSE,    /* decision */
    P_SURP_TEST,      /* chance */
    P_QUARTERS,       /* decision: k = zone */
    P_ICPT,           /* decision (inactive): intercept? */
    P_ICPT_TEST,      /* chance: k = zone intercepting from */
    P_PRISON,         /* decision (jailer): return general k? */
    P_DIPLO,          /* decision: move a minor ally's cursor for 5 RP */
    P_LOSS,           /* decision: the owner picks the next SP to eliminate */
    P_ICPT_BATTLE,    /* decision (inactive): fight after a successful interception */
    P_HONOURS,        /* decision (besieged): Sh, the adjacent zone the garrison goes to */
    P_CB_TOP,         /* decision (who): 3.2, the general who commands in the combat */
    P_MV_TOP,         /* decision (who, the inactive camp): 3.2, its general whose SC the
                         march's initiative test reads (sub as P_MV_TEST) */
    P_OVER,
    P_NPHASES
};

enum {
    OP_DIE = 1,
    OP_DRAW,
    OP_PLACE,
    OP_BORROW,
    OP_NOLOAN,
    OP_TAKE,
    OP_DONE,
    OP_RECRUIT,
    OP_RECRUITG,
    OP_FORTIFY,
    OP_LINE,
    OP_BET,
    OP_MOVE,
    OP_TAKEG,
    OP_LEAVE,
    OP_MARCH,
    OP_TO,
    OP_VIA,
    OP_HALT,
    OP_ATTACK,
    OP_SIEGE,
    OP_SCORCH,
    OP_CONTROL,
    OP_GARRISON,
    OP_UNGARRISON,
    OP_END,
    OP_DECOY,
    OP_NODECOY,
    OP_STAND,
    OP_EVADE,
    OP_RETREAT,
    OP_FIGHTON,
    OP_BREAKOFF,
    OP_STAY,
    OP_WITHDRAW,
    OP_EFFORT,
    OP_NOEFFORT,
    OP_CONTINUE,
    OP_STOPSIEGE,
    OP_SURPRISE,
    OP_NOSURPRISE,
    OP_QUARTERS,
    OP_PRESSON,
    OP_INTERCEPT,
    OP_NOINTERCEPT,
    OP_PICK,
    OP_DROP,
    OP_RETURN,
    OP_REFUSE,
    OP_SWAY,
    OP_NODIPLO,
    OP_LOSE,
    OP_NOATTACK,
    OP_RECRUITZ,
    OP_OUT,     /* one SP of the garrison beyond the FV leaves the fortress (18.1.2) */
    OP_HONOURS, /* Sh: the garrison and its generals go to zone x (18.1.2) */
    OP_COMMAND, /* 3.2: general x commands the camp's army in the combat */
    OP_N
};

/* actions: op | x << 8 | y << 16 | z << 24, fields of 8 bits (zones,
 * generals, types and dice all fit), so codes stay below 2^32 */
#define ACT(op, x, y, z)                                                                           \
    ((vb_action)(op) | (vb_action)(x) << 8 | (vb_action)(y) << 16 | (vb_action)(z) << 24)
#define A_OP(a) ((int)((a)&0xff))
#define A_X(a) ((int)(((a) >> 8) & 0xff))
#define A_Y(a) ((int)(((a) >> 16) & 0xff))
#define A_Z(a) ((int)(((a) >> 24) & 0xff))

/* hidden-decision groups: the bets of a year, a camp's i-th marker */
#define G_BET(y) (0x40000000u | (uint32_t)(y))
#define G_PICK(y, c, i) (0x20000000u | (uint32_t)(y) << 8 | (uint32_t)(c) << 4 | (uint32_t)(i))

#define RS_D(g) ((const rs_data *)(g)->data)
#define RS_SCEN(g, s) (&RS_D(g)->sc[(s)->h.scenario])

extern const char *const rs_type_names[RS_NTY];
extern const char *const rs_cat_names[RS_NCAT + 1];
extern const char *const rs_camp_names[2];
extern const char *const rs_phase_names[P_NPHASES];

/* rs_data.c */
int rs_load(vb_game *g, vb_ctx *cx);
void rs_unload(vb_game *g);

/* rs_rules.c, rs_view.c */
int rs_setup(const vb_game *g, void *st, vb_ctx *cx);
int rs_to_move(const vb_game *g, const void *st);
void rs_prompt(const vb_game *g, const void *st, char *buf, size_t n);
int rs_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap);
int rs_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
void rs_result(const vb_game *g, const void *st, vb_result *r);
int rs_check(const vb_game *g, const void *st, vb_ctx *cx);
void rs_redact(const vb_game *g, void *st, int role);
void rs_determinize(const vb_game *g, void *st, int role, vb_rng *rng);
void rs_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v);
int rs_turn(const vb_game *g, const void *st);
double rs_eval(const vb_game *g, const void *st, int role);
/* rs_eval.c: the evaluation's terms, each from France's side (AI only, no
 * rule), their weights (the intercept last) and names */
enum {
    RS_T_COL0, /* the four Diplomacy Table columns (23): -1, 0 or +1 */
    RS_T_COL1,
    RS_T_COL2,
    RS_T_COL3,
    RS_T_GP,        /* GP, less the held markers' expected cost, within +-6 */
    RS_T_OBJ,       /* the objectives cursor within +-8 */
    RS_T_ALLIES,    /* the allies cursor within +-2 */
    RS_T_SPACE,     /* spaces the allies' cursors stand from Neutral, France's + */
    RS_T_THREAT,    /* allies one space from Neutral, France's - */
    RS_T_OBJARMY,   /* objectives not held where France outnumbers */
    RS_T_WALLS,     /* 4 - FV summed over those */
    RS_T_SP,        /* SP, twice with a general, France's less the Coalition's */
    RS_T_SIEGE,     /* a siege to come: +1 France's, -1 the Coalition's */
    RS_T_BATTLE,    /* a battle to come, likewise */
    RS_T_LATE,      /* the share of the scenario's years gone, 0 to 1 */
    RS_T_NPOS,      /* the columns France leads in */
    RS_T_NPOS_LATE, /* that times the share of years gone */
    RS_EVAL_NT
};
typedef struct rs_eval_weights {
    double w[RS_EVAL_NT + 1]; /* per term, then the intercept */
    int logistic;             /* 1: tanh(z / 2); 0: z clipped to [-1, 1] */
} rs_eval_weights;
/* as shipped (rs_eval), as fitted to outcomes and the shipped with the
 * allies terms raised (docs/roi-soleil.md, thirty-second session) */
extern const rs_eval_weights rs_eval_shipped, rs_eval_fitted, rs_eval_allied;
extern const char *const rs_eval_names[RS_EVAL_NT];
int rs_eval_terms(const vb_game *g, const rs_state *s, double t[RS_EVAL_NT]);
double rs_eval_with(const vb_game *g, const rs_state *s, int role, const rs_eval_weights *w);
int rs_marching(const vb_game *g, const rs_state *s);

/* helpers shared by the rules files */
int rs_ctrl(const vb_game *g, const rs_state *s, int z);
/* SP in a kind array: eight bytes at a time, in 16-bit lanes (each lane
 * sums at most 16 bytes of 255) */
static inline int rs_sp(const uint8_t *t)
{
    uint64_t acc = 0;
    for (int i = 0; i + 8 <= RS_NT; i += 8) {
        uint64_t x;
        memcpy(&x, t + i, 8);
        acc += (x & 0x00ff00ff00ff00ffull) + ((x >> 8) & 0x00ff00ff00ff00ffull);
    }
    int n = (int)((acc * 0x0001000100010001ull) >> 48);
    for (int i = RS_NT / 8 * 8; i < RS_NT; i++)
        n += t[i];
    return n;
}
int rs_tsum(const uint8_t *t, int ty);  /* SP of one type, all nationalities */
int rs_nsum(const uint8_t *t, int nat); /* SP of one nationality */
void rs_kind_name(const vb_game *g, int k, char *buf, size_t n);
int rs_kind_find(const vb_game *g, const char *name);
void rs_remove_nation(const vb_game *g, rs_state *s, int nat, int to, vb_ctx *cx);
int rs_army(const rs_state *s, int z, int camp);
int rs_side(const vb_game *g, const rs_state *s, const uint8_t *t, const uint8_t *o, uint8_t *out);
int rs_truce(const vb_game *g, const rs_state *s, const uint8_t *t, const uint8_t *o);
int rs_battle_sp(const vb_game *g, const rs_state *s, int z, int c, int *theirs);
int rs_siege_sp(const vb_game *g, const rs_state *s, int z, int c, uint8_t *att, uint8_t *gar);
int rs_is_battle(const vb_game *g, const rs_state *s, int z, int c);
/* a general's camp: his state's camp in this position (an ally that changes
 * sides takes its generals along), else the camp his nationality is given
 * in forces.json */
static inline int rs_gcamp(const vb_game *g, const rs_state *s, int gi)
{
    int st = RS_D(g)->gd[gi].nation, c = st >= 0 && st < RS_MAXS ? s->scamp[st] : -1;
    if (c != 0 && c != 1 && st >= 0 && st < RS_MAXS) /* an ally not yet at war (22.1) */
        c = RS_SCEN(g, s)->scamp[st];
    return c == 0 || c == 1 ? c : RS_D(g)->gd[gi].camp;
}
int rs_commander(const vb_game *g, const rs_state *s, int z, int camp);
int rs_best_sc(const vb_game *g, const rs_state *s, int z, int camp);
/* rs_check.c: 0, or -1 with the rule a loaded position breaks */
int rs_impossible(const vb_game *g, const rs_state *s, vb_ctx *cx);
int rs_contested(const vb_game *g, const rs_state *s, int z);
int rs_enterable(const vb_game *g, const rs_state *s, int z, int camp);
int rs_move_cost(const vb_game *g, int sp, int dbl);
int rs_income(const vb_game *g, const rs_state *s, int camp, int with_contested);
int rs_held(const rs_state *s, int camp, int cat);
void rs_use_marker(rs_state *s, int camp, int cat, int how);
void rs_take_losses(rs_state *s, uint8_t *t, int n, int camp);
int rs_may_take(const vb_game *g, int z, int c);
void rs_update_control(const vb_game *g, rs_state *s, int z);
void rs_capture_lone_generals(const vb_game *g, rs_state *s, int z, vb_ctx *cx);
void rs_gp(const vb_game *g, rs_state *s, int camp, int n, vb_ctx *cx);
void rs_alliance_win(const vb_game *g, rs_state *s, int camp, vb_ctx *cx);
int rs_retreat_ok(const vb_game *g, const rs_state *s, int from, int to, int camp, int sp);
int rs_retreat_any(const vb_game *g, const rs_state *s, int from, int camp, int sp);
void rs_end_impulse_step(const vb_game *g, rs_state *s, vb_ctx *cx);

/* the year (rs_rules.c), the winter (rs_winter.c), shared helpers (rs_common.c) */
void rs_move_cursor(const vb_game *g, rs_state *s, int st, int camp, vb_ctx *cx);
int rs_sway_ok(const vb_game *g, const rs_state *s, int c, int st);
int rs_any_sway(const vb_game *g, const rs_state *s, int c);
void rs_begin_winter(const vb_game *g, rs_state *s, vb_ctx *cx);
int rs_surprise_ok(const vb_game *g, const rs_state *s, int c, int gi);
void rs_surprise_next(const vb_game *g, rs_state *s, vb_ctx *cx);
int rs_quarters_dest(const vb_game *g, const rs_state *s, int c, int from, int to);
void rs_next_diplo(const vb_game *g, rs_state *s, vb_ctx *cx);
void rs_next_quarters(const vb_game *g, rs_state *s, vb_ctx *cx);
void rs_do_quarters(const vb_game *g, rs_state *s, int from, int to, vb_ctx *cx);
void rs_diplomacy(const vb_game *g, const rs_state *s, int rp, int gp, int *allies, int *obj,
                  int col[4]);
void rs_final_winter(const vb_game *g, rs_state *s, vb_ctx *cx);
int rs_first_year(const vb_game *g, const rs_state *s);
const rs_event *rs_event_of(const vb_game *g, const rs_state *s);
int rs_gen_cost(const vb_game *g, int gi);
int rs_star_on_map(const vb_game *g, const rs_state *s, int camp);
void rs_new_campaign(const vb_game *g, rs_state *s, int camp, vb_ctx *cx);
void rs_start_year(const vb_game *g, rs_state *s, vb_ctx *cx);

/* rs_event.c */
void rs_begin_rp(const vb_game *g, rs_state *s, vb_ctx *cx);
void rs_apply_event(const vb_game *g, rs_state *s, vb_ctx *cx);
void rs_event_amount(const vb_game *g, rs_state *s, int die, vb_ctx *cx);
void rs_event_place(const vb_game *g, rs_state *s, int z, vb_ctx *cx);
int rs_event_zone_ok(const vb_game *g, const rs_state *s, const rs_event *e, int z);
void rs_enter_allies(const vb_game *g, rs_state *s, vb_ctx *cx);
int rs_not_yet_at_war(const vb_game *g, const rs_state *s, int st);
int rs_maritime(const vb_game *g, const rs_state *s, int c);
int rs_stay(const rs_state *s, int z, int c, int k);
int rs_locked(const rs_state *s, int c, int k);
int rs_box_mod(const rs_state *s, int b, int c);
int rs_banned(const vb_game *g, const rs_state *s, int from, int camp, int to);
int rs_crossing_mod(const vb_game *g, const rs_state *s, int c, int z);
int rs_scorch_zone_ok(const vb_game *g, const rs_state *s, int c, int z);

/* rs_prep.c */
void rs_buy_back(const vb_game *g, rs_state *s, int c, vb_ctx *cx);
int rs_legal_prep(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap);
int rs_recruits_in(const vb_game *g, const rs_state *s, int c, int z);
void rs_apply_prep(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx);

/* rs_loss.c */
void rs_start_losses(const vb_game *g, rs_state *s, int z, int first, int lf, int lo, int kont,
                     vb_ctx *cx);
int rs_legal_loss(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap);
int rs_apply_loss(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx);

/* rs_move.c */
int rs_legal_move(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap);
int rs_apply_move(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx);
void rs_start_attrition(const vb_game *g, rs_state *s, int z, int camp, int sp, int mod, int ret,
                        const uint8_t *army);
int rs_enter_mod(const vb_game *g, const rs_state *s, int camp, int z);
void rs_apply_attrition(const vb_game *g, rs_state *s, int die, vb_ctx *cx);
void rs_after_attrition(const vb_game *g, rs_state *s, vb_ctx *cx);

/* rs_combat.c */
int rs_legal_combat(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap);
int rs_apply_combat(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx);
int rs_combat_ratio_col(int a, int d);
int rs_combat_mods(const vb_game *g, const rs_state *s, int z, int att, char *why, size_t n);
int rs_siege_col(int a, int d);
int rs_siege_mods(const vb_game *g, const rs_state *s, char *why, size_t n);
int rs_siege_strength(const uint8_t *t);
void rs_start_combat(const vb_game *g, rs_state *s, int z, int att, vb_ctx *cx);
int rs_honours_ok(const vb_game *g, const rs_state *s, int z, int to, int gc);
int rs_icpt_can_attack(const vb_game *g, const rs_state *s);
void rs_icpt_offer(const vb_game *g, rs_state *s);
void rs_start_siege(const vb_game *g, rs_state *s, int z, vb_ctx *cx);
void rs_after_losses_combat(const vb_game *g, rs_state *s, int kont, vb_ctx *cx);

/* rs_io.c */
void rs_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
json_t *rs_to_json(const vb_game *g, const void *st, int role);
int rs_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx);
void rs_render(const vb_game *g, const void *st, int role, FILE *out);
int rs_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx);

/* rs_odds.c */
extern const char rs_odds_help[];
int rs_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);
int rs_odds_done(const vb_game *g, const void *before, const void *st);
void rs_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n);

/* rs_explain.c */
int rs_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx);

/* rs_svg.c */
int rs_svg(const vb_game *g, const void *st, int role, FILE *out);

#endif
