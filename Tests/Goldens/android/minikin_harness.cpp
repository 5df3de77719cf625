// A reference harness: Android 14's Minikin measuring and breaking text over FreeType fonts that
// are loaded as Skia loads them on Android, one request per stdin line, one JSON line out.
//
// Request: tab-separated key=value fields (text escapes \\ \t \n):
//   fonts=FAMILY,...  the collection's families, in order; a family is
//     FONT[+FONT...][|LOCALES[|FLAGS]]: fonts, each PATH[@WEIGHT[:italic]][~TAG=VALUE...] (weight
//     and slant set as fonts.xml sets them, else read from the OS/2 table; variation axes set as
//     fonts.xml's <axis> sets them); LOCALES the family's locale list, ';' between locales
//     (fonts.xml's lang); FLAGS '/'-separated: default (a default fallback: a named system
//     family), custom (a custom fallback: a developer's font), compact, elegant (the variant)
//   size=PX  letterSpacing=EM  hinting=on|off  locale=en-US (the paint's locale list)
//   style=WEIGHT[:italic] (the paint's font style, 400 upright by default)
//   variant=default|compact|elegant (the paint's family variant)
//   hyphenation=none|normal|full  widths=PX,...  [charWidths=on|off]  text=...
//   strategies=simple,high_quality,balanced (optional; simple and high_quality by default)
//   run=ltr|rtl (optional) the text as one of TextLine's runs, its own context, in that direction
//   bidi=on|off (optional) the paragraph's bidi levels, first-strong with an LTR default
// Answer: {"advance", "fontMetrics" (the first font's SkFontMetrics), "layouts": [{"strategy",
//   "width", "lines": [{"start", "end", "width", "ascent", "descent", "flags"}]}]}, plus
//   "charWidths" (the measured paragraph's advance per UTF-16 unit, what StaticLayout's
//   MeasuredParagraph.getCharWidthAt returns) when charWidths=on; "run": {"advance", "ascent",
//   "descent"} (Paint.getRunCharacterAdvance and Paint.getFontMetricsInt(text, ...)'s native
//   answers, before rounding) when run= is given; "bidi": {"paraLevel", "levels"} (one level per
//   UTF-16 unit, what AndroidBidi.bidi fills) when bidi=on.
// Options: --hyb LOCALE:MINPREFIX:MINSUFFIX:FILE registers a hyphenator as Android's
//   android_text_Hyphenator.cpp does (en-US is 2:3).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <ft2build.h>
#include FT_DRIVER_H
#include FT_FREETYPE_H
#include FT_MODULE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H

#include <unicode/ubidi.h>
#include <unicode/ustring.h>

#include <minikin/Constants.h>
#include <minikin/FontCollection.h>
#include <minikin/FontFamily.h>
#include <minikin/FontVariation.h>
#include <minikin/Hyphenator.h>
#include <minikin/Layout.h>
#include <minikin/LineBreaker.h>
#include <minikin/LocaleList.h>
#include <minikin/MeasuredText.h>
#include <minikin/Measurement.h>
#include <minikin/MinikinExtent.h>
#include <minikin/MinikinFont.h>
#include <minikin/MinikinPaint.h>
#include <minikin/MinikinRect.h>

namespace {

// SkFontHinting, SkFont::Edging and the bit layout of MinikinFontSkia::packFontFlags
// (frameworks/base libs/hwui/hwui/MinikinSkia.cpp): hinting << 16 | edging << 8 | bools.
constexpr uint32_t kHintingNone = 0;
constexpr uint32_t kHintingNormal = 2;
constexpr uint32_t kEdgingAntiAlias = 1;

uint32_t androidFontFlags(bool hinting) {
    // A TextView's paint: ANTI_ALIAS_FLAG, plus Paint's hidden default EMBEDDED_BITMAP_TEXT_FLAG.
    return (hinting ? kHintingNormal : kHintingNone) << 16 | kEdgingAntiAlias << 8 |
           minikin::EmbeddedBitmaps_Flag;
}

FT_Library freeTypeLibrary() {
    static FT_Library library = [] {
        FT_Library created = nullptr;
        if (FT_Init_FreeType(&created) != 0) throw std::runtime_error("FT_Init_FreeType failed");
        // Android 14's FreeType (external/freetype, 2.13.2) leaves TT_CONFIG_OPTION_SUBPIXEL_HINTING
        // undefined, so TrueType bytecode runs in the v35 interpreter; Debian's defaults to v40.
        FT_UInt interpreter = TT_INTERPRETER_VERSION_35;
        if (FT_Property_Set(created, "truetype", "interpreter-version", &interpreter) != 0) {
            throw std::runtime_error("FreeType has no v35 interpreter");
        }
        return created;
    }();
    return library;
}

// One font file as Skia's SkScalerContext_FreeType sees it (external/skia
// src/ports/SkFontHost_FreeType.cpp, android-14.0.0_r29), for Minikin's one door to fonts.
class SkiaLikeFreeTypeFont : public minikin::MinikinFont {
public:
    SkiaLikeFreeTypeFont(const std::string& path, const std::vector<minikin::FontVariation>& axes)
            : mPath(path), mAxes(axes) {
        std::ifstream file(path, std::ios::binary);
        mBytes.assign(std::istreambuf_iterator<char>(file), {});
        if (mBytes.empty()) throw std::runtime_error("cannot read font " + path);
        if (FT_New_Memory_Face(freeTypeLibrary(), mBytes.data(), mBytes.size(), 0, &mFace) != 0) {
            throw std::runtime_error("FreeType cannot open " + path);
        }
        if (!axes.empty()) setVariation(axes);
    }
    ~SkiaLikeFreeTypeFont() override { FT_Done_Face(mFace); }

    float GetHorizontalAdvance(uint32_t glyphId, const minikin::MinikinPaint& paint,
                               const minikin::FontFakery&) const override {
        Strike strike = setUpStrike(paint);
        // generateMetrics: the load flags plus FT_LOAD_BITMAP_METRICS_ONLY.
        if (FT_Load_Glyph(mFace, glyphId, strike.loadFlags | FT_LOAD_BITMAP_METRICS_ONLY) != 0) {
            return 0;
        }
        float advance = strike.linearMetrics
                                ? strike.matrixScale * (mFace->glyph->linearHoriAdvance / 65536.0f)
                                : mFace->glyph->advance.x * 0.015625f;  // SkFDot6ToFloat
        return advance * strike.strikeToSourceScale;  // SkFont::getWidthsBounds
    }

    void GetBounds(minikin::MinikinRect* bounds, uint32_t glyphId,
                   const minikin::MinikinPaint& paint,
                   const minikin::FontFakery&) const override {
        // Only asked for bounds-based breaking, which Android 14 leaves off; not in the goldens.
        Strike strike = setUpStrike(paint);
        *bounds = minikin::MinikinRect();
        if (FT_Load_Glyph(mFace, glyphId, strike.loadFlags) != 0) return;
        const FT_Glyph_Metrics& m = mFace->glyph->metrics;
        const float scale = strike.strikeToSourceScale * 0.015625f;
        bounds->mLeft = std::floor(m.horiBearingX * scale);
        bounds->mTop = std::floor(-m.horiBearingY * scale);
        bounds->mRight = std::ceil((m.horiBearingX + m.width) * scale);
        bounds->mBottom = std::ceil((m.height - m.horiBearingY) * scale);
    }

    void GetFontExtent(minikin::MinikinExtent* extent, const minikin::MinikinPaint& paint,
                       const minikin::FontFakery&) const override {
        const Metrics metrics = fontMetrics(paint);
        extent->ascent = metrics.ascent;
        extent->descent = metrics.descent;
    }

    // SkFont::getMetrics, as Paint.getFontMetrics reports it (SkScalerContext_FreeType::
    // generateFontMetrics, scaled back by SkFontPriv::ScaleFontMetrics above 256 px).
    struct Metrics {
        float top, ascent, descent, bottom, leading;
    };
    Metrics fontMetrics(const minikin::MinikinPaint& paint) const {
        Strike strike = setUpStrike(paint);
        float ascent, descent, leading, ymin, ymax;
        if (FT_IS_SCALABLE(mFace)) {
            const float upem = mFace->units_per_EM;
            auto* os2 = static_cast<TT_OS2*>(FT_Get_Sfnt_Table(mFace, FT_SFNT_OS2));
            if (os2 && os2->version != 0xFFFF && (os2->fsSelection & (1 << 7))) {
                ascent = -static_cast<float>(os2->sTypoAscender) / upem;
                descent = -static_cast<float>(os2->sTypoDescender) / upem;
                leading = static_cast<float>(os2->sTypoLineGap) / upem;
            } else {
                ascent = -static_cast<float>(mFace->ascender) / upem;
                descent = -static_cast<float>(mFace->descender) / upem;
                leading = static_cast<float>(mFace->height + (mFace->descender - mFace->ascender)) /
                          upem;
            }
            ymin = -static_cast<float>(mFace->bbox.yMin) / upem;
            ymax = -static_cast<float>(mFace->bbox.yMax) / upem;
        } else {
            const float yppem = mFace->size->metrics.y_ppem;
            ascent = -static_cast<float>(mFace->size->metrics.ascender) / (yppem * 64.0f);
            descent = -static_cast<float>(mFace->size->metrics.descender) / (yppem * 64.0f);
            leading = static_cast<float>(mFace->size->metrics.height) / (yppem * 64.0f) + ascent -
                      descent;
            ymin = descent;
            ymax = ascent;
        }
        if (leading < 0) leading = 0;
        const float scaleY = strike.textSize;  // fScale.y()
        const float s = strike.strikeToSourceScale;
        return {ymax * scaleY * s, ascent * scaleY * s, descent * scaleY * s, ymin * scaleY * s,
                leading * scaleY * s};
    }

    const std::string& GetFontPath() const override { return mPath; }
    const void* GetFontData() const override { return mBytes.data(); }
    size_t GetFontSize() const override { return mBytes.size(); }
    const std::vector<minikin::FontVariation>& GetAxes() const override { return mAxes; }

private:
    struct Strike {
        float textSize;             // the size the scaler runs at
        float strikeToSourceScale;  // back to the paint's size (above 256 px)
        float matrixScale;          // fMatrix22Scalar's x scale (bitmap strikes)
        FT_Int32 loadFlags;
        bool linearMetrics;
    };

    // SkStrikeSpec::MakeCanonicalized and the SkScalerContext_FreeType constructor.
    Strike setUpStrike(const minikin::MinikinPaint& paint) const {
        Strike strike{paint.size, 1.0f, 1.0f, 0, false};
        uint32_t hinting = paint.fontFlags >> 16;
        bool linear = (paint.fontFlags & minikin::LinearMetrics_Flag) != 0;
        // ShouldDrawAsPath: over 256 px the glyphs are paths at 64 px, unhinted (setupForAsPaths).
        if (paint.size * paint.scaleX > 256 || paint.size > 256) {
            strike.textSize = 64;
            strike.strikeToSourceScale = paint.size / 64;
            hinting = kHintingNone;
        }
        FT_Int32 loadFlags;
        if (hinting == kHintingNone) {
            loadFlags = FT_LOAD_NO_HINTING;
            linear = true;
        } else {
            loadFlags = FT_LOAD_TARGET_NORMAL;  // kNormal (and kFull without LCD)
        }
        loadFlags |= FT_LOAD_NO_AUTOHINT;  // SK_BUILD_FOR_ANDROID_FRAMEWORK, no force-autohint
        if ((paint.fontFlags & minikin::EmbeddedBitmaps_Flag) == 0) loadFlags |= FT_LOAD_NO_BITMAP;
        loadFlags |= FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH;

        const FT_F26Dot6 scale = static_cast<FT_F26Dot6>(strike.textSize * 64);  // SkScalarToFDot6
        FT_Set_Transform(mFace, nullptr, nullptr);
        if (FT_IS_SCALABLE(mFace)) {
            FT_Set_Char_Size(mFace, scale, scale, 72, 72);
        } else if (FT_HAS_FIXED_SIZES(mFace)) {
            FT_Select_Size(mFace, chooseBitmapStrike(scale));
            // The strike's ppem is not the size asked for: the transform scales its advances.
            strike.matrixScale = strike.textSize / mFace->size->metrics.x_ppem;
            const FT_Fixed fixedScale = static_cast<FT_Fixed>(strike.matrixScale * 65536.0f);
            FT_Matrix matrix{fixedScale, 0, 0,
                             static_cast<FT_Fixed>(strike.textSize /
                                                   mFace->size->metrics.y_ppem * 65536.0f)};
            FT_Set_Transform(mFace, &matrix, nullptr);
            linear = false;  // FreeType has no linear metrics for bitmap fonts
            loadFlags = (loadFlags & ~FT_LOAD_NO_BITMAP) | FT_LOAD_COLOR;
        }
        strike.loadFlags = loadFlags;
        strike.linearMetrics = linear;
        return strike;
    }

    // chooseBitmapStrike: an exact ppem, else the smallest above the size, else the largest.
    FT_Int chooseBitmapStrike(FT_F26Dot6 requestedPPEM) const {
        FT_Int chosen = -1;
        FT_Pos chosenPPEM = 0;
        for (FT_Int i = 0; i < mFace->num_fixed_sizes; ++i) {
            const FT_Pos ppem = mFace->available_sizes[i].y_ppem;
            if (ppem == requestedPPEM) return i;
            if (chosenPPEM < requestedPPEM ? chosenPPEM < ppem
                                           : requestedPPEM < ppem && ppem < chosenPPEM) {
                chosenPPEM = ppem;
                chosen = i;
            }
        }
        return chosen;
    }

    // SkTypeface_FreeType's variation position (Skia's FreeType port, as Android's fonts.xml
    // <axis> values reach it): every fvar axis at its default unless set, clamped to its range,
    // through FT_Set_Var_Design_Coordinates.
    void setVariation(const std::vector<minikin::FontVariation>& axes) {
        FT_MM_Var* variations = nullptr;
        if (FT_Get_MM_Var(mFace, &variations) != 0) throw std::runtime_error(mPath + " is not variable");
        std::vector<FT_Fixed> coordinates(variations->num_axis);
        for (FT_UInt i = 0; i < variations->num_axis; ++i) {
            const FT_Var_Axis& axis = variations->axis[i];
            FT_Fixed value = axis.def;
            for (const auto& setting : axes) {
                if (setting.axisTag == axis.tag) {
                    // The fixtures' values are whole numbers, exact in 16.16 either way.
                    value = static_cast<FT_Fixed>(std::lround(setting.value * 65536.0));
                }
            }
            coordinates[i] = std::min(std::max(value, axis.minimum), axis.maximum);
        }
        FT_Set_Var_Design_Coordinates(mFace, coordinates.size(), coordinates.data());
        FT_Done_MM_Var(freeTypeLibrary(), variations);
    }

    std::string mPath;
    std::vector<minikin::FontVariation> mAxes;
    std::vector<FT_Byte> mBytes;
    FT_Face mFace = nullptr;
};

class FixedLineWidth : public minikin::LineWidth {
public:
    explicit FixedLineWidth(float width) : mWidth(width) {}
    float getAt(size_t) const override { return mWidth; }
    float getMin() const override { return mWidth; }

private:
    float mWidth;
};

struct Request {
    std::vector<std::string> fonts;
    float size = 16;
    minikin::FontStyle style;
    minikin::FamilyVariant variant = minikin::FamilyVariant::DEFAULT;
    float letterSpacing = 0;
    bool hinting = true;
    std::string locale = "en-US";
    minikin::HyphenationFrequency hyphenation = minikin::HyphenationFrequency::None;
    std::vector<float> widths;
    bool charWidths = false;
    std::string run;  // "", "ltr" or "rtl"
    bool bidi = false;
    std::vector<minikin::BreakStrategy> strategies{minikin::BreakStrategy::Greedy,
                                                   minikin::BreakStrategy::HighQuality};
    std::u16string text;
};

const char* strategyName(minikin::BreakStrategy strategy) {
    switch (strategy) {
        case minikin::BreakStrategy::Greedy:
            return "simple";
        case minikin::BreakStrategy::HighQuality:
            return "high_quality";
        case minikin::BreakStrategy::Balanced:
            return "balanced";
    }
    return "unknown";
}

std::vector<std::string> split(const std::string& s, char separator) {
    std::vector<std::string> parts;
    std::stringstream stream(s);
    for (std::string part; std::getline(stream, part, separator);) parts.push_back(part);
    return parts;
}

std::u16string utf16(const std::string& utf8) {
    std::u16string out(utf8.size() + 1, u'\0');
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(reinterpret_cast<UChar*>(out.data()), out.size(), &length, utf8.data(),
                  utf8.size(), &status);
    if (U_FAILURE(status)) throw std::runtime_error("text is not UTF-8");
    out.resize(length);
    return out;
}

std::string unescape(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char next = s[++i];
        out += next == 't' ? '\t' : next == 'n' ? '\n' : next;
    }
    return out;
}

minikin::FamilyVariant familyVariant(const std::string& name) {
    if (name == "default") return minikin::FamilyVariant::DEFAULT;
    if (name == "compact") return minikin::FamilyVariant::COMPACT;
    if (name == "elegant") return minikin::FamilyVariant::ELEGANT;
    throw std::runtime_error("a variant is default, compact or elegant, not " + name);
}

Request parseRequest(const std::string& line) {
    Request request;
    for (const std::string& field : split(line, '\t')) {
        const size_t equals = field.find('=');
        if (equals == std::string::npos) throw std::runtime_error("field without '=': " + field);
        const std::string key = field.substr(0, equals), value = field.substr(equals + 1);
        if (key == "fonts") {
            request.fonts = split(value, ',');
        } else if (key == "size") {
            request.size = std::stof(value);
        } else if (key == "letterSpacing") {
            request.letterSpacing = std::stof(value);
        } else if (key == "hinting") {
            if (value != "on" && value != "off") throw std::runtime_error("hinting is on or off");
            request.hinting = value == "on";
        } else if (key == "locale") {
            request.locale = value;
        } else if (key == "style") {
            const std::vector<std::string> parts = split(value, ':');
            const bool italic = parts.size() > 1 && parts[1] == "italic";
            if (parts.size() > 2 || (parts.size() == 2 && !italic)) {
                throw std::runtime_error("style is WEIGHT[:italic]");
            }
            request.style = minikin::FontStyle(static_cast<uint16_t>(std::stoi(parts.at(0))),
                                               italic ? minikin::FontStyle::Slant::ITALIC
                                                      : minikin::FontStyle::Slant::UPRIGHT);
        } else if (key == "variant") {
            request.variant = familyVariant(value);
        } else if (key == "hyphenation") {
            if (value == "none") {
                request.hyphenation = minikin::HyphenationFrequency::None;
            } else if (value == "normal") {
                request.hyphenation = minikin::HyphenationFrequency::Normal;
            } else if (value == "full") {
                request.hyphenation = minikin::HyphenationFrequency::Full;
            } else {
                throw std::runtime_error("hyphenation is none, normal or full");
            }
        } else if (key == "widths") {
            for (const std::string& width : split(value, ',')) {
                request.widths.push_back(std::stof(width));
            }
        } else if (key == "charWidths") {
            if (value != "on" && value != "off") throw std::runtime_error("charWidths is on or off");
            request.charWidths = value == "on";
        } else if (key == "run") {
            if (value != "ltr" && value != "rtl") throw std::runtime_error("run is ltr or rtl");
            request.run = value;
        } else if (key == "bidi") {
            if (value != "on" && value != "off") throw std::runtime_error("bidi is on or off");
            request.bidi = value == "on";
        } else if (key == "strategies") {
            request.strategies.clear();
            for (const std::string& name : split(value, ',')) {
                if (name == "simple") {
                    request.strategies.push_back(minikin::BreakStrategy::Greedy);
                } else if (name == "high_quality") {
                    request.strategies.push_back(minikin::BreakStrategy::HighQuality);
                } else if (name == "balanced") {
                    request.strategies.push_back(minikin::BreakStrategy::Balanced);
                } else {
                    throw std::runtime_error("strategies are simple, high_quality or balanced");
                }
            }
        } else if (key == "text") {
            request.text = utf16(unescape(value));
        } else {
            throw std::runtime_error("unknown field: " + key);
        }
    }
    return request;
}

// The path and axes of a font spec PATH[@WEIGHT[:italic]][~TAG=VALUE...], the key it loads under.
std::string fontKey(const std::string& spec) {
    const size_t at = spec.find('@');
    if (at == std::string::npos) return spec;
    const size_t tilde = spec.find('~', at);
    return spec.substr(0, at) + (tilde == std::string::npos ? "" : spec.substr(tilde));
}

using LoadedFonts = std::map<std::string, std::shared_ptr<SkiaLikeFreeTypeFont>>;

// A font spec's font: loaded once per path and axes, its style set when the spec gives one.
std::shared_ptr<minikin::Font> font(const std::string& spec, LoadedFonts* loaded) {
    const std::string key = fontKey(spec);
    auto& typeface = (*loaded)[key];
    if (!typeface) {
        const std::vector<std::string> parts = split(key, '~');
        std::vector<minikin::FontVariation> axes;
        for (size_t i = 1; i < parts.size(); ++i) {
            const size_t equals = parts[i].find('=');
            if (equals != 4) throw std::runtime_error("an axis is TAG=VALUE: " + parts[i]);
            const std::string& tag = parts[i];
            axes.emplace_back(minikin::MakeTag(tag[0], tag[1], tag[2], tag[3]),
                              std::stof(parts[i].substr(equals + 1)));
        }
        typeface = std::make_shared<SkiaLikeFreeTypeFont>(parts.at(0), axes);
    }
    minikin::Font::Builder builder(typeface);
    const size_t at = spec.find('@');
    if (at != std::string::npos) {
        const std::string style = spec.substr(at + 1, spec.find('~', at) - at - 1);
        const std::vector<std::string> parts = split(style, ':');
        builder.setWeight(static_cast<uint16_t>(std::stoi(parts.at(0))));
        builder.setSlant(parts.size() > 1 && parts[1] == "italic" ? minikin::FontStyle::Slant::ITALIC
                                                                  : minikin::FontStyle::Slant::UPRIGHT);
    }
    return builder.build();
}

// Each request's families become a FontCollection, as SystemFonts and Typeface build one.
std::shared_ptr<minikin::FontCollection> fontCollection(const std::vector<std::string>& specs,
                                                        LoadedFonts* loaded) {
    std::vector<std::shared_ptr<minikin::FontFamily>> families;
    for (const std::string& spec : specs) {
        const std::vector<std::string> parts = split(spec, '|');
        std::vector<std::shared_ptr<minikin::Font>> fonts;
        for (const std::string& fontSpec : split(parts.at(0), '+')) fonts.push_back(font(fontSpec, loaded));
        // A family's locales (fonts.xml's lang, comma-separated there), e.g. und-Zsye for emoji.
        std::string locales = parts.size() > 1 ? parts[1] : std::string();
        for (char& c : locales) {
            if (c == ';') c = ',';
        }
        bool isCustomFallback = false, isDefaultFallback = false;
        minikin::FamilyVariant variant = minikin::FamilyVariant::DEFAULT;
        if (parts.size() > 2) {
            for (const std::string& flag : split(parts[2], '/')) {
                if (flag == "custom") {
                    isCustomFallback = true;
                } else if (flag == "default") {
                    isDefaultFallback = true;
                } else {
                    variant = familyVariant(flag);
                }
            }
        }
        families.push_back(minikin::FontFamily::create(minikin::registerLocaleList(locales), variant,
                                                       std::move(fonts), isCustomFallback,
                                                       isDefaultFallback,
                                                       minikin::VariationFamilyType::None));
    }
    return minikin::FontCollection::create(families);
}

// MinikinUtils::prepareMinikinPaint for a default TextView paint.
minikin::MinikinPaint androidPaint(const Request& request,
                                   const std::shared_ptr<minikin::FontCollection>& collection) {
    minikin::MinikinPaint paint(collection);
    paint.size = request.size;
    paint.scaleX = 1;
    paint.skewX = 0;
    paint.letterSpacing = request.letterSpacing;
    paint.fontFlags = androidFontFlags(request.hinting);
    paint.localeListId = minikin::registerLocaleList(request.locale);
    paint.fontStyle = request.style;
    paint.familyVariant = request.variant;
    return paint;
}

// ICU's levels of a non-empty paragraph, first-strong with an LTR default (UBIDI_DEFAULT_LTR, what
// AndroidBidi.bidi asks for under FIRSTSTRONG_LTR), and the paragraph level it resolved.
std::vector<UBiDiLevel> bidiLevels(const std::u16string& text, UBiDiLevel* paraLevel) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi* bidi = ubidi_open();
    ubidi_setPara(bidi, reinterpret_cast<const UChar*>(text.data()), text.size(),
                  UBIDI_DEFAULT_LTR, nullptr, &status);
    const UBiDiLevel* computed = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) throw std::runtime_error("ubidi failed");
    const std::vector<UBiDiLevel> levels(computed, computed + text.size());
    if (paraLevel != nullptr) *paraLevel = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return levels;
}

// StaticLayout: MeasuredParagraph adds one style run per bidi level run (first-strong, LTR
// default), and android_text_LineBreaker.cpp breaks the measured text.
std::unique_ptr<minikin::MeasuredText> measureParagraph(const std::u16string& text,
                                                        const minikin::MinikinPaint& paint,
                                                        bool hyphenate) {
    minikin::MeasuredTextBuilder builder;
    const minikin::U16StringPiece textPiece(reinterpret_cast<const uint16_t*>(text.data()),
                                            text.size());
    if (text.empty()) {  // no runs (ubidi has no levels to give for an empty text)
        return builder.build(textPiece, hyphenate, false, false, nullptr);
    }
    const std::vector<UBiDiLevel> levels = bidiLevels(text, nullptr);
    for (size_t start = 0; start < text.size();) {
        size_t end = start + 1;
        while (end < text.size() && levels[end] == levels[start]) ++end;
        builder.addStyleRun(start, end, minikin::MinikinPaint(paint), 0 /* LineBreakStyle::None */,
                            0 /* LineBreakWordStyle::None */, true, (levels[start] & 1) != 0);
        start = end;
    }
    return builder.build(textPiece, hyphenate, false /* computeLayout */,
                         false /* ignoreHyphenKerning */, nullptr);
}

void printFloat(std::ostream& out, float value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", value);
    out << buffer;
}

void answer(const Request& request, LoadedFonts* loaded, std::ostream& out) {
    const auto collection = fontCollection(request.fonts, loaded);
    const minikin::MinikinPaint paint = androidPaint(request, collection);
    const minikin::U16StringPiece text(reinterpret_cast<const uint16_t*>(request.text.data()),
                                       request.text.size());

    // Paint.measureText -> MinikinUtils::measureText (Android 14: no run flag).
    const float advance = minikin::Layout::measureText(
            text, minikin::Range(0, text.size()), minikin::Bidi::DEFAULT_LTR, paint,
            minikin::StartHyphenEdit::NO_EDIT, minikin::EndHyphenEdit::NO_EDIT, nullptr);
    out << "{\"advance\": ";
    printFloat(out, advance);

    const std::string firstFont = split(split(request.fonts.at(0), '|').at(0), '+').at(0);
    const auto metrics = (*loaded)[fontKey(firstFont)]->fontMetrics(paint);
    out << ", \"fontMetrics\": {\"top\": ";
    printFloat(out, metrics.top);
    out << ", \"ascent\": ";
    printFloat(out, metrics.ascent);
    out << ", \"descent\": ";
    printFloat(out, metrics.descent);
    out << ", \"bottom\": ";
    printFloat(out, metrics.bottom);
    out << ", \"leading\": ";
    printFloat(out, metrics.leading);
    out << "}, \"layouts\": [";

    const bool hyphenate = request.hyphenation != minikin::HyphenationFrequency::None;
    const auto measured = measureParagraph(request.text, paint, hyphenate);
    const minikin::TabStops tabStops(nullptr, 0, 20);  // Layout.TAB_INCREMENT
    const char* separator = "";
    for (const float width : request.widths) {
        for (const auto strategy : request.strategies) {
            const minikin::LineBreakResult result = minikin::breakIntoLines(
                    text, strategy, request.hyphenation, false /* justified */, *measured,
                    FixedLineWidth(width), tabStops, false /* useBoundsForWidth */);
            out << separator << "{\"strategy\": \"" << strategyName(strategy)
                << "\", \"width\": ";
            printFloat(out, width);
            out << ", \"lines\": [";
            int start = 0;
            for (size_t i = 0; i < result.breakPoints.size(); ++i) {
                out << (i ? ", " : "") << "{\"start\": " << start
                    << ", \"end\": " << result.breakPoints[i] << ", \"width\": ";
                printFloat(out, result.widths[i]);
                out << ", \"ascent\": ";
                printFloat(out, result.ascents[i]);
                out << ", \"descent\": ";
                printFloat(out, result.descents[i]);
                out << ", \"flags\": " << result.flags[i] << "}";
                start = result.breakPoints[i];
            }
            out << "]}";
            separator = ", ";
        }
    }
    out << "]";
    if (request.charWidths) {
        // android_graphics_text_MeasuredText.cpp, nGetCharWidthAt: MeasuredText::widths[offset].
        out << ", \"charWidths\": [";
        for (size_t i = 0; i < measured->widths.size(); ++i) {
            if (i) out << ", ";
            printFloat(out, measured->widths[i]);
        }
        out << "]";
    }
    if (!request.run.empty()) {
        // TextLine.handleText measures each run of a line (split at tabs) as its own context:
        // Paint.getRunCharacterAdvance -> doRunAdvance -> MinikinUtils::measureText, and with
        // fallback line spacing Paint.getFontMetricsInt(text, ...) -> doFontExtent ->
        // MinikinUtils::getFontExtent, both in the run's forced direction (libs/hwui/jni/Paint.cpp).
        const minikin::Bidi direction =
                request.run == "rtl" ? minikin::Bidi::FORCE_RTL : minikin::Bidi::FORCE_LTR;
        const minikin::Range whole(0, text.size());
        const float runAdvance = minikin::Layout::measureText(
                text, whole, direction, paint, minikin::StartHyphenEdit::NO_EDIT,
                minikin::EndHyphenEdit::NO_EDIT, nullptr);
        const minikin::MinikinExtent extent = minikin::getFontExtent(text, whole, direction, paint);
        out << ", \"run\": {\"advance\": ";
        printFloat(out, runAdvance);
        out << ", \"ascent\": ";
        printFloat(out, extent.ascent);
        out << ", \"descent\": ";
        printFloat(out, extent.descent);
        out << "}";
    }
    if (request.bidi && !request.text.empty()) {
        UBiDiLevel paraLevel = 0;
        const std::vector<UBiDiLevel> levels = bidiLevels(request.text, &paraLevel);
        out << ", \"bidi\": {\"paraLevel\": " << static_cast<int>(paraLevel) << ", \"levels\": [";
        for (size_t i = 0; i < levels.size(); ++i) out << (i ? ", " : "") << static_cast<int>(levels[i]);
        out << "]}";
    }
    out << "}\n";
}

// Keeps each .hyb file mapped for the life of the process, as Android does.
void registerHyphenator(const std::string& spec, std::vector<std::vector<uint8_t>>* patterns) {
    const std::vector<std::string> parts = split(spec, ':');
    if (parts.size() != 4) throw std::runtime_error("--hyb wants LOCALE:MINPREFIX:MINSUFFIX:FILE");
    std::ifstream file(parts[3], std::ios::binary);
    patterns->emplace_back(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    if (patterns->back().empty()) throw std::runtime_error("cannot read " + parts[3]);
    minikin::addHyphenator(parts[0], minikin::Hyphenator::loadBinary(patterns->back().data(),
                                                                     std::stoul(parts[1]),
                                                                     std::stoul(parts[2]),
                                                                     parts[0]));
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::vector<uint8_t>> patterns;
    patterns.reserve(argc);
    LoadedFonts loaded;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--hyb" && i + 1 < argc) {
                registerHyphenator(argv[++i], &patterns);
            } else {
                throw std::runtime_error("usage: minikin_harness [--hyb LOCALE:MIN:MIN:FILE]...");
            }
        }
        for (std::string line; std::getline(std::cin, line);) {
            if (line.empty()) continue;
            answer(parseRequest(line), &loaded, std::cout);
            std::cout.flush();
        }
    } catch (const std::exception& error) {
        std::cerr << "minikin_harness: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
