// caliper_icu.c — the only code that calls ICU directly (see caliper_icu.h for why it is C).
#include "caliper_icu.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>

struct CaliperBoundaryIterator {
    UBreakIterator *iterator;
    CaliperBoundaryKind kind;
};

CaliperBoundaryIterator *caliper_boundary_iterator_open(CaliperBoundaryKind kind, const char *locale,
                                                        const uint16_t *text, int32_t length,
                                                        int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == CALIPER_BOUNDARY_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        if (iterator != NULL) ubrk_close(iterator);
        *error_code = U_FAILURE(status) ? (int32_t)status : (int32_t)U_INTERNAL_PROGRAM_ERROR;
        return NULL;
    }
    CaliperBoundaryIterator *result = malloc(sizeof *result);
    if (result == NULL) {
        ubrk_close(iterator);
        *error_code = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    result->kind = kind;
    *error_code = 0;
    return result;
}

void caliper_boundary_iterator_close(CaliperBoundaryIterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    free(iterator);
}

int32_t caliper_boundary_iterator_next(CaliperBoundaryIterator *iterator, int32_t *is_mandatory) {
    int32_t offset = ubrk_next(iterator->iterator);
    *is_mandatory = 0;
    if (offset == UBRK_DONE) return -1;
    if (iterator->kind == CALIPER_BOUNDARY_LINE) {
        int32_t status = ubrk_getRuleStatus(iterator->iterator);
        *is_mandatory = status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
    }
    return offset;
}

const char *caliper_icu_error_name(int32_t error_code) { return u_errorName((UErrorCode)error_code); }

int32_t caliper_icu_unicode_version(void) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    return (int32_t)version[0] * 100 + (int32_t)version[1];
}
