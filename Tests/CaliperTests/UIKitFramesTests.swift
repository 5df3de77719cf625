// UIKitFramesTests.swift — label sizes that UIKit itself computed, from Interface Builder files in public apps, measured again.
import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/uikit_frames.json` (make_uikit_frames.py, described in uikit_frames.md): the
/// frames Xcode saved for labels whose size on an axis is their `intrinsicContentSize`, ceiled to
/// the pixels of the document's device, with the font file committed beside them.
struct UIKitFrameGoldens: Decodable {
    struct Record: Decodable, CustomStringConvertible {
        var repository: String
        var file: String
        var objectID: String
        var font: String
        var postScriptName: String
        var pointSize: Double
        var text: String
        var numberOfLines: Int
        var lineBreakMode: String
        var fixedWidth: Double?
        var scale: Double
        var width: Double?
        var height: Double?
        var description: String {
            "\(repository) \(file) \(objectID): \(postScriptName) \(pointSize) pt \(text.debugDescription)"
        }
        /// The frame's dimensions UIKit sized: its width, its height, or both.
        var dimensions: [(name: String, value: Double)] {
            [width.map { ("width", $0) }, height.map { ("height", $0) }].compactMap { $0 }
        }
    }

    /// A frame set aside, with its evidence (only counted here).
    struct SetAside: Decodable {}

    var records: [Record]
    var setAside: [SetAside]
}

@Suite struct UIKitFramesTests {
    static let records = (try? Fixtures.golden("uikit_frames.json", as: UIKitFrameGoldens.self).records) ?? []

    @Test func goldensLoaded() {
        let dimensions = Self.records.reduce(0) { $0 + ($1.width == nil ? 0 : 1) + ($1.height == nil ? 0 : 1) }
        #expect(dimensions >= 200)
        #expect(Set(Self.records.map(\.repository)).count >= 6)
    }

    /// The label's size as UIKit sizes it: the text laid out in the label's font, line limit and
    /// line break mode, at the frame's width when constraints fix it (else unwrapped), ceiled to
    /// the device's pixels. Each dimension is a case of the conformance report; the frames set
    /// aside (the font the designer had is not the one committed) are counted beside them.
    @Test func labelSizesMatchUIKitToThePixel() throws {
        var dimensions = 0
        var agreed = 0
        for record in Self.records {
            let differing = Self.differences(record)
            dimensions += record.dimensions.count
            agreed += record.dimensions.count - differing.count
            for difference in differing { Issue.record(Comment(rawValue: "\(record): \(difference)")) }
        }
        let setAside = try Fixtures.golden("uikit_frames.json", as: UIKitFrameGoldens.self).setAside.count
        Conformance.record("uikit-frames", cases: dimensions, agreed: agreed, figures: ["setAsideFrames": setAside])
    }

    /// The dimensions of `record` whose ceiled size is not UIKit's, each described.
    static func differences(_ record: UIKitFrameGoldens.Record) -> [String] {
        let measured: CGSize
        do { measured = try measure(record) } catch { return record.dimensions.map { "\($0.name): \(error)" } }
        let size = PixelRounding.ceil(measured, scale: CGFloat(record.scale))
        return record.dimensions.compactMap { dimension in
            let (found, unrounded) = dimension.name == "width" ? (size.width, measured.width) : (size.height, measured.height)
            return abs(Double(found) - dimension.value) < 1e-6 ? nil : "\(dimension.name) \(found) (\(unrounded)), UIKit \(dimension.value)"
        }
    }

    /// The unrounded size of the label's text.
    static func measure(_ record: UIKitFrameGoldens.Record) throws -> CGSize {
        let face = try Fixtures.font(record.font)
        let style = TextStyle(font: face, size: CGFloat(record.pointSize), fallback: .none)
        let paragraph = ParagraphStyle(
            lineBreakMode: try lineBreakMode(record.lineBreakMode), numberOfLines: record.numberOfLines)
        let layout = try TextMeasurer().layout(
            record.text, style: style, paragraphStyle: paragraph, maxWidth: record.fixedWidth.map { CGFloat($0) })
        return layout.size
    }

    /// `NSLineBreakMode`'s names, as the golden spells them.
    static func lineBreakMode(_ name: String) throws -> LineBreakMode {
        switch name {
        case "byWordWrapping": return .byWordWrapping
        case "byCharWrapping": return .byCharWrapping
        case "byClipping": return .byClipping
        case "byTruncatingHead": return .byTruncatingHead
        case "byTruncatingTail": return .byTruncatingTail
        case "byTruncatingMiddle": return .byTruncatingMiddle
        default: throw UnknownLineBreakMode(name: name)
        }
    }

    struct UnknownLineBreakMode: Error {
        var name: String
    }
}
