// Pango through PangoCairo's fontconfig + FreeType font map (as GTK measures text), fontconfig,
// and HarfBuzz with its OpenType font functions: the engines Caliper is measured against. One
// module for all of them, so the HarfBuzz types Pango's headers pull in are declared once.
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

// Callgrind's client requests, for `caliper-bench --instructions`: no-ops (a few instructions)
// when the process does not run under valgrind.
#include <valgrind/callgrind.h>

/// Zeroes callgrind's counters and starts collecting (the run has --collect-atstart=no).
static inline void bench_callgrind_start(void) {
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;
}

/// Stops collecting and writes what was collected as a dump named `name`.
static inline void bench_callgrind_stop(const char *name) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(name);
}
