// JSONWriterMemberTests.swift — a member written in one call (key and value) and a frame written as one array read exactly as the calls they stand for.
@testable import CaliperBatch
import Foundation
import Testing

@Suite struct JSONWriterMemberTests {
    /// Members in one call among keys, values, nested containers and run-time keys, first and
    /// last in their objects: the same bytes as a key and a value each.
    @Test func membersAreWrittenAsAKeyAndAValue() {
        var fused = JSONWriter()
        fused.beginObject()
        fused.member("a", integer: -12)
        fused.key("list")
        fused.beginArray()
        fused.integer(1)
        fused.endArray()
        fused.member("x", number: 102.6142578125)
        fused.key(text: "é")
        fused.string("v")
        fused.member("s", string: "quote \" here")
        fused.key("frame")
        fused.array([1.5, 2, 0.1, 17] as InlineArray)
        fused.key("size")
        fused.array([3, 4] as InlineArray)
        fused.key("o")
        fused.beginObject()
        fused.member("in", integer: 1)
        fused.endObject()
        fused.member("last", number: 0.5)
        fused.endObject()

        var plain = JSONWriter()
        plain.beginObject()
        plain.key("a")
        plain.integer(-12)
        plain.key("list")
        plain.beginArray()
        plain.integer(1)
        plain.endArray()
        plain.key("x")
        plain.number(102.6142578125)
        plain.key(text: "é")
        plain.string("v")
        plain.key("s")
        plain.string("quote \" here")
        plain.key("frame")
        plain.beginArray()
        for value in [1.5, 2, 0.1, 17] { plain.number(value) }
        plain.endArray()
        plain.key("size")
        plain.beginArray()
        plain.number(3)
        plain.number(4)
        plain.endArray()
        plain.key("o")
        plain.beginObject()
        plain.key("in")
        plain.integer(1)
        plain.endObject()
        plain.key("last")
        plain.number(0.5)
        plain.endObject()

        #expect(fused.string == plain.string)
        #expect(plain.string == #"{"a":-12,"list":[1],"x":102.6142578125,"é":"v","s":"quote \" here","frame":[1.5,2.0,0.1,17.0],"size":[3.0,4.0],"o":{"in":1},"last":0.5}"#)
        #expect(!fused.hasNonFiniteNumber)
    }

    /// A number that is not finite is written `null` and marked, by a member as by `number(_:)`.
    /// Strings and keys of every length from 0 to 40 bytes (short ones are copied as words that
    /// may overlap, longer ones through memcpy) are written whole, as Foundation writes them.
    @Test func piecesOfEveryLengthAreWrittenWhole() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for length in 0...40 {
            let text = String(alphabet[0..<length])
            var writer = JSONWriter()
            writer.beginObject()
            writer.key(text: text)
            writer.string(text + "é")
            writer.endObject()
            let expected = try JSONSerialization.jsonObject(with: Data(writer.string.utf8)) as? [String: String]
            #expect(expected == [text: text + "é"], "\(length)")
            #expect(writer.string == "{\"\(text)\":\"\(text)é\"}")
        }
    }

    @Test func aMemberOrFrameWithANonFiniteNumberIsMarked() {
        var member = JSONWriter()
        member.beginObject()
        member.member("w", number: .nan)
        member.endObject()
        #expect(member.string == #"{"w":null}"#)
        #expect(member.hasNonFiniteNumber)

        var frame = JSONWriter()
        frame.array([1, .infinity] as InlineArray)
        #expect(frame.string == "[1.0,null]")
        #expect(frame.hasNonFiniteNumber)
    }
}
