// Options.swift — caliper-bench's command line, read into one value.
import BenchKit
import Foundation

struct Options {
    var quick = false
    var minimumSeconds: Double?
    var only: Set<String>?
    var engines = Set(Engine.allCases)
    var memoryCount: Int?
    var batchCount: Int?
    var caliperCLI: String?
    var workDirectory = NSTemporaryDirectory() + "caliper-bench"
    var markdownFile: String?
    var skipMemory = false
    var skipBatch = false
    var instructions = false

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        func value(_ name: String) -> String {
            guard let value = iterator.next() else { fail("\(name) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--min-time": minimumSeconds = number(value(argument), argument)
            case "--only": only = Set(value(argument).split(separator: ",").map(String.init))
            case "--engines":
                engines = Set(value(argument).split(separator: ",").map { name -> Engine in
                    guard let engine = Engine.allCases.first(where: { $0.rawValue.lowercased().contains(name.lowercased()) })
                    else { fail("unknown engine \(name)") }
                    return engine
                })
            case "--memory-count": memoryCount = Int(number(value(argument), argument))
            case "--batch-count": batchCount = Int(number(value(argument), argument))
            case "--caliper-cli": caliperCLI = value(argument)
            case "--work-dir": workDirectory = value(argument)
            case "--markdown": markdownFile = value(argument)
            case "--skip-memory": skipMemory = true
            case "--skip-batch": skipBatch = true
            case "--instructions": instructions = true
            case "-h", "--help":
                print("usage: caliper-bench [--quick] [--min-time S] [--only ID,…] [--engines caliper,pango,harfbuzz,ios] [--memory-count N] [--batch-count N] "
                    + "[--caliper-cli PATH] [--work-dir DIR] [--markdown FILE] [--skip-memory] [--skip-batch] [--instructions]")
                exit(0)
            default: fail("unknown argument \(argument) (try --help)")
            }
        }
    }
}

func number(_ text: String, _ name: String) -> Double {
    guard let value = Double(text.replacingOccurrences(of: "_", with: "")), value > 0 else { fail("\(name) takes a positive number") }
    return value
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("caliper-bench: \(message)\n".utf8))
    exit(2)
}
