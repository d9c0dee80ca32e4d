/*
 * ms_int.h - internals of Molt soroll per un rei (game id "molt-soroll").
 *
 * The data tables (struct ms_data, loaded once from data/molt-soroll/ into
 * g->data, immutable afterwards) and the state (struct ms_state, one flat
 * struct, memcpy-clonable, memcmp-comparable). Section numbers in comments
 * and log lines follow the rulebook's own cross-references (docs/molt-soroll.md).
 */
#ifndef MS_INT_H
#define MS_INT_H

#include <stdint.h>

#include "vb_module.h"

#define MS_NFRONTS 6
#define MS_MAXBOX 5  /* boxes per front at most (0..4) */
#define MS_NBOXES 32 /* distinct boxes on the map at most (fallen bitmask) */
#define MS_NTOK 7
#define MS_NTRACKS 3
#define MS_MAXCARDS 40
#define MS_MAXMOVE 6
#define MS_NAME 48
/* A given die modifier (`vauban odds ... mod=N`, a state's extra_modifier)
 * lies within -MS_EXTRA_MOD..MS_EXTRA_MOD: the thresholds of the rules run
 * 0..6 on a d6 and a position's own modifiers add up to -3..+3 (card,
 * riot, pirates or James, tokens: each +-1, 8.1), so +-9 is the least
 * range that can turn every roll of every position into a sure success or
 * a sure failure, and no more is needed. */
#define MS_EXTRA_MOD 9

/* Tracks, in the order of the influence actions (8.4, 8.5, 8.6). */
enum { MS_NOBILITY = 0, MS_POPE = 1, MS_JAMES = 2 };

/* Force position: a box index 0..nbox-1, nbox = in Barcelona, or these. */
#define MS_INACTIVE (-1)
#define MS_ELIMINATED (-2)

/* Token status. */
enum { MS_OFF = 0, MS_AVAILABLE = 1, MS_REGROUPING = 2 };
enum { MS_ALMOGAVAR = 0, MS_FLEET = 1 };

/* Riot and pirates status. */
enum { MS_NONE = 0, MS_ACTIVE = 1, MS_DONE = 2 }; /* riot: crushed; pirates: inactive */

/* Phases of a turn (4), each the point where the game waits or resumes. */
enum {
    PH_DRAW = 0,     /* 5: chance: the next card */
    PH_REINF,        /* 5: chance: reinforcement die for step `sub` (0-5 fronts, 6 pirates) */
    PH_SIEGE,        /* 6: chance: siege die for front `sub` */
    PH_INTERCEPT,    /* 7.1: king: intercept Charles with a fleet (movement entry `sub`) */
    PH_ACTIONS,      /* 8: king: choose an action */
    PH_OFFENSIVE,    /* 8.1: chance: offensive die (pend_kind/pend_arg/pend_tok) */
    PH_INFLUENCE,    /* 8.4-8.6: chance: influence die on track pend_arg */
    PH_INACTIVATION, /* 8.1.4/10: chance: "Possible inactivacio" die */
    PH_OVER,
    PH_COUNT
};

/* Offensive targets besides fronts 0..5. */
#define MS_T_RIOT 6
#define MS_T_PIRATES 7
#define MS_TOK_ALMOG 1
#define MS_TOK_FLEET 2

/* Special actions. */
enum { MS_SP_NONE = 0, MS_SP_INACTIVATION = 1, MS_SP_VESPERS = 2 };

/* Event effects (5). */
enum {
    EF_ACTIVATE = 1,
    EF_BACK,
    EF_REDUCE,
    EF_TRACK,
    EF_TOKEN,
    EF_RIOT,
    EF_PIRATES,
};
typedef struct ms_effect {
    int8_t kind, arg, val;
} ms_effect;
#define MS_MAXEFF 6

typedef struct ms_box {
    char name[MS_NAME];
    int gid; /* distinct box id on the map (shared boxes have one id) */
    int sea, fortified, mallorca_mod, mallorca_reduced;
} ms_box;

typedef struct ms_front {
    char id[MS_NAME];   /* "Noblesa-catalana": action texts, JSON */
    char name[MS_NAME]; /* "Noblesa catalana" */
    int nbox;
    ms_box box[MS_MAXBOX];
    int combat[2], siege[2]; /* [0] full, [1] reduced */
    int nobility;            /* values modified by the nobility track */
    int setup_active;
} ms_front;

typedef struct ms_card {
    char id[MS_NAME];
    char name[MS_NAME * 2];
    char event[MS_NAME * 2]; /* event name, "" if none */
    char date[24];
    char deck; /* 'A', 'B', 'E' */
    int actions;
    int banner;
    int mod_front[MS_NFRONTS];
    int mod_all;
    int mod_infl[MS_NTRACKS];
    unsigned no_front; /* bit per front: no offensives there */
    unsigned no_infl;  /* bit per track: no influence */
    int neff;
    ms_effect eff[MS_MAXEFF];
    int nmove;
    int move_front[MS_MAXMOVE];
    int move_red[MS_MAXMOVE];
    int special; /* MS_SP_* */
    int special_front;
} ms_card;

typedef struct ms_track {
    int nbox, start;
    char name[MS_MAXBOX][MS_NAME];
    int combat[MS_MAXBOX], siege[MS_MAXBOX];       /* nobility */
    int offensive[MS_MAXBOX], protects[MS_MAXBOX]; /* james */
} ms_track;

/* The SVG board (data/molt-soroll/board.json): canvas units. */
#define MS_MAXLAND 10
#define MS_MAXPTS 40
#define MS_MAXLABEL 10
typedef struct ms_board {
    int w, h, map_h, bw, bh;
    int bx[MS_NBOXES], by[MS_NBOXES]; /* box centres, by map box id */
    int bar_x, bar_y, bar_w, bar_h;   /* Barcelona */
    int nland;
    char land_name[MS_MAXLAND][MS_NAME];
    int npts[MS_MAXLAND];
    int pts[MS_MAXLAND][MS_MAXPTS][2];
    int nlabel;
    char label[MS_MAXLABEL][MS_NAME];
    int lx[MS_MAXLABEL], ly[MS_MAXLABEL];
    char color[MS_NFRONTS][8]; /* "#rrggbb" */
} ms_board;

typedef struct ms_data {
    ms_front front[MS_NFRONTS];
    int nboxes_total;
    char box_name[MS_NBOXES][MS_NAME];
    int box_fortified[MS_NBOXES];
    ms_track track[MS_NTRACKS];
    char tok_id[MS_NTOK][MS_NAME];
    char tok_name[MS_NTOK][MS_NAME];
    int tok_kind[MS_NTOK];
    int tok_setup[MS_NTOK];
    int riot_combat, pirates_combat;
    int siege_markers; /* 2.3: counters; fortified boxes + Barcelona never need more */
    int ncards;
    ms_card card[MS_MAXCARDS];
    uint64_t mask_a, mask_b;
    int vespers_card, excom_card, mort_card;
    int mallorca_front; /* front affected by James (7.2), -1 if none */
    int naples_front;   /* front whose last box is Palermo (7.1) */
    ms_board board;
} ms_data;

/* The state. Fields are ordered to leave no padding; setup and from_json
 * zero the whole struct first. */
typedef struct ms_state {
    vb_head head;
    uint64_t deck;                 /* cards that can be drawn now (lazy draw, 5 and 10.1) */
    uint64_t played;               /* cards played (discarded) */
    uint32_t fallen;               /* bit per map box: fortification lost for good (6) */
    uint32_t nrolls;               /* dice rolled so far (odds enumeration) */
    int8_t pos[MS_NFRONTS];        /* box, nbox = Barcelona, MS_INACTIVE, MS_ELIMINATED */
    uint8_t reduced[MS_NFRONTS];   /* 1: reduced side up */
    uint8_t besieging[MS_NFRONTS]; /* 1: siege marker on the force */
    uint8_t tok[MS_NTOK];          /* MS_OFF / MS_AVAILABLE / MS_REGROUPING */
    int8_t track[MS_NTRACKS];      /* box index of each marker */
    int8_t active;                 /* active card, -1 none */
    int8_t extra_mod;              /* odds only: a die modifier given on the command line */
    uint8_t crusade;               /* excommunication proclaimed (11) */
    uint8_t excom_next;            /* the E card is next turn's active card */
    uint8_t vespers;               /* Sicilian Vespers procedure done (10.1) */
    uint8_t upper_left;            /* cards above the six lowest after Vespers */
    uint8_t riot;                  /* MS_NONE / MS_ACTIVE / MS_DONE (crushed) */
    uint8_t pirates;               /* MS_NONE / MS_ACTIVE / MS_DONE (inactive side) */
    uint8_t phase, sub, actions_left;
    uint8_t pend_kind; /* offensive target (front, MS_T_RIOT, MS_T_PIRATES) */
    uint8_t pend_tok;  /* MS_TOK_ALMOG | MS_TOK_FLEET used in the pending offensive */
    uint8_t pend_arg;  /* influence track, inactivation front */
    uint8_t over;      /* 0 running, 1 won, 2 lost */
    uint8_t pad_[5];
} ms_state;

/* Action codes: kind << 16 | a << 8 | b. */
enum { AK_DIE = 1, AK_CARD, AK_OFFENSIVE, AK_REGROUP, AK_INFLUENCE, AK_END, AK_INTERCEPT, AK_PASS };
#define MS_ACT(k, a, b) ((vb_action)(((uint32_t)(k) << 16) | ((uint32_t)(a) << 8) | (uint32_t)(b)))
#define MS_AK(x) ((int)((x) >> 16))
#define MS_AA(x) ((int)(((x) >> 8) & 0xFF))
#define MS_AB(x) ((int)((x)&0xFF))

extern const char *const ms_phase_names[PH_COUNT];
extern const char *const ms_track_ids[MS_NTRACKS];
extern const char *const ms_track_ids_null[MS_NTRACKS + 1]; /* for vb_json_known */

/* ms_data.c */
int ms_load(struct vb_game *g, vb_ctx *cx);
void ms_unload(struct vb_game *g);

/* ms_rules.c: rules helpers shared with ms_io.c */
int ms_combat(const ms_data *d, const ms_state *s, int f);
int ms_siege_value(const ms_data *d, const ms_state *s, int f);
int ms_box_gid(const ms_data *d, int f, int pos); /* -1 for Barcelona */
int ms_card_count(uint64_t m);
int ms_offensive_mod(const ms_data *d, const ms_state *s, int target, int tok);
int ms_pope_hopeless(const ms_state *s); /* 8.5: marker at 0 or crusade proclaimed */
/* Shared by ms_rules.c and ms_odds.c (documented where defined). */
int ms_box_is_sea(const ms_data *d, const ms_state *s, int f);
int ms_fortified_here(const ms_data *d, const ms_state *s, int f);
int ms_in_barcelona(const ms_data *d, const ms_state *s, int f);
void ms_james_fix(const ms_data *d, ms_state *s, vb_ctx *cx);
int ms_victory_points(const ms_data *d, const ms_state *s);
int ms_defeat_points(const ms_data *d, const ms_state *s);
const char *ms_verdict(int won, int points); /* 12.1, 12.2: the printed level */
int ms_setup_state(const ms_data *d, ms_state *s);

/* ms_svg.c */
int ms_svg(const struct vb_game *g, const void *st, int role, FILE *out);

/* ms_io.c */
void ms_effect_text(const ms_data *d, const ms_effect *e, char *buf, size_t n);
void ms_action_text(const struct vb_game *g, const void *st, vb_action a, char *buf, size_t n);
void ms_prompt(const struct vb_game *g, const void *st, char *buf, size_t n);
json_t *ms_to_json(const struct vb_game *g, const void *st, int role);
int ms_from_json(const struct vb_game *g, void *st, json_t *j, vb_ctx *cx);
int ms_check(const struct vb_game *g, const void *st, vb_ctx *cx);

/* ms_board.c: for a terminal, 80 columns: the board (render); the `area`
 * hook, one front, its boxes, the card's effect on it and the orders that
 * name it (`front Napols` in play); the `points` hook, victory and/or
 * defeat points term by term (12.1, 12.2). */
void ms_render(const struct vb_game *g, const void *st, int role, FILE *out);
int ms_area(const struct vb_game *g, const void *st, int role, const char *name, FILE *out,
            vb_ctx *cx);
void ms_points(const struct vb_game *g, const void *st, FILE *out);

/* ms_rules.c: the rule functions of the def table (ms_def.c) */
int ms_setup(const struct vb_game *g, void *st, vb_ctx *cx);
int ms_to_move(const struct vb_game *g, const void *st);
int ms_legal(const struct vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap);
int ms_apply(const struct vb_game *g, void *st, vb_action a, vb_ctx *cx);
void ms_result(const struct vb_game *g, const void *st, vb_result *r);
double ms_eval(const struct vb_game *g, const void *st, int role);
int ms_turn(const struct vb_game *g, const void *st);
int ms_odds_setup(const struct vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);
int ms_odds_done(const struct vb_game *g, const void *before, const void *st);
void ms_odds_outcome(const struct vb_game *g, const void *before, const void *after, char *buf,
                     size_t n);

#endif
