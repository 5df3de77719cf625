// FreeType headers, included the way FreeType requires (through ft2build.h): what Android's Skia
// loads glyphs with, for the Android profile's advances and font metrics.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_DRIVER_H
#include FT_MODULE_H
#include FT_MULTIPLE_MASTERS_H

/// FreeType's description of an error code ("unknown file format"), built from its own error
/// table: Debian's FreeType is compiled without FT_CONFIG_OPTION_ERROR_STRINGS, so
/// FT_Error_String returns NULL there.
static inline const char *caliper_ft_error_description(FT_Error code) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_START_LIST switch (code) {
#define FT_ERROR_END_LIST default: return "unknown FreeType error"; }
#include FT_ERRORS_H
}

/// FT_LOAD_TARGET_NORMAL, a macro Swift does not import.
static const int caliper_ft_load_target_normal = FT_LOAD_TARGET_NORMAL;
