/* caliper.h — Caliper's C ABI: the batch protocol (Caliper's JSON Lines requests and answers)
 * answered in-process. One request's JSON in, its answer's JSON out, the same bytes `caliper
 * batch` writes for that line (a blank request, or one over "maxRequestBytes", which `caliper
 * batch` skips or cuts short, gets an error answer of this door's own); nothing else to learn,
 * and no second API to drift from the first.
 *
 *     caliper_processor *processor = caliper_processor_create("{\"fontRoot\": \"/srv/fonts\"}", 25, NULL);
 *     size_t length;
 *     char *answer = caliper_answer(processor, request, strlen(request), &length);
 *     ...
 *     caliper_free(answer);
 *     caliper_processor_free(processor);
 *
 * Link with `pkg-config --cflags --libs caliper`. The library needs only Debian 12's libraries
 * (HarfBuzz, FreeType, fontconfig, ICU, libhyphen): Swift's runtime is linked into it.
 *
 * Threads: caliper_answer may be called on one processor from any number of threads at once
 * (with "threads" above 1 each thread measures with caches of its own). Creating and freeing a
 * processor must not overlap calls that use it. caliper_version, caliper_abi_version and
 * caliper_free are safe from any thread.
 *
 * Bad input: a request that is not valid JSON, not a known request, over a limit, or not UTF-8
 * (ill-formed sequences are read as U+FFFD, as `caliper batch` reads them) gets an error answer,
 * {"id": …, "error": "…"}; no input makes the library trap or abort. */
#ifndef CALIPER_H
#define CALIPER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's ABI; caliper_abi_version() gives the loaded library's. */
#define CALIPER_ABI_VERSION 1

/* A processor: fonts, limits and caches, kept between requests. */
typedef struct caliper_processor caliper_processor;

/* The library's version, "MAJOR.MINOR.PATCH" (as `caliper --version`): a static string. */
const char *caliper_version(void);

/* The loaded library's ABI version: CALIPER_ABI_VERSION when it matches this header. */
int caliper_abi_version(void);

/* A processor set up by `settings`, a JSON object of `length` bytes (NULL or length 0: the
 * defaults), each key optional and as `caliper batch` takes it:
 *   "fontRoot"            string   confine fonts to this folder (relative font paths read from it)
 *   "allowFontPatterns"   boolean  with a font root, still allow fontconfig patterns
 *   "onlyGivenFonts"      boolean  every request uses only the fonts it names
 *   "maxTextLength"       integer  the longest text, UTF-16 code units (default 100,000)
 *   "maxFontBytes"        integer  the largest font file read (default 64 MiB)
 *   "fontCacheBytes"      integer  font bytes kept loaded (default 256 MiB)
 *   "maxRequestBytes"     integer  the longest request (default 8 MiB)
 *   "systemFont"          string   a folder of Apple's system fonts (requests' "systemFont")
 *   "androidHyphenation"  string   an Android device's /system/usr/hyphen-data
 *   "androidFonts"        string   an Android device's /system/fonts, with its fonts.xml
 *   "androidFontsXML"     string   that fonts.xml, when it is elsewhere
 *   "threads"             integer  how many threads will call caliper_answer at once (1–256)
 * Returns NULL when the settings cannot be used; then, if `error` is not NULL, *error is a
 * NUL-terminated UTF-8 message that the caller frees with caliper_free. */
caliper_processor *caliper_processor_create(const char *settings, size_t length, char **error);

/* Frees a processor and what it holds (NULL: nothing). */
void caliper_processor_free(caliper_processor *processor);

/* The answer to one request of `length` bytes (a JSON object; a trailing newline is allowed),
 * as a NUL-terminated UTF-8 JSON object of one line: the answer, or an error answer. Its length
 * without the NUL is stored in *answer_length when that is not NULL. The caller frees it with
 * caliper_free. A NULL processor, or a NULL request with a length above 0, is answered with an
 * error answer too; NULL is returned only when memory for the answer cannot be had. */
char *caliper_answer(caliper_processor *processor, const char *request, size_t length, size_t *answer_length);

/* Frees what caliper_answer or caliper_processor_create's error returned (NULL: nothing). */
void caliper_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif /* CALIPER_H */
