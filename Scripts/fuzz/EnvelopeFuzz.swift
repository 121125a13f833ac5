// libFuzzer entry for ArchiveStore entry files (target `envelope`). Each input is an entry file:
// StoreFileEnvelope decodes it as is, then again with its payload length and CRC-32 made to fit
// (so the fuzzer gets past the checksum), and that file is placed where an ArchiveStore in a
// per-process scratch directory keeps the envelope's key, then retrieved as a FuzzRecord (the
// envelope check, then AutoArchiver.unarchive of the payload), listed and checked, then removed.
// Built by Scripts/fuzz.sh with FuzzSupport.swift and FuzzModels.swift.
import AutoCoding
import Foundation
import Persistence
import PropertyList

private let fuzzStoreDirectory = URL(fileURLWithPath: fuzzScratchDirectory).appendingPathComponent("store").path
private let fuzzStore: ArchiveStore = {
    do {
        return try ArchiveStore(name: "fuzz", directoryPath: fuzzStoreDirectory, durability: .atomic,
                                backgroundConcurrency: 1, fileSystem: SystemFileSystem())
    } catch {
        fatalError("cannot create the fuzz store: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func envelopeFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = fuzzModelsRegistered
    let input = Data(bytes: bytes, count: count)
    _ = try? StoreFileEnvelope.decode(input)
    _ = try? StoreFileEnvelope.key(in: input)
    let fixed = fuzzFixedEnvelope(input)
    let key = (try? StoreFileEnvelope.key(in: fixed)) ?? "fuzz"
    let url: URL
    do {
        url = try fuzzStore.fileURL(forKey: key)
    } catch {
        return 0
    }
    guard url.deletingLastPathComponent().standardizedFileURL.path
            == URL(fileURLWithPath: fuzzStoreDirectory).standardizedFileURL.path else {
        fatalError("fileURL(forKey:) of key \(key.debugDescription) is outside the store directory: \(url.path)")
    }
    fuzzWriteFile(fixed, to: url.path)
    _ = try? fuzzStore.retrieveIfPresent(FuzzRecord.self, forKey: key)
    _ = try? fuzzStore.contains(key)
    _ = try? fuzzStore.keys()
    try? FileManager.default.removeItem(at: url)
    return 0
}

/// `data` with the payload length set to what follows the key and the checksum set right, when
/// it is long enough to have a header and its key length fits.
func fuzzFixedEnvelope(_ data: Data) -> Data {
    var bytes = [UInt8](data)
    guard bytes.count >= StoreFileEnvelope.headerSize else { return data }
    let keyLength = (0 ..< 4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
    let available = bytes.count - StoreFileEnvelope.headerSize
    guard keyLength <= available else { return data }
    let payloadLength = UInt64(available - keyLength)
    for index in 0 ..< 8 { bytes[12 + index] = UInt8(truncatingIfNeeded: payloadLength >> UInt64(8 * index)) }
    let checksum = CRC32.checksum(bytes[StoreFileEnvelope.headerSize...])
    for index in 0 ..< 4 { bytes[20 + index] = UInt8(truncatingIfNeeded: checksum >> UInt32(8 * index)) }
    return Data(bytes)
}

/// Seeds: the store-v1 fixtures Scripts/fuzz.sh copies, plus envelopes of the model archives.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    for (name, archive) in fuzzAutoArchives() {
        fuzzWriteSeed(StoreFileEnvelope.encode(archive, key: "fuzz"), named: "envelope-\(name)", in: directory)
        fuzzWriteSeed(StoreFileEnvelope.encode(archive, key: "caf\u{e9}/\(name)"), named: "envelope-key-\(name)", in: directory)
    }
    fuzzWriteSeed(StoreFileEnvelope.encode(Data(), key: ""), named: "envelope-empty", in: directory)
    fuzzWriteSeed(StoreFileEnvelope.encode(Data("x".utf8), key: String(repeating: "long-", count: 40)),
                  named: "envelope-long-key", in: directory)
}
