/* commands.h - the `vauban` subcommands. Each returns the exit status:
 * 0 success, 1 usage error, 2 illegal action or bad input. argv[0] is the
 * subcommand's name. */
#ifndef VB_COMMANDS_H
#define VB_COMMANDS_H

int vb_cmd_list(int argc, char **argv);
int vb_cmd_new(int argc, char **argv);
int vb_cmd_actions(int argc, char **argv);
int vb_cmd_apply(int argc, char **argv);
int vb_cmd_show(int argc, char **argv);
int vb_cmd_play(int argc, char **argv);
int vb_cmd_replay(int argc, char **argv);
int vb_cmd_sim(int argc, char **argv);     /* cmd_sim.c (AI) */
int vb_cmd_odds(int argc, char **argv);    /* cmd_odds.c (AI) */
int vb_cmd_analyze(int argc, char **argv); /* play_advice.c */
int vb_cmd_serve(int argc, char **argv);   /* src/server/serve.c */

#endif
