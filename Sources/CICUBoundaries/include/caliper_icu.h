// caliper_icu.h — a narrow C interface to ICU's text boundaries that mentions no ICU type, so Swift
// code that imports Foundation (which bundles a clashing ICU module) can call it.
#ifndef CALIPER_ICU_H
#define CALIPER_ICU_H

#include <stdint.h>

/// Which boundaries an iterator finds.
typedef enum {
    CALIPER_BOUNDARY_LINE = 0,      ///< UAX #14 line-break opportunities
    CALIPER_BOUNDARY_GRAPHEME = 1,  ///< UAX #29 extended grapheme clusters
} CaliperBoundaryKind;

/// An ICU break iterator over UTF-16 text; the text must outlive it.
typedef struct CaliperBoundaryIterator CaliperBoundaryIterator;

/// Opens an iterator; on failure returns NULL and sets *error_code to ICU's UErrorCode (> 0).
CaliperBoundaryIterator *caliper_boundary_iterator_open(CaliperBoundaryKind kind, const char *locale,
                                                        const uint16_t *text, int32_t length,
                                                        int32_t *error_code);

/// Frees an iterator (NULL is allowed).
void caliper_boundary_iterator_close(CaliperBoundaryIterator *iterator);

/// The next boundary after the current one, or -1 at the end. For line iterators, *is_mandatory
/// is set to 1 when the break is a hard one (after a line separator), else 0.
int32_t caliper_boundary_iterator_next(CaliperBoundaryIterator *iterator, int32_t *is_mandatory);

/// ICU's name of an error code, e.g. "U_ILLEGAL_ARGUMENT_ERROR".
const char *caliper_icu_error_name(int32_t error_code);

/// The Unicode version of ICU's character data, as major * 100 + minor (15.0 -> 1500).
int32_t caliper_icu_unicode_version(void);

/// Runs the Unicode Bidirectional Algorithm (UAX #9) over one paragraph of UTF-16 text.
/// `paragraph_level` is 0 (LTR), 1 (RTL) or -1 (from the first strong character, default LTR).
/// On success writes one embedding level per code unit into `levels` (rule L1 applied: trailing
/// whitespace and separators take the paragraph level), stores the resolved paragraph level, and
/// returns 0; otherwise returns ICU's UErrorCode (> 0).
int32_t caliper_bidi_levels(const uint16_t *text, int32_t length, int32_t paragraph_level,
                            uint8_t *levels, int32_t *resolved_paragraph_level);

/// The Unicode Script property of `code_point` as ICU's UScriptCode (0 Common, 1 Inherited, …),
/// or -1 on error.
int32_t caliper_script(uint32_t code_point);

/// The ISO 15924 code of an ICU UScriptCode, e.g. "Latn", "Arab", "Zyyy" (never NULL).
const char *caliper_script_code(int32_t script);

/// Whether `code_point` has the Unicode property Emoji_Presentation / Default_Ignorable_Code_Point
/// / Extended_Pictographic, and its general category is a mark (Mn, Mc, Me).
int32_t caliper_is_emoji_presentation(uint32_t code_point);
int32_t caliper_is_default_ignorable(uint32_t code_point);
int32_t caliper_is_extended_pictographic(uint32_t code_point);
int32_t caliper_is_mark(uint32_t code_point);

/// The Grapheme_Cluster_Break value of `code_point` as ICU numbers it (UGraphemeClusterBreak):
/// 0 Other, 1 Control, 2 CR, 3 Extend, 4 L, 5 LF, 6 LV, 7 LVT, 8 T, 9 V, 10 SpacingMark,
/// 11 Prepend, 12 Regional_Indicator, 17 ZWJ (13–16, Unicode 9's emoji values, no character has
/// had since Unicode 11).
int32_t caliper_grapheme_cluster_break(uint32_t code_point);

/// Bidi_Paired_Bracket_Type of `code_point`: 0 none, 1 open, 2 close; and its paired bracket.
int32_t caliper_bracket_type(uint32_t code_point);
uint32_t caliper_paired_bracket(uint32_t code_point);

/// A locale as Android 14's Minikin normalizes each entry of a locale list
/// (`LocaleListCache.cpp`, `toLanguageTag`): `uloc_canonicalize`; "" and a bare script ("_Zsye")
/// kept as "und…"; otherwise `uloc_addLikelySubtags`, then `uloc_toLanguageTag`. Writes a
/// NUL-terminated BCP 47 tag into `output` and returns its length, or 0 when ICU cannot make one
/// (Minikin then drops the entry). `capacity` must be at least 1.
int32_t caliper_minikin_language_tag(const char *locale, char *output, int32_t capacity);

/// What Android's Minikin asks of ICU besides boundaries (its word breaker and hyphenator): the
/// Line_Break class of `code_point` as ICU numbers it (ULineBreak: 20 OP, 23 QU, …), its general
/// category (UCharCategory: 12 Zs, 15 Cc, 19–23 and 28–29 punctuation, …), its Joining_Type
/// (UJoiningType: 0 U, 1 C, 2 D, 3 L, 4 R, 5 T), and whether it has the property Emoji.
int32_t caliper_line_break_class(uint32_t code_point);
int32_t caliper_general_category(uint32_t code_point);
int32_t caliper_joining_type(uint32_t code_point);
int32_t caliper_is_emoji(uint32_t code_point);

/// ICU's locale ID for a BCP 47 language tag (`uloc_forLanguageTag`: "en-US" -> "en_US"), written
/// NUL-terminated into `out`; returns its length, or -1 when the tag cannot be read or the ID
/// does not fit in `capacity` bytes.
int32_t caliper_locale_for_language_tag(const char *tag, char *out, int32_t capacity);

#endif
