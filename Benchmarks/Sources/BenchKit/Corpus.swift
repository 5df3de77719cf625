// Corpus.swift — the strings every engine measures: tags, paragraphs, mixed-script text, feed posts.
import Foundation

/// Words of a tag vocabulary (topics, places, activities, tech): what chips and labels say.
let tagWords: [String] = """
    swift design travel photography food coffee music jazz rock indie hiking running cycling yoga \
    fitness health science space physics chemistry biology history art painting drawing sketch \
    architecture interior garden plants books reading writing poetry film cinema documentary anime \
    gaming chess football basketball tennis climbing surfing skiing camping nature wildlife birds \
    ocean mountains city street night sunset sunrise rain winter summer autumn spring beach desert \
    forest river lake island bridge tower museum gallery market bakery pizza pasta sushi ramen tacos \
    vegan vegetarian baking cooking recipes wine beer tea breakfast brunch dinner dessert chocolate \
    machine learning data engineering cloud security privacy open source linux kernel compilers rust \
    python javascript typescript web mobile ios android backend frontend devops testing performance \
    accessibility typography fonts layout animation illustration branding marketing startup finance \
    economics investing crypto markets politics policy climate energy solar electric cars trains \
    aviation sailing boats fashion vintage streetwear sneakers jewelry crafts knitting pottery \
    woodworking diy home family parenting kids pets dogs cats education teaching language learning \
    spanish french german japanese korean chinese italian portuguese arabic hindi thai philosophy \
    psychology mindfulness productivity career remote work meetings leadership product management \
    research papers conference keynote podcast radio news weekly daily highlights tips tutorial guide \
    review release notes update beta preview roadmap community events meetup workshop hackathon \
    volunteering charity health care medicine nursing dental running shoes trail marathon triathlon \
    sprint agile kanban retro planning budget tax invoice shipping delivery logistics warehouse retail \
    ecommerce payments checkout onboarding signup login search maps navigation weather calendar \
    photos video camera lens film grain portrait landscape macro street style minimal dark mode \
    color palette gradient icons emoji stickers memes humor comedy satire drama thriller mystery \
    horror romance fantasy scifi poetry slam spoken word theater opera ballet dance salsa tango
    """.split(whereSeparator: \.isWhitespace).map(String.init).uniqued()

/// Words for paragraphs: the tag vocabulary plus the short words of running text.
let proseWords: [String] = (tagWords + """
    the of and to in is it that was for on are with as at be this have from or one had by but not \
    what all were when we there can an your which their said if do will each about how up out them \
    then she many some so these would other into has more her two like him see time could no make \
    than first been its who now people my made over did down only way find use may water long little \
    very after words called just where most know get through back much before go good new write our \
    used me man too any day same right look think also around another came come work three word must \
    because does part even place well such here take why things help put years different away again \
    off went old number great tell men say small every found still between name should home big give \
    air line set own under read last never us left end along while might next sound below saw something \
    thought both few those always looked show large often together asked house don't world going want
    """.split(whereSeparator: \.isWhitespace).map(String.init)).uniqued()

/// Short phrases in other scripts, for mixed-script text with font fallback.
let cjkPhrases = ["你好世界", "机器学习", "日本語のテキスト", "東京タワー", "今日は良い天気", "北京烤鸭", "設定", "数据工程", "こんにちは", "中文排版"]
let arabicPhrases = ["مرحبا بالعالم", "تعلم الآلة", "القاهرة", "صباح الخير", "مكتبة", "شكرا جزيلا", "البيانات"]
let thaiPhrases = ["สวัสดีครับ", "ภาษาไทย", "กรุงเทพ", "ขอบคุณ"]
let emojiPhrases = ["😀", "🎉", "👍🏽", "🚀", "❤️", "🇯🇵", "👩‍💻", "☕", "🔥", "✨", "🌍", "📚"]

/// Everything the workloads measure, drawn once from fixed seeds.
public struct Corpus: Sendable {
    /// The tag vocabulary: `tagCount` distinct 1–3-word tags.
    public let tags: [String]
    /// A Zipf-distributed stream over ``tags`` (with repeats): warm-cache labels.
    public let labelStream: [String]
    /// Distinct 1–3-word labels, none repeated: cold-cache labels.
    public let distinctLabels: [String]
    /// Paragraphs of 100–2,000 characters.
    public let paragraphs: [String]
    /// Chips of the flow layout (drawn Zipf-like from ``tags``).
    public let chips: [String]
    /// Feed posts: name, handle + time, body, footer.
    public let posts: [Post]
    /// Distinct mixed-script strings (Latin + CJK + emoji + Arabic, some Thai).
    public let mixed: [String]
    /// A Zipf stream over the first part of ``mixed``: warm-cache mixed-script labels.
    public let mixedStream: [String]
    /// The 400 people posting (the rich-text titles name them too).
    public let names: [String]
    /// How many of each were drawn (``RichCorpus`` reads its own counts here).
    public let sizes: Sizes

    public struct Post: Sendable {
        public let name: String
        public let subtitle: String
        public let body: String
        public let footer: String
    }

    public struct Sizes: Sendable {
        public var tagCount = 500
        public var labelStream = 100_000
        public var distinctLabels = 10_000
        public var paragraphs = 400
        public var chips = 10_000
        public var posts = 10_000
        public var mixed = 4_000
        public var mixedVocabulary = 300
        public var mixedStream = 40_000
        /// The rich-text corpus (``RichCorpus``), drawn only when a rich workload runs.
        public var richPosts = 10_000
        public var richDistinctChips = 10_000
        public var richChipStream = 100_000
        public var richParagraphs = 1_000

        public init() {}

        /// A handful of each, for set-up only.
        public static var tiny: Sizes {
            var sizes = Sizes()
            (sizes.tagCount, sizes.labelStream, sizes.distinctLabels, sizes.paragraphs) = (20, 20, 20, 4)
            (sizes.chips, sizes.posts, sizes.mixed, sizes.mixedVocabulary, sizes.mixedStream) = (20, 20, 20, 10, 20)
            (sizes.richPosts, sizes.richDistinctChips, sizes.richChipStream, sizes.richParagraphs) = (20, 20, 20, 4)
            return sizes
        }

        /// The fixed small corpus of `caliper-bench --instructions`: about a tenth of ``quick``,
        /// so that every workload's pass runs under callgrind in seconds.
        public static var instructions: Sizes {
            var sizes = Sizes()
            (sizes.labelStream, sizes.distinctLabels, sizes.paragraphs) = (2_000, 300, 8)
            (sizes.chips, sizes.posts, sizes.mixed, sizes.mixedStream) = (1_000, 300, 100, 1_000)
            (sizes.richPosts, sizes.richDistinctChips, sizes.richChipStream, sizes.richParagraphs) = (100, 300, 2_000, 20)
            return sizes
        }

        /// About a fifth of the work, for a one-minute run; the flow and the feed keep their 10,000.
        public static var quick: Sizes {
            var sizes = Sizes()
            sizes.labelStream = 20_000
            sizes.distinctLabels = 3_000
            sizes.paragraphs = 80
            sizes.mixed = 1_000
            sizes.mixedStream = 10_000
            sizes.richPosts = 2_000
            sizes.richDistinctChips = 3_000
            sizes.richChipStream = 20_000
            sizes.richParagraphs = 200
            return sizes
        }
    }

    public init(sizes: Sizes = Sizes(), seed: UInt64 = 0xCA11_9E55) {
        var rng = SeededGenerator(seed: seed)
        let tags = Self.distinct(sizes.tagCount, using: &rng) { Self.label(using: &$0) }
        self.tags = tags
        let zipf = ZipfSampler(count: tags.count)
        labelStream = (0..<sizes.labelStream).map { _ in tags[zipf.next(using: &rng)] }
        let tagSet = Set(tags)
        distinctLabels = Self.distinct(sizes.distinctLabels, excluding: tagSet, using: &rng) { Self.label(using: &$0) }
        paragraphs = (0..<sizes.paragraphs).map { _ in
            Self.paragraph(characters: Int.random(in: 100...2_000, using: &rng), using: &rng)
        }
        chips = (0..<sizes.chips).map { _ in tags[zipf.next(using: &rng)] }
        let names = Self.distinct(400, using: &rng) { rng in
            let first = ["Ana", "Ben", "Chloé", "Dmitri", "Emeka", "Fatima", "Gus", "Hana", "Ines", "Jonas", "Kai", "Lena",
                         "Mateo", "Noor", "Olu", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Vera", "Wen", "Yusuf", "Zoe"]
            let last = ["Alvarez", "Berg", "Chen", "Dubois", "Eze", "Fischer", "García", "Haddad", "Ito", "Jensen", "Kowalski",
                        "Larsen", "Müller", "Nakamura", "Okafor", "Patel", "Quist", "Rossi", "Silva", "Tanaka", "Ueda", "Varga", "Wójcik"]
            return "\(first.randomElement(using: &rng)!) \(last.randomElement(using: &rng)!)"
        }
        posts = (0..<sizes.posts).map { index in
            let name = names[zipf.next(using: &rng) % names.count]
            let handle = "@" + name.lowercased().replacingOccurrences(of: " ", with: "_")
            let body = Self.paragraph(characters: Int.random(in: 40...320, using: &rng), using: &rng)
            let likes = Int.random(in: 0...2_400, using: &rng)
            let replies = Int.random(in: 0...180, using: &rng)
            return Post(
                name: name, subtitle: "\(handle) · \(index % 59 + 1)m", body: body,
                footer: "\(likes) likes · \(replies) replies · Share")
        }
        let mixed = Self.distinct(sizes.mixed, using: &rng) { Self.mixedString(using: &$0) }
        self.mixed = mixed
        let mixedZipf = ZipfSampler(count: min(sizes.mixedVocabulary, mixed.count))
        mixedStream = (0..<sizes.mixedStream).map { _ in mixed[mixedZipf.next(using: &rng)] }
        self.names = names
        self.sizes = sizes
    }

    /// A 1–3-word label: 40% one word, 45% two, 15% three; some Title Case, some with a `#`.
    static func label(using rng: inout SeededGenerator) -> String {
        let roll = Int.random(in: 0..<100, using: &rng)
        let count = roll < 40 ? 1 : roll < 85 ? 2 : 3
        var words = (0..<count).map { _ in tagWords.randomElement(using: &rng)! }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3: words = words.map(\.capitalized)
        case 3: words[0] = "#" + words[0]
        default: break
        }
        return words.joined(separator: " ")
    }

    /// Running text of about `characters` characters: sentences of 4–18 words, commas, numbers,
    /// the odd quotation, hyphenation and parenthesis.
    static func paragraph(characters: Int, using rng: inout SeededGenerator) -> String {
        var text = ""
        while text.count < characters {
            let length = Int.random(in: 4...18, using: &rng)
            var sentence: [String] = []
            for index in 0..<length {
                var word = proseWords.randomElement(using: &rng)!
                switch Int.random(in: 0..<60, using: &rng) {
                case 0: word = String(Int.random(in: 2...2_025, using: &rng))
                case 1: word = "“\(word)”"
                case 2: word += "-" + tagWords.randomElement(using: &rng)!
                case 3: word = "(\(word))"
                default: break
                }
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                if index < length - 1, Int.random(in: 0..<9, using: &rng) == 0 { word += "," }
                sentence.append(word)
            }
            if !text.isEmpty { text += " " }
            text += sentence.joined(separator: " ") + [".", ".", ".", "!", "?"].randomElement(using: &rng)!
        }
        return text
    }

    /// 2–5 segments: Latin words with CJK, Arabic, emoji and now and then Thai.
    static func mixedString(using rng: inout SeededGenerator) -> String {
        let count = Int.random(in: 2...5, using: &rng)
        var parts: [String] = [tagWords.randomElement(using: &rng)!]
        for _ in 1..<count {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3: parts.append(cjkPhrases.randomElement(using: &rng)!)
            case 3..<5: parts.append(arabicPhrases.randomElement(using: &rng)!)
            case 5..<7: parts.append(emojiPhrases.randomElement(using: &rng)!)
            case 7: parts.append(thaiPhrases.randomElement(using: &rng)!)
            default: parts.append(tagWords.randomElement(using: &rng)!)
            }
        }
        return parts.joined(separator: " ")
    }

    static func distinct(
        _ count: Int, excluding excluded: Set<String> = [], using rng: inout SeededGenerator,
        _ make: (inout SeededGenerator) -> String
    ) -> [String] {
        var seen = excluded
        var result: [String] = []
        result.reserveCapacity(count)
        var attempts = 0
        while result.count < count {
            let candidate = make(&rng)
            attempts += 1
            precondition(attempts < count * 1_000, "the generator cannot make \(count) distinct strings")
            if seen.insert(candidate).inserted { result.append(candidate) }
        }
        return result
    }

    /// The `index`-th of up to 300³ distinct three-word labels, without storing them: the memory
    /// workload measures millions of distinct strings and must not hold them itself.
    public static func distinctLabel(_ index: Int) -> String {
        let n = tagWords.count
        let space = n * n * n
        let value = Int((UInt64(index % space) &* UInt64(labelMultiplier)) % UInt64(space))
        return "\(tagWords[value % n]) \(tagWords[value / n % n]) \(tagWords[value / (n * n)])"
    }

    /// A multiplier coprime with the label space, which spreads consecutive indices over all words.
    static let labelMultiplier: Int = {
        let space = tagWords.count * tagWords.count * tagWords.count
        var multiplier = 2_654_435_761 % space
        while gcd(multiplier, space) != 1 { multiplier += 1 }
        return multiplier
    }()

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

extension Array where Element == String {
    /// The words in their first order, each once.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
