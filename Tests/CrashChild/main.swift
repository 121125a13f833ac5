import Foundation

// The crash tests' child process: `archivist-crash-child <mode> <arguments…>`.
// Each store adds its mode to this table (one line) in its own file.
let modes: [(name: String, run: ([String]) throws -> Void)] = [
    (AtomicWriterMode.name, AtomicWriterMode.run),
    (ArchiveStoreMode.name, ArchiveStoreMode.run),
    (BasicStoreMode.name, BasicStoreMode.run),
    (BasicIncrementMode.name, BasicIncrementMode.run),
    (BasicGroupCommitMode.name, BasicGroupCommitMode.run),
    (ArchiveIncrementMode.name, ArchiveIncrementMode.run),
]

/// Dispatches to the mode named by the first argument; returns the exit status.
@MainActor func runChild(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first, let mode = modes.first(where: { $0.name == first }) else {
        let names = modes.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("usage: archivist-crash-child <mode> [arguments]; modes: \(names)\n".utf8))
        return 2
    }
    do {
        try mode.run(Array(arguments.dropFirst()))
        return 0
    } catch {
        FileHandle.standardError.write(Data("archivist-crash-child \(first): \(error)\n".utf8))
        return 1
    }
}

exit(runChild(Array(CommandLine.arguments.dropFirst())))
