// caliper_icu.c — the only code that calls ICU directly (see caliper_icu.h for why it is C).
#include "caliper_icu.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ubidi.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>

struct CaliperBoundaryIterator {
    UBreakIterator *iterator;
    CaliperBoundaryKind kind;
    char locale[32];
    int in_use;
    int cached;  // owned by the thread's cache: closing it only makes it free again
};

// Opening a break iterator loads ICU's rules and costs far more than walking a short text, so each
// thread keeps its iterators and points them at new text (ubrk_setText). The cache is per thread
// because an ICU iterator must not be used from two threads at once.
enum { CALIPER_ITERATOR_CACHE_SIZE = 4 };

typedef struct {
    CaliperBoundaryIterator *entries[CALIPER_ITERATOR_CACHE_SIZE];
    int next_victim;
} IteratorCache;

static pthread_key_t iterator_cache_key;
static pthread_once_t iterator_cache_once = PTHREAD_ONCE_INIT;

static void close_wrapper(CaliperBoundaryIterator *iterator) {
    ubrk_close(iterator->iterator);
    free(iterator);
}

static void destroy_iterator_cache(void *value) {
    IteratorCache *cache = value;
    for (int index = 0; index < CALIPER_ITERATOR_CACHE_SIZE; index++) {
        if (cache->entries[index] != NULL) close_wrapper(cache->entries[index]);
    }
    free(cache);
}

static void make_iterator_cache_key(void) { pthread_key_create(&iterator_cache_key, destroy_iterator_cache); }

static IteratorCache *thread_iterator_cache(void) {
    pthread_once(&iterator_cache_once, make_iterator_cache_key);
    IteratorCache *cache = pthread_getspecific(iterator_cache_key);
    if (cache == NULL) {
        cache = calloc(1, sizeof *cache);
        if (cache != NULL && pthread_setspecific(iterator_cache_key, cache) != 0) {
            free(cache);
            cache = NULL;
        }
    }
    return cache;
}

CaliperBoundaryIterator *caliper_boundary_iterator_open(CaliperBoundaryKind kind, const char *locale,
                                                        const uint16_t *text, int32_t length,
                                                        int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    IteratorCache *cache = strlen(locale) < sizeof(((CaliperBoundaryIterator *)0)->locale) ? thread_iterator_cache() : NULL;
    if (cache != NULL) {
        for (int index = 0; index < CALIPER_ITERATOR_CACHE_SIZE; index++) {
            CaliperBoundaryIterator *entry = cache->entries[index];
            if (entry == NULL || entry->in_use || entry->kind != kind || strcmp(entry->locale, locale) != 0) continue;
            ubrk_setText(entry->iterator, (const UChar *)text, length, &status);
            if (U_FAILURE(status)) {
                *error_code = (int32_t)status;
                return NULL;
            }
            entry->in_use = 1;
            *error_code = 0;
            return entry;
        }
    }
    UBreakIteratorType type = kind == CALIPER_BOUNDARY_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        if (iterator != NULL) ubrk_close(iterator);
        *error_code = U_FAILURE(status) ? (int32_t)status : (int32_t)U_INTERNAL_PROGRAM_ERROR;
        return NULL;
    }
    CaliperBoundaryIterator *result = calloc(1, sizeof *result);
    if (result == NULL) {
        ubrk_close(iterator);
        *error_code = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    result->kind = kind;
    result->in_use = 1;
    if (cache != NULL) {
        strcpy(result->locale, locale);
        int slot = -1;
        for (int index = 0; index < CALIPER_ITERATOR_CACHE_SIZE && slot < 0; index++) {
            if (cache->entries[index] == NULL) slot = index;
        }
        if (slot < 0) {
            // Replace an entry that is not in use, round robin; if all are busy, don't cache.
            for (int tries = 0; tries < CALIPER_ITERATOR_CACHE_SIZE && slot < 0; tries++) {
                int candidate = (cache->next_victim + tries) % CALIPER_ITERATOR_CACHE_SIZE;
                if (!cache->entries[candidate]->in_use) slot = candidate;
            }
            if (slot >= 0) {
                close_wrapper(cache->entries[slot]);
                cache->next_victim = (slot + 1) % CALIPER_ITERATOR_CACHE_SIZE;
            }
        }
        if (slot >= 0) {
            cache->entries[slot] = result;
            result->cached = 1;
        }
    }
    *error_code = 0;
    return result;
}

void caliper_boundary_iterator_close(CaliperBoundaryIterator *iterator) {
    if (iterator == NULL) return;
    if (iterator->cached) {
        // Drop the pointer to the caller's text, which is about to go away.
        UErrorCode status = U_ZERO_ERROR;
        static const UChar empty[1] = {0};
        ubrk_setText(iterator->iterator, empty, 0, &status);
        iterator->in_use = 0;
        return;
    }
    close_wrapper(iterator);
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

int32_t caliper_bidi_levels(const uint16_t *text, int32_t length, int32_t paragraph_level,
                            uint8_t *levels, int32_t *resolved_paragraph_level) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    UBiDiLevel level = paragraph_level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraph_level;
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status) && length > 0) memcpy(levels, resolved, (size_t)length);
        *resolved_paragraph_level = ubidi_getParaLevel(bidi);
    }
    ubidi_close(bidi);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t caliper_script(uint32_t code_point) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &status);
    return U_FAILURE(status) ? -1 : (int32_t)script;
}

const char *caliper_script_code(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    return name != NULL ? name : "Zzzz";
}

int32_t caliper_is_emoji_presentation(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION);
}

int32_t caliper_is_default_ignorable(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

int32_t caliper_is_extended_pictographic(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t caliper_is_mark(uint32_t code_point) {
    return (U_GET_GC_MASK((UChar32)code_point) & U_GC_M_MASK) != 0;
}

int32_t caliper_grapheme_cluster_break(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

int32_t caliper_bracket_type(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}

uint32_t caliper_paired_bracket(uint32_t code_point) {
    return (uint32_t)u_getBidiPairedBracket((UChar32)code_point);
}

int32_t caliper_minikin_language_tag(const char *locale, char *output, int32_t capacity) {
    if (capacity < 1) return 0;
    output[0] = '\0';
    if (locale[0] == '\0') return 0;
    // Minikin's buffers are ULOC_FULLNAME_CAPACITY long; a longer result fails there as here.
    char canonical[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_canonicalize(locale, canonical, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return 0;
    // uloc_addLikelySubtags would make "" en_Latn_US and "_Zsye" en_Zsye_US: Minikin keeps them.
    if (length == 0 || (length == 5 && canonical[0] == '_')) {
        int written = snprintf(output, (size_t)capacity, "und%s%s", length == 0 ? "" : "-", length == 0 ? "" : canonical + 1);
        if (written < 0 || written >= capacity) {
            output[0] = '\0';
            return 0;
        }
        return written;
    }
    char likely[ULOC_FULLNAME_CAPACITY];
    status = U_ZERO_ERROR;
    uloc_addLikelySubtags(canonical, likely, ULOC_FULLNAME_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return 0;
    char tag[ULOC_FULLNAME_CAPACITY];
    status = U_ZERO_ERROR;
    length = uloc_toLanguageTag(likely, tag, ULOC_FULLNAME_CAPACITY, 0, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) return 0;
    memcpy(output, tag, (size_t)length);
    output[length] = '\0';
    return length;
}

int32_t caliper_line_break_class(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

int32_t caliper_general_category(uint32_t code_point) { return (int32_t)u_charType((UChar32)code_point); }

int32_t caliper_joining_type(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_JOINING_TYPE);
}

int32_t caliper_is_emoji(uint32_t code_point) { return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI); }

int32_t caliper_locale_for_language_tag(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, NULL, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) return -1;
    return length;
}
