"""Jetpack Compose's Text on Android 14 with lineHeight and LineHeightStyle, restated in Python for
make_android_compose.py: the spans Compose puts on the text (createCharSequence, setLineHeight,
LineHeightStyleSpan, LineHeightSpan), LayoutIntrinsics' max intrinsic width, TextLayout (the choice
of BoringLayout or StaticLayout, line count, paddings, the last line's metrics, height and the line
getters) and foundation's width rule (finalMaxWidth, constrain).

Each rule names the Kotlin function it stands for; android_compose.md gives the files and commits
read (androidx/androidx, compose/ui/ui-text and compose/foundation/foundation). The Java under it is
android_textview.py's (BoringLayout.isBoring, BoringLayout, Layout.getDesiredWidth) and
android_static_layout.py's (StaticLayout, with its LineHeightSpan hook), unchanged in their rules.
Numbers Java gets from native code come from the `native` object android_textview.py describes
(make_android_compose.py answers it with Minikin through the harness); a paint is
(fonts, size, hinting, letterSpacing).

Kotlin Float arithmetic is kept in single precision (f32); offsets are UTF-16 units; y grows
downwards.
"""
import collections
import math

from android_static_layout import StaticLayout, f32, utf16_units
from android_textview import FLOAT_MAX, BoringLayout, desired_width_with_limit, is_boring

INT_MAX = 2**31 - 1  # Int.MAX_VALUE, also Constraints.Infinity
ZWSP = "\u200b"

# LineHeightStyle.Alignment(topRatio): compose/ui/ui-text/src/commonMain/.../style/LineHeightStyle.kt
TOP_RATIOS = {"top": 0.0, "center": 0.5, "proportional": -1.0, "bottom": 1.0}
# LineHeightStyle.Trim: FlagTrimTop 0x01, FlagTrimBottom 0x10; isTrimFirstLineTop/LastLineBottom.
TRIMS = {"none": (False, False), "firstLineTop": (True, False),
         "lastLineBottom": (False, True), "both": (True, True)}
MODES = ("fixed", "minimum")  # Mode.Tight is not restated
# LineHeightStyle.Default: Alignment.Proportional, Trim.Both, Mode.Fixed.
DEFAULT_STYLE = {"alignment": "proportional", "trim": "both", "mode": "fixed"}

Style = collections.namedtuple("Style", [
    "line_height", "line_height_style", "include_font_padding", "max_lines", "ellipsis",
    "break_strategy", "hyphenation"])
Style.__doc__ = """The Text's settings: line_height None or (unit "sp"|"em", value);
line_height_style None or {"alignment", "trim", "mode"}; include_font_padding
(PlatformParagraphStyle.includeFontPadding); max_lines None (Int.MAX_VALUE) or an int; ellipsis
(TextOverflow.Ellipsis, else Clip); break_strategy "simple"|"high_quality"|"balanced";
hyphenation "none"."""


def resolve_line_height_px(unit, value, font_size):
    """SpannableExtensions' resolveLineHeightInPx at density 1 and fontScale 1: sp -> toPx()
    (value * fontScale, then * density; isNonLinearFontScalingActive is fontScale > 1.05, false
    here), em -> value * the paint's text size; Floats."""
    if unit == "sp":
        return f32(f32(f32(value) * 1.0) * 1.0)
    if unit == "em":
        return f32(f32(value) * f32(font_size))
    raise ValueError(unit)


class LineHeightStyleSpan:
    """androidx.compose.ui.text.android.style.LineHeightStyleSpan (Mode.Fixed and Mode.Minimum,
    the latter as preserveMinimumHeight)."""

    def __init__(self, line_height, start_index, end_index, trim_first_line_top,
                 trim_last_line_bottom, top_ratio, preserve_minimum_height):
        self.line_height = f32(line_height)
        self.start_index, self.end_index = start_index, end_index
        self.trim_first_line_top = trim_first_line_top
        self.trim_last_line_bottom = trim_last_line_bottom
        self.top_ratio = f32(top_ratio)
        self.preserve_minimum_height = preserve_minimum_height
        self.first_ascent = None  # Int.MIN_VALUE: not calculated yet
        self.ascent = self.descent = self.last_descent = None
        self.first_ascent_diff = 0  # "firstAscent - fontMetricsInt.ascent" (read by TextLayout)
        self.last_descent_diff = 0

    def choose_height(self, start, end, fm):
        """chooseHeight(text, start, end, spanStartVertical, lineHeight, fontMetricsInt)."""
        current_height = fm.descent - fm.ascent  # FontMetricsInt.lineHeight()
        if current_height <= 0:  # "If current height is not positive, do nothing."
            return
        is_first_line = start == self.start_index
        is_last_line = end == self.end_index
        # "if single line and should not apply, return"
        if (is_first_line and is_last_line and self.trim_first_line_top
                and self.trim_last_line_bottom):
            return
        if self.first_ascent is None:  # computed once, from the first line that gets here
            self.calculate_target_metrics(fm)
        fm.ascent = self.first_ascent if is_first_line else self.ascent
        fm.descent = self.last_descent if is_last_line else self.descent

    def calculate_target_metrics(self, fm):
        current_height = fm.descent - fm.ascent
        ceiled_line_height = int(math.ceil(self.line_height))  # ceil(lineHeight).toInt()
        diff = ceiled_line_height - current_height
        if self.preserve_minimum_height and diff <= 0:
            self.ascent, self.descent = fm.ascent, fm.descent
            self.first_ascent, self.last_descent = self.ascent, self.descent
            self.first_ascent_diff = self.last_descent_diff = 0
            return
        if self.top_ratio == -1.0:  # Proportional: abs(ascent.toFloat()) / lineHeight()
            ascent_ratio = f32(abs(float(fm.ascent)) / current_height)
        else:
            ascent_ratio = self.top_ratio
        if diff <= 0:  # "diff * topRatio is the amount that should go to below the baseline"
            descent_diff = int(math.ceil(f32(diff * ascent_ratio)))
        else:
            descent_diff = int(math.ceil(f32(diff * f32(1.0 - ascent_ratio))))
        self.descent = fm.descent + descent_diff
        self.ascent = self.descent - ceiled_line_height
        self.first_ascent = fm.ascent if self.trim_first_line_top else self.ascent
        self.last_descent = fm.descent if self.trim_last_line_bottom else self.descent
        self.first_ascent_diff = fm.ascent - self.first_ascent
        self.last_descent_diff = self.last_descent - fm.descent

    def copy(self, start_index, end_index, trim_first_line_top):
        """copy(startIndex, endIndex, trimFirstLineTop): a new span, nothing calculated."""
        return LineHeightStyleSpan(self.line_height, start_index, end_index, trim_first_line_top,
                                   self.trim_last_line_bottom, self.top_ratio,
                                   self.preserve_minimum_height)


class LineHeightSpan:
    """androidx.compose.ui.text.android.style.LineHeightSpan, the legacy span (includeFontPadding
    true and no LineHeightStyle): every line's descent scaled, its height the ceiled line height."""

    def __init__(self, line_height):
        self.line_height = f32(line_height)

    def choose_height(self, start, end, fm):
        current_height = fm.descent - fm.ascent
        if current_height <= 0:
            return
        ceiled_line_height = int(math.ceil(self.line_height))
        ratio = f32(f32(ceiled_line_height * 1.0) / current_height)  # Float
        fm.descent = int(math.ceil(fm.descent * ratio))  # descent * ratio.toDouble(), ceil
        fm.ascent = fm.descent - ceiled_line_height


def create_char_sequence(text, font_size, style):
    """AndroidParagraphHelper's createCharSequence for a plain text with one TextStyle: the text
    itself (a String, no spans) without a line height; else a SpannableString with LineHeightSpan
    (includeFontPadding true and lineHeightStyle null: "keep the existing line height behavior")
    or LineHeightStyleSpan (lineHeightStyle ?: LineHeightStyle.Default) over [0, length), softWrap
    being true (so the single-line optimization never skips the span). Returns (spans, which)."""
    if style.line_height is None:  # lineHeight.isUnspecified, no annotations, no indent
        return [], None
    px = resolve_line_height_px(style.line_height[0], style.line_height[1], font_size)
    if style.include_font_padding and style.line_height_style is None:
        return [LineHeightSpan(px)], "LineHeightSpan"
    lhs = style.line_height_style or DEFAULT_STYLE
    units = utf16_units(text)
    # "in order to handle empty lines (including empty text) better, change endIndex so that it
    # won't apply trimLastLineBottom rule"
    end_index = len(units) + 1 if not units or units[-1] == 0x0A else len(units)
    trim_first, trim_last = TRIMS[lhs["trim"]]
    return [LineHeightStyleSpan(px, 0, end_index, trim_first, trim_last,
                                TOP_RATIOS[lhs["alignment"]],
                                lhs["mode"] == "minimum")], "LineHeightStyleSpan"


class LayoutIntrinsics:
    """LayoutIntrinsics: boringMetrics (BoringLayoutFactory.measure: on API 33+
    BoringLayout.isBoring(text, paint, FIRSTSTRONG_LTR, LayoutCompat.DEFAULT_FALLBACK_LINE_SPACING
    = true, null), which is null for a Spanned text with any ParagraphStyle span, LineHeightSpan
    being one) and maxIntrinsicWidth (the boring width, else ceil(Layout.getDesiredWidth); plus
    0.5 when it is not 0 and the paint has letter spacing)."""

    def __init__(self, text, paint, spans, native):
        units = utf16_units(text)
        self.boring = None if spans else is_boring(paint, units, True, native)
        if self.boring is not None:
            desired = float(self.boring.width)
        else:  # Layout.getDesiredWidth(text, 0, length, paint): FIRSTSTRONG_LTR, Float.MAX_VALUE
            desired = float(math.ceil(desired_width_with_limit(paint, units, FLOAT_MAX, native)))
        letter_spacing = paint[3]
        if desired != 0.0 and f32(letter_spacing) != 0.0:  # shouldIncreaseMaxIntrinsic
            desired = f32(desired + 0.5)  # b/173574230
        self.max_intrinsic_width = desired


class _Boring:
    """A BoringLayout (android_textview.py) through Layout's getters."""

    def __init__(self, units, metrics, include_pad):
        self.layout = BoringLayout(units, metrics, include_pad)
        self.length = len(units)
        self.line_count = 1

    def line_top(self, line):
        return self.layout.line_top(line)

    def line_start(self, line):
        return 0 if line == 0 else self.length

    def line_descent(self, line):
        return self.layout.desc

    def ellipsis_count(self, line):
        return 0  # the text fits (maxIntrinsicWidth <= width), so nothing is ellipsized

    def height(self):
        return self.layout.bottom


class _Static:
    """A StaticLayout (android_static_layout.py) through Layout's getters."""

    def __init__(self, layout):
        self.layout = layout
        self.line_count = layout.line_count

    def line_top(self, line):
        return self.layout.line_top(line)

    def line_start(self, line):
        return self.layout.line_start(line)

    def line_descent(self, line):
        return self.layout.rows[line]["descent"]

    def ellipsis_count(self, line):
        return self.layout.rows[line]["ellipsisCount"]

    def height(self):
        return self.layout.height(False)  # Layout.getHeight(): getLineTop(getLineCount())


class TextLayout:
    """androidx.compose.ui.text.android.TextLayout as AndroidParagraph.constructTextLayout makes it
    (fallbackLineSpacing = true, lineSpacingMultiplier 1, alignment and justification left out:
    they move nothing vertically), on API 34."""

    def __init__(self, text, width, paint, spans, intrinsics, style, native):
        units = utf16_units(text)
        self.units = units
        self.ellipsize = "end" if style.ellipsis else None
        max_lines = INT_MAX if style.max_lines is None else style.max_lines
        include_pad = style.include_font_padding
        width_int = int(math.ceil(width))
        boring = intrinsics.boring
        if boring is not None and intrinsics.max_intrinsic_width <= width:
            self.kind = "boring"  # BoringLayoutFactory.create (the API 33 constructor)
            self.layout = _Boring(units, boring, include_pad)
        else:
            self.kind = "static"  # StaticLayoutFactory.create
            self.layout = _Static(StaticLayout(
                text, native.static_paint(paint),
                native.measure(paint, style.hyphenation, style.break_strategy, width_int),
                width_int, include_pad=include_pad, fallback_line_spacing=True,
                max_lines=None if style.max_lines is None else max_lines,
                ellipsize=self.ellipsize, line_height_spans=spans))
        layout = self.layout
        self.line_count = min(layout.line_count, max_lines)
        last = self.line_count - 1
        if self.line_count < max_lines:
            self.did_exceed_max_lines = False
        else:
            self.did_exceed_max_lines = (layout.ellipsis_count(last) > 0
                                         or layout.line_start(last + 1) != len(units))
        # getVerticalPaddings: zero when includePadding or isFallbackLinespacingApplied() (on API
        # 33+ the layout's isFallbackLineSpacingEnabled, true here).
        vertical = (0, 0)
        self.line_height_spans = self.get_line_height_spans(spans)
        paddings = ((0, 0) if self.line_height_spans is None
                    else self.get_line_height_paddings(self.line_height_spans))
        self.top_padding = max(vertical[0], paddings[0])
        self.bottom_padding = max(vertical[1], paddings[1])
        self.last_line_font_metrics = None  # getLineHeight below sees it null
        metrics = self.get_last_line_metrics(paint, include_pad, self.line_height_spans, native)
        self.last_line_extra = (metrics["bottom"] - int(self.line_height(last))
                                if metrics is not None else 0)
        self.last_line_font_metrics = metrics

    def get_line_height_spans(self, spans):
        """getLineHeightSpans: null for a text that is not Spanned, or that is not empty and has
        no LineHeightStyleSpan; else getSpans(0, length, LineHeightStyleSpan) (an empty text's
        zero-length span included)."""
        if not spans:  # a String
            return None
        style_spans = [s for s in spans if isinstance(s, LineHeightStyleSpan)]
        if not style_spans and self.units:
            return None
        return style_spans

    @staticmethod
    def get_line_height_paddings(spans):
        """Array<LineHeightStyleSpan>.getLineHeightPaddings, as written: the last descent's padding
        is max(firstAscentDiff, abs(lastDescentDiff)), the first ascent's running value."""
        first_ascent_diff = last_descent_diff = 0
        for span in spans:
            if span.first_ascent_diff < 0:
                first_ascent_diff = max(first_ascent_diff, abs(span.first_ascent_diff))
            if span.last_descent_diff < 0:
                last_descent_diff = max(first_ascent_diff, abs(span.last_descent_diff))
        return first_ascent_diff, last_descent_diff

    def get_last_line_metrics(self, paint, include_pad, spans, native):
        """getLastLineMetrics: when the last line is empty and there are LineHeightStyleSpans, a
        temporary StaticLayout of "\\u200B" (width Int.MAX_VALUE, the factory's defaults, this
        includePadding, fallback line spacing) with a copy of the first span over [0, 1), its
        trimFirstLineTop = (lastLine != 0 && trimLastLineBottom) ? false : trimLastLineBottom;
        FontMetricsInt(ascent = getLineAscent(0), descent = getLineDescent(0), top = getLineTop(0),
        bottom = getLineBottom(0))."""
        last = self.line_count - 1
        layout = self.layout
        if layout.line_start(last) != layout.line_start(last + 1) or not spans:
            return None
        span = spans[0]
        trim_first = (False if last != 0 and span.trim_last_line_bottom
                      else span.trim_last_line_bottom)
        copy = span.copy(0, 1, trim_first)
        tmp = StaticLayout(ZWSP, native.static_paint(paint),
                           native.measure(paint, "none", "simple", INT_MAX), INT_MAX,
                           include_pad=include_pad, fallback_line_spacing=True,
                           line_height_spans=[copy])
        top, bottom = tmp.line_top(0), tmp.line_top(1)
        baseline = bottom - tmp.rows[0]["descent"]
        return {"ascent": top - baseline, "descent": tmp.rows[0]["descent"], "top": top,
                "bottom": bottom}

    # --- getters (Floats in Kotlin; every value here is a whole number) -----------------------

    def line_top(self, line):
        """getLineTop: layout.getLineTop(line) + (line == 0 ? 0 : topPadding)."""
        return self.layout.line_top(line) + (0 if line == 0 else self.top_padding)

    def line_bottom(self, line):
        """getLineBottom: for the last line with lastLineFontMetrics, layout.getLineBottom(line - 1)
        (getLineTop(line); 0 for line 0) + its bottom, without topPadding; else topPadding +
        layout.getLineBottom(line) + bottomPadding on the last line."""
        if line == self.line_count - 1 and self.last_line_font_metrics is not None:
            return self.layout.line_top(line) + self.last_line_font_metrics["bottom"]
        return (self.top_padding + self.layout.line_top(line + 1)
                + (self.bottom_padding if line == self.line_count - 1 else 0))

    def line_baseline(self, line):
        """getLineBaseline: topPadding + (last line with lastLineFontMetrics ? getLineTop(line) -
        its ascent : layout.getLineBaseline(line)); getLineTop already holds topPadding when
        line > 0."""
        if line == self.line_count - 1 and self.last_line_font_metrics is not None:
            return self.top_padding + (self.line_top(line)
                                       - self.last_line_font_metrics["ascent"])
        return self.top_padding + (self.layout.line_top(line + 1)
                                   - self.layout.line_descent(line))

    def line_height(self, line):
        return self.line_bottom(line) - self.line_top(line)

    def line_start(self, line):
        return self.layout.line_start(line)

    def line_end(self, line):
        """getLineEnd: the text's length for a line ellipsized at END, else layout.getLineEnd."""
        if self.layout.ellipsis_count(line) > 0 and self.ellipsize == "end":
            return len(self.units)
        return self.layout.line_start(line + 1)

    @property
    def height(self):
        """height: (didExceedMaxLines ? layout.getLineBottom(lineCount - 1) : layout.height) +
        topPadding + bottomPadding + lastLineExtra."""
        base = (self.layout.line_top(self.line_count) if self.did_exceed_max_lines
                else self.layout.height())
        return base + self.top_padding + self.bottom_padding + self.last_line_extra

    def lines(self):
        return [{"start": self.line_start(i), "end": self.line_end(i), "top": self.line_top(i),
                 "baseline": self.line_baseline(i), "bottom": self.line_bottom(i)}
                for i in range(self.line_count)]


def ceil_to_int_px(value):
    """foundation's Float.ceilToIntPx(): ceil(this).roundToInt()."""
    return int(math.ceil(value))


class ComposeText:
    """Text(text, style, softWrap = true, overflow, maxLines) measured once under Constraints(0,
    maxWidth or Infinity, 0, Infinity): ParagraphLayoutCache.layoutWithConstraints, layoutText,
    finalConstraints/finalMaxWidth/finalMaxLines (LayoutUtils.kt), AndroidParagraph and TextLayout.
    `max_width` is an int or None (unbounded)."""

    def __init__(self, text, paint, style, max_width, native):
        self.spans, self.span_kind = create_char_sequence(text, paint[1], style)
        self.intrinsics = LayoutIntrinsics(text, paint, self.spans, native)
        bound = INT_MAX if max_width is None else max_width
        # finalMaxWidth: widthMatters (softWrap) and a bounded width give maxWidth, else Infinity;
        # minWidth (0) != maxWidth, so ceilToIntPx(maxIntrinsicWidth).coerceIn(0, maxWidth).
        self.paragraph_width = min(max(ceil_to_int_px(self.intrinsics.max_intrinsic_width), 0),
                                   bound)
        if style.max_lines is not None:  # finalMaxLines: maxLinesIn.coerceAtLeast(1)
            style = style._replace(max_lines=max(1, style.max_lines))
        # AndroidParagraph: width = constraints.maxWidth.toFloat(); TextLayout(width = width).
        self.layout = TextLayout(text, float(self.paragraph_width), paint, self.spans,
                                 self.intrinsics, style, native)
        # layoutSize = constraints.constrain(IntSize(width.ceilToIntPx(), height.ceilToIntPx()))
        self.width = min(max(ceil_to_int_px(float(self.paragraph_width)), 0), bound)
        self.height = ceil_to_int_px(float(self.layout.height))
