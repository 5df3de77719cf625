// BatchCommandTests.swift — `caliper batch`: one answer per request, in order, errors as answers.
import Foundation
import Testing

@Suite struct BatchCommandTests {
    @Test func answersTheFrozenRequestFormat() throws {
        let request = #"{"id": "c1", "op": "measure", "text": "Hello, World", "font": "Fonts/DejaVuSans.ttf", "size": 17, "fallback": [], "maxWidth": null, "maxLines": 0, "lineBreak": "word"}"#
        let result = try CLI.run(["batch"], input: request + "\n")
        #expect(result.status == 0)
        let answer = try #require(result.jsonLines.first)
        #expect(answer["id"] as? String == "c1")
        let expected = Double(try CLI.goldenAdvance("Hello, World")) * 17 / 2048
        #expect(abs((answer["width"] as? Double ?? 0) - expected) < 1e-9)
        #expect(answer["height"] as? Double == answer["lineHeight"] as? Double)
        let lines = try #require(answer["lines"] as? [[String: Any]])
        try #require(lines.count == 1)
        // Keys come in the documented order.
        #expect(result.standardOutput.hasPrefix(#"{"id":"c1","width":"#))
    }

    @Test func wrappedLinesUseUTF16OffsetsAndOwnTheirBreaks() throws {
        let request = #"{"id": 7, "text": "ab cd\nef", "font": "Fonts/DejaVuSans.ttf", "maxWidth": 1000}"#
        let answer = try #require(try CLI.run(["batch"], input: request).jsonLines.first)
        #expect(answer["id"] as? Int == 7)
        let lines = try #require(answer["lines"] as? [[String: Any]])
        #expect(lines.map { $0["start"] as? Int } == [0, 6])
        #expect(lines.map { $0["end"] as? Int } == [6, 8])
    }

    @Test func badRequestsAnswerErrorsAndTheBatchGoesOn() throws {
        let requests = [
            #"{"id": "ok1", "text": "a", "font": "Fonts/DejaVuSans.ttf"}"#,
            #"not json"#,
            #"[1, 2]"#,
            #"{"id": "e1", "op": "teleport", "text": "a"}"#,
            #"{"id": "e2", "font": "Fonts/DejaVuSans.ttf"}"#,
            #"{"id": "e3", "text": "a", "font": "Fonts/DejaVuSans.ttf", "size": "big"}"#,
            #"{"id": "e4", "text": "a", "font": "Fonts/DejaVuSans.ttf", "size": 0}"#,
            #"{"id": "e5", "text": "a", "font": "/no/such.ttf"}"#,
            #"{"id": "e6", "text": "a", "font": "Fonts/DejaVuSans.ttf", "lineBreak": "sideways"}"#,
            #"{"id": "e7", "text": "a", "font": "Fonts/DejaVuSans.ttf", "maxWidth": -1}"#,
            #"{"id": "e8", "text": "a", "font": "Fonts/DejaVuSans.ttf", "maxLines": 1.5}"#,
            #"{"id": "e9", "text": "a", "font": "Fonts/DejaVuSans.ttf", "fallback": ["/no/such.ttf"]}"#,
            #"{"id": "e10", "text": "a", "font": "Fonts/DejaVuSans.ttf", "size": true}"#,
            "",
            #"{"id": "ok2", "text": "b", "font": "Fonts/DejaVuSans.ttf"}"#,
        ]
        let result = try CLI.run(["batch"], input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let answers = result.jsonLines
        // One answer per non-blank line, in order.
        try #require(answers.count == requests.count - 1)
        #expect(answers.first?["width"] != nil)
        #expect(answers.last?["id"] as? String == "ok2")
        #expect(answers.last?["width"] != nil)
        let errors = answers.dropFirst().dropLast()
        #expect(errors.allSatisfy { $0["error"] is String })
        #expect(errors.map { $0["id"] as? String } == [nil, nil, "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10"])
        let messages = errors.map { $0["error"] as? String ?? "" }
        #expect(messages[0] == "invalid JSON")
        #expect(messages[2].contains("teleport"))
        #expect(messages[3].contains("text"))
        #expect(messages[6].contains("/no/such.ttf"))
    }

    @Test func parallelJobsAnswerExactlyAsOneJobDoes() throws {
        let requests = (0..<600).map { index in
            index % 50 == 7 ? "not json \(index)"
                : #"{"id": \#(index), "text": "tag \#(index) مرحبا", "font": "Fonts/NotoSans-Regular.ttf", "maxWidth": 60}"#
        }.joined(separator: "\n")
        let serial = try CLI.run(["batch"], input: requests)
        let parallel = try CLI.run(["batch", "--jobs", "4"], input: requests)
        #expect(parallel.status == 0)
        #expect(parallel.standardOutput == serial.standardOutput)
        #expect(serial.jsonLines.count == 600)
        #expect(try CLI.run(["batch", "--jobs", "0"]).status == 64)
    }

    /// A client that writes a request and waits for its answer gets it while its input is still
    /// open, with one job or several (answers are batched only while more input is waiting).
    @Test(arguments: ["1", "2"]) func answersArriveBeforeTheInputEnds(jobs: String) throws {
        let binary = try #require(CLI.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["batch", "--jobs", jobs]
        process.currentDirectoryURL = CLI.root
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let reader = output.fileHandleForReading
        for id in 0..<3 {
            let request = #"{"id": \#(id), "text": "Hello", "font": "Fonts/DejaVuSans.ttf"}"# + "\n"
            input.fileHandleForWriting.write(Data(request.utf8))
            // Blocks until the answer is written: a regression would hang here (the test run's time limit catches it).
            var answer = Data()
            while answer.last != UInt8(ascii: "\n") {
                let more = reader.availableData
                try #require(!more.isEmpty, "caliper batch closed its output")
                answer.append(more)
            }
            let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
            #expect(object?["id"] as? Int == id)
        }
    }

    @Test func aFontRootConfinesFontAccess() throws {
        // A root holding one real font and a link that leads out of it.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-root-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(atPath: CLI.path("Fonts/DejaVuSans.ttf"), toPath: root.appendingPathComponent("inside.ttf").path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link.ttf").path, withDestinationPath: CLI.path("Fonts/NotoSans-Regular.ttf"))
        let requests = [
            #"{"id": 1, "text": "a", "font": "\#(root.path)/inside.ttf"}"#,
            #"{"id": 2, "text": "a", "font": "\#(root.path)/../\#(root.lastPathComponent)/../caliper-elsewhere.ttf"}"#,
            #"{"id": 3, "text": "a", "font": "\#(root.path)/link.ttf"}"#,
            #"{"id": 4, "text": "a", "font": "DejaVu Sans"}"#,
            #"{"id": 5, "text": "a"}"#,
            #"{"id": 6, "text": "a", "font": "\#(root.path)/inside.ttf", "fallback": ["Fonts/DejaVuSans.ttf"]}"#,
            #"{"id": 7, "text": "0123456789abcdefg", "font": "\#(root.path)/inside.ttf"}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", root.path, "--max-text-length", "16"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 7)
        #expect(answers[0]["width"] != nil)
        let errors = answers.dropFirst().map { $0["error"] as? String ?? "" }
        #expect(errors[0].contains("not found"))
        #expect(errors[1].contains("outside the allowed font folder"))
        #expect(errors[2].contains("patterns are not allowed"))
        #expect(errors[3].hasPrefix(#"missing "font": only the fonts given are used"#), "a font root without patterns, as the service's")
        #expect(errors[4].contains("outside the allowed font folder"))
        #expect(errors[5].contains("over the limit of 16"))
        let allowed = try CLI.run(["batch", "--font-root", root.path, "--allow-patterns"], input: requests[3]).jsonLines
        #expect(allowed.first?["width"] != nil)
        #expect(try CLI.run(["batch", "--font-root", "/no/such/folder"]).status == 1)
    }

    @Test func manyRequestsAnswerInOrder() throws {
        let requests = (0..<200).map { #"{"id": \#($0), "text": "word \#($0)", "font": "Fonts/NotoSans-Regular.ttf", "maxWidth": 30}"# }
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        #expect(answers.map { $0["id"] as? Int } == (0..<200).map { $0 })
    }
}
