// libhyphen (hunspell's hyphenation library, Debian's libhyphen-dev): TeX patterns in
// LibreOffice's .dic format, read by hnj_hyphen_load and applied by hnj_hyphen_hyphenate3.
#include <hyphen.h>
