// ICU's C headers, for the C target CICUBoundaries only. Swift never imports this module: the
// Foundation toolchain bundles its own ICU module, whose declarations clash with these headers.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
