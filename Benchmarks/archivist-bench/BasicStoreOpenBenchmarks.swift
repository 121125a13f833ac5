import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening a basic-value store of 1,000, 100,000 and 1,000,000 keys and reading one, against
/// reading its whole log file into memory (the least any open that checks every record can do).
/// The three sizes show whether opening grows in proportion to the file.
enum BasicStoreOpenBenchmarks: BenchmarkSuite {
    static let sizes = [1_000, 100_000, 1_000_000]
    static let ids = sizes.map { "basic.open.\($0)" }

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-basic-open-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        atexit { BasicStoreOpenBenchmarks.removeRoot() }
        var result: [Comparison] = []
        for size in sizes where wanted("basic.open.\(size)") {
            // Each log in its own directory: opening lists it for leftover temporary files.
            let url = root.appendingPathComponent("\(size)", isDirectory: true).appendingPathComponent("values.log")
            try fill(url, keys: size)
            let fileSize = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            let probe = "key.\(size / 2)"
            let check = try BasicValueStore(fileURL: url, durability: .atomic)
            guard check.statistics.count == size, check.string(forKey: probe) != nil else {
                throw BasicStoreBenchmarkFailure(description: "the \(size)-key log reopened with \(check.statistics.count) keys")
            }
            result.append(Comparison(
                id: "basic.open.\(size)", baseline: "read the whole log into memory", bytes: fileSize,
                ours: {
                    let store = try BasicValueStore(fileURL: url, durability: .atomic)
                    blackHole(store.string(forKey: probe))
                },
                baseline: { blackHole(try readWholeFile(url.path)) }))
        }
        return result
    }

    /// Writes `keys` settings to a new store at `url` in one batch.
    private static func fill(_ url: URL, keys: Int) throws {
        let store = try BasicValueStore(fileURL: url, durability: .atomic)
        for index in 0 ..< keys {
            try store.set("value \(index) of the benchmark's settings", forKey: "key.\(index)")
        }
        try store.synchronize()
    }

    /// `open`, `fstat`, one `read` of the whole file into a fresh buffer, `close`.
    private static func readWholeFile(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BasicStoreBenchmarkFailure(description: "open \(path): errno \(errno)") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw BasicStoreBenchmarkFailure(description: "fstat: errno \(errno)") }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var filled = 0
            guard let base = buffer.baseAddress else { count = 0; return }
            while filled < size {
                let got = pread(descriptor, base + filled, size - filled, off_t(filled))
                if got <= 0 { failed = got < 0; break }
                filled += got
            }
            count = filled
        }
        if failed { throw BasicStoreBenchmarkFailure(description: "read \(path): errno \(errno)") }
        return bytes
    }

    private static func removeRoot() {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-basic-open-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
    }
}
