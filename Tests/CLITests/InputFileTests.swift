// InputFileTests.swift — the text of `measure`, the tags of `flow` and the spec of `layout`: unreadable sources say why, endless ones are cut off, FIFOs are streams.
import Foundation
import Testing

@Suite struct InputFileTests {
    static let folder = FileManager.default.temporaryDirectory.path

    /// (arguments, a phrase standard error must contain): each exits 1 with nothing on standard output.
    static let unreadable: [([String], String)] = [
        (["measure", "--file", folder, "--font", "Fonts/DejaVuSans.ttf"], "cannot read the text file \(folder): is a directory"),
        (["flow", "--file", folder, "--width", "100", "--font", "Fonts/DejaVuSans.ttf"], "cannot read the tag file \(folder): is a directory"),
        (["layout", folder], "cannot read the spec file \(folder): is a directory"),
        (["layout", "/no/such/spec.json"], "cannot read the spec file /no/such/spec.json: No such file or directory"),
        // /dev/zero never ends: reading stops past what could be used.
        (["measure", "--file", "/dev/zero", "--font", "Fonts/DejaVuSans.ttf"],
         "the text file /dev/zero is over the limit of 3000000 bytes (more than the 1000000 UTF-16 code units a text may have)"),
        (["flow", "--file", "/dev/zero", "--width", "100", "--font", "Fonts/DejaVuSans.ttf"],
         "the tag file /dev/zero is over the limit of 67108864 bytes"),
        (["layout", "/dev/zero"], "the spec file /dev/zero is over the limit of 67108864 bytes"),
    ]

    @Test(arguments: unreadable)
    func anUnreadableOrEndlessInputSaysWhy(_ arguments: [String], _ phrase: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(phrase), "\(arguments): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// Standard input that is a directory made `FileHandle.readDataToEndOfFile()` trap (status 132).
    @Test(arguments: [["measure", "--font", "Fonts/DejaVuSans.ttf"], ["flow", "--width", "100"]])
    func standardInputThatIsADirectoryIsRefused(_ arguments: [String]) throws {
        let result = try CLI.start(arguments, inputFile: Self.folder).finish()
        #expect(result.reason == .exit)
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot read standard input: is a directory"), "\(result.standardError)")
    }

    /// A FIFO is read as the stream it is: caliper waits for its writer.
    @Test func aFIFOGivesTheText() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-text-fifo-\(UUID())").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let running = try CLI.start(["measure", "--file", fifo, "--font", "Fonts/DejaVuSans.ttf", "--json"])
        try CLI.write(Array("Hello, World".utf8), toFIFO: fifo, readBy: running)
        let answer = try #require(running.nextLine())
        #expect(running.finish().status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let expected = Double(try CLI.goldenAdvance("Hello, World")) * 17 / 2048
        #expect(abs((json["width"] as? Double ?? 0) - expected) < 1e-9)
    }
}
