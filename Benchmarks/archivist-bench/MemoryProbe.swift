import Foundation
import PropertyList

/// Measures how much resident memory reading a file takes, in a child process of the bench so
/// nothing the parent allocated counts.
///
/// The child loads the file, resets the kernel's peak-RSS mark (writing `5` to
/// `/proc/self/clear_refs`), reads the document and keeps the result alive, then reports `VmHWM`
/// minus the `VmRSS` it had before reading: the reader's working memory plus the value tree.
enum MemoryProbe {
    /// The command-line flag that makes the bench act as the child.
    static let flag = "--measure-read-memory"

    /// Whether `/proc` offers what the measurement needs.
    static var isSupported: Bool {
        #if os(Linux)
        return FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
        #else
        return false
        #endif
    }

    /// Launches the bench itself as `archivist-bench --measure-read-memory FILE READER` and
    /// returns the peak growth in bytes it reports.
    static func measureInChild(file: String, reader: String) throws -> Int {
        let output = try ChildProcess.run("/proc/self/exe", [flag, file, reader])
        guard let peak = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ChildProcess.Failure(message: "unexpected child output \(output.prefix(200))")
        }
        return peak
    }

    /// The child's side: `arguments` are FILE and READER (`ours` or `foundation`). Prints the peak
    /// growth in bytes on standard output.
    static func runChild(arguments: [String]) throws {
        guard arguments.count == 2, ["ours", "foundation"].contains(arguments[1]) else {
            throw ChildProcess.Failure(message: "usage: archivist-bench \(flag) FILE ours|foundation")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))
        let before = try statusKilobytes("VmRSS")
        let clear = try FileHandle(forWritingTo: URL(fileURLWithPath: "/proc/self/clear_refs"))
        try clear.write(contentsOf: Data("5".utf8))
        try clear.close()
        // Kernels without peak reset ignore the write; then the mark would include earlier peaks.
        guard try statusKilobytes("VmHWM") <= before + 1024 else {
            throw ChildProcess.Failure(message: "this kernel does not reset VmHWM through clear_refs")
        }
        if arguments[1] == "ours" {
            let value = try BinaryPropertyListReader().read(data)
            withExtendedLifetime(value) {}
        } else {
            let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            withExtendedLifetime(value) {}
        }
        let peak = try statusKilobytes("VmHWM")
        print(max(0, peak - before) * 1024)
    }

    /// A `kB` field of `/proc/self/status`.
    private static func statusKilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).filter(\.isNumber)
            if let value = Int(number) { return value }
        }
        throw ChildProcess.Failure(message: "no \(field) in /proc/self/status")
    }
}
