/* sim_plot.h - the PLplot drawing of `vauban sim --svg` (sim_plot.c). */
#ifndef VB_SIM_PLOT_H
#define VB_SIM_PLOT_H

#include "stats.h"

/* Draw the plots of a finished run into the SVG file path. 0, or -1 when
 * the file cannot be written. Only built with PLplot (VB_HAVE_PLPLOT). */
int vb_sim_plot(const char *path, const vb_summary *s, const vb_sim_config *c, vb_roles shown);

#endif
