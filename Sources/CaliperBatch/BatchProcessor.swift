// BatchProcessor.swift — answers `caliper batch` requests: JSON Lines in, one JSON line out per request.
import Caliper
import CaliperLayout
import Foundation
import Synchronization

/// Answers measurement, flow and layout requests in Caliper's JSON Lines protocol (the
/// `BatchProtocol` article of Caliper's documentation), one line at a time; fonts stay loaded between requests. A bad request gets an
/// error answer, never a trap. Use it to serve the protocol from any transport.
///
/// ```swift
/// let processor = BatchProcessor()
/// processor.answer(#"{"id": 1, "text": "Hello", "font": "Fonts/DejaVuSans.ttf"}"#)
/// ```
public struct BatchProcessor: Sendable {
    public var resolver: FontResolver { didSet { threadCaches = ThreadCaches() } }
    public var measurer: TextMeasurer { didSet { threadCaches = ThreadCaches() } }
    /// Where characters the request's fonts lack are looked for when it names no fallback fonts.
    public var systemFallback: FontFallback
    /// Whether every request uses only the fonts it names, as if each said `"onlyGivenFonts": true`:
    /// no default font (a text without `font` is an error) and no system fallback, so answers do
    /// not depend on the fonts the machine has installed.
    public var onlyGivenFonts: Bool
    /// The folder relative font paths in requests are read from; `nil` (the default) reads them
    /// from the current directory. `caliper batch --font-root` and the service set their font
    /// root here, so that clients name fonts as the root's files (`"DejaVuSans.ttf"`); a path
    /// that names no file there is still read from the current directory while it names a file
    /// inside the root (`FontResolver.face(for:inRoot:)`).
    public var fontFolder: String? { didSet { threadCaches = ThreadCaches() } }
    /// The longest text a request may measure by default in the protocol's doors (`caliper batch
    /// --max-text-length`, the service's `--max-text-length`), in UTF-16 code units: a tenth of
    /// the library's own default (``TextMeasurer/defaultMaximumTextLength``), as a request comes
    /// from a client rather than from the program itself.
    public static let defaultMaximumTextLength = 100_000

    /// The fallback fonts of a text whose request names none (`fallback`), tried in order before
    /// `systemFallback`; none by default. A request with `"onlyGivenFonts": true` does without them.
    /// A service sets its font root's cascade here (colour emoji and CJK fonts), so that requests
    /// measure what a phone would show.
    public var defaultFallbackFonts: [FontFace] = [] { didSet { threadCaches = ThreadCaches() } }

    /// Apple's system fonts, which a request's `systemFont` is set in (`caliper batch
    /// --system-font DIR`, the service's `--system-font DIR`); `nil` (the default) refuses
    /// `systemFont` with an error saying how to give them.
    public var systemFonts: SystemFonts?

    /// An Android device's hyphenation patterns, for Android requests that hyphenate (`caliper
    /// batch --android-hyphenation DIR`, the service's `--android-hyphenation DIR`); none by
    /// default, and such requests then warn that words broke only at hyphens.
    public var androidHyphenationPatterns: [AndroidHyphenationPatterns] = []

    /// An Android device's fonts, which Android requests' texts fall back through as on the
    /// device (`--android-fonts DIR`); `nil` (the default): a request's own fonts and the
    /// processor's fallback fonts, each a family of equal standing.
    public var androidFonts: AndroidFonts?

    /// Whether each thread that answers measures with a ``ShapeCache`` of its own, of the budget
    /// of ``measurer``'s cache, rather than with that one cache, and with fonts of its own, from a
    /// sibling of ``resolver`` (``FontResolver/sibling()``: faces of its own, made from bytes the
    /// threads share): `caliper batch --jobs N` with N above 1 and the service with more than one
    /// compute thread set it. Threads that share a cache free one another's memory as it turns
    /// over, and glibc's allocator serializes that. Threads that share faces count references to
    /// them at every run copied, each count a write to memory every core reads. (The figures are
    /// in Design, "Costs behind the code".) Each thread's shape cache is as large as the one would be, as each of N processes'
    /// is, and its fonts as many as the resolver's budget allows; both are kept for as long as
    /// the processor and its copies, for the thread's next requests. Answers are the same either
    /// way: a cache never changes an answer, and a face answers alike whichever resolver made it.
    /// Each thread also has its own faces of ``defaultFallbackFonts`` (an instance of a variable
    /// font aside) and its own copy of ``fontFolder``; ``systemFonts`` stays shared.
    public var cachesPerThread = false { didSet { threadCaches = ThreadCaches() } }
    /// What each thread answers with, made from ``resolver``, ``measurer``'s cache,
    /// ``fontFolder`` and ``defaultFallbackFonts`` as they are now: shared by the processor's
    /// copies until one of those changes, which starts afresh (a thread's own never answers with
    /// settings the processor no longer has).
    private var threadCaches = ThreadCaches()

    /// The caches the processor measures with: with ``cachesPerThread``, each thread's made so
    /// far (the measurer's own until a thread has made one); else the measurer's; none when the
    /// measurer has none. What the service's `/metrics` sums.
    public var caches: [ShapeCache] {
        guard let cache = measurer.cache else { return [] }
        guard cachesPerThread else { return [cache] }
        let perThread = threadCaches.all.compactMap(\.cache)
        return perThread.isEmpty ? [cache] : perThread
    }

    /// How fonts have been served, over ``resolver`` and, with ``cachesPerThread``, each thread's
    /// sibling of it: each count summed (a file loaded by several threads counts once for each,
    /// though its bytes are in memory once). What the service's `/metrics` reports.
    public var fontStatistics: FontResolver.Statistics {
        let resolvers = [resolver] + (cachesPerThread ? threadCaches.all.map(\.resolver) : [])
        return resolvers.map(\.statistics).reduce(.zero, +)
    }

    /// A processor that loads fonts through `resolver`, measures with `measurer`, and looks for
    /// characters a request's fonts lack in `systemFallback` (or nowhere, with `onlyGivenFonts`).
    public init(
        resolver: FontResolver = FontResolver(), measurer: TextMeasurer = TextMeasurer(), systemFallback: FontFallback = .system,
        onlyGivenFonts: Bool = false
    ) {
        self.resolver = resolver
        self.measurer = measurer
        self.systemFallback = systemFallback
        self.onlyGivenFonts = onlyGivenFonts
    }

    /// What a request asks for: its `op`.
    public enum Op: String, Sendable, CaseIterable {
        /// A text's size and lines (the default).
        case measure
        /// A chip flow's frames.
        case flow
        /// A cell layout's frames.
        case layout

        /// The op `name` names, or an error listing the known ones.
        static func named(_ name: String) throws -> Op {
            guard let op = Op(rawValue: name) else {
                throw InputError("unknown op \"\(name)\" (known: \(allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return op
        }
    }

    // The keys of each op's request, beside the shared ones of LayoutSpec; a key not in its op's
    // list is an error naming it. A new key is added here.

    /// What every request may have: its `id`, its `op`, and `onlyGivenFonts`.
    static let requestKeys: KnownKeys = ["id", "op", "onlyGivenFonts"]
    static let measureRequestKeys: KnownKeys =
        requestKeys + LayoutSpec.styledTextKeys
        + ["platform", "maxWidth", "maxLines", "paragraphs", "minimumScaleFactor", "maxHeight", "truncatesLastVisibleLine", "scale", "intrinsicWidths",
            "widths"]
        + LayoutSpec.paragraphStyleKeys
    static let flowRequestKeys: KnownKeys = requestKeys + ["width"] + LayoutSpec.flowKeys + ["platform"]
    static let layoutRequestKeys: KnownKeys = requestKeys + ["width", "root", "scale", "platform"]
    /// A flow request for Android (``LayoutPlatform``): UIKit's pixel rounding left out, its
    /// settings in `android`.
    static let androidFlowRequestKeys: KnownKeys = requestKeys + ["platform", "android", "width"] + LayoutSpec.androidFlowKeys
    /// A layout request for Android: UIKit's `scale` (the cell's size ceiled to its screen)
    /// left out, its settings in `android`.
    static let androidLayoutRequestKeys: KnownKeys = requestKeys + ["platform", "android", "width", "root"]

    /// The answers to `requests`, in their order, computed on up to `jobs` threads.
    public func answers(_ requests: [String], jobs: Int) -> [String] {
        answerBytes(requests, jobs: jobs).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Each request's answer, computed on up to `jobs` threads that take the next unanswered
    /// request as they become free (requests differ in cost a thousandfold: a tag, a long paragraph).
    private func answerBytes(_ requests: [String], jobs: Int) -> [[UInt8]] {
        guard jobs > 1, requests.count > 1 else { return requests.map(answerBytes) }
        let slots = AnswerSlots(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, requests.count)) { _ in
            while let index = slots.claim() { slots.set(index, answerBytes(requests[index])) }
        }
        return slots.values
    }

    /// What a request is answered with on one thread.
    private struct Context {
        var measurer: TextMeasurer
        var resolver: FontResolver
        var fontFolder: String?
        var fallbackFonts: [FontFace]
    }

    /// What the calling thread answers with: with ``cachesPerThread``, the thread's own cache,
    /// resolver, font folder and fallback fonts (the same fonts, its resolver's faces of them),
    /// the measurer made fresh rather than copied from ``measurer`` so that the shared cache's
    /// reference count is never touched; else this processor's own. Once a thread has its own
    /// this takes no lock and writes nothing other threads read.
    private var context: Context {
        guard cachesPerThread else { return sharedContext }
        let made = threadCaches.forCurrentThread {
            let sibling = resolver.sibling()
            return ThreadCaches.Own(
                cache: measurer.cache.map { ShapeCache(byteBudget: $0.byteBudget) }, resolver: sibling,
                // A copy with storage of its own: a copied string shares its storage, and its count.
                fontFolder: fontFolder.map { String(decoding: Array($0.utf8), as: UTF8.self) },
                fallbackFonts: defaultFallbackFonts.map { Self.sameFace(as: $0, from: sibling) })
        }
        guard let own = made else { return sharedContext }
        return Context(
            measurer: TextMeasurer(maximumTextLength: measurer.maximumTextLength, cache: own.cache, keepsGlyphs: measurer.keepsGlyphs),
            resolver: own.resolver,
            fontFolder: own.fontFolder, fallbackFonts: own.fallbackFonts)
    }

    /// This processor's own measurer, resolver, font folder and fallback fonts, which every
    /// thread shares.
    private var sharedContext: Context {
        Context(measurer: measurer, resolver: resolver, fontFolder: fontFolder, fallbackFonts: defaultFallbackFonts)
    }

    /// `face` as `resolver` loads it (the same file and face index, a face of its own), or `face`
    /// itself when it is an instance of a variable font, or when its file cannot be loaded again
    /// or now holds another font (its glyph count, names or metrics differ).
    private static func sameFace(as face: FontFace, from resolver: FontResolver) -> FontFace {
        guard face.variations.isEmpty else { return face }
        let specification = face.faceIndex == 0 ? face.path : face.path + "#\(face.faceIndex)"
        guard let own = try? resolver.face(for: specification), own.path == face.path, own.faceIndex == face.faceIndex,
            own.glyphCount == face.glyphCount, own.familyName == face.familyName, own.styleName == face.styleName,
            own.designMetrics == face.designMetrics
        else { return face }
        return own
    }

    /// The answer line for one request line: a result or an error, never a trap.
    public func answer(_ line: String) -> String {
        String(decoding: answerBytes(line), as: UTF8.self)
    }

    /// One request's answer, for a transport that tells results from errors (an HTTP status).
    public struct Answer: Sendable {
        /// The answer as UTF-8 JSON (one line, no newline).
        public var json: [UInt8]
        /// The error message when the answer is an error (`{"id": …, "error": …}`), else `nil`.
        public var error: String?
    }

    /// The answer to `request` (a JSON object, on one line or several) as the op `op`: the
    /// request's own `op` may be left out or must be `op`; with no `op`, as the request's own
    /// (``Op/measure`` when it has none), as ``answer(_:)`` answers it.
    public func answer(_ request: String, op: Op?) -> Answer {
        var error: String?
        let bytes = answerBytes(request, route: op, error: &error)
        return Answer(json: bytes, error: error)
    }

    /// The answer to a request whose result holds a number that is not finite. Inputs are bounded
    /// so that no layout overflows; this is the net under those bounds, never a `null` in a result.
    static let nonFiniteMessage = "the result has a number too large to represent (an input is too large for the layout)"

    private func answerBytes(_ line: String) -> [UInt8] {
        var error: String?
        return answerBytes(line, route: nil, error: &error)
    }

    /// The answer to `line`, as the op `route` when one is given (the request's `op` must then be
    /// absent or equal); `error` is set to the message of an error answer.
    private func answerBytes(_ line: String, route: Op?, error message: inout String?) -> [UInt8] {
        var writer = JSONWriter()
        write(answerTo: line, route: route, error: &message, to: &writer)
        return writer.bytes
    }

    /// Writes the answer to one request line (what ``answer(_:)`` answers, without a newline) at
    /// the end of `writer`, which must be between whole values with no non-finite number written
    /// (``JSONWriter/hasNonFiniteNumber`` false, as every answer leaves it): for a transport that writes many
    /// answers to one buffer, as `caliper batch` does (a writer on each thread, kept from request
    /// to request, a ``JSONWriter/lineBreak()`` after each answer), so that an answer needs no
    /// buffer of its own.
    ///
    /// ```swift
    /// var writer = JSONWriter()
    /// for line in requestLines {
    ///     processor.write(answerTo: line, to: &writer)
    ///     writer.lineBreak()
    /// }
    /// ```
    public func write(answerTo line: String, to writer: inout JSONWriter) {
        precondition(!writer.hasNonFiniteNumber, "BatchProcessor.write(answerTo:to:): the writer already holds a non-finite number")
        var error: String?
        write(answerTo: line, route: nil, error: &error, to: &writer)
    }

    /// Writes the answer to `line` at the end of `writer`, as the op `route` when one is given
    /// (the request's `op` must then be absent or equal); `error` is set to the message of an
    /// error answer.
    private func write(answerTo line: String, route: Op?, error message: inout String?, to writer: inout JSONWriter) {
        let context = context
        let start = writer.byteCount
        var id: JSON = .null
        do {
            let request = try JSONObject(parsing: line)
            id = request.id
            let op = try request.string("op").map(Op.named)
            if let route, let op, op != route {
                throw InputError("\"op\" is \"\(op.rawValue)\", but this is a \(route.rawValue) request (leave \"op\" out, or ask for \(op.rawValue) where \(op.rawValue) requests are answered)")
            }
            switch op ?? route ?? .measure {
            case .measure where try MeasurePlatform.of(request) == .android:
                try AndroidMeasureRequest.requireKnownKeys(of: request, measureKeys: Self.measureRequestKeys)
                let layout = try androidMeasure(request, in: context)
                if Self.write(id: id, to: &writer, { AndroidMeasureRequest.writeJSONMembers(of: layout, to: &$0) }) { return }
                message = Self.nonFiniteMessage
            case .measure:
                try request.requireKnownKeys(Self.measureRequestKeys)
                let answer = try measure(request, in: context)
                let folder = context.fontFolder
                if Self.write(id: id, to: &writer, { answer.writeJSONMembers(to: &$0, fontFolder: folder) }) { return }
                message = Self.nonFiniteMessage
            case .flow:
                let result = try flow(request, in: context).result
                if Self.write(id: id, to: &writer, { LayoutJSON.writeFlowMembers(result, to: &$0) }) { return }
                message = Self.nonFiniteMessage
            case .layout:
                let (arrangement, pixelScale) = try arrangement(request, in: context)
                if Self.write(id: id, to: &writer, { LayoutJSON.writeLayoutMembers(arrangement, roundedTo: pixelScale, to: &$0) }) {
                    return
                }
                message = Self.nonFiniteMessage
            }
        } catch let error as InputError {
            message = error.message
        } catch let error as CaliperError {
            message = error.description
        } catch let error as LayoutError {
            message = error.description
        } catch {
            message = "\(error)"
        }
        // Every answer above was written; what is left is an error. Its id can still hold a
        // number no Double holds (`"id": 1e400` reads as infinity), which JSON cannot write.
        writer.rewind(to: start)
        Self.errorAnswer(id: id, message ?? Self.nonFiniteMessage).write(to: &writer)
        guard writer.hasNonFiniteNumber else { return }
        // Only the id can be what was not finite: it is written as the `null` it came out as,
        // so that the writer is left with no non-finite number for the answers after this one.
        message = Self.nonFiniteMessage
        writer.rewind(to: start)
        Self.errorAnswer(id: .null, Self.nonFiniteMessage).write(to: &writer)
    }

    /// Writes `{"id": id, …}` with the members `members` writes, straight from the results (no
    /// JSON value built first); false, with nothing written, when one of its numbers was not
    /// finite, to be answered with an error instead. `writer` must be between whole values.
    private static func write(id: JSON, to writer: inout JSONWriter, _ members: (inout JSONWriter) -> Void) -> Bool {
        let start = writer.byteCount
        writer.beginObject()
        writer.key("id")
        id.write(to: &writer)
        members(&writer)
        writer.endObject()
        guard writer.hasNonFiniteNumber else { return true }
        writer.rewind(to: start)
        return false
    }

    /// The answer a door gives to a line it cannot hand to the processor — one over its length
    /// limit, a blank one it must answer, one that never arrived: `{"id":null,"error":message}`,
    /// written as every error answer is. `caliper batch`, the service and the C interface write it here.
    public static func errorAnswer(_ message: String) -> [UInt8] {
        var writer = JSONWriter(capacity: message.utf8.count + 24)
        writer.writeErrorAnswer(message)
        return writer.bytes
    }

    private static func errorAnswer(id: JSON, _ message: String) -> JSON {
        .object([("id", id), ("error", .string(message))])
    }

    /// The reader of `request`'s text and layout: its fonts from the resolver (relative paths from
    /// ``fontFolder``, a font root, when there is one), with the request's `onlyGivenFonts`, its
    /// texts laid out for `platform`.
    private func layoutSpec(for request: JSONObject, in context: Context, platform: MeasurePlatform = .ios) throws -> LayoutSpec {
        let asksOnlyGivenFonts = try request.bool("onlyGivenFonts") == true
        return LayoutSpec(
            resolver: context.resolver, fallback: systemFallback, fontFolder: context.fontFolder, fontFolderIsRoot: true,
            onlyGivenFonts: onlyGivenFonts || asksOnlyGivenFonts, defaultFallbackFonts: asksOnlyGivenFonts ? [] : context.fallbackFonts,
            systemFonts: systemFonts, platform: platform, androidFonts: platform == .android ? androidFonts : nil)
    }

    /// The answer to a measure request: its text, paragraph style, width and fit read from it
    /// (``MeasureRequest/fit(hasMaxWidth:maxHeight:truncatesLastVisibleLine:minimumScaleFactor:naming:)``),
    /// measured.
    private func measure(_ request: JSONObject, in context: Context) throws -> MeasureRequest.Answer {
        let measurer = context.measurer
        let spec = try layoutSpec(for: request, in: context)
        let (styled, spans) = try spec.styledText(request, lengthLimit: measurer.maximumTextLength)
        let paragraphStyle = try spec.paragraphStyle(request, over: ParagraphStyle(numberOfLines: try request.integer("maxLines") ?? 0))
        let attributed = try spec.settingParagraphStyles(of: request, on: styled, over: paragraphStyle)
        let maxWidth = try request.number("maxWidth").map { CGFloat($0) }
        let fit = try MeasureRequest.fit(
            hasMaxWidth: maxWidth != nil, maxHeight: try request.number("maxHeight"),
            truncatesLastVisibleLine: try request.bool("truncatesLastVisibleLine"),
            minimumScaleFactor: try request.number("minimumScaleFactor"), naming: .json(request))
        let pixelScale = try request.number("scale")
        try MeasureRequest.validate(pixelScale: pixelScale, naming: .json(request))
        var measure = MeasureRequest(
            text: attributed, paragraphStyle: paragraphStyle, maxWidth: maxWidth, fit: fit, pixelScale: pixelScale.map { CGFloat($0) })
        measure.spans = spans
        measure.asksIntrinsicWidths = try request.bool("intrinsicWidths") ?? false
        let widths = try request.numbers("widths")
        try MeasureRequest.validate(widths: widths, hasMaxWidth: maxWidth != nil, fit: fit, naming: .json(request))
        measure.widths = widths?.map { CGFloat($0) }
        return try measure.answer(with: measurer)
    }

    /// The answer to a measure request for Android (`"platform": "android"`): its text in one
    /// style — a font file, or a `typeface` of the device's fonts (``AndroidTypefaceRequest``) —
    /// (`size` in sp, required: a `TextView`'s default depends on its theme), its
    /// `android` settings, `maxWidth` in dp and `maxLines`, laid out as a `TextView` lays it out.
    private func androidMeasure(_ request: JSONObject, in context: Context) throws -> AndroidTextLayout {
        let spec = try layoutSpec(for: request, in: context, platform: .android)
        guard request.has("size") else {
            throw InputError("missing \"size\": the text size in sp (a TextView's default depends on its theme)")
        }
        var style = try spec.androidTextStyle(request, description: try spec.textStyleDescription(request))
        style.fallback = .none
        let android = request.has("android") ? try request.object("android") : nil
        var measure = try AndroidMeasureRequest(
            text: try request.requiredString("text"), style: style, settings: try android.map(AndroidSettings.init(json:)) ?? AndroidSettings(),
            maxWidth: try request.number("maxWidth"), maxLines: try request.integer("maxLines"), naming: .json(android ?? request))
        measure.profile.hyphenationPatterns = androidHyphenationPatterns
        measure.profile.systemFonts = androidFonts
        return try measure.answer(with: context.measurer)
    }

    /// A flow or layout request drawn: the SVG of `caliper flow --svg` or `caliper layout --svg`
    /// (chips and boxes, text as real glyph outlines), or the error its answer would give.
    public struct Picture: Sendable {
        /// The SVG document, when the request could be laid out.
        public var svg: String?
        /// Why it could not, as its answer's `error` says.
        public var error: String?
    }

    /// The picture of `request` as the op `op` (``Op/flow`` or ``Op/layout``; a measure request
    /// has none), the request's own `op` left out or `op`. It is measured once, by this
    /// processor's measurer (its cache and limits) keeping glyphs, and drawn from them.
    public func picture(_ request: String, op: Op) -> Picture {
        do {
            let object = try JSONObject(parsing: request)
            if let own = try object.string("op").map(Op.named), own != op {
                throw InputError("\"op\" is \"\(own.rawValue)\", but this is a picture of a \(op.rawValue) request")
            }
            if try MeasurePlatform.of(object) == .android { throw InputError(LayoutPlatform.androidPictureRefusal) }
            var context = context
            context.measurer.keepsGlyphs = true
            switch op {
            case .flow:
                let (flow, result) = try flow(object, in: context)
                return Picture(svg: try SVGRenderer().svg(for: result, of: flow))
            case .layout:
                let arrangement = try arrangement(object, in: context).arrangement
                return Picture(svg: try SVGRenderer().svg(for: arrangement, size: arrangement.frame.size))
            case .measure:
                throw InputError("a measure request has no picture (pictures are of flow and layout requests)")
            }
        } catch let error as InputError {
            return Picture(error: error.message)
        } catch {
            return Picture(error: "\(error)")
        }
    }

    /// A flow request's platform and keys checked, its flow, and the flow laid out at its
    /// `width`: what a flow answer reports and a flow picture draws. For Android
    /// (``LayoutPlatform``) each chip's text is a `TextView`'s, and sizes are in dp.
    private func flow(_ request: JSONObject, in context: Context) throws -> (flow: FlowLayout, result: FlowLayoutResult) {
        let platform = try LayoutPlatform.of(request, hyphenationPatterns: androidHyphenationPatterns, systemFonts: androidFonts)
        try platform.requireKnownKeys(of: request, ios: Self.flowRequestKeys, android: Self.androidFlowRequestKeys)
        let flow = try layoutSpec(for: request, in: context, platform: platform.measurePlatform).flow(request)
        let width = CGFloat(try request.requiredNumber("width"))
        // iOS keeps its measurer's own type, for the flow's code specialized to it.
        if let android = try platform.androidMeasurer(measuringWith: context.measurer) {
            return (flow, try flow.layout(width: width, measurer: android))
        }
        return (flow, try flow.layout(width: width, measurer: context.measurer))
    }

    /// A layout request's platform and keys checked and its root arranged at its `width`, with
    /// the screen scale its size is also answered ceiled to (`scale`, checked for the picture
    /// too; UIKit's only): what a layout answer reports and a layout picture draws.
    private func arrangement(_ request: JSONObject, in context: Context) throws -> (arrangement: LayoutArrangement, pixelScale: CGFloat?) {
        let platform = try LayoutPlatform.of(request, hyphenationPatterns: androidHyphenationPatterns, systemFonts: androidFonts)
        try platform.requireKnownKeys(of: request, ios: Self.layoutRequestKeys, android: Self.androidLayoutRequestKeys)
        let pixelScale = try request.number("scale")
        try MeasureRequest.validate(pixelScale: pixelScale, naming: .json(request))
        let root = try layoutSpec(for: request, in: context, platform: platform.measurePlatform).layout(request.object("root"))
        let measurer: any TextMeasuring = try platform.androidMeasurer(measuringWith: context.measurer) ?? context.measurer
        return (try root.arrange(width: CGFloat(try request.requiredNumber("width")), measurer: measurer), pixelScale.map { CGFloat($0) })
    }
}

extension JSONWriter {
    /// Writes ``BatchProcessor/errorAnswer(_:)``'s object at the end of the writer.
    public mutating func writeErrorAnswer(_ message: String) {
        beginObject()
        key("id")
        null()
        key("error")
        string(message)
        endObject()
    }
}
