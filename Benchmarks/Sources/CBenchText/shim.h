// Pango through PangoFT2 (fontconfig + FreeType, no cairo), fontconfig, and HarfBuzz with its
// OpenType font functions: the engines Caliper is measured against. One module for all three, so
// the HarfBuzz types Pango's headers pull in are declared once.
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>
