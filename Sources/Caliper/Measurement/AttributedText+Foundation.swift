// AttributedText+Foundation.swift — Foundation's AttributedString with Caliper's attributes, as attributed text.
import Foundation

/// Caliper's attributes for Foundation's `AttributedString`, the way UIKit's scope adds `.font`
/// and `.kern`: a whole ``TextStyle``, or its font, point size, letter spacing or baseline offset
/// alone, and an ``InlineBox`` for a U+FFFC character.
///
/// ```swift
/// var post = AttributedString("Ana replied to your post")
/// post[post.range(of: "Ana")!].font = boldFace      // by dynamic member lookup, as UIKit's .font
/// post[post.range(of: "post")!].pointSize = 13
/// let text = try AttributedText(post, defaultStyle: TextStyle(font: regularFace, size: 17))
/// ```
public struct CaliperAttributes: AttributeScope {
    /// A run's whole style; the other attributes are set on top of it (or of the default style).
    public enum TextStyleAttribute: AttributedStringKey {
        /// A ``TextStyle``.
        public typealias Value = TextStyle
        /// `"Caliper.textStyle"`.
        public static let name = "Caliper.textStyle"
    }

    /// The face a run is set in (UIKit's `.font`, less its size).
    public enum FontAttribute: AttributedStringKey {
        /// A ``FontFace``.
        public typealias Value = FontFace
        /// `"Caliper.font"`.
        public static let name = "Caliper.font"
    }

    /// The point size of a run (the size of UIKit's `.font`).
    public enum PointSizeAttribute: AttributedStringKey {
        /// Points.
        public typealias Value = CGFloat
        /// `"Caliper.pointSize"`.
        public static let name = "Caliper.pointSize"
    }

    /// Points added after every grapheme cluster (UIKit's `.kern`, ``TextStyle/letterSpacing``).
    public enum LetterSpacingAttribute: AttributedStringKey {
        /// Points.
        public typealias Value = CGFloat
        /// `"Caliper.letterSpacing"`.
        public static let name = "Caliper.letterSpacing"
    }

    /// Points a run is raised (UIKit's `.baselineOffset`, ``TextStyle/baselineOffset``).
    public enum BaselineOffsetAttribute: AttributedStringKey {
        /// Points.
        public typealias Value = CGFloat
        /// `"Caliper.baselineOffset"`.
        public static let name = "Caliper.baselineOffset"
    }

    /// The box each U+FFFC of a run stands for (UIKit's `.attachment`).
    public enum InlineBoxAttribute: AttributedStringKey {
        /// An ``InlineBox``.
        public typealias Value = InlineBox
        /// `"Caliper.inlineBox"`.
        public static let name = "Caliper.inlineBox"
    }

    /// The paragraph style of the paragraphs a run starts (UIKit's `.paragraphStyle`): a
    /// paragraph takes the style of its first character, as TextKit does, and is laid out in
    /// it (see ``AttributedText/setParagraphStyle(_:utf16Range:)``).
    public enum ParagraphStyleAttribute: AttributedStringKey {
        /// A ``ParagraphStyle``.
        public typealias Value = ParagraphStyle
        /// `"Caliper.paragraphStyle"`.
        public static let name = "Caliper.paragraphStyle"
    }

    /// A run's whole style.
    public let textStyle: TextStyleAttribute
    /// A run's face.
    public let font: FontAttribute
    /// A run's point size.
    public let pointSize: PointSizeAttribute
    /// A run's letter spacing.
    public let letterSpacing: LetterSpacingAttribute
    /// A run's baseline offset.
    public let baselineOffset: BaselineOffsetAttribute
    /// A run's inline box.
    public let inlineBox: InlineBoxAttribute
    /// The paragraph style of the paragraphs a run starts.
    public let paragraphStyle: ParagraphStyleAttribute
}

extension AttributeScopes {
    /// Caliper's attributes, for APIs that take a scope (`AttributedString(_:including: \.caliper)`).
    public var caliper: CaliperAttributes.Type { CaliperAttributes.self }
}

extension AttributeDynamicLookup {
    /// Caliper's attributes by name: `string[range].pointSize = 13`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.CaliperAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributeScopes {
    /// Caliper's scope under `AttributeScopes`, as Foundation's own scopes are reached.
    public typealias CaliperAttributes = Caliper.CaliperAttributes
}

extension AttributedText {
    /// Foundation's `AttributedString` as attributed text: each run of it a span whose style is its
    /// ``CaliperAttributes/TextStyleAttribute`` (else `defaultStyle`) with its font, point size,
    /// letter spacing and baseline offset attributes set on top; a run with an inline box is one
    /// span per U+FFFC, each standing for that box. Attributes of other scopes are ignored. Runs
    /// that end up in equal styles merge, as ``append(_:style:)-(String,_)`` merges them.
    ///
    /// Each paragraph takes the ``CaliperAttributes/ParagraphStyleAttribute`` of its first
    /// character, if it has one, as its own paragraph style.
    ///
    /// - Throws: ``CaliperError/invalidInlineBox(_:)`` when a run with a box holds anything but
    ///   U+FFFC, or a box's size is invalid; ``CaliperError/invalidParagraphStyle(_:)`` and the
    ///   style's own errors for a paragraph style a paragraph cannot have.
    public init(_ attributedString: AttributedString, defaultStyle: TextStyle) throws(CaliperError) {
        var text = AttributedText("", style: defaultStyle)
        // The runs with a paragraph style, by their UTF-16 ranges in the text.
        var paragraphRuns: [(range: Range<Int>, style: ParagraphStyle)] = []
        for run in attributedString.runs {
            let piece = String(String.UnicodeScalarView(attributedString[run.range].unicodeScalars))
            guard !piece.isEmpty else { continue }
            if let paragraphStyle = run[CaliperAttributes.ParagraphStyleAttribute.self] {
                let start = text.utf16Count
                paragraphRuns.append((start..<start + piece.utf16.count, paragraphStyle))
            }
            var style = run[CaliperAttributes.TextStyleAttribute.self] ?? defaultStyle
            if let font = run[CaliperAttributes.FontAttribute.self] { style.font = font }
            if let size = run[CaliperAttributes.PointSizeAttribute.self] { style.size = size }
            if let spacing = run[CaliperAttributes.LetterSpacingAttribute.self] { style.letterSpacing = spacing }
            if let offset = run[CaliperAttributes.BaselineOffsetAttribute.self] { style.baselineOffset = offset }
            if let box = run[CaliperAttributes.InlineBoxAttribute.self] {
                for scalar in piece.unicodeScalars {
                    guard scalar == "\u{FFFC}" else {
                        throw .invalidInlineBox(
                            "a run with an inline box holds \(piece.debugDescription), not only U+FFFC (offset \(text.utf16Count))")
                    }
                    try text.append(box, style: style)
                }
            } else {
                text.append(piece, style: style)
            }
        }
        if !paragraphRuns.isEmpty {
            // Paragraphs come in order: one pass over the runs finds each first character's.
            var next = 0
            try text.setParagraphStyles { offset in
                while next < paragraphRuns.count, paragraphRuns[next].range.upperBound <= offset { next += 1 }
                return next < paragraphRuns.count && paragraphRuns[next].range.contains(offset) ? paragraphRuns[next].style : nil
            }
        }
        self = text
    }
}
