import AutoCoding
import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The archive store's durable writes against Foundation's atomic write, and background bursts
/// against synchronous durable writes.
enum StoreBenchmarks: BenchmarkSuite {
    static let ids = ["store.persist", "store.burst", "store.persist.concurrent"]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-store-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let company = AutoCodingCorpus.make()
        guard let person = company.people.first else { throw Failure(description: "the corpus has no people") }
        var result: [Comparison] = []
        if wanted("store.persist") {
            let store = try ArchiveStore(name: "persist", location: .directory(root))
            let bytes = try AutoArchiver.archive(person, format: .binary)
            let baselineDirectory = root.appendingPathComponent("foundation")
            try FileManager.default.createDirectory(at: baselineDirectory, withIntermediateDirectories: true)
            let baselineFile = baselineDirectory.appendingPathComponent("person.plist")
            result.append(Comparison(
                id: "store.persist", baseline: "Data.write(.atomic) + directory fsync", bytes: bytes.count,
                ours: { blackHole(try store.persist(person, forKey: "person")) },
                baseline: {
                    try bytes.write(to: baselineFile, options: .atomic)
                    try syncDirectory(baselineDirectory.path)
                }))
        }
        if wanted("store.burst") {
            let background = try ArchiveStore(name: "burst", location: .directory(root))
            let synchronous = try ArchiveStore(name: "burst-sync", location: .directory(root))
            let people = Array(company.people.prefix(10))
            result.append(Comparison(
                id: "store.burst", baseline: "1,000 synchronous durable persists", bytes: 0,
                ours: {
                    for index in 0..<1_000 {
                        background.persistInBackground(people[index % 10], forKey: "k\(index % 10)")
                    }
                    background.flush()
                },
                baseline: {
                    for index in 0..<1_000 {
                        blackHole(try synchronous.persist(people[index % 10], forKey: "k\(index % 10)"))
                    }
                }))
        }
        if wanted("store.persist.concurrent") {
            // Eight threads persisting at once through one store share directory flushes; through a
            // store each (the same directory) every persist pays its own.
            let threads = 8
            let shared = try ArchiveStore(name: "concurrent", location: .directory(root))
            let separate = try (0..<threads).map { _ in try ArchiveStore(name: "concurrent-separate", location: .directory(root)) }
            let people = Array(company.people.prefix(threads))
            let bytes = try AutoArchiver.archive(person, format: .binary).count
            result.append(Comparison(
                id: "store.persist.concurrent", baseline: "8 threads × 25 durable persists, a store each",
                bytes: bytes * threads * 25,
                ours: {
                    try BenchmarkThreads.run(threads) { thread in
                        for index in 0..<25 { _ = try shared.persist(people[thread], forKey: "t\(thread)-\(index % 5)") }
                    }
                },
                baseline: {
                    try BenchmarkThreads.run(threads) { thread in
                        for index in 0..<25 { _ = try separate[thread].persist(people[thread], forKey: "t\(thread)-\(index % 5)") }
                    }
                }))
        }
        return result
    }

    /// `fsync` of a directory, as a durable rename needs.
    private static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw Failure(description: "open \(path): errno \(errno)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "fsync \(path): errno \(errno)") }
    }
}
