// NearestKey.swift — the known key a misspelt one most likely meant, for "did you mean …?" in errors.

/// Finds the known key nearest to an unknown one by edit distance, for error messages such as
/// `unknown key children[1].numberOfLine: did you mean numberOfLines?`.
///
/// The distance is the optimal string alignment distance (insertions, deletions, substitutions and
/// swaps of two neighbouring characters each cost 1) between the lowercased keys, so `linebreak`
/// is 0 from `lineBreak` and `lienBreak` 1. A key is suggested only when it is close for its length:
/// at most 1 edit for keys of up to 4 characters (`sise` → `size`), 2 up to 8 (`fallbakc` →
/// `fallback`), 3 beyond; ties go to the key listed first. `weight` suggests nothing in a label,
/// whose keys are all further away.
enum NearestKey {
    /// The key in `known` that `key` most likely meant, or `nil` when none is close enough.
    static func suggestion(for key: String, among known: [String]) -> String? {
        let typed = Array(key.lowercased())
        guard !typed.isEmpty else { return nil }
        let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = Self.distance(typed, Array(candidate.lowercased()), limit: allowed)
            if distance <= allowed, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.key
    }

    /// What to say of a key that names a font's attribute (`weight`, `fontFamily`…) in an object
    /// with a `font`, where no known key is near: such attributes are chosen with the font.
    static func fontAttributeHint(for key: String, among known: [String]) -> String? {
        let fontAttributes: Set<String> = ["weight", "fontweight", "bold", "italic", "fontstyle", "family", "fontfamily"]
        guard known.contains("font"), fontAttributes.contains(key.lowercased()) else { return nil }
        return #"a font's weight, style and family are chosen with "font" (a file, or a pattern such as "DejaVu Sans:bold") and "variations" ({"wght": 700})"#
    }

    /// The optimal string alignment distance between `a` and `b`, or `limit + 1` as soon as it is
    /// certain to exceed `limit` (keys may be long: the work stays proportional to their lengths).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var cost = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cost = min(cost, beforePrevious[j - 2] + 1)
                }
                current[j] = cost
                rowMinimum = min(rowMinimum, cost)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
