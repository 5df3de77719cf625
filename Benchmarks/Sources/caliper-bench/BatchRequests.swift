// BatchRequests.swift — the JSON Lines file `caliper batch --jobs 1/2` is timed over.
import BenchKit
import Foundation

func writeBatchRequests(to path: String, count: Int, corpus: Corpus) throws {
    func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
    var rng = SeededGenerator(seed: 0xBA7C_4000)
    let font = json(FontFiles.latin)
    let fallback = "[" + FontFiles.cascade.map(json).joined(separator: ",") + "]"
    var lines = ""
    lines.reserveCapacity(count * 120)
    for index in 0..<count {
        let roll = Int.random(in: 0..<10, using: &rng)
        let width = Int(Workbench.widths.randomElement(using: &rng)!)
        switch roll {
        case 0..<7:
            let text = corpus.labelStream[Int.random(in: 0..<corpus.labelStream.count, using: &rng)]
            lines += "{\"id\":\"r\(index)\",\"op\":\"measure\",\"text\":\(json(text)),\"font\":\(font),\"size\":17,\"maxWidth\":200}\n"
        case 7..<9:
            let text = corpus.paragraphs[Int.random(in: 0..<corpus.paragraphs.count, using: &rng)]
            lines += "{\"id\":\"r\(index)\",\"op\":\"measure\",\"text\":\(json(text)),\"font\":\(font),\"size\":15,\"maxWidth\":\(width)}\n"
        default:
            let text = corpus.mixed[Int.random(in: 0..<corpus.mixed.count, using: &rng)]
            lines += "{\"id\":\"r\(index)\",\"op\":\"measure\",\"text\":\(json(text)),\"font\":\(font),\"size\":17,\"maxWidth\":200,\"fallback\":\(fallback)}\n"
        }
    }
    try lines.write(toFile: path, atomically: true, encoding: .utf8)
}
