#!/bin/sh
# Builds Tests/Fixtures/Android/hyph-en-us.hyb, the en-US hyphenation patterns in Minikin's .hyb
# format, as Android builds its /system/usr/hyphen-data/ files and as build-minikin.sh builds the
# one the Android goldens were made with (the two are byte-identical):
#
#   Tests/Goldens/android/make-hyb.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
#
# MINIKIN_GIT_DIR holds Minikin's commit $MINIKIN_COMMIT (its tools/mk_hyb_file.py converts the
# patterns); TEX_HYPHEN_GIT_DIR is a git directory of github.com/hyphenation/tex-hyphen holding
# $TEX_HYPHEN_COMMIT (hyph-en-us.pat.txt and .hyp.txt, unchanged since 2010). The alphabet file is
# aA … zZ, as AOSP's external/hyphenation-patterns has it. Needs git and python3; writes nothing else.
set -eu

MINIKIN_COMMIT=ccff2d6e5ff1bda85e7967736adcc05c839f454b
TEX_HYPHEN_COMMIT=5684c0f51c0b81133db2efbe60a408b4155a3ff5
PATTERNS=hyph-utf8/tex/generic/hyph-utf8/patterns/txt

minikin=""
tex_hyphen=""
while [ $# -gt 0 ]; do
    case "$1" in
        --minikin) minikin="$2"; shift 2 ;;
        --tex-hyphen) tex_hyphen="$2"; shift 2 ;;
        *) echo "usage: $0 --minikin GIT_DIR --tex-hyphen GIT_DIR" >&2; exit 2 ;;
    esac
done
[ -n "$minikin" ] && [ -n "$tex_hyphen" ] || { echo "usage: $0 --minikin GIT_DIR --tex-hyphen GIT_DIR" >&2; exit 2; }

root=$(cd "$(dirname "$0")/../../.." && pwd)
out="$root/Tests/Fixtures/Android/hyph-en-us.hyb"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

show() {  # show GIT_DIR COMMIT:PATH — a bare repository or a working copy
    git --git-dir="$1" show "$2" 2>/dev/null || git -C "$1" show "$2"
}
show "$minikin" "$MINIKIN_COMMIT:tools/mk_hyb_file.py" > "$work/mk_hyb_file.py"
for kind in pat hyp; do
    show "$tex_hyphen" "$TEX_HYPHEN_COMMIT:$PATTERNS/hyph-en-us.$kind.txt" > "$work/hyph-en-us.$kind.txt"
done
for letter in a b c d e f g h i j k l m n o p q r s t u v w x y z; do
    echo "$letter$(echo "$letter" | tr a-z A-Z)"
done > "$work/hyph-en-us.chr.txt"

# mk_hyb_file.py reads the .chr.txt and .hyp.txt beside the .pat.txt and checks the file it wrote
# by reading the patterns back from it.
python3 "$work/mk_hyb_file.py" "$work/hyph-en-us.pat.txt" "$out"
echo "wrote $out ($(wc -c < "$out") bytes, sha256 $(sha256sum "$out" | cut -d' ' -f1))"
