/* cli.h - helpers shared by the `vauban` subcommands. */
#ifndef VB_CLI_H
#define VB_CLI_H

#include <stdio.h>

#include "vauban.h"

/* Exit statuses of the command-line contract. */
enum { VB_EXIT_OK = 0, VB_EXIT_USAGE = 1, VB_EXIT_INPUT = 2 };

/* Print "vauban CMD: message" to stderr; returns status. */
int cli_error(const char *cmd, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Exit status for a vb_err code. */
int cli_status(int err);
/* The exit status when vb_game_load(id) failed: usage for a game not
 * registered, bad input for one whose data did not load. */
int cli_load_status(const char *id);
/* Read a JSON file ("-": standard input). NULL with the reason in cx. */
json_t *cli_read_json(const char *path, vb_ctx *cx);
/* Load a state file into a new match; *gout gets the loaded game (free it). */
int cli_load_state(const char *path, vb_game **gout, vb_match *m, vb_ctx *cx);
/* Parse "--dice 6,4,2" values into an array (at most max); -1 for an
 * empty list, an empty value ("3,") or too many. */
int cli_parse_dice(const char *s, char vals[][VB_TEXT_LEN], int max);
/* Print a state file (full view) to out. */
void cli_print_state(const vb_match *m, FILE *out);
/* Log sink writing lines to the FILE * in ud. */
void cli_log_to_file(void *ud, vb_roles see, const char *line);
/* Log sink collecting lines in memory, printed only once a command has
 * succeeded (a rejected command prints its one error line, nothing else). */
typedef struct cli_logbuf {
    char *s;
    size_t n, cap;
    int role; /* -1: every line (the referee); else only lines role may read */
} cli_logbuf;
void cli_log_to_buf(void *ud, vb_roles see, const char *line);
/* Print the collected lines to out (if not NULL) and free them. */
void cli_logbuf_flush(cli_logbuf *b, FILE *out);
/* Resolve pending chance decisions: first from dice[*used..ndice), then from
 * the state's generator unless referee_only. Returns 0 or an error. */
int cli_resolve_chance(vb_match *m, char dice[][VB_TEXT_LEN], int ndice, int *used, vb_ctx *cx);

/* Options shared by `new` and `play`: --scenario, --seed, --option. */
typedef struct cli_game_args {
    const char *game, *scenario;
    uint64_t seed;
    int have_seed;
    const char *optv[VB_MAX_OPTIONS * 2];
    int nopt;
} cli_game_args;

uint64_t cli_fresh_seed(void);
/* Consume argv[*i] (and its value) if it is --scenario, --seed or --option:
 * 1 consumed, 0 not one of these, <0 minus the exit status of a usage error
 * (already printed). */
int cli_game_arg(const char *cmd, int argc, char **argv, int *i, cli_game_args *ga);
/* Load ga->game and set up a match. Returns 0 or an exit status (printed). */
int cli_start_match(const char *cmd, cli_game_args *ga, vb_game **gout, vb_match *m, vb_ctx *lx);

#endif
