// CaliperABITests.swift — include/caliper.h's functions, called as C calls them: answers equal to the batch processor's, hostile input answered with errors, settings refused by name, one processor answering on many threads.
@testable import CaliperC
import Caliper
import CaliperBatch
import Synchronization
import Foundation
import Testing
import TestSupport

@Suite struct CaliperABITests {
    /// A processor made from `settings` JSON, or the error message `caliper_processor_create` gave.
    static func processor(_ settings: String?) -> (OpaquePointer?, String?) {
        var error: UnsafeMutablePointer<CChar>?
        let processor = settings.map { text in
            text.withCString { caliper_processor_create($0, text.utf8.count, &error) }
        } ?? caliper_processor_create(nil, 0, &error)
        defer { caliper_free(error) }
        return (processor, error.map { String(cString: $0) })
    }

    /// The answer to `request`'s bytes, as a C caller gets it: its length and its NUL.
    static func answer(_ processor: OpaquePointer?, _ request: [UInt8]) throws -> String {
        var length = -1
        let answer = request.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { caliper_answer(processor, $0.baseAddress, buffer.count, &length) }
        }
        let pointer = try #require(answer)
        defer { caliper_free(pointer) }
        #expect(strlen(pointer) == length)
        return String(cString: pointer)
    }

    static let fontRoot = Repository.path("Fonts")

    @Test func versionsAreTheLibrarys() {
        #expect(caliper_version().map { String(cString: $0) } == CaliperVersion.string)
        #expect(caliper_abi_version() == 1)
    }

    /// A measure, a flow and a layout: the bytes `caliper batch` writes for the same lines (the
    /// batch processor made from the same settings).
    @Test func answersAreTheBatchProcessorsByteForByte() throws {
        let settings = #"{"fontRoot": "\#(Self.fontRoot)", "maxTextLength": 5000}"#
        let (processor, error) = Self.processor(settings)
        defer { caliper_processor_free(processor) }
        #expect(error == nil)
        let batch = try BatchProcessor(configuration: BatchProcessor.Configuration(fontRoot: Self.fontRoot, maximumTextLength: 5000))
        let requests = [
            #"{"id": 1, "text": "Hello, World", "font": "DejaVuSans.ttf", "size": 17}"#,
            #"{"id": "p", "text": "A paragraph that wraps onto several lines at this width", "font": "NotoSans-Regular.ttf", "size": 15, "maxWidth": 120}"#,
            #"{"id": 2, "op": "flow", "width": 200, "spacing": 8, "items": [{"text": "swift", "font": "DejaVuSans.ttf", "padding": [4, 8, 4, 8]}, {"text": "harfbuzz", "font": "DejaVuSans.ttf", "padding": [4, 8, 4, 8]}]}"#,
            #"{"id": 3, "op": "layout", "width": 320, "root": {"type": "label", "id": "t", "text": "Title", "font": "DejaVuSans.ttf", "size": 20}}"#,
            #"{"id": 4, "platform": "android", "text": "Sign in", "font": "Android/Roboto-Regular.ttf", "size": 16, "android": {"density": 2.625}}"#,
            #"{"id": 5, "text": "x", "font": "/etc/passwd"}"#,
        ]
        for request in requests {
            #expect(try Self.answer(processor, Array(request.utf8)) == batch.answer(request))
            #expect(try Self.answer(processor, Array((request + "\n").utf8)) == batch.answer(request))
        }
    }

    /// Every seed of the batch fuzzer's corpus, and hostile lines of the batch tests: each gets
    /// an answer that is one JSON object with an `id`, equal to the batch processor's.
    @Test func hostileRequestsGetErrorAnswers() throws {
        let (processor, _) = Self.processor(#"{"fontRoot": "\#(Self.fontRoot)", "maxRequestBytes": 65536}"#)
        defer { caliper_processor_free(processor) }
        let batch = try BatchProcessor(configuration: BatchProcessor.Configuration(fontRoot: Self.fontRoot))
        let corpus = Repository.path("Fuzz/Corpus/FuzzBatch")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus).sorted()
        #expect(seeds.count > 300)
        var inputs = try seeds.map { Array(try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\($0)"))) }
        inputs += [
            [], Array("\n".utf8), [0], [0xFF, 0xFE, 0x7B], Array(#"{"id": 1, "text": "a\u0000b", "font": "DejaVuSans.ttf"}"#.utf8),
            Array((String(repeating: "[", count: 10_000)).utf8), Array(#"{"id": 1e999}"#.utf8), Array(#"{"id": 1, "op": "nope"}"#.utf8),
            Array(#"{"id": "m", "text": "x", "font": "DejaVuSans.ttf", "maxwidth": 100}"#.utf8),
            Array(#"{"id": 1, "text": "x", "font": "DejaVuSans.ttf", "size": -1}"#.utf8),
            Array(#"{"id": 1, "op": "flow", "width": 1e308, "items": [{"width": 1e308, "height": -0.0}]}"#.utf8),
        ]
        for input in inputs where !BatchProcessor.isBlank(line: input) && !input.contains(0x0A) {
            let answer = try Self.answer(processor, input)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "\(answer)")
            #expect(object.keys.contains("id"))
            #expect(answer == batch.answer(String(decoding: input, as: UTF8.self)))
        }
        for blank in ["", "\n", " \t\r\n"] {
            #expect(try Self.answer(processor, Array(blank.utf8)) == #"{"id":null,"error":"the request is blank: give one JSON object"}"#)
        }
        let tooLong = Array(repeating: UInt8(ascii: " "), count: 65537)
        #expect(try Self.answer(processor, tooLong).contains("over the limit of 65536 (maxRequestBytes)"))
    }

    /// NULL where a pointer is expected is answered, never dereferenced.
    @Test func nullPointersAreAnsweredWithErrors() throws {
        #expect(try Self.answer(nil, Array("{}".utf8)).contains("no processor"))
        let (processor, _) = Self.processor(nil)
        defer { caliper_processor_free(processor) }
        var length = 0
        let answer = try #require(caliper_answer(processor, nil, 3, &length))
        #expect(String(cString: answer).contains("no request"))
        caliper_free(answer)
        caliper_processor_free(nil)
        caliper_free(nil)
    }

    /// Settings that cannot be used: no processor, and a message naming the setting.
    @Test(arguments: [
        (#"{"threads": 0}"#, #""threads""#), (#"{"threads": 257}"#, #""threads" must be between 1 and 256"#),
        (#"{"fontRoot": "/nonexistent/fonts"}"#, "/nonexistent/fonts"), (#"{"fontroot": "x"}"#, "did you mean fontRoot?"),
        (#"{"maxFontBytes": 100, "fontCacheBytes": 10}"#, #""fontCacheBytes" (10) must be at least "maxFontBytes" (100)"#),
        (#"{"androidFontsXML": "fonts.xml"}"#, #""androidFontsXML" goes with "androidFonts""#), ("[1]", "object"), ("{", "invalid JSON"),
        (#"{"maxRequestBytes": 0}"#, #""maxRequestBytes""#), (#"{"maxTextLength": 1e300}"#, #""maxTextLength" must be a whole number"#),
        (#"{"maxFontBytes": -5}"#, #""maxFontBytes" must be a whole number"#), (#"{"threads": 1.5}"#, #""threads" must be a whole number"#),
    ])
    func badSettingsAreRefusedByName(_ settings: String, _ expected: String) {
        let (processor, error) = Self.processor(settings)
        #expect(processor == nil)
        caliper_processor_free(processor)
        #expect(error?.contains(expected) == true, "\(settings) → \(error ?? "no error")")
    }

    /// A font root that is a file or a FIFO is refused (never opened: a FIFO would block); one
    /// that is a link to a folder is the folder.
    @Test func fontRootsThatAreNoFolderAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-abi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fonts.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.appendingPathComponent("fonts").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.fontRoot)
        for root in [fifo, Repository.path("README.md")] {
            let (processor, error) = Self.processor(#"{"fontRoot": "\#(root)"}"#)
            #expect(processor == nil)
            #expect(error == "invalid font root \(root): it is not a folder")
        }
        let (processor, error) = Self.processor(#"{"fontRoot": "\#(link)"}"#)
        defer { caliper_processor_free(processor) }
        #expect(error == nil)
        #expect(try Self.answer(processor, Array(#"{"id": 1, "text": "x", "font": "DejaVuSans.ttf"}"#.utf8)).contains(#""width""#))
    }

    /// One processor answering on 8 threads at once: the same answers as on one.
    @Test(arguments: ["1", "8"])
    func oneProcessorAnswersOnManyThreads(_ threads: String) throws {
        let (processor, _) = Self.processor(#"{"fontRoot": "\#(Self.fontRoot)", "threads": \#(threads)}"#)
        defer { caliper_processor_free(processor) }
        let requests = (0..<64).map { #"{"id": \#($0), "text": "label \#($0) \#(String(repeating: "w", count: $0 % 9))", "font": "DejaVuSans.ttf", "size": \#(10 + $0 % 7), "maxWidth": 80}"# }
        let expected = try requests.map { try Self.answer(processor, Array($0.utf8)) }
        let results = Mutex<[Int: String]>([:])
        // C hands the pointer to its threads as it likes; here it crosses as an address.
        let address = UInt(bitPattern: processor.map { UnsafeRawPointer($0) })
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let processor = UnsafeRawPointer(bitPattern: address).map { OpaquePointer($0) }
            for round in 0..<4 {
                for index in stride(from: (worker + round) % 8, to: requests.count, by: 8) {
                    let answer = (try? Self.answer(processor, Array(requests[index].utf8))) ?? "failed"
                    results.withLock { $0[index * 100 + round] = answer }
                }
            }
        }
        for (key, answer) in results.withLock({ $0 }) { #expect(answer == expected[key / 100]) }
    }
}
