// OpenAPIDocumentTests.swift — the service's OpenAPI document names exactly the keys and values the batch reader reads for a measure request, UIKit's and Android's.
@testable import Caliper
@testable import CaliperBatch
import Foundation
import Testing
import TestSupport

@Suite struct OpenAPIDocumentTests {
    static func schemas() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Server/Sources/CaliperService/Resources/openapi.json")))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
    }

    static func properties(_ schema: [String: Any]?) -> [String: [String: Any]] {
        schema?["properties"] as? [String: [String: Any]] ?? [:]
    }

    /// Each measure request schema lists exactly the keys its reader knows, refusing any other
    /// (`additionalProperties: false`), as the reader refuses them.
    @Test func theMeasureSchemasListTheKeysTheReaderKnows() throws {
        let schemas = try Self.schemas()
        for (name, keys) in [
            ("MeasureRequest", BatchProcessor.measureRequestKeys), ("AndroidMeasureRequest", AndroidMeasureRequest.requestKeys),
            ("AndroidSettings", AndroidSettings.keys),
        ] {
            #expect(Set(Self.properties(schemas[name]).keys) == Set(keys.names), "\(name)")
            #expect(schemas[name]?["additionalProperties"] as? Bool == false, "\(name)")
        }
    }

    /// The Android settings' names are the library's: the platforms, break strategies,
    /// hyphenation frequencies and ellipsis places the reader takes, and `null`.
    @Test func theAndroidEnumsAreTheLibrarys() throws {
        let schemas = try Self.schemas()
        let settings = Self.properties(schemas["AndroidSettings"])
        func names(_ property: [String: Any]?) -> [String?] {
            (property?["enum"] as? [Any] ?? []).map { $0 as? String }
        }
        #expect(names(settings["breakStrategy"]) == AndroidParagraphStyle.BreakStrategy.allCases.map(\.rawValue) + [nil])
        #expect(names(settings["hyphenationFrequency"]) == AndroidParagraphStyle.HyphenationFrequency.allCases.map(\.rawValue) + [nil])
        #expect(names(settings["ellipsize"]) == AndroidParagraphStyle.Ellipsize.allCases.map(\.rawValue) + [nil])
        #expect(names(Self.properties(schemas["MeasureRequest"])["platform"]) == [MeasurePlatform.ios.rawValue, nil])
        #expect(Self.properties(schemas["AndroidMeasureRequest"])["platform"]?["const"] as? String == MeasurePlatform.android.rawValue)
        #expect(Set(MeasurePlatform.allCases) == [.ios, .android])
    }

    /// The document's bounds on the Android settings are the library's.
    @Test func theAndroidBoundsAreTheLibrarys() throws {
        let schemas = try Self.schemas()
        let request = Self.properties(schemas["AndroidMeasureRequest"])
        let settings = Self.properties(schemas["AndroidSettings"])
        func bounds(_ property: [String: Any]?) -> [Double?] {
            ["minimum", "exclusiveMinimum", "maximum"].map { property?[$0] as? Double }
        }
        #expect(bounds(request["maxWidth"]) == [0, nil, AndroidProfile.maximumWidthInDP])
        #expect(bounds(request["size"]) == [nil, 0, Double(TextStyle.maximumFontSize)])
        #expect(bounds(settings["density"]) == [nil, 0, 100])
        #expect(bounds(settings["fontScale"]) == [AndroidProfile.fontScaleRange.lowerBound, nil, AndroidProfile.fontScaleRange.upperBound])
        #expect(bounds(settings["letterSpacing"]) == [-100, nil, 100])
        #expect(settings["locale"]?["maxLength"] as? Int == AndroidProfile.maximumLocaleLength)
        let multipliers = AndroidParagraphStyle.lineSpacingMultiplierRange
        #expect(bounds(settings["lineSpacingMultiplier"]) == [Double(multipliers.lowerBound), nil, Double(multipliers.upperBound)])
        let extra = Double(AndroidParagraphStyle.lineSpacingExtraLimit)
        #expect(bounds(settings["lineSpacingExtra"]) == [-extra, nil, extra])
        for profile in [AndroidProfile(density: 100, fontScale: 0.5, letterSpacing: -100), AndroidProfile(density: 1e-9, fontScale: 1, letterSpacing: 100)] {
            #expect(throws: Never.self) { try profile.validate() }
        }
    }
}
