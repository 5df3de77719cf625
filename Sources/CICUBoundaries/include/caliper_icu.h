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

#endif
