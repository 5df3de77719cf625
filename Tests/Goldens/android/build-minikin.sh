#!/bin/sh
# Builds the Android reference harness: Android 14's Minikin (fetched by you, never vendored) and
# minikin_harness.cpp, into .build-minikin/ at the repository root (git-ignored). Debian 12.
#
#   Tests/Goldens/android/build-minikin.sh --minikin MINIKIN [--tex-hyphen TEX_HYPHEN]
#
# MINIKIN is a git directory (bare or not) of a mirror of AOSP's platform/frameworks/minikin, e.g.
# github.com/yaap/frameworks_minikin, holding commit $MINIKIN_COMMIT (its branch `fourteen`, which
# merges tag android-14.0.0_r50); or an unpacked source tree of it (recorded as unverified).
# TEX_HYPHEN, optional, is a git directory of github.com/hyphenation/tex-hyphen: its
# hyph-en-us.pat.txt and .hyp.txt become .build-minikin/hyph-en-us.hyb through Minikin's own
# tools/mk_hyb_file.py, as Android builds its hyphenation data.
#
# Installs the Debian packages it needs (as root, only those missing; Debian's clang only when no
# clang++ is on PATH). Nothing is downloaded otherwise. Compiles one file at a time with clang++
# (CXX= to choose; GCC 12 rejects Minikin's Buffer.h, a member named like its template parameter);
# a second run recompiles only what changed. Debian's clang 14 and Swift 6's clang 21 build
# harnesses that answer make_android.py byte for byte alike.
set -eu

MINIKIN_COMMIT=ccff2d6e5ff1bda85e7967736adcc05c839f454b
MINIKIN_REF_NAME="yaap/frameworks_minikin fourteen (Merge tag 'android-14.0.0_r50')"
TEX_HYPHEN_PATTERNS=hyph-utf8/tex/generic/hyph-utf8/patterns/txt

minikin_input=""
tex_hyphen_input=""
while [ $# -gt 0 ]; do
    case "$1" in
        --minikin) minikin_input="$2"; shift 2 ;;
        --tex-hyphen) tex_hyphen_input="$2"; shift 2 ;;
        *) echo "usage: $0 --minikin GIT_DIR_OR_SOURCE [--tex-hyphen GIT_DIR]" >&2; exit 2 ;;
    esac
done
[ -n "$minikin_input" ] || { echo "usage: $0 --minikin GIT_DIR_OR_SOURCE [--tex-hyphen GIT_DIR]" >&2; exit 2; }

root=$(cd "$(dirname "$0")/../../.." && pwd)
here="$root/Tests/Goldens/android"
out="$root/.build-minikin"
mkdir -p "$out/obj"

packages="libfreetype-dev libharfbuzz-dev libicu-dev libgtest-dev android-libbase-dev
android-liblog-dev android-libutils-dev android-libcutils-dev python3 pkg-config"
[ -n "${CXX:-}" ] || command -v clang++ >/dev/null || packages="$packages clang"
missing=""
for package in $packages; do
    dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    apt-get update -q && apt-get install -y -q $missing
fi

# The source: the pinned commit from a git directory, else a tree taken as it is. Unpacked again
# only when it changes, so that rebuilding after editing the harness compiles the harness alone.
archive() {
    git --git-dir="$minikin_input" archive "$MINIKIN_COMMIT" 2>/dev/null ||
        git -C "$minikin_input" archive "$MINIKIN_COMMIT"
}
if git --git-dir="$minikin_input" rev-parse -q --verify "$MINIKIN_COMMIT^{commit}" >/dev/null 2>&1 ||
    git -C "$minikin_input" rev-parse -q --verify "$MINIKIN_COMMIT^{commit}" >/dev/null 2>&1; then
    source_note="commit $MINIKIN_COMMIT, $MINIKIN_REF_NAME"
    if [ "$(cat "$out/minikin/.source" 2>/dev/null)" != "$source_note" ]; then
        rm -rf "$out/minikin" "$out/obj" && mkdir -p "$out/minikin" "$out/obj"
        archive | tar -x -C "$out/minikin"
    fi
elif [ -f "$minikin_input/libs/minikin/Layout.cpp" ]; then
    source_note="source tree $minikin_input (unverified: not commit $MINIKIN_COMMIT)"
    rm -rf "$out/minikin" "$out/obj" && mkdir -p "$out/minikin" "$out/obj"
    cp -R "$minikin_input/." "$out/minikin/"
else
    echo "$minikin_input is neither a git directory holding $MINIKIN_COMMIT nor a Minikin tree" >&2
    exit 1
fi
echo "$source_note" > "$out/minikin/.source"
src="$out/minikin"

# Android 14's utils/LruCache.h value-initialises mNullValue ({}); Debian's Android 10 copy writes
# mNullValue(0), which Minikin's caches (values that are not numbers) cannot compile.
mkdir -p "$out/include/utils"
sed 's/mNullValue(0)/mNullValue{}/' /usr/include/android/utils/LruCache.h > "$out/include/utils/LruCache.h"

cxx=${CXX:-clang++}
# -Wno-strict-primary-template-shadow: clang 16 and later make Buffer.h's shadowing an error.
flags="-std=c++17 -O2 -fPIC -w -Wno-strict-primary-template-shadow
-include $here/minikin_compat.h -include $here/android14_feature_flags.h
-I$out/include -I$src/include -I$src/libs/minikin -I/usr/include/android
$(pkg-config --cflags harfbuzz icu-uc freetype2)"

# The sources of cc_library libminikin in libs/minikin/Android.bp (Debug.cpp only in eng builds).
sources=$(sed -n '/^cc_library {/,/^    ],/p' "$src/libs/minikin/Android.bp" | sed -n 's/^ *"\([A-Za-z0-9]*\.cpp\)",$/\1/p')
[ -n "$sources" ] || { echo "no sources found in libs/minikin/Android.bp" >&2; exit 1; }
objects=""
for file in $sources; do
    object="$out/obj/${file%.cpp}.o"
    objects="$objects $object"
    if [ ! "$object" -nt "$here/android14_feature_flags.h" ] || [ ! "$object" -nt "$src/libs/minikin/$file" ]; then
        echo "  CXX $file"
        $cxx $flags -c "$src/libs/minikin/$file" -o "$object"
    fi
done
echo "  CXX minikin_harness.cpp"
$cxx $flags -c "$here/minikin_harness.cpp" -o "$out/obj/minikin_harness.o"
echo "  LD  minikin_harness"
$cxx -o "$out/minikin_harness" "$out/obj/minikin_harness.o" $objects \
    $(pkg-config --libs harfbuzz icu-uc icu-i18n freetype2) \
    -L/usr/lib/x86_64-linux-gnu/android -Wl,-rpath,/usr/lib/x86_64-linux-gnu/android -llog -lutils -lcutils

{
    echo "minikin: $source_note"
    echo "feature flags: $(grep -c 'return false' "$here/android14_feature_flags.h") of 4 off (android14_feature_flags.h)"
    echo "compiler: $($cxx --version | head -1)"
    for package in libharfbuzz-dev libicu-dev libfreetype-dev android-libutils-dev; do
        echo "$package: $(dpkg-query -W -f='${Version}' "$package")"
    done
} > "$out/minikin-source.txt"

if [ -n "$tex_hyphen_input" ]; then
    commit=$(git --git-dir="$tex_hyphen_input" rev-parse HEAD 2>/dev/null || git -C "$tex_hyphen_input" rev-parse HEAD)
    mkdir -p "$out/hyphenation"
    for kind in pat hyp; do
        (git --git-dir="$tex_hyphen_input" show "$commit:$TEX_HYPHEN_PATTERNS/hyph-en-us.$kind.txt" 2>/dev/null ||
            git -C "$tex_hyphen_input" show "$commit:$TEX_HYPHEN_PATTERNS/hyph-en-us.$kind.txt") \
            > "$out/hyphenation/hyph-en-us.$kind.txt"
    done
    # The alphabet with its case pairs (aA … zZ), as AOSP's external/hyphenation-patterns has it.
    for letter in a b c d e f g h i j k l m n o p q r s t u v w x y z; do
        echo "$letter$(echo "$letter" | tr a-z A-Z)"
    done > "$out/hyphenation/hyph-en-us.chr.txt"
    python3 "$src/tools/mk_hyb_file.py" "$out/hyphenation/hyph-en-us.pat.txt" "$out/hyph-en-us.hyb"
    echo "hyphenation: hyph-en-us from hyphenation/tex-hyphen commit $commit, built by Minikin's tools/mk_hyb_file.py" \
        >> "$out/minikin-source.txt"
fi

cat "$out/minikin-source.txt"
echo "built $out/minikin_harness"
