// HarfBuzzLanguages.swift — the languages runs are shaped in: HarfBuzz's interned languages, and each font's map from a request's language tag to one of a bounded few that HarfBuzz shapes alike.
internal import CHarfBuzz
import Foundation

/// HarfBuzz's languages. `hb_language_from_string` keeps every distinct tag it is given for the
/// life of the process, in a list it searches one by one (`lang_find_or_insert`, src/hb-common.cc,
/// HarfBuzz 6.0.0), so Caliper hands it only the tags ``LanguageSystems`` maps requests to, all
/// through ``language(_:)``, which finds a tag again without HarfBuzz's search. Those tags are
/// bounded (see ``LanguageSystems``), so this table is never cleared.
enum Languages {
    private static let interned = Locked<[String: UInt]>([:])

    /// HarfBuzz's language for `tag`, interned on first use.
    static func language(_ tag: String) -> hb_language_t? {
        if let bits = interned.withLock({ $0[tag] }) { return hb_language_t(bitPattern: bits) }
        return interned.withLock { interned in
            if let bits = interned[tag] { return hb_language_t(bitPattern: bits) }
            let language = tag.withCString { hb_language_from_string($0, -1) }
            interned[tag] = UInt(bitPattern: language)
            return language
        }
    }

    /// The distinct tags Caliper has handed `hb_language_from_string`.
    static var internedTags: Set<String> { interned.withLock { Set($0.keys) } }

    /// The tag of the language a run without one is shaped in: `c`, the language HarfBuzz gives
    /// such a buffer in the C locale (`hb_language_get_default` reads `setlocale(LC_CTYPE, NULL)`,
    /// src/hb-common.cc), named so that no process locale can change it. It maps to no OpenType
    /// language (a one-letter first subtag is in none of HarfBuzz's tables).
    static let neutralTag = "c"

    /// HarfBuzz's language for ``neutralTag``.
    static var neutral: hb_language_t? { hb_language_t(bitPattern: neutralBits) }
    private static let neutralBits = UInt(bitPattern: language(neutralTag))

    /// Whether HarfBuzz reads a language as the C string its pointer points to, so that a tag can
    /// be mapped to OpenType tags without interning it: `hb_language_impl_t` is `const char s[1]`
    /// and `hb_language_to_string` returns `language->s` (src/hb-common.cc, in every release from
    /// 0.9.2 to 14.3.1). Checked on the linked HarfBuzz; without it every tag is interned as given,
    /// unbounded, as before.
    static let readsTagsInPlace: Bool = {
        guard let language = neutral, let string = hb_language_to_string(language) else { return false }
        return UnsafeRawPointer(string) == UnsafeRawPointer(language)
    }()

    /// `tag` as HarfBuzz keeps it (`canon_map`, src/hb-common.cc): ASCII letters in lower case,
    /// `_` as `-`, digits and `-` as they are, up to the first other byte.
    static func canonical(_ tag: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tag.utf8.count)
        for byte in tag.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                bytes.append(byte + 0x20)
            case UInt8(ascii: "_"):
                bytes.append(UInt8(ascii: "-"))
            default:
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// HarfBuzz's OpenType script and language tags for `tag` in `script` (ISO 15924, `"Latn"`).
    static func openTypeTags(ofLanguage tag: String, script: String) -> (scripts: [UInt32], languages: [UInt32]) {
        withOpenTypeTags(script: hb_script_from_string(script, -1), canonical: canonical(tag)) { (Array($0), Array($1)) }
    }

    /// HarfBuzz's OpenType script and language tags for `script` and the canonical tag
    /// `canonical` (`hb_ot_tags_from_script_and_language`, src/hb-ot-tag.cc, asked for as many
    /// as `hb_ot_map_builder_t` asks for), read in place: nothing is interned. `nil` language: none.
    static func withOpenTypeTags<Result>(
        script: hb_script_t, canonical: String?,
        _ body: (_ scripts: UnsafeBufferPointer<hb_tag_t>, _ languages: UnsafeBufferPointer<hb_tag_t>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: hb_tag_t.self, capacity: Int(HB_OT_MAX_TAGS_PER_SCRIPT)) { scripts in
            withUnsafeTemporaryAllocation(of: hb_tag_t.self, capacity: Int(HB_OT_MAX_TAGS_PER_LANGUAGE)) { languages in
                var scriptCount = HB_OT_MAX_TAGS_PER_SCRIPT
                var languageCount = HB_OT_MAX_TAGS_PER_LANGUAGE
                if let canonical {
                    canonical.withCString {
                        hb_ot_tags_from_script_and_language(
                            script, OpaquePointer($0), &scriptCount, scripts.baseAddress, &languageCount, languages.baseAddress)
                    }
                } else {
                    hb_ot_tags_from_script_and_language(script, nil, &scriptCount, scripts.baseAddress, &languageCount, languages.baseAddress)
                }
                return body(
                    UnsafeBufferPointer(start: scripts.baseAddress, count: Int(scriptCount)),
                    UnsafeBufferPointer(start: languages.baseAddress, count: Int(languageCount)))
            }
        }
    }
}

/// What a font's shape plan takes from a run's script and language (HarfBuzz 6.0.0): for GSUB
/// and GPOS, the script and language system `hb_ot_map_builder_t`'s constructor selects
/// (src/hb-ot-map.cc: `hb_ot_tags_from_script_and_language`, then `hb_ot_layout_table_select_script`
/// and `hb_ot_layout_script_select_language` per table, kept as `found_script`, `chosen_script`,
/// `script_index` and `language_index`), and which of the font's `ltag` languages its `morx`
/// language features match (`Chain::compile_flags`, src/hb-aat-layout-morx-table.hh, by
/// `hb_language_matches`). Nothing else in a plan reads the language; two languages with the
/// same choice shape alike.
struct LanguageSystemChoice: Hashable {
    struct Table: Hashable {
        var foundScript: Bool
        var scriptIndex: UInt32
        var chosenScript: hb_tag_t
        var languageIndex: UInt32
    }

    var gsub: Table
    var gpos: Table
    /// Indices of the `ltag` languages matched (only for a face with `morx`).
    var ltagMatches: [Int]

    /// The choice for the canonical tag `canonical` (`nil`: no language) and `script` in `face`.
    init(canonical: String?, script: hb_script_t, face: OpaquePointer, ltag: [String?]) {
        (gsub, gpos) = Languages.withOpenTypeTags(script: script, canonical: canonical) { scripts, languages in
            (
                Self.select(scripts: scripts, languages: languages, in: face, table: Self.gsubTag),
                Self.select(scripts: scripts, languages: languages, in: face, table: Self.gposTag)
            )
        }
        ltagMatches = canonical.map { language in ltag.indices.filter { ltag[$0].map { Self.matches($0, language) } ?? false } } ?? []
    }

    /// `hb_ot_map_builder_t`'s selection in one table, by the same two calls.
    private static func select(
        scripts: UnsafeBufferPointer<hb_tag_t>, languages: UnsafeBufferPointer<hb_tag_t>, in face: OpaquePointer, table: hb_tag_t
    ) -> Table {
        var scriptIndex: UInt32 = 0
        var chosenScript: hb_tag_t = 0
        var languageIndex: UInt32 = 0
        let found = hb_ot_layout_table_select_script(face, table, UInt32(scripts.count), scripts.baseAddress, &scriptIndex, &chosenScript)
        hb_ot_layout_script_select_language(face, table, scriptIndex, UInt32(languages.count), languages.baseAddress, &languageIndex)
        return Table(foundScript: found != 0, scriptIndex: scriptIndex, chosenScript: chosenScript, languageIndex: languageIndex)
    }

    private static let gsubTag = Tag("GSUB").code
    private static let gposTag = Tag("GPOS").code

    /// `hb_language_matches(general, specific)` (src/hb-common.cc) on canonical tags: the same
    /// tag, or `specific` begins with `general` and a hyphen.
    static func matches(_ general: String, _ specific: String) -> Bool {
        specific == general || (specific.hasPrefix(general) && specific.utf8.dropFirst(general.utf8.count).first == UInt8(ascii: "-"))
    }

    /// The language system tags this choice selects, GSUB's first (none for a default language system).
    func languageSystemTags(in face: OpaquePointer) -> [hb_tag_t] {
        var tags: [hb_tag_t] = []
        for (table, choice) in [(Self.gsubTag, gsub), (Self.gposTag, gpos)]
        where choice.languageIndex != HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX {
            var count: UInt32 = 1
            var tag: hb_tag_t = 0
            hb_ot_layout_script_get_language_tags(face, table, choice.scriptIndex, choice.languageIndex, &count, &tag)
            if count == 1, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// The script tags this choice found in the font, GSUB's first.
    var foundScriptTags: [hb_tag_t] {
        var tags: [hb_tag_t] = []
        for choice in [gsub, gpos] where choice.foundScript && !tags.contains(choice.chosenScript) {
            tags.append(choice.chosenScript)
        }
        return tags
    }
}

/// One font's map from a request's language tag to the language its runs are shaped in, so that
/// the languages HarfBuzz interns, and the plans the font compiles, stay bounded whatever tags
/// requests send, and every run shapes exactly as with its own tag.
///
/// For a run's script, a tag maps to the first of these that HarfBuzz plans alike in this font
/// (the same ``LanguageSystemChoice``, checked by HarfBuzz's own functions on the tag read in
/// place, never interned):
///
/// 1. ``Languages/neutralTag``, the language of runs without one: most tags (`x123`, `en-x-7`,
///    `nl` in a font with no Dutch language system) select the font's default language systems;
/// 2. `x-hbot-TTTTTTTT`, the language system tag `T` the font selects for it, as eight hex digits
///    (HarfBuzz parses it to exactly `T`: `parse_private_use_subtag`, src/hb-ot-tag.cc, with the
///    `DFLT` case flip undone);
/// 3. `x-hbsc-SSSSSSSS` with or without `-hbot-TTTTTTTT`, for a tag that names a script (`-hbsc-`
///    private use), with a script tag `S` the font has (or `zzzz` or none when it has neither);
/// 4. else (GSUB and GPOS select two different language systems, possible only for the few tags
///    HarfBuzz maps to two or three OpenType languages, in a font whose tables list them apart;
///    or `ltag` languages no other tag matches alike) the first tag seen with that choice in
///    that script.
///
/// A face HarfBuzz shapes with Graphite reads only the first subtag's first four letters
/// (`_hb_graphite2_shape`, src/hb-graphite2.cc), which Graphite looks up in the font's `Sill`
/// languages: a tag maps to that prefix when the font lists it, else to the neutral tag.
///
/// The bound: HarfBuzz interns, besides `c`, at most one tag per language system, script or
/// Graphite language of the fonts loaded, and one per script and pair of language systems a
/// font's GSUB and GPOS choose apart; each font compiles plans for its own language systems only.
final class LanguageSystems: Sendable {
    struct Key: Hashable {
        var script: UInt32
        var tag: String
    }

    struct RepresentativeKey: Hashable {
        var script: UInt32
        var choice: LanguageSystemChoice
    }

    /// The most tags the map keeps per font before it starts again.
    static let capacity = 1_024
    private let mapped = Locked<[Key: UInt]>([:])
    /// Tags by script and choice, for choices no canonical tag makes (4 above): bounded by the
    /// font's tables. A tag stands for a choice in the script it was seen in only.
    private let representatives = Locked<[RepresentativeKey: UInt]>([:])
    private let faceLanguages = Locked<FaceLanguages?>(nil)
    /// The neutral tag's choice by script, which most tags share.
    private let neutralChoices = Locked<[UInt32: LanguageSystemChoice]>([:])

    /// The language to shape a run of `script` in `face` with when its style asks for `tag`.
    func language(for tag: String, script: hb_script_t, face: OpaquePointer) -> hb_language_t? {
        let key = Key(script: script.rawValue, tag: tag)
        if let bits = mapped.withLock({ $0[key] }) { return hb_language_t(bitPattern: bits) }
        let language = map(tag, script: script, face: face)
        mapped.withLock { mapped in
            if mapped.count >= Self.capacity { mapped.removeAll(keepingCapacity: true) }
            mapped[key] = UInt(bitPattern: language)
        }
        return language
    }

    private func map(_ tag: String, script: hb_script_t, face: OpaquePointer) -> hb_language_t? {
        let canonical = Languages.canonical(tag)
        guard Languages.readsTagsInPlace else { return Languages.language(canonical) }
        // HarfBuzz reads before the start of an empty tag (src/hb-ot-tag.cc); TextStyle never
        // lets one through.
        guard !canonical.isEmpty else { return Languages.neutral }
        let languages = self.languages(of: face)
        if let graphite = languages.graphite {
            return Languages.language(graphite.representative(of: canonical))
        }
        let choice = LanguageSystemChoice(canonical: canonical, script: script, face: face, ltag: languages.ltag)
        if choice == neutralChoice(script: script, face: face, ltag: languages.ltag) { return Languages.neutral }
        for candidate in Self.candidates(for: choice, in: face)
        where LanguageSystemChoice(canonical: candidate, script: script, face: face, ltag: languages.ltag) == choice {
            return Languages.language(candidate)
        }
        let key = RepresentativeKey(script: script.rawValue, choice: choice)
        return representatives.withLock { representatives in
            if let bits = representatives[key] { return hb_language_t(bitPattern: bits) }
            let language = Languages.language(canonical)
            representatives[key] = UInt(bitPattern: language)
            return language
        }
    }

    private func neutralChoice(script: hb_script_t, face: OpaquePointer, ltag: [String?]) -> LanguageSystemChoice {
        if let known = neutralChoices.withLock({ $0[script.rawValue] }) { return known }
        let choice = LanguageSystemChoice(canonical: Languages.neutralTag, script: script, face: face, ltag: ltag)
        neutralChoices.withLock { $0[script.rawValue] = choice }
        return choice
    }

    /// The canonical tags (2 and 3 in the type's list) that may plan as `choice` does, in order.
    private static func candidates(for choice: LanguageSystemChoice, in face: OpaquePointer) -> [String] {
        let languageSystems = choice.languageSystemTags(in: face).map { "-hbot-" + privateUseHex($0) }
        var candidates = languageSystems.map { "x" + $0 }
        for script in choice.foundScriptTags + absentScripts {
            let scriptTag = "x-hbsc-" + privateUseHex(script)
            candidates.append(scriptTag)
            candidates += languageSystems.map { scriptTag + $0 }
        }
        return candidates
    }

    /// Script tags for a run whose `-hbsc-` script the font lacks: any other tag it lacks selects
    /// the same fallback script.
    private static let absentScripts = [Tag("zzzz").code, 0]

    /// `tag` as the eight hex digits `parse_private_use_subtag` (src/hb-ot-tag.cc) reads back as
    /// `tag`: it flips the case of a tag that is `DFLT` in any case, so such a tag is written flipped.
    static func privateUseHex(_ tag: hb_tag_t) -> String {
        let written = tag & 0xDFDF_DFDF == Tag("DFLT").code ? tag ^ 0x2020_2020 : tag
        let hex = String(written, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// What of a face, besides GSUB and GPOS, reads the language; found on first use.
    private func languages(of face: OpaquePointer) -> FaceLanguages {
        if let known = faceLanguages.withLock({ $0 }) { return known }
        let found = FaceLanguages(face: face)
        faceLanguages.withLock { $0 = found }
        return found
    }
}

/// What of a face other than GSUB and GPOS reads a run's language: the `ltag` languages of a face
/// with `morx`, and the `Sill` languages of a face HarfBuzz shapes with Graphite.
struct FaceLanguages: Sendable {
    /// The `ltag` languages as `hb_language_from_string` keeps them (`nil`: no language), when
    /// the face has `morx`; none when its `ltag` fails HarfBuzz's checks (`ltag::sanitize`).
    var ltag: [String?] = []
    /// The Graphite languages, when HarfBuzz shapes the face with Graphite.
    var graphite: GraphiteLanguages?

    init(face: OpaquePointer) {
        if hb_aat_layout_has_substitution(face) != 0 { ltag = Self.ltagLanguages(Self.table(Tag("ltag").code, of: face)) }
        let silf = Self.table(Tag("Silf").code, of: face)
        if !silf.isEmpty, Self.isShapedWithGraphite(face) {
            graphite = GraphiteLanguages(sill: Self.table(Tag("Sill").code, of: face))
        }
    }

    private static func table(_ tag: hb_tag_t, of face: OpaquePointer) -> [UInt8] {
        guard let blob = hb_face_reference_table(face, tag) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// Whether HarfBuzz's plans for the face use its Graphite shaper (the first it tries;
    /// `hb_shape_plan_key_t::init`, src/hb-shape-plan.cc, picks it whenever Graphite takes the face).
    private static func isShapedWithGraphite(_ face: OpaquePointer) -> Bool {
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = HB_SCRIPT_LATIN
        properties.language = Languages.neutral
        guard let plan = hb_shape_plan_create(face, &properties, nil, 0, nil) else { return false }
        defer { hb_shape_plan_destroy(plan) }
        guard let shaper = hb_shape_plan_get_shaper(plan) else { return false }
        return String(cString: shaper) == "graphite2"
    }

    /// The `ltag` table's languages (`ltag::get_language`, src/hb-aat-ltag-table.hh:
    /// `hb_language_from_string` of each string's bytes, at most 63).
    static func ltagLanguages(_ table: [UInt8]) -> [String?] {
        guard table.count >= 12, read32(table, at: 0) >= 1 else { return [] }
        let count = Int(read32(table, at: 8))
        guard count <= (table.count - 12) / 4 else { return [] }
        var languages: [String?] = []
        for index in 0..<count {
            let offset = Int(read16(table, at: 12 + 4 * index))
            let length = Int(read16(table, at: 14 + 4 * index))
            guard offset + length <= table.count else { return [] }
            guard length > 0, table[offset] != 0 else {
                languages.append(nil)
                continue
            }
            let bytes = table[offset..<offset + min(length, 63)]
            languages.append(Languages.canonical(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)))
        }
        return languages
    }

    static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func read16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }
}

/// The languages of a Graphite face's `Sill` table, as Graphite reads them (`SillMap::readSill`
/// and `cloneFeatures`, src/FeatureMap.cpp, and `gr_face_featureval_for_lang`, src/gr_face.cpp,
/// graphite2 1.3.14).
struct GraphiteLanguages: Sendable {
    /// The language ids (`nil`: the table did not read as Graphite reads it).
    var identifiers: [UInt32]?

    init(sill: [UInt8]) {
        guard !sill.isEmpty else {
            identifiers = []
            return
        }
        guard sill.count >= 12, FaceLanguages.read32(sill, at: 0) == 0x0001_0000 else { return }
        let count = Int(FaceLanguages.read16(sill, at: 4))
        guard sill.count >= count * 8 + 12 else { return }
        identifiers = (0..<count).map { FaceLanguages.read32(sill, at: 12 + 8 * $0) }
    }

    /// What HarfBuzz hands Graphite for the canonical tag `canonical`: its first subtag's first
    /// four characters, padded with spaces (`hb_tag_from_string`), then with zeros for spaces at
    /// its end (`zeropad`).
    static func identifier(of canonical: String) -> UInt32 {
        let letters = canonical.utf8.prefix { $0 != UInt8(ascii: "-") }.prefix(4)
        guard !letters.isEmpty else { return 0 }
        let tag = Tag(String(decoding: letters, as: UTF8.self)).code
        var identifier = tag
        for shift in [0, 8, 16, 24] {
            guard (identifier >> UInt32(shift)) & 0xFF == 0x20 else { break }
            identifier &= ~(0xFF << UInt32(shift))
        }
        return identifier
    }

    /// The tag to shape with for `canonical`: its first subtag's first four characters when
    /// Graphite finds them among the font's languages (or the table could not be read), else
    /// the neutral tag when Graphite does not find that either (else `-`, which it reads as none).
    func representative(of canonical: String) -> String {
        let identifier = Self.identifier(of: canonical)
        guard let identifiers else { return String(canonical.prefix { $0 != "-" }.prefix(4)) }
        if identifier != 0, identifiers.contains(identifier) { return String(canonical.prefix { $0 != "-" }.prefix(4)) }
        return identifiers.contains(Self.identifier(of: Languages.neutralTag)) ? "-" : Languages.neutralTag
    }
}
