// MarkupScripts.swift — `<sup>` and `<sub>` resolved to a size and a baseline offset as Pango 1.50 lays them out: each by the text just before it, nested ones compounding.

/// One `<sup>` or `<sub>` of markup.
struct MarkupScript: Hashable, Sendable {
    /// `true` for `<sup>`, `false` for `<sub>`.
    var isSuperscript: Bool
    /// Where its text starts, in UTF-16 code units of the parsed text; it tells apart two
    /// neighbouring tags (`<sup>x</sup><sup>y</sup>` is two of them, set differently).
    var utf16Start: Int
}

/// The scale and baseline shift of each `<sup>`/`<sub>` over consecutive markup runs, as Pango
/// 1.50 computes them (`apply_font_scale` in `itemize.c`, `collect_baseline_shift` in
/// `pango-layout.c`). Where a tag's text starts, it takes the `OS/2` superscript/subscript y size
/// and y offset of the font of the text just before it: the size as a fraction of the em, the
/// offset in ems of that text's size. Every tag over a run multiplies its size and adds to its
/// baseline offset, so levels compound: after 12 pt Noto Sans (y size 0.6 em, offsets 0.35 em up
/// and 0.075 em down), `a<sup><sub>x</sub></sup>` sets "x" at 12 × 0.6 × 0.6 = 4.32 pt raised
/// 12 × (0.35 − 0.075) = 3.3 pt, and in `a<sup>x</sup><sup>y</sup>` "y" follows the 7.2 pt "x",
/// so it is raised 0.35 × 7.2 = 2.52 pt. With no text before (the start of the text or of a
/// paragraph: after LF, CR or U+2029), a tag scales by 1/1.2 and shifts by 5000/1024 pt whatever
/// the size; at the start of a line after U+2028 it scales by the text before and shifts by
/// 5000/1024 pt; a font without the metric also gives 1/1.2 or 5000/1024 pt.
///
/// Feed the runs in order: ``resolve(_:in:)`` for a run's tags, then ``follow(font:size:)`` with
/// the font and size the run was given, as the text before the next.
struct MarkupScriptLayout {
    /// The scale of a tag with no font before it, or whose font has no `OS/2` y size.
    static let scaleWithoutMetrics = 1 / 1.2
    /// The shift in points of a tag with no text before it on its line, or whose font before has
    /// no `OS/2` y offset: Pango's 5000 units of 1/1024 pt.
    static let shiftWithoutMetrics = 5000.0 / 1024

    private struct OpenScript {
        var script: MarkupScript
        var scale: Double
        var shiftInPoints: Double
    }

    /// The tags of the last run resolved, outermost first, with what each resolved to.
    private var open: [OpenScript] = []
    /// The font and size of the last run resolved: the text before the next tag.
    private var before: (font: FontFace, size: Double)?

    /// The factor a run's size is multiplied by and the points its baseline is raised (negative:
    /// lowered) for the tags over it, outermost first; `text` is the parsed text's UTF-16 code units.
    mutating func resolve(_ scripts: [MarkupScript], in text: [UInt16]) -> (scale: Double, shiftInPoints: Double) {
        var kept = 0
        while kept < min(open.count, scripts.count), open[kept].script == scripts[kept] { kept += 1 }
        open.removeSubrange(kept...)
        for script in scripts[kept...] {
            let previous = script.utf16Start > 0 && script.utf16Start <= text.count ? text[script.utf16Start - 1] : nil
            let startsParagraph = previous.map { [0x0A, 0x0D, 0x2029].contains($0) } ?? true
            let startsLine = startsParagraph || previous == 0x2028
            let fontBefore = startsParagraph ? nil : before
            let metrics = fontBefore?.font.scriptMetrics(superscript: script.isSuperscript)
            let scale = metrics?.sizeInEms ?? Self.scaleWithoutMetrics
            var shift = Self.shiftWithoutMetrics
            if !startsLine, let fontBefore, let offset = metrics?.offsetInEms { shift = offset * fontBefore.size }
            open.append(OpenScript(script: script, scale: scale, shiftInPoints: script.isSuperscript ? shift : -shift))
        }
        return (open.reduce(1) { $0 * $1.scale }, open.reduce(0) { $0 + $1.shiftInPoints })
    }

    /// Records the font and size a run was set in, as the text before the next run's new tags.
    mutating func follow(font: FontFace, size: Double) {
        before = (font, size)
    }
}
