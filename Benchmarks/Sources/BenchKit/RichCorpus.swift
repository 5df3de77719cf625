// RichCorpus.swift — the rich-text strings (issue #13): runs of regular or bold Noto Sans at 15 or 17 pt.
import Foundation

/// Text in runs of Noto Sans Regular or Bold at a size: what the rich workloads give Caliper (as an
/// `AttributedText`) and Pango (as a PangoAttrList, see ``PangoAttributes``) alike, so both
/// engines measure the same characters in the same styles.
public struct RichText: Sendable, Hashable {
    public struct Run: Sendable, Hashable {
        public let text: String
        public let isBold: Bool
        public let sizeInPoints: Double
    }

    public let runs: [Run]
    /// The runs' text, joined (kept, so no kernel joins it while timed).
    public let string: String

    init(_ runs: [Run]) {
        self.runs = runs
        string = runs.map(\.text).joined()
    }
}

/// A notification cell: a one-line title whose name is bold ("**Ana Silva** replied to your
/// post"), over a wrapped regular body.
public struct RichPost: Sendable {
    public let title: RichText
    public let body: String
}

/// What follows the bold name in a notification title; the quoted ones run past 343 points and
/// end in an ellipsis.
let notificationActions = [
    "replied to your post", "liked your photo", "started following you", "mentioned you in a comment",
    "shared your post", "reacted to your story", "invited you to an event", "commented on a photo you’re tagged in",
]

/// The rich-text strings, drawn from a generator of their own (so the plain corpus is exactly what
/// it always was) in the counts of the corpus's ``Corpus/Sizes``.
public struct RichCorpus: Sendable {
    /// Notification cells: a title with a bold name, a wrapped body.
    public let posts: [RichPost]
    /// Distinct chips "label 12" with a bold count: cold-cache chips.
    public let distinctChips: [RichText]
    /// The corpus's 500 tags as chips, each with its own bold count.
    public let chipVocabulary: [RichText]
    /// A Zipf stream over ``chipVocabulary``, as indices into it: warm-cache chips (each engine
    /// builds its text for a chip once, not once per occurrence).
    public let chipStream: [Int]
    /// Paragraphs of 300–800 characters in ten spans, regular and bold, 15 and 17 pt.
    public let paragraphs: [RichText]

    public init(corpus: Corpus, seed: UInt64 = 0x5EED_0013) {
        let sizes = corpus.sizes
        var rng = SeededGenerator(seed: seed)
        let nameZipf = ZipfSampler(count: corpus.names.count)
        posts = (0..<sizes.richPosts).map { _ in
            let name = corpus.names[nameZipf.next(using: &rng)]
            // Four in ten quote the reply, which no 343-point line holds: the ellipsis path.
            let action = Int.random(in: 0..<10, using: &rng) < 4
                ? "replied: “\(Corpus.paragraph(characters: Int.random(in: 30...90, using: &rng), using: &rng))”"
                : notificationActions.randomElement(using: &rng)!
            let title = RichText([
                RichText.Run(text: name, isBold: true, sizeInPoints: 17),
                RichText.Run(text: " " + action, isBold: false, sizeInPoints: 17),
            ])
            return RichPost(
                title: title, body: Corpus.paragraph(characters: Int.random(in: 120...480, using: &rng), using: &rng))
        }
        // One count per tag, so the stream repeats whole chips.
        let vocabulary = corpus.tags.map { tag in Self.chip(tag, count: Self.chipCount(using: &rng)) }
        chipVocabulary = vocabulary
        let zipf = ZipfSampler(count: vocabulary.count)
        chipStream = (0..<sizes.richChipStream).map { _ in zipf.next(using: &rng) }
        var seen = Set<String>()
        var distinctChips: [RichText] = []
        while distinctChips.count < sizes.richDistinctChips {
            let candidate = Self.chip(Corpus.label(using: &rng), count: Self.chipCount(using: &rng))
            if seen.insert(candidate.string).inserted { distinctChips.append(candidate) }
        }
        self.distinctChips = distinctChips
        paragraphs = (0..<sizes.richParagraphs).map { _ in
            Self.tenSpans(Corpus.paragraph(characters: Int.random(in: 300...800, using: &rng), using: &rng), using: &rng)
        }
    }

    /// "swift 12": the tag regular, the count bold, both 15 pt.
    static func chip(_ tag: String, count: Int) -> RichText {
        RichText([
            RichText.Run(text: tag + " ", isBold: false, sizeInPoints: 15),
            RichText.Run(text: String(count), isBold: true, sizeInPoints: 15),
        ])
    }

    /// 1 to about 4,000, spread evenly over the orders of magnitude (as counts of posts per tag are).
    static func chipCount(using rng: inout SeededGenerator) -> Int {
        Int(pow(10, Double.random(in: 0..<3.6, using: &rng)))
    }

    /// `text` cut at nine word starts drawn at random into ten spans: regular and bold by turns,
    /// 15 pt for two spans, then 17 pt for two (regular 15, bold 15, regular 17, bold 17, …).
    static func tenSpans(_ text: String, using rng: inout SeededGenerator) -> RichText {
        let wordStarts = text.indices.filter { $0 > text.startIndex && text[text.index(before: $0)] == " " }
        precondition(wordStarts.count >= 9, "a paragraph of at least ten words")
        var cuts = Set<Int>()
        while cuts.count < 9 { cuts.insert(Int.random(in: 0..<wordStarts.count, using: &rng)) }
        let edges = [text.startIndex] + cuts.sorted().map { wordStarts[$0] } + [text.endIndex]
        return RichText(
            (0..<10).map { span in
                RichText.Run(
                    text: String(text[edges[span]..<edges[span + 1]]), isBold: span % 2 == 1,
                    sizeInPoints: span / 2 % 2 == 0 ? 15 : 17)
            })
    }
}
