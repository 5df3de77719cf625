// FallbackTests.swift — requests that name no fallback fonts measure with the service's cascade from its font root, as a phone would show them.
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CaliperService

@Suite struct FallbackTests {
    static let travel = #"{"id": 1, "text": "🌍 travel 東京", "font": "NotoSans-Regular.ttf", "size": 15}"#

    private func measure(_ request: String, _ change: (inout ServiceConfiguration) -> Void = { _ in }) async throws -> [String: Any] {
        let body = try await RouteTests.app(change).test(.router) { client in
            let response = try await client.execute(uri: "/v1/measure", method: .post, headers: RouteTests.json, body: ByteBuffer(string: request))
            #expect(response.status == .ok, "\(RouteTests.body(response))")
            return RouteTests.body(response)
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    private func fonts(of answer: [String: Any]) -> [String] {
        ((answer["lines"] as? [[String: Any]]) ?? []).flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }.compactMap { $0["font"] as? String }
    }

    /// By default the root's colour emoji font, then its CJK font, stand behind a request's fonts:
    /// "🌍 travel 東京" in Noto Sans misses nothing, and /v1/fonts says which fonts they are.
    @Test func theRootsCascadeStandsBehindARequestsFonts() async throws {
        let answer = try await measure(Self.travel)
        #expect(answer["missingGlyphs"] as? Int == 0, "\(answer)")
        #expect(Set(fonts(of: answer)) == ["NotoColorEmoji.ttf", "NotoSans-Regular.ttf", "DroidSansFallbackFull.ttf"])
        try await RouteTests.app().test(.router) { client in
            let listing = try RouteTests.object(try await client.execute(uri: "/v1/fonts", method: .get, headers: [:], body: nil))
            #expect(listing["fallback"] as? [String] == ["NotoColorEmoji.ttf", "DroidSansFallbackFull.ttf"])
        }
    }

    /// A request's own `fallback`, or `onlyGivenFonts`, replaces the cascade; so does a service
    /// configured with fonts of its own, or with none.
    @Test func theCascadeGivesWayAndCanBeConfigured() async throws {
        let onlyGiven = try await measure(#"{"id": 1, "text": "🌍 travel 東京", "font": "NotoSans-Regular.ttf", "onlyGivenFonts": true}"#)
        #expect(onlyGiven["missingGlyphs"] as? Int == 3, "\(onlyGiven)")
        let own = try await measure(#"{"id": 1, "text": "🌍 travel 東京", "font": "NotoSans-Regular.ttf", "fallback": ["DroidSansFallbackFull.ttf"]}"#)
        #expect(own["missingGlyphs"] as? Int == 1, "\(own)")
        let none = try await measure(Self.travel) { $0.fallbackFonts = [] }
        #expect(none["missingGlyphs"] as? Int == 3, "\(none)")
        let configured = try await measure(Self.travel) { $0.fallbackFonts = ["DroidSansFallbackFull.ttf"] }
        #expect(configured["missingGlyphs"] as? Int == 1, "\(configured)")
        #expect(throws: (any Error).self) { try Fixtures.service { $0.fallbackFonts = ["NoSuchFont.ttf"] } }
    }
}
