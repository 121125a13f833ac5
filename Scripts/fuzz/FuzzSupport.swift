// Shared by every fuzz harness (Scripts/fuzz.sh compiles it into each one): the seed step and
// the bounds that keep known blow-ups from drowning out new findings.
import Foundation
#if canImport(PropertyList)  // Scripts/fuzz-coverage.sh compiles the sources into this module instead
import PropertyList
#endif

/// libFuzzer calls this once before fuzzing. With `FUZZ_WRITE_SEEDS=DIRECTORY` in the environment
/// the harness writes its seeds there (from its own writers, and from the files listed in
/// `FUZZ_SEED_SOURCES`, colon-separated, when the harness converts fixtures) and exits, so
/// Scripts/fuzz.sh can seed every target the same way.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    let sources = (environment["FUZZ_SEED_SOURCES"] ?? "").split(separator: ":").map(String.init)
    fuzzWriteSeeds(to: directory, sources: fuzzSourceFiles(sources))
    // _exit: nothing else is to be done, and exit's leak check would report what is still held.
    _exit(0)
}

/// Every regular file under `directories`, smaller than 64 KiB, with its contents.
func fuzzSourceFiles(_ directories: [String]) -> [(name: String, data: Data)] {
    var files: [(String, Data)] = []
    for directory in directories {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
        while let relative = walker.nextObject() as? String {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path), data.count < 65_536 else { continue }
            files.append((relative.replacingOccurrences(of: "/", with: "_"), data))
        }
    }
    return files
}

/// Values with more logical nodes than this (shared subtrees counted at every use) are not
/// printed, written or walked by harnesses that go beyond the reader under test: a few hundred
/// bytes can share subtrees into millions of nodes within the readers' expansion limit (see
/// findings/README.md), and walking those only times out. `FUZZ_NODE_LIMIT` overrides it.
let fuzzNodeLimit: Int = Int(ProcessInfo.processInfo.environment["FUZZ_NODE_LIMIT"] ?? "") ?? 200_000

/// The number of values in `value`'s tree, counting shared subtrees at every use, stopping once
/// past `limit`.
func fuzzNodeCount(_ value: PropertyListValue, limit: Int = fuzzNodeLimit) -> Int {
    var count = 0
    var pending = [value]
    while let next = pending.popLast(), count <= limit {
        count += 1
        switch next {
        case .array(let elements): pending += elements
        case .dictionary(let dictionary): pending += dictionary.values
        default: break
        }
    }
    return count
}

/// A private scratch directory for harnesses that go through files: in /dev/shm when there is
/// one, removed when the process exits normally.
let fuzzScratchDirectory: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = URL(fileURLWithPath: base).appendingPathComponent("archivist-fuzz-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        fatalError("cannot create the scratch directory \(path): \(error)")
    }
    atexit { try? FileManager.default.removeItem(atPath: fuzzScratchPathForExit) }
    fuzzScratchPathForExit = path
    return path
}()
nonisolated(unsafe) private var fuzzScratchPathForExit = ""

/// Writes `data` to `path`, failing loudly (the harness would otherwise fuzz a stale file).
func fuzzWriteFile(_ data: Data, to path: String) {
    guard FileManager.default.createFile(atPath: path, contents: data) else {
        fatalError("cannot write \(path)")
    }
}

/// Writes seed `name` into `directory`.
func fuzzWriteSeed(_ data: Data, named name: String, in directory: String) {
    fuzzWriteFile(data, to: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
}
