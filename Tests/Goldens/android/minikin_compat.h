// Standard headers that Android 14's Minikin uses without including them itself (Android's libc++
// pulls them in transitively; Debian's libstdc++ does not). Force-included into every Minikin file.
#include <bitset>
#include <climits>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>
