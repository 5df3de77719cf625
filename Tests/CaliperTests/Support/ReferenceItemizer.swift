// ReferenceItemizer.swift — the general itemizer as it stood before it was made fast, kept as the
// reference the fast one is compared with (ItemizerReferenceTests), never called by the library.
@testable import Caliper

enum ReferenceItemizer {
    /// The itemizer as it was written before it was made fast (commit 1feea4d), cluster by
    /// cluster: every cluster's attributes kept in an array, its scalars decoded into an array of
    /// their own, the scripts resolved over a copy, the spaces' fonts in a second pass.
    static func itemize(
        _ text: [UInt16], range: Range<Int>, graphemeBoundaries: [Int], styles: StyleRuns, baseDirection: BaseDirection
    ) throws(CaliperError) -> Itemization {
        guard !range.isEmpty else {
            return Itemization(runs: [], paragraphLevel: baseDirection == .rightToLeft ? 1 : 0, missingGlyphs: 0)
        }
        let content = Array(text[range])
        let levels: [UInt8]
        let paragraphLevel: UInt8
        do {
            (levels, paragraphLevel) = try Bidi.levels(of: content, baseDirection: baseDirection)
        } catch {
            throw .textBoundaries(error)
        }
        let scalars = decodeScalars(content)

        // Attributes are chosen per grapheme cluster, so no run ever splits a cluster: the font
        // from the cascade, the script of the cluster's first character that has a real one, and
        // the bidi level of its first code unit.
        struct Cluster {
            var range: Range<Int>  // absolute
            var style: Int32  // 32 bits each keep a cluster in 32 bytes
            var faceIndex: Int32
            var script: Int32
            var level: UInt8
        }
        var faces: [FontFace] = []
        var lastFaceIndex = 0
        var clusters: [Cluster] = []
        clusters.reserveCapacity(graphemeBoundaries.count)
        var missingGlyphs = 0
        var scalarIndex = 0
        // The clusters made only of whitespace, in order, with where their characters are in `scalars`.
        var spaceClusters: [(index: Int, scalars: Range<Int>)] = []
        var firstScalars: [Unicode.Scalar] = []
        firstScalars.reserveCapacity(graphemeBoundaries.count)
        var clusterScalars: [Unicode.Scalar] = []  // reused: one allocation for the paragraph, not one per cluster
        var style = 0
        var cascade = styles.cascades[0]  // copied once per style, not per cluster (it holds arrays)
        let styleEnds = styles.ends
        var styleEnd = styleEnds.count > 1 ? styleEnds[0] : Int.max
        for (start, end) in zip(graphemeBoundaries, graphemeBoundaries.dropFirst()) {
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
            }
            let firstScalarIndex = scalarIndex
            let face: FontFace
            var script = UnicodeProperties.common
            let first: Unicode.Scalar
            if end - start == 1, scalarIndex < scalars.count, case let scalar = scalars[scalarIndex].scalar,
                FontCascade.isPlainLatin(scalar.value),
                cascade.primary.latinCoverage.contains(scalar.value)
            {
                // The commonest cluster, one plain Latin character the primary font has, decided
                // as the general branch below decides it, without gathering its scalars (no
                // inline box's U+FFFC is plain Latin).
                scalarIndex += 1
                face = cascade.primary
                if Itemizer.isWhitespace(scalar) { spaceClusters.append((clusters.count, firstScalarIndex..<scalarIndex)) }
                let candidate = UnicodeProperties.script(of: scalar)
                if !isWeak(candidate) { script = candidate }
                first = scalar
            } else {
                clusterScalars.removeAll(keepingCapacity: true)
                while scalarIndex < scalars.count, scalars[scalarIndex].offset < end - range.lowerBound {
                    clusterScalars.append(scalars[scalarIndex].scalar)
                    scalarIndex += 1
                }
                // An inline box's U+FFFC is in its style's font and is never missing.
                let isMissing: Bool
                (face, isMissing) = styles.box(style) != nil
                    ? (cascade.primary, false) : cascade.searchedFace(forCluster: clusterScalars)
                // A tab advances to a tab stop and draws nothing: no font needs a glyph for it.
                if isMissing, clusterScalars != ["\t"] { missingGlyphs += 1 }
                if clusterScalars.allSatisfy(Itemizer.isWhitespace) { spaceClusters.append((clusters.count, firstScalarIndex..<scalarIndex)) }
                for scalar in clusterScalars {
                    let candidate = UnicodeProperties.script(of: scalar)
                    if !isWeak(candidate) {
                        script = candidate
                        break
                    }
                }
                first = clusterScalars.first ?? " "
            }
            // Most clusters are in the font of the one before.
            let faceIndex: Int
            if lastFaceIndex < faces.count, faces[lastFaceIndex] === face {
                faceIndex = lastFaceIndex
            } else {
                faceIndex = faces.firstIndex { $0 === face } ?? {
                    faces.append(face)
                    return faces.count - 1
                }()
                lastFaceIndex = faceIndex
            }
            clusters.append(
                Cluster(
                    range: start..<end, style: Int32(truncatingIfNeeded: style), faceIndex: Int32(truncatingIfNeeded: faceIndex),
                    script: script, level: levels[start - range.lowerBound]))
            firstScalars.append(first)
        }
        for (index, script) in referenceResolvedScripts(clusters.map(\.script), firstScalars: firstScalars).enumerated() {
            clusters[index].script = script
        }

        // A space takes the font of the text around it in the same style and at the same bidi
        // level when that font has it, so "世界 " or an Arabic phrase stays in one font instead of
        // switching at every space: the font before it, else the font after it. Spaces are text,
        // so an emoji font's space is not used.
        // The first cluster after each space that is not a space, found for all of them in one
        // backward pass (a search per space was quadratic in a run of spaces no font had).
        var nextText = [Int?](repeating: nil, count: spaceClusters.count)
        var following: Int?
        var cluster = clusters.count
        for position in spaceClusters.indices.reversed() {
            let index = spaceClusters[position].index
            if index + 1 < cluster { following = index + 1 }  // the cluster after it is text
            nextText[position] = following
            cluster = index
        }
        for (position, (index, scalarRange)) in spaceClusters.enumerated() {
            let suits = { (face: FontFace) in
                !face.isColorFont && scalars[scalarRange].allSatisfy { face.hasGlyph(for: $0.scalar) }
            }
            let isNeighbour = { (other: Int) in
                clusters[other].level == clusters[index].level && clusters[other].style == clusters[index].style
            }
            if index > 0, isNeighbour(index - 1), suits(faces[Int(clusters[index - 1].faceIndex)]) {
                clusters[index].faceIndex = clusters[index - 1].faceIndex
            } else if let next = nextText[position], isNeighbour(next), suits(faces[Int(clusters[next].faceIndex)]) {
                clusters[index].faceIndex = clusters[next].faceIndex
            }
        }

        var runs: [ItemRun] = []
        var runStart = 0
        for index in 1...clusters.count {
            let first = clusters[runStart]
            let ends = index == clusters.count || clusters[index].faceIndex != first.faceIndex
                || clusters[index].script != first.script || clusters[index].level != first.level
                || clusters[index].style != first.style
            guard ends else { continue }
            runs.append(
                ItemRun(
                    range: first.range.lowerBound..<clusters[index - 1].range.upperBound, style: Int(first.style),
                    face: faces[Int(first.faceIndex)], script: first.script, bidiLevel: first.level))
            runStart = index
        }
        return Itemization(runs: runs, paragraphLevel: paragraphLevel, missingGlyphs: missingGlyphs)
    }

    /// The script resolution of ``itemize(_:range:graphemeBoundaries:styles:baseDirection:)``: scripts with Common (and Inherited) taking the nearest preceding real script, or at the
    /// start the following one, as UAX #24 suggests for runs of punctuation, digits and spaces; a
    /// closing bracket takes the script of the opening bracket it pairs with, so "[عالم]" after
    /// Latin text closes in Latin (as ICU's and Pango's script runs do), among the last
    /// ``Itemizer.maximumOpenBrackets`` unclosed ones.
    static func referenceResolvedScripts(_ scripts: [Int32], firstScalars: [Unicode.Scalar]) -> [Int32] {
        var resolved = scripts
        var previous: Int32?
        var openBrackets: [(closer: UInt32, index: Int)] = []
        for index in resolved.indices {
            let scalar = firstScalars[index]
            if isWeak(resolved[index]) {
                if UnicodeProperties.bracketType(of: scalar) == 2,
                    let match = openBrackets.lastIndex(where: { $0.closer == scalar.value })
                {
                    let opener = openBrackets[match].index
                    openBrackets.removeSubrange(match...)
                    // The opener's script is known once text followed it; otherwise the preceding one.
                    if let openerScript = isWeak(resolved[opener]) ? previous : resolved[opener] {
                        resolved[index] = openerScript
                        previous = openerScript
                    }
                    continue
                }
                if UnicodeProperties.bracketType(of: scalar) == 1 {
                    // A bounded stack, as ICU's script runs and Firefox's itemizer keep (32
                    // deep there): past it the oldest opener is forgotten, so a closer's search
                    // stays short however many brackets a text opens.
                    if openBrackets.count == Itemizer.maximumOpenBrackets { openBrackets.removeFirst() }
                    openBrackets.append((UnicodeProperties.pairedBracket(of: scalar), index))
                }
                if let previous { resolved[index] = previous }
            } else {
                previous = resolved[index]
            }
        }
        // Leading weak clusters take the first real script.
        if let firstReal = resolved.first(where: { !isWeak($0) }) {
            for index in resolved.indices {
                guard isWeak(resolved[index]) else { break }
                resolved[index] = firstReal
            }
        }
        return resolved
    }

    /// The scalars of UTF-16 text with their offsets; a lone surrogate reads as U+FFFD.
    static func decodeScalars(_ units: [UInt16]) -> [(offset: Int, scalar: Unicode.Scalar)] {
        var result: [(offset: Int, scalar: Unicode.Scalar)] = []
        result.reserveCapacity(units.count)
        var offset = 0
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                result.append((offset, scalar))
                offset += scalar.utf16.count
            case .error:
                result.append((offset, "\u{FFFD}"))
                offset += 1
            case .emptyInput:
                break loop
            }
        }
        return result
    }

    private static func isWeak(_ script: Int32) -> Bool {
        script == UnicodeProperties.common || script == UnicodeProperties.inherited
    }
}
