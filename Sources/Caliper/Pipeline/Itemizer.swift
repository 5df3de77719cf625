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
        let scripts = resolvedScripts(scalars.map(\.scalar))

        // Per code unit: the index of its font in `faces`, its script and its level.
        var faces: [FontFace] = []
        var faceOfUnit = [Int](repeating: 0, count: content.count)
        var scriptOfUnit = [Int32](repeating: 0, count: content.count)
        for (index, entry) in scalars.enumerated() {
            for unit in entry.offset..<(index + 1 < scalars.count ? scalars[index + 1].offset : content.count) {
                scriptOfUnit[unit] = scripts[index]
            }
        }
        var missingGlyphs = 0
        var scalarIndex = 0
        for (start, end) in zip(graphemeBoundaries, graphemeBoundaries.dropFirst()) {
            let clusterStart = start - range.lowerBound
            let clusterEnd = end - range.lowerBound
            var clusterScalars: [Unicode.Scalar] = []
            while scalarIndex < scalars.count, scalars[scalarIndex].offset < clusterEnd {
                clusterScalars.append(scalars[scalarIndex].scalar)
                scalarIndex += 1
            }
            let (face, isMissing) = cascade.face(forCluster: clusterScalars)
            if isMissing { missingGlyphs += 1 }
            let faceIndex = faces.firstIndex { $0 === face } ?? {
                faces.append(face)
                return faces.count - 1
            }()
            for unit in clusterStart..<clusterEnd { faceOfUnit[unit] = faceIndex }
        }

        var runs: [ItemRun] = []
        var runStart = 0
        for unit in 1...content.count {
            let ends = unit == content.count
                || faceOfUnit[unit] != faceOfUnit[runStart] || scriptOfUnit[unit] != scriptOfUnit[runStart]
                || levels[unit] != levels[runStart]
            guard ends else { continue }
            runs.append(
                ItemRun(
                    range: (range.lowerBound + runStart)..<(range.lowerBound + unit), face: faces[faceOfUnit[runStart]],
                    script: scriptOfUnit[runStart], bidiLevel: levels[runStart]))
            runStart = unit
        }
        return Itemization(runs: runs, paragraphLevel: paragraphLevel, missingGlyphs: missingGlyphs)
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

    /// Scripts with Inherited taking the previous character's script and Common the nearest
    /// preceding real script (or, at the start, the following one), as UAX #24 suggests.
    static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [Int32] {
        var scripts = scalars.map(UnicodeProperties.script(of:))
        let isWeak: (Int32) -> Bool = { $0 == UnicodeProperties.common || $0 == UnicodeProperties.inherited }
        var previous: Int32?
        for index in scripts.indices {
            if isWeak(scripts[index]) {
                if let previous { scripts[index] = previous }
            } else {
                previous = scripts[index]
            }
        }
        // Leading weak characters take the first real script.
        if let firstReal = scripts.first(where: { !isWeak($0) }) {
            for index in scripts.indices {
                guard isWeak(scripts[index]) else { break }
                scripts[index] = firstReal
            }
        }
        return scripts
    }
}
