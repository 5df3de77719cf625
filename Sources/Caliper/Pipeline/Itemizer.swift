// Itemizer.swift — splits a paragraph into runs of one font, one script and one bidi level.

/// A run of text that is shaped as one unit: one font, one script, one bidi level.
struct ItemRun: Sendable, Equatable {
    /// Absolute UTF-16 range in the text.
    var range: Range<Int>
    var face: FontFace
    /// ICU's UScriptCode, Common and Inherited resolved to the surrounding script.
    var script: Int32
    /// UAX #9 embedding level: odd is right-to-left.
    var bidiLevel: UInt8

    var isRightToLeft: Bool { bidiLevel % 2 == 1 }
    var scriptCode: String { UnicodeProperties.scriptCode(script) }

    static func == (lhs: ItemRun, rhs: ItemRun) -> Bool {
        lhs.range == rhs.range && lhs.face === rhs.face && lhs.script == rhs.script && lhs.bidiLevel == rhs.bidiLevel
    }
}

/// A paragraph's runs, its resolved direction, and how many clusters no font covered.
struct Itemization: Sendable {
    var runs: [ItemRun]
    var paragraphLevel: UInt8
    var missingGlyphs: Int
}

enum Itemizer {
    /// Itemizes `text[range]` (one paragraph): bidi levels from ICU (UAX #9), scripts from the
    /// Unicode Script property with Common and Inherited taking the script around them, and a
    /// font per grapheme cluster from `cascade`. `graphemeBoundaries` are absolute.
    static func itemize(
        _ text: [UInt16], range: Range<Int>, graphemeBoundaries: [Int], cascade: FontCascade, baseDirection: BaseDirection
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
            var faceIndex: Int
            var script: Int32
            var level: UInt8
        }
        var faces: [FontFace] = []
        var clusters: [Cluster] = []
        var missingGlyphs = 0
        var scalarIndex = 0
        for (start, end) in zip(graphemeBoundaries, graphemeBoundaries.dropFirst()) {
            var clusterScalars: [Unicode.Scalar] = []
            while scalarIndex < scalars.count, scalars[scalarIndex].offset < end - range.lowerBound {
                clusterScalars.append(scalars[scalarIndex].scalar)
                scalarIndex += 1
            }
            let (face, isMissing) = cascade.face(forCluster: clusterScalars)
            if isMissing { missingGlyphs += 1 }
            let faceIndex = faces.firstIndex { $0 === face } ?? {
                faces.append(face)
                return faces.count - 1
            }()
            let scripts = clusterScalars.map(UnicodeProperties.script(of:))
            let script = scripts.first { !isWeak($0) } ?? UnicodeProperties.common
            clusters.append(Cluster(range: start..<end, faceIndex: faceIndex, script: script, level: levels[start - range.lowerBound]))
        }
        for (index, script) in resolvedScripts(clusters.map(\.script)).enumerated() { clusters[index].script = script }

        var runs: [ItemRun] = []
        var runStart = 0
        for index in 1...clusters.count {
            let first = clusters[runStart]
            let ends = index == clusters.count || clusters[index].faceIndex != first.faceIndex
                || clusters[index].script != first.script || clusters[index].level != first.level
            guard ends else { continue }
            runs.append(
                ItemRun(
                    range: first.range.lowerBound..<clusters[index - 1].range.upperBound, face: faces[first.faceIndex],
                    script: first.script, bidiLevel: first.level))
            runStart = index
        }
        return Itemization(runs: runs, paragraphLevel: paragraphLevel, missingGlyphs: missingGlyphs)
    }

    private static func isWeak(_ script: Int32) -> Bool {
        script == UnicodeProperties.common || script == UnicodeProperties.inherited
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

    /// Scripts with Common (and Inherited) taking the nearest preceding real script, or at the
    /// start the following one, as UAX #24 suggests for runs of punctuation, digits and spaces.
    static func resolvedScripts(_ scripts: [Int32]) -> [Int32] {
        var resolved = scripts
        var previous: Int32?
        for index in resolved.indices {
            if isWeak(resolved[index]) {
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
}
