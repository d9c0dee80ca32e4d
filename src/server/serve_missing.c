/* serve_missing.c - `vauban serve` in a build without libmicrohttpd or
 * SQLite: says what to install. */
#include "cli.h"
#include "commands.h"

int vb_cmd_serve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_error("serve", VB_EXIT_USAGE,
                     "this build has no server: install libmicrohttpd-dev and libsqlite3-dev "
                     "(scripts/setup), then rebuild");
}
