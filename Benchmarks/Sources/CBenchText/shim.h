// Pango through PangoCairo's fontconfig + FreeType font map (as GTK measures text), fontconfig,
// and HarfBuzz with its OpenType font functions: the engines Caliper is measured against. One
// module for all of them, so the HarfBuzz types Pango's headers pull in are declared once.
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
