"""Android 14's StaticLayout line heights restated in Python, for make_android_heights.py.

What is restated, from frameworks/base core/java/android/text/ at android-14.0.0_r2 (see
android_heights.md for where it was read and why android-14.0.0_r50 is taken to be the same):
StaticLayout.generate (paragraph loop, ellipsis folding, fallback line spacing), out (padding,
line spacing, maxLines height), calculateEllipsis, and the getters of StaticLayout and Layout.
Java's float arithmetic stays in single precision where Java keeps it there (f32). Only plain
text is covered: no MetricAffectingSpan (so one style run per paragraph), no indents, no tabs or
hyphen edits, alignment normal. LineHeightSpans covering the whole text may be given
(`line_height_spans`, for make_android_compose.py): out() hands each line's metrics to them as
Java does (StaticLayout.out's chooseHt block); without them nothing changes.

Nothing here measures text: the caller gives the paint's Paint.getFontMetricsInt and
Paint.measureText of the ellipsis (`Paint`), and a function giving, for one paragraph, what
Minikin answers Java (`MeasuredParagraph`).
"""
import collections
import math
import struct
import types

INTEGER_MAX = 2**31 - 1  # Builder.obtain: mMaxLines = Integer.MAX_VALUE
EXTRA_ROUNDING = 0.5  # StaticLayout.EXTRA_ROUNDING (a double)
LINE_FEED = 0x0A  # StaticLayout.CHAR_NEW_LINE

# Paint.getFontMetricsInt (top, ascent, descent, bottom: ints, y down) and
# Paint.measureText(TextUtils.getEllipsisString(where)) (U+2026, a float).
Paint = collections.namedtuple("Paint", "top ascent descent bottom ellipsis_width")

# One paragraph as Java sees it after LineBreaker.computeLineBreaks: the break offsets (relative
# to the paragraph), LineBreaker.Result's widths, ascents and descents (floats), and
# MeasuredParagraph.getCharWidthAt for every UTF-16 unit of the paragraph.
MeasuredParagraph = collections.namedtuple(
    "MeasuredParagraph", "breaks line_widths ascents descents char_widths")


def f32(value):
    """A Java float: the double rounded to single precision (each float operation rounds)."""
    return struct.unpack("f", struct.pack("f", value))[0]


def java_round(value):
    """Math.round(float): floor(x + 1/2) as an int (exact here: x is a float, x + 0.5 a double)."""
    return math.floor(value + 0.5)


def utf16_units(text):
    data = text.encode("utf-16-le")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def utf16_text(units):
    return b"".join(struct.pack("<H", unit) for unit in units).decode("utf-16-le")


def paragraph_ranges(units):
    """PrecomputedText.createMeasuredParagraphs: each paragraph ends after a U+000A (included)
    or at the text's end; an empty text has no paragraph."""
    ranges, start = [], 0
    while start < len(units):
        end = units.index(LINE_FEED, start) + 1 if LINE_FEED in units[start:] else len(units)
        ranges.append((start, end))
        start = end
    return ranges


class StaticLayout:
    """new StaticLayout(builder): generate(b, b.mIncludePad, b.mIncludePad), then the getters.

    `measure(paragraph_text)` gives a MeasuredParagraph broken with the builder's strategy at
    `width`; `ellipsize` is None, "start", "middle", "end" or "marquee"; `max_lines` None is
    Integer.MAX_VALUE. The ellipsized width is the width (Builder.obtain's default)."""

    def __init__(self, text, paint, measure, width, include_pad=True, spacing_mult=1.0,
                 spacing_add=0.0, fallback_line_spacing=True, max_lines=None, ellipsize=None,
                 line_height_spans=None):
        self.units = utf16_units(text)
        # LineHeightSpans over the whole text, in getSpans order: objects with
        # choose_height(start, end, fm), fm having top, ascent, descent, bottom (ints, mutable).
        # Every paragraph gets them (getParagraphSpans); the extra last line does not.
        self.line_height_spans = list(line_height_spans or [])
        self.fm_after_spans = None  # Java's `fm` after the last chooseHeight calls
        self.paint, self.measure = paint, measure
        self.width, self.ellipsize = width, ellipsize
        self.include_pad = self.track_pad = include_pad
        self.spacing_mult, self.spacing_add = f32(spacing_mult), f32(spacing_add)
        self.fallback_line_spacing = fallback_line_spacing
        self.max_lines = INTEGER_MAX if max_lines is None else max_lines  # mMaximumVisibleLineCount
        self.rows = []  # mLines: start, top, descent (below + extra), extra, ellipsis start/count
        self.given = []  # per line, what out() was given: width and Minikin's float extents
        self.top_padding = self.bottom_padding = 0
        self.generate()

    def generate(self):
        fm = self.paint
        buf_start, buf_end = 0, len(self.units)
        ellipsized_width = f32(self.width)  # float ellipsizedWidth = b.mEllipsizedWidth
        self.line_count = 0
        self.ellipsized = False
        # mMaxLineHeight = mMaximumVisibleLineCount < 1 ? 0 : DEFAULT_MAX_LINE_HEIGHT (-1)
        self.max_line_height = 0 if self.max_lines < 1 else -1
        v = 0
        self.need_multiply = self.spacing_mult != 1 or self.spacing_add != 0

        for para_start, para_end in paragraph_ranges(self.units):
            measured = self.measure(utf16_text(self.units[para_start:para_end]))
            breaks, line_widths = list(measured.breaks), list(measured.line_widths)
            ascents, descents = measured.ascents, measured.descents
            char_widths = measured.char_widths
            break_count = len(breaks)

            # remainingLineCount / ellipsisMayBeApplied: with END, or any ellipsis but MARQUEE on
            # a single line, the lines past the last visible one fold into it.
            remaining = self.max_lines - self.line_count
            may_ellipsize = self.ellipsize is not None and (
                self.ellipsize == "end" or (self.max_lines == 1 and self.ellipsize != "marquee"))
            if 0 < remaining < break_count and may_ellipsize:
                width = 0.0  # a float: the last line's width plus every other line's char widths
                for i in range(remaining - 1, break_count):
                    if i == break_count - 1:
                        width = f32(width + line_widths[i])
                    else:
                        for j in range(0 if i == 0 else breaks[i - 1], breaks[i]):
                            width = f32(width + char_widths[j])
                # "Treat the last line and overflowed lines as a single line": its end and width
                # change; its ascent and descent stay those of the first folded line.
                breaks[remaining - 1] = breaks[break_count - 1]
                line_widths[remaining - 1] = width
                break_count = remaining

            # The paragraph's one span: fmCache holds the paint's getFontMetricsInt
            # (MeasuredParagraph.applyMetricsAffectingSpan); fmTop..fmDescent start at 0 and
            # take it through "if (fm.top < fmTop) fmTop = fm.top" and the like.
            fm_top, fm_bottom = min(0, fm.top), max(0, fm.bottom)
            fm_ascent, fm_descent = min(0, fm.ascent), max(0, fm.descent)
            here = para_start
            for break_index in range(break_count):
                end_pos = para_start + breaks[break_index]
                more_chars = end_pos < buf_end
                # Fallback line spacing widens the line to Math.round of Minikin's extents.
                if self.fallback_line_spacing:
                    ascent = min(fm_ascent, java_round(ascents[break_index]))
                    descent = max(fm_descent, java_round(descents[break_index]))
                    # "Adjust top/bottom with ascent/descent for avoiding unexpected clipping."
                    fm_top, fm_bottom = min(fm_top, ascent), max(fm_bottom, descent)
                else:
                    ascent, descent = fm_ascent, fm_descent
                self.given.append((line_widths[break_index], ascents[break_index],
                                   descents[break_index]))
                v = self.out(here, end_pos, ascent, descent, fm_top, fm_bottom, v, char_widths,
                             para_start, ellipsized_width, line_widths[break_index], more_chars,
                             self.line_height_spans)
                if end_pos < para_end:  # endPos < spanEnd: "preserve metrics for current span"
                    if self.line_height_spans:
                        # Java's fm is what out() and the spans left in it: this line's top and
                        # bottom (fallback-widened) and the ascent and descent the spans chose.
                        after = self.fm_after_spans
                        fm_top, fm_bottom, fm_ascent, fm_descent = (
                            after.top, after.bottom, after.ascent, after.descent)
                    else:  # fm still holds the span's cached metrics
                        fm_top, fm_bottom, fm_ascent, fm_descent = (
                            fm.top, fm.bottom, fm.ascent, fm.descent)
                else:
                    fm_top = fm_bottom = fm_ascent = fm_descent = 0
                here = end_pos
                if self.line_count >= self.max_lines and self.ellipsized:
                    return

        # An empty text, or one ending in U+000A, gets one more line: the paint's metrics.
        if ((buf_end == buf_start or self.units[buf_end - 1] == LINE_FEED)
                and self.line_count < self.max_lines):
            self.given.append((0.0, None, None))
            self.out(buf_end, buf_end, fm.ascent, fm.descent, fm.top, fm.bottom, v, [],
                     buf_start, ellipsized_width, 0.0, False, None)  # chooseHt null

    def out(self, start, end, above, below, top, bottom, v, char_widths, width_start,
            ellipsis_width, text_width, more_chars, choose_ht=None):
        j = self.line_count
        if choose_ht:
            # fm.ascent = above; fm.descent = below; fm.top = top; fm.bottom = bottom; each span's
            # chooseHeight(text, start, end, spanstartv, v, fm); then read back. Before the
            # includePad rules below.
            fm = types.SimpleNamespace(top=top, ascent=above, descent=below, bottom=bottom)
            for span in choose_ht:
                span.choose_height(start, end, fm)
            above, below, top, bottom = fm.ascent, fm.descent, fm.top, fm.bottom
            self.fm_after_spans = fm
        buf_end = len(self.units)
        row = {"start": start, "top": v, "ellipsisStart": 0, "ellipsisCount": 0}
        self.rows.append(row)
        first_line = j == 0
        current_is_last_visible = j + 1 == self.max_lines

        if self.ellipsize is not None:
            # "If there is only one line, then do any type of ellipsis except when it is MARQUEE;
            # if there are multiple lines, just allow END ellipsis on the last line."
            force_ellipsis = more_chars and self.line_count + 1 == self.max_lines
            one_line = (self.max_lines == 1 and more_chars) or (first_line and not more_chars)
            last_visible = not first_line and (current_is_last_visible or not more_chars)
            if ((one_line and self.ellipsize != "marquee")
                    or (last_visible and self.ellipsize == "end")):
                self.calculate_ellipsis(start, end, char_widths, width_start, ellipsis_width,
                                        row, text_width, force_ellipsis)

        if self.ellipsized:
            last_line = True
        else:
            last_char_is_newline = (width_start != buf_end and buf_end > 0
                                    and self.units[buf_end - 1] == LINE_FEED)
            last_line = ((end == buf_end and not last_char_is_newline)
                         or (start == buf_end and last_char_is_newline))

        if first_line:
            if self.track_pad:
                self.top_padding = top - above
            if self.include_pad:
                above = top
        if last_line:
            if self.track_pad:
                self.bottom_padding = bottom - below
            if self.include_pad:
                below = bottom

        # needMultiply && (addLastLineLineSpacing || !lastLine); StaticLayout.Builder leaves
        # addLastLineLineSpacing false (only DynamicLayout sets it).
        if self.need_multiply and not last_line:
            # double ex = (below - above) * (spacingmult - 1) + spacingadd: computed in float,
            # widened to double, then rounded half away from zero.
            ex = f32(f32((below - above) * f32(self.spacing_mult - 1)) + self.spacing_add)
            extra = int(ex + EXTRA_ROUNDING) if ex >= 0 else -int(-ex + EXTRA_ROUNDING)
        else:
            extra = 0

        row["descent"] = below + extra  # lines[off + DESCENT]
        row["extra"] = extra  # lines[off + EXTRA]

        # "Special case for non-ellipsized last visible line when maxLines is set": the height
        # as if this line were the last one, without its extra.
        if not self.ellipsized and current_is_last_visible:
            max_line_below = bottom if self.include_pad else below
            self.max_line_height = v + (max_line_below - above)

        v += (below - above) + extra
        self.end_of_last_line, self.bottom_of_last_line = end, v  # lines[off + mColumns + ...]
        self.line_count += 1
        return v

    def calculate_ellipsis(self, line_start, line_end, char_widths, width_start, avail, row,
                           text_width, force_ellipsis):
        # avail -= getTotalInsets(line): there are no indents.
        if text_width <= avail and not force_ellipsis:
            return  # "Everything fits!": ellipsis start and count stay 0
        ellipsis_width = self.paint.ellipsis_width
        length = line_end - line_start

        def char_width(i):
            return char_widths[i + line_start - width_start]

        ellipsis_start = ellipsis_count = 0
        if self.ellipsize == "start":
            if self.max_lines == 1:  # "We only support start ellipsis on a single line"
                total, i = 0.0, length
                while i > 0:
                    w = char_width(i - 1)
                    if f32(f32(w + total) + ellipsis_width) > avail:
                        while i < length and char_width(i) == 0.0:
                            i += 1
                        break
                    total = f32(total + w)
                    i -= 1
                ellipsis_start, ellipsis_count = 0, i
        elif self.ellipsize in ("end", "marquee"):
            total, i = 0.0, 0
            while i < length:
                w = char_width(i)
                if f32(f32(w + total) + ellipsis_width) > avail:
                    break
                total = f32(total + w)
                i += 1
            ellipsis_start, ellipsis_count = i, length - i
            if force_ellipsis and ellipsis_count == 0 and length > 0:
                ellipsis_start, ellipsis_count = length - 1, 1
        elif self.max_lines == 1:  # MIDDLE, likewise on a single line only
            left_sum = right_sum = 0.0
            right_avail = f32(f32(avail - ellipsis_width) / 2)
            right = length
            while right > 0:
                w = char_width(right - 1)
                if f32(w + right_sum) > right_avail:
                    while right < length and char_width(right) == 0.0:
                        right += 1
                    break
                right_sum = f32(right_sum + w)
                right -= 1
            left_avail = f32(f32(avail - ellipsis_width) - right_sum)
            left = 0
            while left < right:
                w = char_width(left)
                if f32(w + left_sum) > left_avail:
                    break
                left_sum = f32(left_sum + w)
                left += 1
            ellipsis_start, ellipsis_count = left, right - left
        self.ellipsized = True  # set even when START or MIDDLE on several lines did nothing
        row["ellipsisStart"], row["ellipsisCount"] = ellipsis_start, ellipsis_count

    # The getters.
    def line_top(self, line):
        """StaticLayout.getLineTop: the top of a line, or the bottom of the last one."""
        return self.rows[line]["top"] if line < self.line_count else self.bottom_of_last_line

    def line_start(self, line):
        """StaticLayout.getLineStart; Layout.getLineEnd(line) is getLineStart(line + 1)."""
        return self.rows[line]["start"] if line < self.line_count else self.end_of_last_line

    def height(self, cap):
        """StaticLayout.getHeight(cap) (TextView asks with cap); Layout.getHeight() is
        getLineTop(getLineCount())."""
        if cap and self.line_count > self.max_lines and self.max_line_height != -1:
            return self.max_line_height
        return self.line_top(self.line_count)

    def lines(self):
        """Each line as Layout's getters give it, and what out() was given for it."""
        result = []
        for line, (row, given) in enumerate(zip(self.rows, self.given)):
            top, bottom = self.line_top(line), self.line_top(line + 1)
            baseline = bottom - row["descent"]  # getLineBaseline: getLineTop(line+1) - descent
            result.append({
                "start": row["start"], "end": self.line_start(line + 1),
                "top": top, "bottom": bottom, "baseline": baseline,
                "ascent": top - baseline,  # getLineAscent
                "descent": row["descent"],  # getLineDescent: below plus the line's extra
                "extra": row["extra"],  # getLineExtra; getLineBottom(line, false) is bottom - extra
                "ellipsisStart": row["ellipsisStart"], "ellipsisCount": row["ellipsisCount"],
                "lineWidth": given[0], "minikinAscent": given[1], "minikinDescent": given[2],
            })
        return result
