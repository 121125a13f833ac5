// libFuzzer entry for AutoArchiver.unarchive (target `autocoding`): the input is unarchived as each
// model type of FuzzModels.swift (AutoArchiver picks the binary or XML direct reader from the
// bytes), and, when it reads as a property list of modest size, decoded from that tree as well
// (the tree reader). Built by Scripts/fuzz.sh with FuzzSupport.swift and FuzzModels.swift.
import AutoCoding
import Foundation
import PropertyList

@_cdecl("LLVMFuzzerTestOneInput")
public func autoCodingFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = fuzzModelsRegistered
    let data = Data(bytes: bytes, count: count)
    _ = try? AutoArchiver.unarchive(FuzzRecord.self, from: data)
    _ = try? AutoArchiver.unarchive(FuzzOwner.self, from: data)
    _ = try? AutoArchiver.unarchive(FuzzAddress.self, from: data)
    if let tree = try? PropertyListValue(from: data), fuzzNodeCount(tree) <= fuzzNodeLimit {
        _ = try? AutoArchiver.decode(FuzzRecord.self, from: tree)
        _ = try? AutoArchiver.decode(FuzzOwner.self, from: tree)
    }
    return 0
}

/// Seeds: the AutoCoding fixtures Scripts/fuzz.sh copies, plus archives of the model types.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    for (name, data) in fuzzAutoArchives() { fuzzWriteSeed(data, named: name, in: directory) }
}
