// ErrorTests.swift — every input error is a CaliperError naming the input, never a crash.
import Caliper
import Foundation
import Testing

@Suite struct ErrorTests {
    let measurer = TextMeasurer()

    @Test func aMissingFontFileIsNotFound() {
        #expect(throws: CaliperError.fontFileNotFound(path: "/no/such/font.ttf")) {
            try FontFace(contentsOfFile: "/no/such/font.ttf")
        }
    }

    @Test func aDirectoryIsUnreadable() {
        #expect(throws: CaliperError.fontFileUnreadable(path: "/tmp", reason: "it is a directory")) {
            try FontFace(contentsOfFile: "/tmp")
        }
    }

    @Test func aFileThatIsNotAFontIsInvalid() throws {
        let error = #expect(throws: CaliperError.self) {
            try FontFace(contentsOfFile: Fixtures.path("README.md"))
        }
        guard case .invalidFont(let path, 0, let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("README.md"))
        #expect(reason.contains("not a font file"))
    }

    @Test func aTruncatedFontIsInvalid() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fonts/DejaVuSans.ttf")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-truncated-\(UUID()).ttf").path
        try original.prefix(100).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CaliperError.self) { try FontFace(contentsOfFile: path) }
    }

    @Test func anEmptyFileIsInvalid() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-empty-\(UUID()).ttf").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CaliperError.self) { try FontFace(contentsOfFile: path) }
    }

    @Test func aFaceIndexPastTheCollectionIsOutOfRange() {
        let path = Fixtures.path("Fonts/DejaVuSans.ttf")
        #expect(throws: CaliperError.faceIndexOutOfRange(path: path, faceIndex: 3, faceCount: 1)) {
            try FontFace(contentsOfFile: path, faceIndex: 3)
        }
    }

    @Test func aFileOverTheSizeLimitIsRefused() {
        let path = Fixtures.path("Fonts/DejaVuSans.ttf")
        #expect(throws: CaliperError.self) { try FontFace(contentsOfFile: path, fileSizeLimit: 1000) }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, -.infinity, 10_001])
    func invalidFontSizesAreRefused(_ size: Double) throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: CGFloat(size))
        #expect(throws: CaliperError.self) { try measurer.size(of: "a", style: style) }
    }

    @Test(arguments: [-1.0, .nan, -.infinity])
    func invalidWidthsAreRefused(_ width: Double) throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        #expect(throws: CaliperError.self) { try measurer.layout("a", style: style, maxWidth: CGFloat(width)) }
    }

    @Test func invalidParagraphStylesAreRefused() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let invalid = [
            ParagraphStyle(numberOfLines: -1), ParagraphStyle(lineSpacing: .nan), ParagraphStyle(lineSpacing: -2),
            ParagraphStyle(lineHeightMultiple: .infinity), ParagraphStyle(minimumLineHeight: -1),
        ]
        for paragraphStyle in invalid {
            #expect(throws: CaliperError.self) { try measurer.layout("a", style: style, paragraphStyle: paragraphStyle) }
        }
        #expect(throws: CaliperError.self) {
            try measurer.size(of: "a", style: TextStyle(font: style.font, size: 17, letterSpacing: .nan))
        }
    }

    @Test func textOverTheLimitIsRefused() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        #expect(throws: CaliperError.textTooLong(utf16Length: 11, limit: 10)) {
            try TextMeasurer(maximumTextLength: 10).size(of: "Hello World", style: style)
        }
    }

    @Test(arguments: ["", "liga=x", "toolongtag", "+", "kern[", "a b c"])
    func invalidFeatureSettingsAreRefused(_ setting: String) {
        #expect(throws: CaliperError.invalidFeature(setting)) { try FontFeature(setting) }
    }

    @Test func validFeatureSettingsParse() throws {
        #expect(try FontFeature("liga=0") == FontFeature(tag: "liga", value: 0))
        #expect(try FontFeature("-kern") == FontFeature(tag: "kern", value: 0))
        #expect(try FontFeature("tnum") == FontFeature(tag: "tnum", value: 1))
        #expect(try FontFeature("salt=2") == FontFeature(tag: "salt", value: 2))
    }

    @Test func errorsDescribeTheirInput() {
        #expect(CaliperError.fontFileNotFound(path: "x.ttf").description.contains("x.ttf"))
        #expect(CaliperError.invalidFontSize(-1).description.contains("-1"))
        #expect(CaliperError.fontNotMatched(pattern: "Nope", closest: "DejaVu Sans:Book").description.contains("DejaVu Sans"))
    }
}
