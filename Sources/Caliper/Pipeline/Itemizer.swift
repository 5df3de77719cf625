// Itemizer.swift — splits a paragraph into runs of one font, one script and one bidi level.

/// A run of text that is shaped as one unit: one style, one font, one script, one bidi level.
struct ItemRun: Sendable, Equatable {
    /// Absolute UTF-16 range in the text.
    var range: Range<Int>
    /// The index of its style stretch in the paragraph (see ``StyleRuns``).
    var style: Int
    var face: FontFace
    /// ICU's UScriptCode, Common and Inherited resolved to the surrounding script.
    var script: Int32
    /// UAX #9 embedding level: odd is right-to-left.
    var bidiLevel: UInt8

    var isRightToLeft: Bool { bidiLevel % 2 == 1 }
    var scriptCode: String { UnicodeProperties.scriptCode(script) }

    static func == (lhs: ItemRun, rhs: ItemRun) -> Bool {
        lhs.range == rhs.range && lhs.style == rhs.style && lhs.face === rhs.face && lhs.script == rhs.script
            && lhs.bidiLevel == rhs.bidiLevel
    }
}

/// A paragraph's runs, its resolved direction, and how many clusters no font covered.
struct Itemization: Sendable {
    var runs: [ItemRun]
    var paragraphLevel: UInt8
    var missingGlyphs: Int
}

enum Itemizer {
    /// Itemizes `text[range]` (one paragraph): style stretches from `styles` (each grapheme
    /// cluster in the style of its first code unit), bidi levels from ICU (UAX #9), scripts from
    /// the Unicode Script property with Common and Inherited taking the script around them, and a
    /// font per grapheme cluster from its style's cascade. `graphemeBoundaries` are absolute.
    static func itemize(
        _ text: [UInt16], range: Range<Int>, graphemeBoundaries: [Int], styles: StyleRuns, baseDirection: BaseDirection
    ) throws(CaliperError) -> Itemization {
        guard !range.isEmpty else {
            return Itemization(runs: [], paragraphLevel: baseDirection == .rightToLeft ? 1 : 0, missingGlyphs: 0)
        }
        if baseDirection != .rightToLeft, let runs = plainLatinRuns(text, range: range, styles: styles) {
            return Itemization(runs: runs, paragraphLevel: 0, missingGlyphs: 0)
        }
        return try itemizeCluster(byCluster: text, range: range, graphemeBoundaries: graphemeBoundaries, styles: styles, baseDirection: baseDirection)
    }

    /// The runs of a paragraph of plain Latin (``FontCascade/isPlainLatin(_:)``: Basic Latin to
    /// Latin Extended-B, no controls or soft hyphen) and general punctuation (U+2010–U+2027 and
    /// U+2030–U+205E: dashes, quotation marks, bullets, the ellipsis, primes, guillemets) that
    /// each stretch's primary font covers, with no inline box, not forced right-to-left: `nil`
    /// for any other. What the cluster-by-cluster itemizer would find is known in advance: every
    /// character is a cluster of its own (Grapheme_Cluster_Break Other or Control), none is
    /// default-ignorable, has emoji presentation or is whitespace past ASCII's, so each is in its
    /// stretch's primary font; none is right-to-left, an explicit embedding or an isolate, so all
    /// are at level 0 in a paragraph at level 0; and the only real script is Latin, which every
    /// Common character then takes (all stay Common if there is no letter). So there is one run
    /// per stretch. `ItemizerShortcutTests` compares it with the general itemizer.
    static func plainLatinRuns(_ text: [UInt16], range: Range<Int>, styles: StyleRuns) -> [ItemRun]? {
        guard !styles.hasBoxes else { return nil }
        var script = UnicodeProperties.common
        var start = range.lowerBound
        var runs: [ItemRun] = []
        runs.reserveCapacity(styles.ends.count)
        for (index, end) in styles.ends.enumerated() {
            let stretchEnd = min(range.lowerBound + end, range.upperBound)
            guard start < stretchEnd else { continue }
            let primary = styles.cascades[index].primary
            let coverage = primary.latinCoverage
            for offset in start..<stretchEnd {
                let value = UInt32(text[offset])
                if FontCascade.isPlainLatin(value) {
                    guard coverage.contains(value) else { return nil }
                } else {
                    guard (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value),
                        let scalar = Unicode.Scalar(value), primary.hasGlyph(for: scalar)
                    else { return nil }
                }
                // Scripts are asked until the first real one, and then beyond ASCII (whose only
                // real script is Latin): a second, different one (none is known in this range)
                // would make runs of its own.
                if script == UnicodeProperties.common || value >= 0x80 {
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    let candidate = UnicodeProperties.script(of: scalar)
                    if !isWeak(candidate) {
                        guard script == UnicodeProperties.common || script == candidate else { return nil }
                        script = candidate
                    }
                }
            }
            runs.append(ItemRun(range: start..<stretchEnd, style: index, face: styles.cascades[index].primary, script: 0, bidiLevel: 0))
            start = stretchEnd
        }
        guard start == range.upperBound else { return nil }
        for index in runs.indices { runs[index].script = script }
        return runs
    }

    /// ``itemize(_:range:graphemeBoundaries:styles:baseDirection:)`` cluster by cluster, without
    /// its shortcut for plain Latin (``plainLatinRuns(_:range:styles:)``).
    ///
    /// Each cluster's attributes are worked out once into a small record (its range is its place
    /// among `graphemeBoundaries`), its scalars decoded into one buffer reused for the paragraph,
    /// the scripts resolved in place and the spaces' fonts settled in one forward pass, then
    /// equal neighbours are joined into runs. `ItemizerReferenceTests` compares it with the
    /// cluster-by-cluster itemizer it replaced.
    static func itemizeCluster(
        byCluster text: [UInt16], range: Range<Int>, graphemeBoundaries: [Int], styles: StyleRuns, baseDirection: BaseDirection
    ) throws(CaliperError) -> Itemization {
        guard !range.isEmpty else {
            return Itemization(runs: [], paragraphLevel: baseDirection == .rightToLeft ? 1 : 0, missingGlyphs: 0)
        }
        let levels: [UInt8]
        let paragraphLevel: UInt8
        do {
            // A paragraph is most often the whole text: no copy of it then.
            (levels, paragraphLevel) = try Bidi.levels(
                of: range == text.indices ? text : Array(text[range]), baseDirection: baseDirection)
        } catch {
            throw .textBoundaries(error)
        }

        // Attributes are chosen per grapheme cluster, so no run ever splits a cluster: the font
        // from the cascade, the script of the cluster's first character that has a real one, and
        // the bidi level of its first code unit.
        let clusterCount = graphemeBoundaries.count - 1
        var clusters: [ClusterAttributes] = []
        clusters.reserveCapacity(clusterCount)
        var faces: [FontFace] = []
        faces.reserveCapacity(4)
        var lastFaceIndex = 0
        // A cluster's font as its place in `faces`: most clusters are in the font of the one
        // before, so that is tried first.
        func place(of face: FontFace) -> Int {
            if lastFaceIndex < faces.count, faces[lastFaceIndex] === face { return lastFaceIndex }
            lastFaceIndex = faces.firstIndex { $0 === face } ?? {
                faces.append(face)
                return faces.count - 1
            }()
            return lastFaceIndex
        }
        var missingGlyphs = 0
        var spaceClusters: [Int] = []  // the clusters made only of whitespace, in order
        spaceClusters.reserveCapacity(clusterCount / 3 + 1)  // about one cluster in five, in most text
        var clusterScalars: [Unicode.Scalar] = []  // reused: one allocation for the paragraph, not one per cluster
        clusterScalars.reserveCapacity(8)
        var style = 0
        var cascade = styles.cascades[0]  // read once per style, not per cluster
        // The place of a cluster's font, which `search` finds, counting the cluster as missing
        // glyphs when no font has them.
        func placeFont(isTab: @autoclosure () -> Bool, _ search: () -> (face: FontFace, isMissing: Bool)) -> Int {
            // An inline box's U+FFFC is in its style's font and is never missing.
            guard styles.box(style) == nil else { return place(of: cascade.primary) }
            let (face, isMissing) = search()
            // A tab advances to a tab stop and draws nothing: no font needs a glyph for it.
            if isMissing, !isTab() { missingGlyphs += 1 }
            return place(of: face)
        }
        // The primary font's place in `faces` and its Latin coverage, also once per style: the
        // commonest cluster takes them without a reference to the font counted.
        var primaryIndex = place(of: cascade.primary)
        var primaryCoverage = cascade.primary.latinCoverage
        let styleEnds = styles.ends
        var styleEnd = styleEnds.count > 1 ? styleEnds[0] : Int.max
        for index in 0..<clusterCount {
            let start = graphemeBoundaries[index]
            let end = graphemeBoundaries[index + 1]
            // HarfBuzz's time grows with the square of a cluster's length (a letter with 100,000
            // combining marks takes over 20 s), so clusters longer than any real text has are
            // refused here, before anything is shaped.
            guard end - start <= TextMeasurer.maximumGraphemeClusterLength else {
                throw .graphemeClusterTooLong(utf16Length: end - start, limit: TextMeasurer.maximumGraphemeClusterLength)
            }
            if styleEnd <= start - range.lowerBound {
                while style + 1 < styleEnds.count, styleEnds[style] <= start - range.lowerBound { style += 1 }
                styleEnd = style + 1 < styleEnds.count ? styleEnds[style] : Int.max
                cascade = styles.cascades[style]
                primaryIndex = place(of: cascade.primary)
                primaryCoverage = cascade.primary.latinCoverage
            }
            let faceIndex: Int
            var script = UnicodeProperties.common
            let first: Unicode.Scalar
            if end - start == 1, let scalar = Unicode.Scalar(text[start]) {
                // A cluster of one code unit (a letter of most scripts, a CJK ideograph), decided
                // as the general branch below decides it, without gathering its scalars into an
                // array. The commonest, one plain Latin character the primary font has, takes
                // the primary font's place at once (no inline box's U+FFFC is plain Latin).
                if FontCascade.isPlainLatin(scalar.value), primaryCoverage.contains(scalar.value) {
                    faceIndex = primaryIndex
                } else {
                    faceIndex = placeFont(isTab: scalar == "\t") { cascade.face(forCharacter: scalar) }
                }
                if isWhitespace(scalar) { spaceClusters.append(index) }
                let candidate = UnicodeProperties.script(of: scalar)
                if !isWeak(candidate) { script = candidate }
                first = scalar
            } else {
                decode(text[start..<end], into: &clusterScalars)
                faceIndex = placeFont(isTab: clusterScalars == ["\t"]) { cascade.face(forCluster: clusterScalars) }
                if clusterScalars.allSatisfy(isWhitespace) { spaceClusters.append(index) }
                for scalar in clusterScalars {
                    let candidate = UnicodeProperties.script(of: scalar)
                    if !isWeak(candidate) {
                        script = candidate
                        break
                    }
                }
                first = clusterScalars.first ?? " "
            }
            clusters.append(
                ClusterAttributes(
                    style: Int32(truncatingIfNeeded: style), faceIndex: Int32(truncatingIfNeeded: faceIndex), script: script,
                    first: first, level: levels[start - range.lowerBound]))
        }
        resolveScripts(&clusters)

        // A space takes the font of the text around it in the same style and at the same bidi
        // level when that font has it, so "世界 " or an Arabic phrase stays in one font instead of
        // switching at every space: the font before it, else the font after it. Spaces are text,
        // so an emoji font's space is not used. Whitespace is all in the BMP, so a space
        // cluster's code units are its characters.
        func suits(_ face: FontFace, _ cluster: Int) -> Bool {
            guard !face.isColorFont else { return false }
            for unit in text[graphemeBoundaries[cluster]..<graphemeBoundaries[cluster + 1]] {
                guard let scalar = Unicode.Scalar(unit), face.hasGlyph(for: scalar) else { return false }
            }
            return true
        }
        // The first cluster after a stretch of consecutive spaces, found once per stretch (a
        // search per space was quadratic in a run of spaces no font had).
        var nextText = 0
        for (position, index) in spaceClusters.enumerated() {
            if index >= nextText {
                var last = position
                while last + 1 < spaceClusters.count, spaceClusters[last + 1] == spaceClusters[last] + 1 { last += 1 }
                nextText = spaceClusters[last] + 1
            }
            let isNeighbour = { (other: Int) in
                clusters[other].level == clusters[index].level && clusters[other].style == clusters[index].style
            }
            if index > 0, isNeighbour(index - 1), suits(faces[Int(clusters[index - 1].faceIndex)], index) {
                clusters[index].faceIndex = clusters[index - 1].faceIndex
            } else if nextText < clusterCount, isNeighbour(nextText), suits(faces[Int(clusters[nextText].faceIndex)], index) {
                clusters[index].faceIndex = clusters[nextText].faceIndex
            }
        }

        var runs: [ItemRun] = []
        runs.reserveCapacity(min(clusterCount, 16))  // grown from one, mixed text's array was made five times over
        var runStart = 0
        for index in 1...clusterCount {
            let first = clusters[runStart]
            let ends = index == clusterCount || clusters[index].faceIndex != first.faceIndex
                || clusters[index].script != first.script || clusters[index].level != first.level
                || clusters[index].style != first.style
            guard ends else { continue }
            runs.append(
                ItemRun(
                    range: graphemeBoundaries[runStart]..<graphemeBoundaries[index], style: Int(first.style),
                    face: faces[Int(first.faceIndex)], script: first.script, bidiLevel: first.level))
            runStart = index
        }
        return Itemization(runs: runs, paragraphLevel: paragraphLevel, missingGlyphs: missingGlyphs)
    }

    /// What the itemizer decides for one grapheme cluster (20 bytes; its range is its place
    /// among the paragraph's grapheme boundaries).
    struct ClusterAttributes {
        var style: Int32
        var faceIndex: Int32
        var script: Int32
        /// Its first character: a bracket pairs by it.
        var first: Unicode.Scalar
        var level: UInt8
    }

    /// Decodes one cluster's code units into `scalars` (emptied first); a lone surrogate reads
    /// as U+FFFD. No grapheme boundary splits a surrogate pair, so a cluster decodes as the
    /// same characters of the whole text do.
    private static func decode(_ units: ArraySlice<UInt16>, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: break loop
            }
        }
    }

    /// `Unicode.Scalar.Properties.isWhitespace` (the White_Space property), answered from its
    /// list in Unicode's PropList.txt, unchanged since Unicode 6.3: the property look-up is slow
    /// for every character of text in other scripts. `ItemizerShortcutTests` compares
    /// it with the property over every scalar.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        if value < 0x1680 { return value == 0x85 || value == 0xA0 }
        return value == 0x1680 || (0x2000...0x200A).contains(value) || value == 0x2028 || value == 0x2029 || value == 0x202F
            || value == 0x205F || value == 0x3000
    }

    private static func isWeak(_ script: Int32) -> Bool {
        script == UnicodeProperties.common || script == UnicodeProperties.inherited
    }

    /// How many unclosed brackets script resolution remembers.
    static let maximumOpenBrackets = 128

    /// Scripts with Common (and Inherited) taking the nearest preceding real script, or at the
    /// start the following one, as UAX #24 suggests for runs of punctuation, digits and spaces; a
    /// closing bracket takes the script of the opening bracket it pairs with, so "[عالم]" after
    /// Latin text closes in Latin (as ICU's and Pango's script runs do), among the last
    /// ``maximumOpenBrackets`` unclosed ones.
    static func resolvedScripts(_ scripts: [Int32], firstScalars: [Unicode.Scalar]) -> [Int32] {
        var clusters = zip(scripts, firstScalars).map { script, first in
            ClusterAttributes(style: 0, faceIndex: 0, script: script, first: first, level: 0)
        }
        resolveScripts(&clusters)
        return clusters.map(\.script)
    }

    /// ``resolvedScripts(_:firstScalars:)`` over the clusters' own scripts, in place.
    static func resolveScripts(_ clusters: inout [ClusterAttributes]) {
        var previous: Int32?
        var openBrackets: [(closer: UInt32, index: Int)] = []
        for index in clusters.indices {
            let script = clusters[index].script
            guard isWeak(script) else {
                previous = script
                continue
            }
            let scalar = clusters[index].first
            let bracketType = UnicodeProperties.bracketType(of: scalar)
            if bracketType == 2, let match = openBrackets.lastIndex(where: { $0.closer == scalar.value }) {
                let opener = openBrackets[match].index
                openBrackets.removeSubrange(match...)
                // The opener's script is known once text followed it; otherwise the preceding one.
                if let openerScript = isWeak(clusters[opener].script) ? previous : clusters[opener].script {
                    clusters[index].script = openerScript
                    previous = openerScript
                }
                continue
            }
            if bracketType == 1 {
                // A bounded stack, as ICU's script runs and Firefox's itemizer keep (32
                // deep there): past it the oldest opener is forgotten, so a closer's search
                // stays short however many brackets a text opens.
                if openBrackets.count == maximumOpenBrackets { openBrackets.removeFirst() }
                openBrackets.append((UnicodeProperties.pairedBracket(of: scalar), index))
            }
            if let previous { clusters[index].script = previous }
        }
        // Leading weak clusters take the first real script.
        if let firstReal = clusters.first(where: { !isWeak($0.script) })?.script {
            for index in clusters.indices {
                guard isWeak(clusters[index].script) else { break }
                clusters[index].script = firstReal
            }
        }
    }
}

