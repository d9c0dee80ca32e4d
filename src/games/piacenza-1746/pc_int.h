/*
 * pc_int.h - internal header of "Piacenza 1746" (piacenza-1746): the data
 * loaded from data/piacenza-1746/, the flat state, the action codes and the
 * prototypes shared by the module's files. Prefix pc_.
 *
 * Map: flat-topped hexes in columns ("odd-q": odd columns sit half a hex
 * lower); hex index = col * rows + row; names "CCRR", 1-based.
 * Directions 0..5 = N, NE, SE, S, SW, NW. An artillery facing f points at
 * the vertex between directions f and f+1 (its two front hexes, 2.2.3).
 */
#ifndef PC_INT_H
#define PC_INT_H

#include <stdint.h>
#include <string.h>

#include "vb_module.h"

#define PC_MAXW 40
#define PC_MAXH 42
#define PC_MAXHEX (PC_MAXW * PC_MAXH)
#define PC_MAXU 80
#define PC_MAXL 28
#define PC_MAXF 16
#define PC_MAXWING 8
#define PC_MAXT 12
#define PC_MAXPLACE 40
#define PC_MAXOBJ 8 /* 13.0: the eight geographic locations */
#define PC_MAXSMOKE 24
#define PC_MAXDECL 24
#define PC_NAME 40
#define PC_MAXSCEN 4
#define PC_MAXAREA 8 /* set-up areas of Scenarios 2 and 3 */
#define PC_MAXDRG 4  /* dragoon regiments (10.5) */
#define PC_OFF (-2)  /* uhex of a dragoon counter not in play (the regiment's other mode) */
#define PC_DIE_MIN (-4)
#define PC_DIE_N 16

enum { PC_FS = 0, PC_AU = 1 };
enum { UT_INF = 0, UT_CAV = 1, UT_ART = 2 };
enum { ST_GOOD = 0, ST_DIS = 1, ST_ROUT = 2 };
enum { LK_FC = 0, LK_WC = 1, LK_CIC = 2 }; /* leader kinds (2.2.1) */

/* Fire / bombardment / melee results. */
enum {
    R_NE = 0,
    R_D,
    R_D1,
    R_D2,
    R_D3,
    R_1,
    R_R,
    R_1R,
    R_RR,
    R_E,
    R_AE,
    R_A1,
    R_AR,
    R_DR,
    R_DD1,
    R_DE,
    R_N
};
extern const char *const pc_result_names[R_N];
extern const char *const pc_dir_names[6];
extern const char *const pc_face_names[6];

typedef struct pc_terrain {
    char name[PC_NAME];
    int mp[3]; /* infantry, cavalry, artillery */
    int fire, melee, misalign, cover, blocks, zoc, impassable;
    int is_city, is_entrench, is_clear, is_ditch; /* derived from the name at load */
} pc_terrain;

typedef struct pc_unit_def {
    char name[PC_NAME];
    char token[PC_NAME];  /* as action texts spell it */
    int side, wing, form; /* form -1: artillery under its WC */
    int army;             /* index into tdr table */
    int type, sp, red, mp, light, gren;
    int hex, face;
    int drg; /* 10.5: the dragoon regiment of the counter, -1 none; a cavalry
                counter is one of its two mounted counters, an infantry one
                its counter on foot */
} pc_unit_def;

typedef struct pc_leader_def {
    char name[PC_NAME], token[PC_NAME];
    int side, wing, sf, fb, hex; /* wing -1 for a CiC */
    int kind, range;             /* LK_*; command range of a CiC or WC (4.1) */
} pc_leader_def;

typedef struct pc_form_def {
    char name[PC_NAME];
    int side, wing, leader;
    /* its units (d->u[v].form == this formation) in index order, filled
     * once the scenario is loaded (pc_data.c form_members) and fixed after:
     * the command chain (4.4.1) walks them instead of every unit */
    int nmem;
    uint8_t mem[PC_MAXU];
} pc_form_def;

typedef struct pc_wing_def {
    char name[PC_NAME], title[PC_NAME * 2];
    int side, wc; /* wc: the Wing Commander's leader index, -1 not deployed */
    /* 4.6.1: the wing's Standard Bearer (bmp 0: none in the scenario) */
    char bearer[PC_NAME];
    int bsf, bmp;
} pc_wing_def;

typedef struct pc_place {
    char name[PC_NAME];
    int hex, objective;
} pc_place;

/* A printed set-up area (Scenarios 2, 3): the hexes of the playable area
 * within `within` hexes of a place (0: no limit) and at least `beyond`
 * hexes from it, north or south of it (ns -1, +1; 0 either), on one bank
 * of a stream (bank -1 west: column <= col; +1 east: column > col; 0
 * either; col 0-based). For one formation (form >= 0: its units and its
 * Commander) or a whole side (form -1). */
typedef struct pc_area {
    int form, side, place, within, beyond, ns, bank, col;
} pc_area;

typedef struct pc_data {
    int w, h, nhex;
    int nterr;
    pc_terrain terr[12];
    uint8_t hterr[PC_MAXHEX];
    uint8_t road[PC_MAXHEX];   /* bit d: road hexside toward direction d */
    uint8_t stream[PC_MAXHEX]; /* bit d: stream hexside */
    uint8_t wall[PC_MAXHEX];   /* bit d: wall hexside (impassable) */
    uint8_t open[PC_MAXHEX];   /* bit d: pc_side_open (derived at load: pc_open_sides) */
    int road_mp, stream_mp[3], leader_mp;
    int16_t nbr[PC_MAXHEX][6];            /* neighbour toward each direction, -1 off map */
    int16_t aq[PC_MAXHEX], ar[PC_MAXHEX]; /* axial coordinates */
    int nplace;
    pc_place place[PC_MAXPLACE];
    int nu, nl, nf, nw;
    pc_unit_def u[PC_MAXU];
    pc_leader_def l[PC_MAXL];
    pc_form_def f[PC_MAXF];
    pc_wing_def wg[PC_MAXWING];
    int edge_west[2]; /* 1 if the side's friendly edge is west */
    /* tables */
    int fire_min_sp[3];
    uint8_t fire[3][PC_DIE_N];
    int bomb_min_sp[3];
    uint8_t bomb[3][PC_DIE_N];
    int range_mod[3];
    int nodds, odds[8][2];
    uint8_t melee[8][PC_DIE_N];
    int m_floor, m_nsbs, m_reaction, m_flank, m_smoke_hex, m_smoke_adj, m_smoke_min, m_cover2_melee;
    int t_ezoc, t_cav_inf_zoc, t_second_dis, t_smoke_hex, t_smoke_adj, t_light;
    int t_reorg_ooc, t_reorg_ezoc, t_reorg_rout, t_reorg_nat;
    int narmy;
    char army[4][PC_NAME];
    int tdr[4][3]; /* infantry, grenadiers, cavalry */
    int cr_max, cr_gren, cr_min_sp, fail_max;
    /* scenario */
    char scen_name[PC_NAME];
    int first_turn, nturns, nvic, vic[PC_MAXOBJ], all_in_command, first_wing[2];
    int vic_last; /* 1: the last side to occupy vic[0] wins (Scenario 3); 0: the
                     Franco-Spanish win by holding one of vic[] (Scenarios 1, 2) */
    char turn_name[PC_MAXT][8];
    /* the battle (13.0-13.2, 4.2): objectives to choose (0: none), the
     * objective places, the automatic-victory turn (0: none), the CiCs */
    int nobj, nobjp, objp[PC_MAXOBJ], auto_turn, cic[2], cic_rest;
    int vp_flag, vp_wc, vp_fc, vp_routed, vp_elim; /* 13.1 */
    /* the set-up phase (Scenarios 2, 3: "the Austrian player set up
     * first"): narea 0 none; the area of each unit and leader */
    int narea;
    pc_area area[PC_MAXAREA];
    int8_t uarea[PC_MAXU], larea[PC_MAXL];
    /* 10.5: dragoon regiments: name, token, counters (two mounted, then
     * the one on foot) */
    int ndrg;
    char drg_name[PC_MAXDRG][PC_NAME], drg_token[PC_MAXDRG][PC_NAME];
    int drg_u[PC_MAXDRG][3];
    const char *side_list[2];
} pc_data;

/* The loaded game: one pc_data per scenario (each its own map sheet and
 * forces, data/piacenza-1746/scenarios.json), picked by the state's head. */
typedef struct pc_game {
    int n;
    pc_data *sc[PC_MAXSCEN];
    const char *names[PC_MAXSCEN];
} pc_game;

static inline const pc_data *pc_data_of(const vb_game *g, const void *st)
{
    const pc_game *pg = (const pc_game *)g->data;
    int k = st ? ((const vb_head *)st)->scenario : 0;
    return pg->sc[k >= 0 && k < pg->n ? k : 0];
}
#define DATA(g, st) pc_data_of((g), (st))

/* Phases. */
enum {
    PH_SELECT = 1, /* a side chooses its wing marker (secret) */
    PH_INIT,       /* higher roller: go first or second */
    PH_FDB,        /* a) Feu de Billebaude removal */
    PH_MFORM,      /* b) choose the formation to move */
    PH_MOVE,       /* choose a unit of the formation, the leader, or declare the line */
    PH_ANCHOR,     /* line declaration: first hex */
    PH_LDIR,       /* line declaration: direction, or gaps then last hex */
    PH_STEP,       /* the moving unit: next hex, melee, stop */
    PH_FACE,       /* artillery facing after its move */
    PH_LSTEP,      /* the formation leader moving */
    PH_BOMB,       /* c) bombardment */
    PH_BOMB2,      /* second volley or cease */
    PH_CFORM,      /* d) choose formation for combat */
    PH_FDECL,      /* attacker declares fire */
    PH_FREPLY,     /* defender declares defensive fire */
    PH_F2ATT,      /* attacker announces second volleys */
    PH_F2DEF,      /* defender announces second volleys */
    PH_OBJ,        /* 13.0: the Franco-Spanish choose a geographic objective (secret) */
    PH_REVEAL,     /* 13.0 / 13.2: the Franco-Spanish reveal an objective */
    PH_WCMOVE,     /* 4.0: the Wing Commander moves at the end of his activation */
    PH_CIC,        /* 4.0: the CiC may move at the end of an activation */
    PH_BMOVE,      /* 4.6.1: the Standard Bearer moves after his Wing Commander */
    PH_OWNER,      /* 8.5.1: the owner names the unit of a hit stack that suffers */
    PH_RETREAT,    /* 9.2.8: the owner names the next hex of a retreat */
    PH_FOLLOW,     /* 5.10: a Commander names which refusing cavalry unit he follows */
    PH_PLACE,      /* set-up (Scenarios 2, 3): choose the unit or Commander to place */
    PH_PLACEAT,    /* set-up: its hex in its printed area */
    PH_DRAGOON,    /* set-up (10.5): the owner deploys a dragoon regiment mounted or on foot */
    PH_RELOC, /* 4.7: a Commander retreats with his units or joins the closest of his formation */
    PH_OVER
};

/* Pending chance rolls (st->roll). */
enum {
    RL_NONE = 0,
    RL_INIT,     /* initiative d10, side roll_side */
    RL_FDB,      /* TDR to remove Feu de Billebaude of roll_u */
    RL_CAVZOC,   /* cavalry TDR before entering infantry ZOC */
    RL_MISALIGN, /* misalignment TDR before entering */
    RL_REACT,    /* reaction fire on the unit leaving eZOC, by roll_u2 */
    RL_BOMB,     /* bombardment volley */
    RL_RICO,     /* ricochet roll */
    RL_FAIL,     /* cannon failure */
    RL_FIRE,     /* a volley of the fire procedure, declaration proc_i */
    RL_F2TDR,    /* second-volley TDR, declaration proc_i */
    RL_CHANGE,   /* changing of ranks for unit proc_u */
    RL_DIS2,     /* TDR after a second disorder for unit proc_u */
    RL_MCAVTDR,  /* infantry TDR against cavalry melee */
    RL_MDEF,     /* defensive volley before melee */
    RL_MELEE,    /* melee table roll */
    RL_REORG,    /* reorganization TDR of unit roll_u */
    RL_LEADER    /* 4.7: the retreat roll of the lowest leader in st->lroll */
};

/* Unit flags. */
#define UF_FDB 0x01      /* Feu de Billebaude marker */
#define UF_CHANGING 0x02 /* Changing marker (8.5.3) */
#define UF_FIRED 0x04    /* fired this turn; artillery: or moved (5.1, 8.1, 9.2.3) */
#define UF_BROKEN 0x08   /* artillery: cannon failure, no more fire today */
#define UF_MOVED 0x10    /* moved this activation */
#define UF_SHOT 0x20     /* fired this activation (9.1: no melee after) */
#define UF_ONEVOL 0x40   /* fired its single volley while disordered (11.1 d) */
#define UF_ASKED 0x80    /* 8.5.1: its owner has placed its pending effects */

typedef struct pc_state {
    vb_head h;
    int16_t uhex[PC_MAXU];  /* -1 eliminated */
    uint8_t ustep[PC_MAXU]; /* 2 full, 1 reduced */
    uint8_t ustat[PC_MAXU];
    uint8_t uflag[PC_MAXU];
    uint8_t uface[PC_MAXU];
    int16_t umelee[PC_MAXU];  /* melee marker: target hex, or -1 */
    uint8_t ucharge[PC_MAXU]; /* 10.1: the marker is a Charge (1) or a Melee (0) */
    int16_t lhex[PC_MAXL];    /* leaders; -1 captured */
    uint8_t lstaff[PC_MAXL];
    int16_t smoke[PC_MAXSMOKE];
    int32_t nsmoke;
    int32_t turn; /* game turn 1..12 */
    int32_t phase;
    int32_t side;      /* side deciding in the activation / selection */
    int32_t wdone;     /* bit w: wing w activated this turn */
    int32_t choice[2]; /* wing marker chosen, -1 none; -2 hidden in a view */
    int32_t revealed[2];
    int32_t iroll[2];      /* initiative dice, -1 not rolled */
    int32_t second_wing;   /* wing to activate after the current one, -1 */
    int32_t second_reveal; /* side whose marker the end of this activation reveals, -1 */
    int32_t wing;          /* active wing */
    int32_t form;          /* formation moving / fighting; -1 none; PC_MAXF: the artillery */
    int32_t fdone;         /* bit f: formation done in this segment */
    int32_t line_anchor, line_dir, line_len;        /* declared line of the current formation */
    int32_t mv_u, mv_mp, mv_start, mv_steps, mv_to; /* moving unit (or leader in LSTEP) */
    int32_t mv_stopped; /* 7.1 a: stopped in an enemy ZOC; may still declare a melee */
    int32_t bomb_u, bomb_hex, bomb_vol;
    /* fire procedure */
    int32_t nd;
    int8_t df[PC_MAXDECL], dt[PC_MAXDECL]; /* attacker declarations: firer, target */
    int8_t d2[PC_MAXDECL];                 /* second volley announced / passed */
    int8_t rf[PC_MAXU], rt[PC_MAXU];       /* defensive fire: target of defender unit, -1 */
    int8_t r2[PC_MAXU];
    int32_t proc_i, proc_vol, proc_step;
    /* pending fire effects, applied simultaneously (9.1) */
    int8_t psteps[PC_MAXU], pdis[PC_MAXU];
    int16_t psrc[PC_MAXU];
    int32_t proc_u;
    /* melee in progress */
    int32_t mel_a, mel_d, mel_shift, mel_charge, mel_counter;
    int32_t mel_done_hex[PC_MAXDECL];
    int32_t nmel_done;
    /* chance */
    int32_t roll, roll_side, roll_u, roll_u2, roll_hex, roll_mod, roll_need;
    int32_t reorg_u;
    int32_t cont;        /* what follows the pending effects (CONT_*) */
    int32_t mel_stage;   /* melee procedure step */
    int32_t mel_res[2];  /* the attacked hex; 10.3.1 the retreats a charge defers (bits
                            0-2 the charger's level, 3-5 the charged unit's) */
    int32_t captured[2]; /* VP of leaders captured by side */
    int32_t lroll;       /* bit l: leader l owes the retreat roll of 4.7 */
    int32_t holder;      /* Scenario 3: last side to occupy the victory hex, -1 none */
    /* the battle */
    int32_t lcmd;        /* bit l: leader l in command at its last check (4.1-4.5) */
    int32_t obj;         /* bit k: objective place objp[k] chosen (13.0); redacted */
    int32_t obj_n;       /* how many chosen (public) */
    int32_t obj_shown;   /* bit k: revealed */
    int32_t obj_end;     /* 0 running; 1 the 13.2 check; 2 the end of the game */
    int32_t auto_win;    /* 13.2: the Austrians won automatically */
    int32_t cic_moved;   /* bit side: the CiC moved this turn */
    int32_t cic_turn[2]; /* turn the CiC last moved, 0 never (4.0: two turns' rest) */
    /* 4.6.1: Standard Bearers, one per wing: hex, -1 not in play */
    int16_t bhex[PC_MAXWING];
    int32_t bcapt; /* bit w: the bearer of wing w was captured (a flag, 13.1) */
    /* 8.5.1: the owner's choice: the hit unit (-1 none), the phase and side
     * the procedure returns to */
    int32_t own_u, own_phase, own_side;
    /* 9.2.8: the retreat in progress: the unit (-1 none), the hex it moves
     * away from, the hexes it must retreat, the step it is at, and the
     * phase and side the procedure returns to after the owner's choice;
     * the direction of the required hexes "where possible" (10.2 / 11.1 c,
     * -1 none) */
    int32_t ret_u, ret_from, ret_n, ret_i, ret_phase, ret_side, ret_dir;
    /* the immediate retreats a move sets off (MRET_*, 0 none) and the next
     * unit to examine, for a procedure paused by the owner's choice */
    int32_t mret_kind, mret_v;
    /* 5.10: "Two cavalry units may retreat in different directions and the
     * Commander may choose which one to follow": the hex the pair refused
     * from (-1 none), the first and the second of them to retreat (-1 not
     * yet), and bit l: leader l, who stood in that hex, still to choose */
    int32_t fol_hex, fol_u, fol_w, fol_l;
    /* 10.5: bit r: dragoon regiment r changed mode at the beginning of
     * this activation's movement step (once: "can be replaced", not back
     * and forth) */
    int32_t drg_conv;
    /* the set-up phase: the piece being placed (a unit, or PC_MAXU + a
     * leader), -1 none */
    int32_t pl_piece;
    /* 10.5: the set-up: the dragoon regiment being deployed, -1 none */
    int32_t drg_next;
    /* 4.7: the hex leader l stood in when his stack was forced to retreat
     * (-1 none; kept while his retreat roll or his choice is owed) and the
     * unit of that stack whose retreat set off his roll (-1 none) and the
     * other unit of his stack that retreated another way before it (lwith2,
     * -1 none: "the units it was stacked with"), the
     * leader choosing whether he retreats with his units or is relocated to
     * the closest unit of his formation (-1 none), and the phase and side
     * the procedure returns to */
    int16_t lfrom[PC_MAXL];
    int8_t lwith[PC_MAXL], lwith2[PC_MAXL];
    int32_t rel_l, rel_phase, rel_side;
    /* 5.5: the last hex of the declared Line (-1 none, or not chosen yet;
     * the Line's hexes are those the imaginary line from line_anchor to it
     * crosses or runs along) and its gaps: how many of its steps (hexes
     * along it, one or two beside each other) hold no unit of the Line;
     * during PH_LDIR -1 until chosen (then the last hex is asked) */
    int32_t line_end, line_gaps;
} pc_state;

/* What a paused immediate retreat returns to (st->mret_kind). */
enum {
    MRET_NONE = 0,
    MRET_REFUSAL, /* 5.10: the cavalry next to the infantry that entered a hex */
    MRET_MELEE    /* 10.2 / 11.1 c: the defenders at the placing of the marker */
};

enum {
    CONT_NONE = 0,
    CONT_REACT, /* reaction fire: then continue the step */
    CONT_BOMB1, /* first bombardment volley */
    CONT_BOMB2, /* second volley: then cannon failure */
    CONT_RICO,
    CONT_FIRE1, /* first volley of the fire procedure */
    CONT_FIRE2,
    CONT_MDEF,   /* defensive volley before melee */
    CONT_MELEE,  /* melee result */
    CONT_ADVANCE /* 10.1: after the attacking cavalry's 11.1 e TDR, 9.2.9 */
};

/* Action codes: kind in bits 56..63, args a (bits 0..15), b (16..31). */
enum {
    A_DIE = 1,
    A_WING,
    A_FIRST,
    A_SECOND,
    A_RALLY,
    A_ENDFDB,
    A_FORM,
    A_ENDMOVE,
    A_DECLINE,
    A_ANCHOR,
    A_LDIR,
    A_MOVE,
    A_LEADER,
    A_ENDFORM,
    A_TO,
    A_STOP,
    A_MELEE,
    A_FACE,
    A_BOMB,
    A_AGAIN,
    A_CEASE,
    A_ENDBOMB,
    A_CFORM,
    A_ENDCOMBAT,
    A_FIRE,
    A_OPEN,
    A_REPLY,
    A_HOLD,
    A_V2,
    A_DONE,
    A_OBJ,      /* objective PLACE */
    A_REVEAL,   /* reveal PLACE */
    A_CICTO,    /* cic-to PLACE */
    A_CICSTAY,  /* cic-stay */
    A_SUFFER,   /* suffer UNIT (8.5.1) */
    A_RETREAT,  /* retreat HEX (9.2.8) */
    A_FOLLOW,   /* follow UNIT (5.10): a = the unit, b = the leader */
    A_PLACE,    /* place UNIT|LEADER (set-up): a = unit, or PC_MAXU + leader */
    A_AT,       /* at HEX (set-up): a = the hex */
    A_DEPLOY,   /* 10.5 set-up: a = the regiment, b = 0 mounted, 1 on foot */
    A_DISMOUNT, /* 10.5: a = a mounted dragoon counter (its regiment's in its hex) */
    A_MOUNT,    /* 10.5: a = a dragoon counter on foot */
    A_RELOC,    /* relocate LEADER HEX (4.7): a = the hex, b = the leader */
    A_LGAPS,    /* line-gaps N (5.5): a = the Line's gaps */
    A_LEND      /* line-to HEX (5.5): a = the Line's last hex */
};
#define PC_ACT(k, a, b)                                                                            \
    (((vb_action)(k) << 56) | ((vb_action)(uint16_t)(a)) | ((vb_action)(uint16_t)(b) << 16))
#define PC_K(x) ((int)((x) >> 56))
#define PC_A(x) ((int)(int16_t)((x)&0xFFFF))
#define PC_B(x) ((int)(int16_t)(((x) >> 16) & 0xFFFF))

/* pc_data.c */
int pc_load(vb_game *g, vb_ctx *cx);
void pc_unload(vb_game *g);
int pc_hex_parse(const pc_data *d, const char *s);
void pc_hex_name(const pc_data *d, int hex, char *buf, size_t n);
int pc_find_unit(const pc_data *d, const char *s);
int pc_find_leader(const pc_data *d, const char *s);
int pc_find_wing(const pc_data *d, const char *s);

/* pc_map.c: geometry */
void pc_geometry(pc_data *d);
/* -1 off map */
static inline int pc_nb(const pc_data *d, int hex, int dir)
{
    return d->nbr[hex][dir];
}
static inline int pc_dist(const pc_data *d, int a, int b)
{
    int dq = d->aq[a] - d->aq[b], dr = d->ar[a] - d->ar[b], ds = -dq - dr;
    dq = dq < 0 ? -dq : dq;
    dr = dr < 0 ? -dr : dr;
    ds = ds < 0 ? -ds : ds;
    return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}
int pc_dir_to(const pc_data *d, int a, int b); /* direction of an adjacent hex, -1 */
int pc_in_cone(const pc_data *d, int from, int face, int to);
int pc_los(const pc_data *d, const pc_state *s, int from, int to);
int pc_line_hexes(const pc_data *d, int from, int to, int *out);
static inline int pc_passable(const pc_data *d, int hex)
{
    return hex >= 0 && !d->terr[d->hterr[hex]].impassable;
}
void pc_open_sides(pc_data *d); /* fills d->open once the map is loaded */
/* the hexside toward dir leads to a passable hex across no wall */
static inline int pc_side_open(const pc_data *d, int hex, int dir)
{
    return (d->open[hex] >> dir) & 1;
}

/* pc_turn.c (setup, sequence, result, views), pc_rules.c (legal, apply), pc_units.c (queries) */
int pc_setup(const vb_game *g, void *st, vb_ctx *cx);
int pc_to_move(const vb_game *g, const void *st);
void pc_prompt(const vb_game *g, const void *st, char *buf, size_t n);
int pc_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap);
int pc_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
void pc_result(const vb_game *g, const void *st, vb_result *r);
int pc_check(const vb_game *g, const void *st, vb_ctx *cx);
void pc_redact(const vb_game *g, void *st, int role);
void pc_determinize(const vb_game *g, void *st, int role, vb_rng *rng);
void pc_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v);
int pc_turn(const vb_game *g, const void *st);
double pc_eval(const vb_game *g, const void *st, int role); /* pc_eval.c */
/* pc_eval.c: the evaluation's terms, from the Franco-Spanish side, and
 * their weights (pc_eval: pc_played_w) */
enum {
    PC_T_MAT,
    PC_T_HOLD,
    PC_T_CFS,
    PC_T_CAU,
    PC_T_GUARD,
    PC_T_CMD,
    PC_T_VP,
    PC_T_LATE,
    PC_T_LHOLD,
    PC_T_LOCAL3,
    PC_NTERMS
};
typedef struct pc_weights {
    int logistic;        /* 0: clipped sum; 1: tanh((b + sum) / 2) */
    double b;            /* intercept (logistic only) */
    double w[PC_NTERMS]; /* weight of each term */
} pc_weights;
extern const char *const pc_term_name[PC_NTERMS];
extern const pc_weights pc_shipped_w, pc_fitted_w;
void pc_eval_terms(const pc_data *d, const pc_state *s, double *term);
double pc_eval_weighted(const pc_weights *w, const double *term);
const pc_weights *pc_played_w(const pc_data *d);      /* the battle: pc_fitted_w */
int pc_fs_holds(const pc_data *d, const pc_state *s); /* a victory hex held (Scenarios 1-2) */
int pc_line_hypothesis(const pc_data *d, const pc_state *s, int16_t *hex, int8_t *adv);
/* pc_line.c: 5.5-5.8 the declared Line */
#define PC_LINE_MAX (4 * PC_MAXU + 4)
int pc_line_cells(const pc_data *d, int a, int b, int *out);   /* its hexes, first to last */
int pc_line_toward(const pc_data *d, int a, int dir, int len); /* line-toward's last hex */
int pc_line_good_inf(const pc_data *d, const pc_state *s);     /* good-order infantry moving */
int pc_line_gaps_ok(const pc_data *d, const pc_state *s, int a, int gaps); /* some last hex */
int pc_line_file(const pc_data *d, pc_state *s, int has_end, int has_gaps, vb_ctx *cx);
/* the actions of PH_ANCHOR and PH_LDIR */
int pc_line_legal(const pc_data *d, const pc_state *s, vb_action *acts, int cap);
int pc_line_on(const pc_data *d, const pc_state *s, int hex);         /* a hex of the Line */
int pc_line_gap(const pc_data *d, const pc_state *s, int u, int hex); /* 5.8: to its nearest */
void pc_advance(const pc_data *d, pc_state *s, vb_ctx *cx);
/* queries shared with combat and io */
int pc_unit_at(const pc_data *d, const pc_state *s, int hex, int side, int type);
int pc_enemy_at(const pc_data *d, const pc_state *s, int hex, int side);
int pc_in_command(const pc_data *d, const pc_state *s, int u);
int pc_in_command_at(const pc_data *d, const pc_state *s, int u, int uh);
int pc_move_in_command(const pc_data *d, const pc_state *s, int u);
int pc_move_in_command_sure(const pc_data *d, const pc_state *s, int u);
void pc_side_in_command(const pc_data *d, const pc_state *s, int side, uint8_t *in);
int pc_exerts_zoc(const pc_data *d, const pc_state *s, int u, int into);
int pc_in_ezoc(const pc_data *d, const pc_state *s, int side, int hex, int inf_only);
int pc_in_ez(const pc_data *d, const pc_state *s, int side, int hex);
int pc_tdr_base(const pc_data *d, const pc_state *s, int u);
int pc_sf_near(const pc_data *d, const pc_state *s, int u);
int pc_smoke_mod(const pc_data *d, const pc_state *s, int hex, int tdr);
int pc_stack_room(const pc_data *d, const pc_state *s, int hex, int u, const int *vs, int nv);
int pc_stack_ok(const pc_data *d, const pc_state *s, int hex, int u);
void pc_retreat(const pc_data *d, pc_state *s, int u, int from, int n, vb_ctx *cx);
int pc_retreat_now(const pc_data *d, pc_state *s, int u, int from, int n, int dir, vb_ctx *cx);
void pc_mret_resume(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_retreat_ask(const pc_data *d, pc_state *s, int u, int from, int n, vb_ctx *cx);
int pc_retreat_options(const pc_data *d, const pc_state *s, int u, int *out);
int pc_retreat_resume(const pc_data *d, pc_state *s, int hex, vb_ctx *cx);
int pc_retreat_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_retreat_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_follow_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_follow_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_follow_leader(const pc_data *d, const pc_state *s);
void pc_reloc_mark(pc_state *s, int l, int hex, int u);
int pc_reloc_options(const pc_data *d, const pc_state *s, int l, int *out);
int pc_reloc_ask(const pc_data *d, pc_state *s, int l, vb_ctx *cx);
int pc_reloc_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_reloc_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
void pc_rout(const pc_data *d, pc_state *s, int u, vb_ctx *cx);
void pc_drift(const pc_data *d, pc_state *s, int u, vb_ctx *cx);
void pc_lose_step(const pc_data *d, pc_state *s, int u, vb_ctx *cx);
void pc_eliminate(const pc_data *d, pc_state *s, int u, vb_ctx *cx);
void pc_add_smoke(pc_state *s, int hex);

/* shared inside the rules files (pc_units.c, pc_turn.c, pc_rules.c) */
int pc_usp(const pc_data *d, const pc_state *s, int u);
int pc_is_entrench(const pc_data *d, int hex);
int pc_tdr_mods(const pc_data *d, const pc_state *s, int u);
void pc_move_unit(const pc_data *d, pc_state *s, int u, int to, vb_ctx *cx);
int pc_remaining(const pc_data *d, const pc_state *s, int side);
void pc_start_activation(const pc_data *d, pc_state *s, int w, vb_ctx *cx);
void pc_end_activation(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_next_reorg(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_begin_battle(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_setup_rest(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_next_turn(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_step_cost(const pc_data *d, int u_type, int from, int dir, int to);

/* pc_combat.c */
int pc_fire_sp(const pc_data *d, const pc_state *s, int u);
int pc_fire_column(const pc_data *d, const pc_state *s, int sp, int target, int bomb);
int pc_fire_mod(const pc_data *d, const pc_state *s, int firer, int target, int reaction);
int pc_can_fire(const pc_data *d, const pc_state *s, int u, int offensive);
void pc_combat_legal_fire(const pc_data *d, const pc_state *s, vb_action *v, int *n);
int pc_combat_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_combat_chance(const pc_data *d, pc_state *s, int kind, int die, vb_ctx *cx);
void pc_step_continue(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_combat_next(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_melee_target_ok(const pc_data *d, const pc_state *s, int u, int hex);
/* pc_cavalry.c: cavalry against cavalry (10.1-10.3, 10.5) */
int pc_charge_ground(const pc_data *d, int from, int hex);
int pc_cav_melee_ground(const pc_data *d, int hex);
int pc_charge_ok(const pc_data *d, const pc_state *s, int u, int hex);
int pc_is_charge(const pc_data *d, const pc_state *s, int a, int hex);
int pc_melee_start(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_bomb_targets(const pc_data *d, const pc_state *s, int u, int *hexes);
void pc_pending_begin(pc_state *s);
void pc_add_result(const pc_data *d, pc_state *s, int target, int res, int src, int fire);

/* pc_battle.c: commanders (4.0-4.3), objectives and victory (13.0-13.2) */
void pc_command_update(const pc_data *d, pc_state *s, int full);
void pc_end_moves(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_leader_in_command(const pc_data *d, const pc_state *s, int l);
int pc_wing_active_ok(const pc_data *d, const pc_state *s, int w);
int pc_leader_owns(const pc_data *d, int l, int u);
int pc_trophy_vp(const pc_data *d, int l);
void pc_staff_flip(const pc_data *d, pc_state *s, int l, vb_ctx *cx);
void pc_bearer_capture(const pc_data *d, pc_state *s, int hex, int enemy_side, int alone_only,
                       vb_ctx *cx);
void pc_bearer_follow(const pc_data *d, pc_state *s, int from, int to, int side);
int pc_bearer_sf(const pc_data *d, const pc_state *s, int u);
int pc_flags_vp(const pc_data *d, const pc_state *s, int side);
int pc_battle_legal(const pc_data *d, const pc_state *s, vb_action *v, int n, int cap);
int pc_battle_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
void pc_after_activation(const pc_data *d, pc_state *s, vb_ctx *cx);
int pc_game_end(const pc_data *d, pc_state *s, vb_ctx *cx);
void pc_battle_result(const pc_data *d, const pc_state *s, vb_result *r);
int pc_vp(const pc_data *d, const pc_state *s, int side);
int pc_obj_held(const pc_data *d, const pc_state *s, int mask);
void pc_battle_vis(const pc_data *d, const pc_state *s, vb_action a, vb_vis *v);

/* pc_owner.c: the owner's choice of 8.5.1 */
int pc_owner_ask(const pc_data *d, pc_state *s);
int pc_owner_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_owner_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);

/* pc_odds.c */
extern const char pc_odds_help[];
int pc_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);
void pc_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n);
int pc_odds_plan(const vb_game *g, const void *st, int argc, char **argv, void *plan, vb_ctx *cx);
int pc_odds_decide(const vb_game *g, const void *plan, const void *before, const void *st,
                   vb_action *out);

/* pc_place.c: the set-up phase of Scenarios 2 and 3 */
int pc_in_area(const pc_data *d, int area, int hex);
int pc_place_hex_ok(const pc_data *d, const pc_state *s, int piece, int hex);
int pc_place_begin(const pc_data *d, pc_state *s);
int pc_place_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_place_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_place_check(const pc_data *d, const pc_state *s, vb_ctx *cx);

/* pc_dragoon.c: dragoons (10.5) */
int pc_drg_mounted(const pc_data *d, int u); /* a mounted dragoon counter */
int pc_drg_foot(const pc_data *d, int u);    /* a dragoon counter on foot */
int pc_find_drg(const pc_data *d, const char *s);
void pc_drg_setup(const pc_data *d, pc_state *s);
int pc_drg_begin(const pc_data *d, pc_state *s);
int pc_drg_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap);
int pc_drg_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_drg_can_dismount(const pc_data *d, const pc_state *s, int u);
int pc_drg_can_mount(const pc_data *d, const pc_state *s, int u);
int pc_drg_must_dismount(const pc_data *d, const pc_state *s, int u);
int pc_drg_convert_acts(const pc_data *d, const pc_state *s,
                        vb_action *out); /* at most 3 a regiment */
int pc_drg_convert(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx);
int pc_drg_end_ok(const pc_data *d, const pc_state *s, int u, int hex);
int pc_drg_check(const pc_data *d, const pc_state *s, vb_ctx *cx);

/* pc_explain.c */
int pc_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx);

/* pc_io.c (texts, JSON), pc_board.c (terminal and SVG boards) */
void pc_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
json_t *pc_to_json(const vb_game *g, const void *st, int role);
int pc_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx);
/* pc_check.c: a loaded position's procedure, markers and Staffs */
int pc_position_ok(const pc_data *d, const pc_state *s, vb_ctx *cx);
void pc_render(const vb_game *g, const void *st, int role, FILE *out);
int pc_svg(const vb_game *g, const void *st, int role, FILE *out);
void pc_points(const vb_game *g, const void *st, FILE *out); /* 13.1, itemised */
int pc_hex_area(const vb_game *g, const void *st, int role, const char *name, FILE *out,
                vb_ctx *cx); /* `hex CCRR` */
/* pc_turn.c: the name of the place in hex (a scenario's victory hex) */
const char *pc_place_at(const pc_data *d, int hex);

#endif
