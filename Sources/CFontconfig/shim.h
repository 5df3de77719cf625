// fontconfig: pattern parsing, matching and listing.
#include <fontconfig/fontconfig.h>
