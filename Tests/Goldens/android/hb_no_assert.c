// hb_no_assert.c — preloaded into minikin_harness by make_android_breaks.py for the cases with a
// start-of-line hyphen edit, so that Debian's HarfBuzz (built with assertions) takes the buffer
// Android's takes: Soong builds every C and C++ module with -DNDEBUG (build/soong/cc/config/
// global.go, commonGlobalCflags).
//
// Minikin adds a start-of-line hyphen or ZWJ to an empty buffer with hb_buffer_add and then the
// text with hb_buffer_add_utf16 (LayoutCore.cpp, addToHbBuffer). hb_buffer_add leaves the buffer's
// content type unset; hb_buffer_add_utf16 asserts that a buffer with content is Unicode, then sets
// it Unicode. Without assertions the add goes through; with them the harness aborts. Marking an
// empty buffer Unicode before hb_buffer_add changes nothing else: add_utf16 would set the same.
//
//   cc -shared -fPIC -o hb_no_assert.so hb_no_assert.c $(pkg-config --cflags harfbuzz) -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <hb.h>

void hb_buffer_add(hb_buffer_t *buffer, hb_codepoint_t codepoint, unsigned int cluster) {
    static void (*real)(hb_buffer_t *, hb_codepoint_t, unsigned int) = 0;
    if (!real) real = (void (*)(hb_buffer_t *, hb_codepoint_t, unsigned int))dlsym(RTLD_NEXT, "hb_buffer_add");
    if (hb_buffer_get_length(buffer) == 0) hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE);
    real(buffer, codepoint, cluster);
}
