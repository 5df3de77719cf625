// HarfBuzz with its OpenType font functions (hb_ot_font_set_funcs): unhinted design-unit advances.
#include <hb.h>
#include <hb-ot.h>
#include <hb-aat.h>

/// HB_FEATURE_GLOBAL_START/END are cast macros Swift does not import.
static const unsigned int caliper_hb_feature_global_start = HB_FEATURE_GLOBAL_START;
static const unsigned int caliper_hb_feature_global_end = HB_FEATURE_GLOBAL_END;
