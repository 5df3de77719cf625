// Android 14's values of Minikin's four text feature flags, force-included ahead of Minikin's own
// libs/minikin/FeatureFlags.h, whose include guard this header takes.
//
// Off Android, FeatureFlags.h turns every flag on (its accessors return true unless __ANDROID__).
// On a device they come from aconfig (com.android.text.flags). Android 14 QPR3 (release config
// ap2a, android-14.0.0_r50) sets none of the four in build/release/aconfig/ap2a/com.android.text.flags/
// and its build_config/ap2a.scl makes undeclared flags READ_ONLY, so each keeps its declared
// default: disabled. Android 15 (ap3a) enables all four.
#ifndef MINIKIN_FEATURE_FLAGS_H
#define MINIKIN_FEATURE_FLAGS_H

namespace features {

inline bool phrase_strict_fallback() { return false; }
inline bool word_style_auto() { return false; }
// Off: no letter spacing is trimmed at a line's edges when breaking lines.
inline bool letter_spacing_justification() { return false; }
inline bool lazy_variation_instance() { return false; }

}  // namespace features

#endif  // MINIKIN_FEATURE_FLAGS_H
