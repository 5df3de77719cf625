// AndroidFontConfiguration.swift — fonts.xml as Android 14's FontListParser reads it, and the fallback list of each named family as SystemFonts.buildSystemFallback makes it.
import Foundation

/// A `fonts.xml` read as Android 14's `FontListParser.readFamilies` reads it
/// (`frameworks/base`, `graphics/java/android/graphics/FontListParser.java`), without OEM
/// customization or updated fonts:
///
/// - the root is `<familyset>`; its `<family name=…>` and `<family-list name=…>` elements are
///   named families, its unnamed `<family>` elements the fallback families, its `<alias name to
///   weight>` elements aliases; anything else is skipped, with what it holds;
/// - a family has `lang` (locales), `variant` (`compact`, `elegant`, anything else the default)
///   and `ignore` (`true` or `1`: left out); a named family, and a family inside a family list,
///   may have none of them (Android throws `IllegalArgumentException`);
/// - a `<font>` has `weight` (1–1000, 400 by default), `style` (`italic`, else upright), `index`
///   (0 by default), `fallbackFor` and `postScriptName`; its text, without surrounding spaces, is
///   the file in the font folder; its `<axis tag stylevalue>` children set variation axes;
/// - a font whose file does not exist is left out, silently on a device (Caliper lists it in
///   ``missingFiles``), and a family left without fonts is left out;
/// - the first named family (or family list), when nothing comes before it, is a fallback family
///   too, at the head of the list;
/// - an alias whose `to` names no named family is dropped.
///
/// What a device would fail on — a number that does not parse, a weight outside 1–1000, a
/// negative index, an axis tag that is not four printable ASCII characters, a file name shorter
/// than four characters without a `postScriptName` — is refused here, with its line and column,
/// and so is an alias weight outside 1–1000, which Android would keep.
struct AndroidFontConfiguration: Sendable {
    struct Font: Sendable, Hashable {
        /// The file as `fonts.xml` names it, surrounding spaces removed.
        var file: String
        /// The font folder and the file (`fontDir + sanitizedName`).
        var path: String
        var index: Int
        var weight: Int
        var isItalic: Bool
        var axes: [FontVariation]
        var fallbackFor: String?
        var line: Int
        var column: Int
    }

    struct Family: Sendable, Hashable {
        var fonts: [Font]
        /// `lang`, as written (`""` without one).
        var locales: String
        var variant: AndroidFontVariant
        var line: Int
    }

    struct NamedFamilyList: Sendable {
        var name: String
        var families: [Family]
    }

    struct Alias: Sendable, Hashable {
        var name: String
        var to: String
        var weight: Int
    }

    /// The fallback families (`FontConfig.getFontFamilies`), in order.
    var families: [Family] = []
    /// The named families and family lists, in order.
    var namedFamilyLists: [NamedFamilyList] = []
    /// The aliases whose `to` names a named family, in order.
    var aliases: [Alias] = []
    /// The files `fonts.xml` names that the folder does not have, in order, each once.
    var missingFiles: [String] = []

    /// What a family is in the fallback list of a named family (`SystemFonts`): its fonts, and
    /// whether it is a default fallback (the named family's own) or a fallback pushed after it.
    struct FallbackFamily: Sendable, Hashable {
        var family: Family
        var fonts: [Font]
        var isDefaultFallback: Bool
    }

    /// Reads `root` (the document's root element). `fileExists` says whether a font's path names
    /// a regular file, as `File.isFile` does; it may throw to refuse a path.
    static func read(
        _ root: XMLElement, directory: String, fileExists: @escaping (String, XMLElement) throws(XMLSyntaxError) -> Bool
    ) throws(XMLSyntaxError) -> AndroidFontConfiguration {
        guard root.name == "familyset" else {
            throw XMLSyntaxError(line: root.line, column: root.column, reason: "the root element is <\(root.name)>, not <familyset>")
        }
        var configuration = AndroidFontConfiguration()
        var reader = Reader(directory: directory, fileExists: fileExists)
        var aliases: [Alias] = []
        var isFirst = true
        for element in root.elements {
            switch element.name {
            case "family":
                if let name = element.attribute("name") {
                    for attribute in ["lang", "variant", "ignore"] { try Self.refuse(attribute, on: element, in: "a named family") }
                    guard let family = try reader.family(element) else { continue }
                    configuration.namedFamilyLists.append(NamedFamilyList(name: name, families: [family]))
                    if isFirst { configuration.families.append(family) }
                } else {
                    guard let family = try reader.family(element) else { continue }
                    configuration.families.append(family)
                }
                isFirst = false
            case "family-list":
                guard let name = element.attribute("name") else {
                    throw XMLSyntaxError(line: element.line, column: element.column, reason: "a <family-list> needs a name")
                }
                var families: [Family] = []
                for child in element.elements where child.name == "family" {
                    for attribute in ["name", "lang", "variant", "ignore"] {
                        try Self.refuse(attribute, on: child, in: "a family inside a family list")
                    }
                    if let family = try reader.family(child) { families.append(family) }
                }
                guard !families.isEmpty else { continue }
                configuration.namedFamilyLists.append(NamedFamilyList(name: name, families: families))
                if isFirst { configuration.families += families }
                isFirst = false
            case "alias":
                guard let name = element.attribute("name"), let to = element.attribute("to") else {
                    throw XMLSyntaxError(line: element.line, column: element.column, reason: "an <alias> needs a name and a to")
                }
                let weight = try element.attribute("weight").map { (text) throws(XMLSyntaxError) in
                    try Reader.weight(text, of: element)
                } ?? 400
                aliases.append(Alias(name: name, to: to, weight: weight))
            default:
                continue
            }
        }
        let named = Set(configuration.namedFamilyLists.map(\.name))
        configuration.aliases = aliases.filter { named.contains($0.to) }
        configuration.missingFiles = reader.missingFiles
        return configuration
    }

    private static func refuse(_ attribute: String, on element: XMLElement, in what: String) throws(XMLSyntaxError) {
        guard element.attribute(attribute) == nil else {
            throw XMLSyntaxError(
                line: element.line, column: element.column,
                reason: "\(what) cannot have \(attribute) (Android 14's FontListParser throws IllegalArgumentException)")
        }
    }

    /// Reads families and fonts, remembering the files that are missing.
    private struct Reader {
        let directory: String
        let fileExists: (String, XMLElement) throws(XMLSyntaxError) -> Bool
        var missingFiles: [String] = []

        /// `readFamily`: `nil` for an ignored family or one left without fonts.
        mutating func family(_ element: XMLElement) throws(XMLSyntaxError) -> Family? {
            var fonts: [Font] = []
            for child in element.elements where child.name == "font" {
                if let font = try font(child) { fonts.append(font) }
            }
            let variant: AndroidFontVariant = switch element.attribute("variant") {
            case "compact": .compact
            case "elegant": .elegant
            default: .default
            }
            let ignore = element.attribute("ignore")
            guard ignore != "true", ignore != "1", !fonts.isEmpty else { return nil }
            return Family(fonts: fonts, locales: element.attribute("lang") ?? "", variant: variant, line: element.line)
        }

        /// `readFont`: `nil` when its file does not exist.
        mutating func font(_ element: XMLElement) throws(XMLSyntaxError) -> Font? {
            let index = try element.attribute("index").map { (text) throws(XMLSyntaxError) in
                try Self.integer(text, "index", of: element)
            } ?? 0
            guard index >= 0 else { throw Self.error("the index \(index) is negative", at: element) }
            let weight = try element.attribute("weight").map { (text) throws(XMLSyntaxError) in try Self.weight(text, of: element) } ?? 400
            var axes: [FontVariation] = []
            for child in element.elements where child.name == "axis" {
                axes.append(try Self.axis(child))
            }
            let file = element.text.trimmingCharacters(in: CharacterSet(charactersIn: " \n\r\t"))
            // Without a postScriptName Android takes the file name less its last four characters.
            guard element.attribute("postScriptName") != nil || file.utf16.count >= 4 else {
                throw Self.error(
                    "the file name \"\(file)\" is shorter than an extension and there is no postScriptName "
                        + "(Android 14's readFont throws StringIndexOutOfBoundsException)", at: element)
            }
            let path = directory + "/" + file
            guard !file.isEmpty, try fileExists(path, element) else {
                if !missingFiles.contains(file) { missingFiles.append(file) }
                return nil
            }
            return Font(
                file: file, path: path, index: index, weight: weight, isItalic: element.attribute("style") == "italic", axes: axes,
                fallbackFor: element.attribute("fallbackFor"), line: element.line, column: element.column)
        }

        /// `readAxis`: a tag of four characters from U+0020 to U+007E (`FontVariationAxis`) and a
        /// number (`Float.parseFloat`, in single precision).
        static func axis(_ element: XMLElement) throws(XMLSyntaxError) -> FontVariation {
            guard let tag = element.attribute("tag"), tag.unicodeScalars.count == 4,
                tag.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) })
            else {
                throw error("an <axis> needs a tag of four printable ASCII characters", at: element)
            }
            guard let text = element.attribute("stylevalue"), let value = Double(text.trimmingCharacters(in: .whitespaces)),
                value.isFinite, Float(value).isFinite
            else {
                throw error("the axis \(tag) needs a stylevalue that is a finite number", at: element)
            }
            return FontVariation(validatedTag: Tag(tag), value: Double(Float(value)))
        }

        /// `Integer.parseInt`: an optional sign and decimal digits.
        static func integer(_ text: String, _ name: String, of element: XMLElement) throws(XMLSyntaxError) -> Int {
            let digits = text.hasPrefix("+") || text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
                throw error("the \(name) \"\(text)\" is not a whole number", at: element)
            }
            return text.hasPrefix("-") ? -value : value
        }

        /// A weight: a whole number from 1 to 1000 (`FontStyle`'s range).
        static func weight(_ text: String, of element: XMLElement) throws(XMLSyntaxError) -> Int {
            let weight = try integer(text, "weight", of: element)
            guard (1...1000).contains(weight) else { throw error("the weight \(weight) is not from 1 to 1000", at: element) }
            return weight
        }

        static func error(_ reason: String, at element: XMLElement) -> XMLSyntaxError {
            XMLSyntaxError(line: element.line, column: element.column, reason: "<\(element.name)>: \(reason)")
        }
    }

    // MARK: Fallback lists

    /// The families of the typeface named `name`, in order, as Android 14's
    /// `SystemFonts.buildSystemFallback` makes them (`frameworks/base`,
    /// `graphics/java/android/graphics/fonts/SystemFonts.java`): the named family list's own
    /// families, all of their fonts, as default fallbacks (`appendNamedFamilyList`), then each
    /// fallback family not already in the list (`pushFamilyToFallback`), in `fonts.xml` order:
    /// its fonts whose `fallbackFor` is `name` when it has any, else its fonts without
    /// `fallbackFor` (a family with neither is left out). `nil` when no family has the name.
    func fallbackList(named name: String) -> [FallbackFamily]? {
        guard let named = namedFamilyLists.last(where: { $0.name == name }) else { return nil }
        var list = named.families.map { FallbackFamily(family: $0, fonts: $0.fonts, isDefaultFallback: true) }
        var seen = Set(named.families)
        for family in families where seen.insert(family).inserted {
            let specific = family.fonts.filter { $0.fallbackFor == name }
            let general = family.fonts.filter { $0.fallbackFor == nil }
            let fonts = specific.isEmpty ? general : specific
            guard !fonts.isEmpty else { continue }
            list.append(FallbackFamily(family: family, fonts: fonts, isDefaultFallback: false))
        }
        return list
    }
}
