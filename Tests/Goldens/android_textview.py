"""Android 14's TextView measuring plain text, restated in Python: onMeasure's width and height
for wrap_content, makeSingleLayout's choice of BoringLayout or StaticLayout, BoringLayout itself,
and what they read: BoringLayout.isBoring, TextLine's measuring of a line and
Layout.getDesiredWidthWithLimit.

Each rule names the Java method it stands for (frameworks/base, android-14.0.0_r2, the API 34 SDK
sources; android_textview.md says where they were read). StaticLayout is android_static_layout.py's,
unchanged. Numbers Java gets from native code come from a `native` object (make_android_textview.py
answers it with Minikin through the harness):

    native.paint_metrics(paint)            Paint.getFontMetricsInt(fmi) -> FontMetricsInt
    native.run_advance(paint, text, rtl)   Paint.getRunCharacterAdvance over `text` as its own context
    native.run_metrics(paint, text, rtl)   Paint.getFontMetricsInt(text, 0, n, 0, n, rtl, fmi)
    native.bidi(text)                      AndroidBidi.bidi under FIRSTSTRONG_LTR: (paraLevel, levels)
    native.static_paint(paint)             android_static_layout.Paint (metrics and ellipsis width)
    native.measure(paint, hyphenation, strategy, width)
                                           paragraph text -> android_static_layout.MeasuredParagraph

Offsets are UTF-16 units; y grows downwards (ascents and tops are negative).
"""
import collections
import math
import unicodedata

from android_static_layout import StaticLayout, f32, utf16_units

INTEGER_MAX = 2**31 - 1
FLOAT_MAX = 3.4028234663852886e38  # Float.MAX_VALUE
TAB = 0x09
LINE_FEED = 0x0A
TAB_INCREMENT = 20.0  # Layout.TAB_INCREMENT
DIR_LEFT_TO_RIGHT, DIR_RIGHT_TO_LEFT = 1, -1  # Layout.DIR_*
RUN_LENGTH_MASK = 0x03FFFFFF  # Layout.RUN_LENGTH_MASK: DIRS_ALL_*'s one run "to the end"

# TextView's mUseFallbackLineSpacing: FALLBACK_LINE_SPACING_ALL (targetSdk >= 33, the change
# BORINGLAYOUT_FALLBACK_LINESPACING), _STATIC_LAYOUT_ONLY (targetSdk 28-32,
# STATICLAYOUT_FALLBACK_LINESPACING), _NONE (setFallbackLineSpacing(false), or targetSdk < 28).
FALLBACK_ALL, FALLBACK_STATIC_LAYOUT_ONLY, FALLBACK_NONE = "all", "static_layout_only", "none"

# One direction run of a line (Layout.Directions): its start, length and whether it is RTL.
Run = collections.namedtuple("Run", "start length is_rtl")
DIRS_ALL_LEFT_TO_RIGHT = [Run(0, RUN_LENGTH_MASK, False)]
DIRS_ALL_RIGHT_TO_LEFT = [Run(0, RUN_LENGTH_MASK, True)]


class FontMetricsInt:
    """Paint.FontMetricsInt (and BoringLayout.Metrics, which adds `width`): mutable, as Java's."""
    FIELDS = ("top", "ascent", "descent", "bottom", "leading")

    def __init__(self, top=0, ascent=0, descent=0, bottom=0, leading=0):
        self.top, self.ascent, self.descent = top, ascent, descent
        self.bottom, self.leading = bottom, leading
        self.width = 0

    def values(self):
        return tuple(getattr(self, name) for name in self.FIELDS)


class TextViewSettings(collections.namedtuple("TextViewSettings", [
        "max_lines", "ellipsize", "include_pad", "fallback_line_spacing", "spacing_mult",
        "spacing_add", "break_strategy", "hyphenation"])):
    """What a plain TextView hands its layouts: setMaxLines (None: unset, Integer.MAX_VALUE),
    setEllipsize (None, "start", "middle", "end"), setIncludeFontPadding, the fallback line
    spacing state (FALLBACK_*), setLineSpacing(add, mult), setBreakStrategy,
    setHyphenationFrequency."""

    def boring_fallback(self):
        """TextView.isFallbackLineSpacingForBoringLayout."""
        return self.fallback_line_spacing == FALLBACK_ALL

    def static_fallback(self):
        """TextView.isFallbackLineSpacingForStaticLayout."""
        return self.fallback_line_spacing in (FALLBACK_ALL, FALLBACK_STATIC_LAYOUT_ONLY)


# --- Direction: TextUtils, TextDirectionHeuristics, AndroidBidi ---------------------------------

def could_affect_rtl(unit):
    """TextUtils.couldAffectRtl: RTL scripts, bidi controls, any surrogate, presentation forms."""
    return (0x0590 <= unit <= 0x08FF or unit in (0x200E, 0x200F) or 0x202A <= unit <= 0x202E
            or 0x2066 <= unit <= 0x2069 or 0xD800 <= unit <= 0xDFFF
            or 0xFB1D <= unit <= 0xFDFF or 0xFE70 <= unit <= 0xFEFE)


def does_not_need_bidi(units):
    """TextUtils.doesNotNeedBidi."""
    return not any(could_affect_rtl(unit) for unit in units)


def has_any_interesting_chars(units):
    """BoringLayout.hasAnyInterestingChars: a line feed, a tab or a unit that could affect RTL."""
    return any(unit in (LINE_FEED, TAB) or could_affect_rtl(unit) for unit in units)


def _is_rtl_code_point(code_point):
    """TextDirectionHeuristics.isRtlCodePoint: True (strong RTL), False (strong LTR) or None."""
    direction = unicodedata.bidirectional(chr(code_point))
    if direction == "L":
        return False
    if direction in ("R", "AL"):
        return True
    if direction == "":  # Character.DIRECTIONALITY_UNDEFINED: unassigned
        if (0x0590 <= code_point <= 0x08FF or 0xFB1D <= code_point <= 0xFDCF
                or 0xFDF0 <= code_point <= 0xFDFF or 0xFE70 <= code_point <= 0xFEFF
                or 0x10800 <= code_point <= 0x10FFF or 0x1E800 <= code_point <= 0x1EFFF):
            return True
        if (0x2065 <= code_point <= 0x2069 or 0xFFF0 <= code_point <= 0xFFF8
                or 0xE0000 <= code_point <= 0xE0FFF or 0xFDD0 <= code_point <= 0xFDEF
                or (code_point & 0xFFFE) == 0xFFFE or 0x20A0 <= code_point <= 0x20CF
                or 0xD800 <= code_point <= 0xDFFF):
            return None
        return False
    return None


def first_strong_ltr_is_rtl(text):
    """TextDirectionHeuristics.FIRSTSTRONG_LTR.isRtl: the first strong character outside
    isolates decides; none found is LTR."""
    open_isolates = 0
    for char in text:
        code_point = ord(char)
        if 0x2066 <= code_point <= 0x2068:
            open_isolates += 1
        elif code_point == 0x2069:
            open_isolates = max(0, open_isolates - 1)
        elif open_isolates == 0:
            result = _is_rtl_code_point(code_point)
            if result is not None:
                return result
    return False


def android_bidi_directions(para_dir, levels, units):
    """AndroidBidi.directions: the line's level runs, in logical order, and a last run at the
    paragraph's level for trailing spaces and tabs after a counter-directional run. Java then
    reorders the runs visually; TextLine sums their widths, which does not depend on the order
    unless a tab sets a stop between them, and make_android_textview.py refuses such a text."""
    length = len(units)
    if length == 0:
        return DIRS_ALL_LEFT_TO_RIGHT
    base_level = 0 if para_dir == DIR_LEFT_TO_RIGHT else 1
    run_count = 1 + sum(levels[i] != levels[i - 1] for i in range(1, length))
    visible = length
    if (levels[-1] & 1) != (base_level & 1):  # "look for visible end"
        visible -= 1
        while visible >= 0:
            unit = units[visible]
            if unit == LINE_FEED:
                visible -= 1
                break
            if unit not in (0x20, TAB):
                break
            visible -= 1
        visible += 1
        if visible != length:
            run_count += 1
    if run_count == 1 and levels[0] == base_level:  # minLevel is levels[lstart] at this point
        return DIRS_ALL_RIGHT_TO_LEFT if levels[0] & 1 else DIRS_ALL_LEFT_TO_RIGHT
    runs, start = [], 0
    if visible == 0:  # nothing visible: Java still writes an empty first run
        runs.append(Run(0, 0, bool(levels[0] & 1)))
    for i in range(1, visible + 1):
        if i == visible or levels[i] != levels[start]:
            runs.append(Run(start, i - start, bool(levels[start] & 1)))
            start = i
    if visible < length:
        runs.append(Run(visible, length - visible, bool(base_level & 1)))
    return runs


def paragraph_directions(units, native):
    """MeasuredParagraph.buildForBidi (resetAndAnalyzeBidi) under FIRSTSTRONG_LTR, then
    getDirections(0, length): (paragraph direction, runs)."""
    if does_not_need_bidi(units):  # mLtrWithoutBidi
        return DIR_LEFT_TO_RIGHT, DIRS_ALL_LEFT_TO_RIGHT
    para_level, levels = native.bidi(units)
    para_dir = DIR_LEFT_TO_RIGHT if para_level & 1 == 0 else DIR_RIGHT_TO_LEFT
    return para_dir, android_bidi_directions(para_dir, levels, units)


# --- TextLine ------------------------------------------------------------------------------------

def next_default_stop(h, increment):
    """Layout.TabStops.nextDefaultStop: ((int) ((h + inc) / inc)) * inc, in float."""
    return f32(int(f32(f32(h + increment) / increment)) * increment)


def _expand(fmi, metrics):
    """TextLine.expandMetricsFromPaint + updateMetrics: the new metrics, widened by the old."""
    previous = fmi.values()
    fmi.top, fmi.ascent, fmi.descent, fmi.bottom, fmi.leading = metrics.values()
    fmi.top, fmi.ascent = min(fmi.top, previous[0]), min(fmi.ascent, previous[1])
    fmi.descent, fmi.bottom = max(fmi.descent, previous[2]), max(fmi.bottom, previous[3])
    fmi.leading = max(fmi.leading, previous[4])


class TextLine:
    """TextLine.set(paint, text, 0, length, dir, directions, hasTabs, null, 0, 0,
    useFallbackLineSpacing) over a String without spans; `metrics` is TextLine.metrics."""

    def __init__(self, paint, units, para_dir, runs, has_tabs, use_fallback_extent, native):
        self.paint, self.units, self.dir, self.runs = paint, units, para_dir, runs
        self.has_tabs, self.use_fallback_extent, self.native = has_tabs, use_fallback_extent, native

    def metrics(self, fmi):
        """TextLine.metrics(fmi) = measure(mLen, false, fmi): the signed width of the line, every
        segment (a run cut at tabs) measured on its own, tabs advancing to the next default stop.
        The offset is the line's end, so no segment holds it and every one is measured whole."""
        length = len(self.units)
        h = 0.0
        for run in self.runs:
            if run.start > length:
                break
            run_limit = min(run.start + run.length, length)
            same_direction = (self.dir == DIR_RIGHT_TO_LEFT) == run.is_rtl
            segment_start = run.start
            for j in range(run.start if self.has_tabs else run_limit, run_limit + 1):
                if j == run_limit or self.units[j] == TAB:
                    width = self.measure_run(segment_start, j, run.is_rtl, fmi)
                    h = f32(h + width) if same_direction else f32(h - width)
                    if j != run_limit:  # a tab
                        h = f32(self.dir * next_default_stop(f32(h * self.dir), TAB_INCREMENT))
                    segment_start = j + 1
        return h

    def measure_run(self, start, limit, is_rtl, fmi):
        """TextLine.measureRun -> handleRun -> handleText for text without spans: the paint's
        metrics first, then the run's advance (Paint.getRunCharacterAdvance with the segment as
        its context), then with fallback line spacing the fonts' extents over the segment."""
        if fmi is not None:  # also handleRun's "Case of an empty line"
            _expand(fmi, self.native.paint_metrics(self.paint))
        if start == limit:
            return 0.0
        segment = self.units[start:limit]
        total = self.native.run_advance(self.paint, segment, is_rtl)
        if self.use_fallback_extent and fmi is not None:
            _expand(fmi, self.native.run_metrics(self.paint, segment, is_rtl))
        return -total if is_rtl else total


# --- BoringLayout --------------------------------------------------------------------------------

def is_boring_text(units):
    """The part of BoringLayout.isBoring that reads only the text: no interesting character, and
    not RTL by the heuristic (TextView's textDir, FIRSTSTRONG_LTR); a String has no spans."""
    return (not has_any_interesting_chars(units)
            and not first_strong_ltr_is_rtl(units_text(units)))


def is_boring(paint, units, use_fallback_line_spacing, native):
    """BoringLayout.isBoring(text, paint, FIRSTSTRONG_LTR, useFallbackLineSpacing, metrics): None,
    or Metrics from one left-to-right TextLine over the text (no tabs: a tab is interesting), its
    width (int) Math.ceil of the line's width."""
    if not is_boring_text(units):
        return None
    fm = FontMetricsInt()  # new Metrics() (or reset()): all zero
    line = TextLine(paint, units, DIR_LEFT_TO_RIGHT, DIRS_ALL_LEFT_TO_RIGHT, False,
                    use_fallback_line_spacing, native)
    fm.width = int(math.ceil(line.metrics(fm)))
    return fm


class BoringLayout:
    """new BoringLayout(source, paint, outerWidth, align, spacingMult, spacingAdd, metrics,
    includePad), what BoringLayout.make gives TextView: init and the getters. The line spacing
    reaches only Layout's fields; no getter of BoringLayout reads it."""

    def __init__(self, units, metrics, include_pad):
        self.length = len(units)
        if include_pad:  # BoringLayout.init
            spacing, self.desc = metrics.bottom - metrics.top, metrics.bottom
            self.top_padding = metrics.top - metrics.ascent
            self.bottom_padding = metrics.bottom - metrics.descent
        else:
            spacing, self.desc = metrics.descent - metrics.ascent, metrics.descent
            self.top_padding = self.bottom_padding = 0
        self.bottom = spacing  # mBottom
        self.max = metrics.width  # mMax: the metrics' width is trusted
        self.line_count = 1

    def line_top(self, line):
        """BoringLayout.getLineTop."""
        return 0 if line == 0 else self.bottom

    def height(self, cap):
        """BoringLayout.getHeight() (mBottom); Layout.getHeight(cap) ignores cap."""
        return self.bottom

    def lines(self):
        """The one line through Layout's getters: getLineBaseline = getLineTop(1) -
        getLineDescent(0), getLineAscent = getLineTop(0) - getLineBaseline; no ellipsis."""
        baseline = self.line_top(1) - self.desc
        return [{"start": 0, "end": self.length, "top": 0, "bottom": self.line_top(1),
                 "baseline": baseline, "ascent": self.line_top(0) - baseline,
                 "descent": self.desc, "ellipsisStart": 0, "ellipsisCount": 0}]


# --- Layout.getDesiredWidthWithLimit -------------------------------------------------------------

def measure_para(paint, units, native):
    """Layout.measurePara: |TextLine.metrics(null)| over the paragraph's directions, with tabs;
    no LeadingMarginSpan or TabStopSpan on a String."""
    para_dir, runs = paragraph_directions(units, native)
    has_tabs = TAB in units
    if has_tabs and runs not in (DIRS_ALL_LEFT_TO_RIGHT, DIRS_ALL_RIGHT_TO_LEFT):
        raise ValueError("a tab among several direction runs: the runs' visual order is not "
                         "restated")
    line = TextLine(paint, units, para_dir, runs, has_tabs, False, native)
    return abs(line.metrics(None))


def desired_width_with_limit(paint, units, upper_limit, native):
    """Layout.getDesiredWidthWithLimit: the widest paragraph (each up to a line feed, which it
    leaves out), or the limit as soon as one paragraph exceeds it."""
    need, start, end = 0.0, 0, len(units)
    while start <= end:
        following = units.index(LINE_FEED, start) if LINE_FEED in units[start:end] else end
        width = measure_para(paint, units[start:following], native)
        if width > upper_limit:
            return upper_limit
        need = max(need, width)
        start = following + 1
    return need


# --- TextView ------------------------------------------------------------------------------------

class TextViewMeasure:
    """TextView.onMeasure(widthMeasureSpec, UNSPECIFIED) for a new TextView (no layout yet) showing
    a String: wrap_content, no padding, drawables, hint, min/max width or ems, transformation,
    key listener or horizontal scrolling. `max_width` is the AT_MOST size, None for UNSPECIFIED.
    The results: `boring` (isBoring's metrics or None), `desired_width` (boring.width or des),
    `width`, `want`, `layout` and `height`."""

    def __init__(self, paint, text, max_width, settings, native):
        units = utf16_units(text)
        self.settings = settings
        width_limit = float(max_width) if max_width is not None else FLOAT_MAX
        # onMeasure, widthMode != EXACTLY, mLayout == null: des stays -1, so isBoring is asked.
        self.boring = is_boring(paint, units, settings.boring_fallback(), native)
        if self.boring is None:
            self.desired_width = int(math.ceil(
                desired_width_with_limit(paint, units, f32(width_limit), native)))
        else:
            self.desired_width = self.boring.width
        width = self.desired_width
        # Compound paddings 0, mMaxWidth Integer.MAX_VALUE, mMinWidth 0, no background.
        if max_width is not None:  # AT_MOST
            width = min(max_width, width)
        self.width = width
        self.want = max(0, width)  # not horizontally scrolling; makeNewLayout clamps at 0
        # makeNewLayout(want, hintWant, boring, hintBoring, width - paddings, false)
        self.layout, self.kind = self.make_single_layout(paint, text, units, self.want, width,
                                                         native)
        self.height = self.desired_height()

    def make_single_layout(self, paint, text, units, want_width, ellipsis_width, native):
        """TextView.makeSingleLayout for a String (not DynamicLayout): a BoringLayout when the
        boring width fits (and fits the ellipsized width too if ellipsizing), else a
        StaticLayout.Builder with the view's settings, maxLines always set."""
        s = self.settings
        boring = self.boring
        if boring is not None:
            if boring.width <= want_width and (s.ellipsize is None
                                               or boring.width <= ellipsis_width):
                return BoringLayout(units, boring, s.include_pad), "boring"
            if s.ellipsize is not None and boring.width <= want_width:
                # BoringLayout.make(..., effectiveEllipsize, ellipsisWidth): reached only when
                # the ellipsized width is narrower than the layout's (horizontal scrolling).
                raise ValueError("an ellipsized BoringLayout: not restated (needs "
                                 "setHorizontallyScrolling)")
        layout = StaticLayout(
            text, native.static_paint(paint),
            native.measure(paint, s.hyphenation, s.break_strategy, want_width), want_width,
            include_pad=s.include_pad, spacing_mult=s.spacing_mult, spacing_add=s.spacing_add,
            fallback_line_spacing=s.static_fallback(), max_lines=s.max_lines,
            ellipsize=s.ellipsize)
        return layout, "static"

    def desired_height(self):
        """TextView.getDesiredHeight(): getDesiredHeight(mLayout, true) (no hint layout):
        getHeight(cap), and with maxLines a BoringLayout (or DynamicLayout) with more lines than
        allowed stops at getLineTop(maxLines); no padding, minLines or minimum height."""
        layout, max_lines = self.layout, self.settings.max_lines
        desired = layout.height(True)
        if (max_lines is not None and layout.line_count > max_lines
                and isinstance(layout, BoringLayout)):
            desired = layout.line_top(max_lines)
        return desired

    def lines(self):
        """Each line: start, end, top, bottom, baseline, ascent, descent, ellipsisStart and
        ellipsisCount (0 when the layout does not ellipsize, as getEllipsis* answer)."""
        if isinstance(self.layout, BoringLayout):
            return self.layout.lines()
        keys = ("start", "end", "top", "bottom", "baseline", "ascent", "descent",
                "ellipsisStart", "ellipsisCount")
        return [{key: line[key] for key in keys} for line in self.layout.lines()]


def units_text(units):
    """UTF-16 units back to text (surrogate pairs joined)."""
    return b"".join(unit.to_bytes(2, "little") for unit in units).decode("utf-16-le",
                                                                        "surrogatepass")
