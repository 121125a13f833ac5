import AutoCoding
import Foundation
import PropertyList

/// Measures the resident memory archiving the standard corpus takes, in a child process so
/// nothing else the bench allocated counts: the child builds the corpus, resets the kernel's
/// peak-RSS mark, archives, and reports the peak growth (`VmHWM` minus the `VmRSS` before).
enum AutoCodingMemoryProbe {
    /// The command-line flag that makes the bench act as the child.
    static let flag = "--measure-archive-memory"

    /// Runs the child for `format` (`binary` or `xml`) and returns the peak growth of a first
    /// (cold) and a second (warm) archive, and the output size.
    static func measureInChild(format: String) throws -> (cold: Int, warm: Int, output: Int) {
        let output = try ChildProcess.run("/proc/self/exe", [flag, format])
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 3 else {
            throw ChildProcess.Failure(message: "unexpected child output \(output.prefix(200))")
        }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// The child's side: prints the cold and warm peak growth and the archive size in bytes.
    static func runChild(arguments: [String]) throws {
        guard arguments.count == 1, ["binary", "xml"].contains(arguments[0]) else {
            throw ChildProcess.Failure(message: "usage: archivist-bench \(flag) binary|xml")
        }
        let company = AutoCodingCorpus.make()
        // Build the plans first: they are a one-time cost, not part of archiving.
        _ = try AutoArchiver.properties(of: CorpusCompany.self)
        let format: PropertyListFormat = arguments[0] == "binary" ? .binary : .xml
        // Warm the process (allocator arenas, runtime metadata of the writers' tables) with an
        // archive of another root type, so "cold" measures what a company's first archive needs
        // rather than one-time process costs.
        if let order = company.orders.first { _ = try AutoArchiver.archive(order, format: format) }
        // First archive of the type in this process (cold), then a second one, which allocates
        // its buffers once from the size the first needed (warm, the steady state of an app
        // that saves repeatedly).
        var results: [Int] = []
        var size = 0
        for _ in 0..<2 {
            let before = try statusKilobytes("VmRSS")
            let clear = try FileHandle(forWritingTo: URL(fileURLWithPath: "/proc/self/clear_refs"))
            try clear.write(contentsOf: Data("5".utf8))
            try clear.close()
            let data = try AutoArchiver.archive(company, format: format)
            let peak = try statusKilobytes("VmHWM")
            results.append(max(0, peak - before) * 1024)
            size = data.count
        }
        print(results[0], results[1], size)
        withExtendedLifetime(company) {}
    }

    private static func statusKilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            if let value = Int(line.dropFirst(field.count + 1).filter(\.isNumber)) { return value }
        }
        throw ChildProcess.Failure(message: "no \(field) in /proc/self/status")
    }
}
