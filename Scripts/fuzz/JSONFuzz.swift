// libFuzzer entry for the canonical JSON parser (target `json`): `PropertyListValue(canonicalJSON:)`,
// then the canonical JSON writer on whatever parses. Built by Scripts/fuzz.sh with FuzzSupport.swift.
import Foundation
import PropertyList

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let value = try? PropertyListValue(canonicalJSON: data) else { return 0 }
    guard fuzzNodeCount(value) <= fuzzNodeLimit else { return 0 }
    let written = value.canonicalJSONData()
    #if FUZZ_ROUNDTRIP
    guard let again = try? PropertyListValue(canonicalJSON: written) else {
        fatalError("the canonical JSON parser rejects what the writer wrote")
    }
    precondition(again.canonicalJSONData() == written, "canonical JSON round trip changed the document")
    #else
    withExtendedLifetime(written) {}
    #endif
    return 0
}

/// Seeds: every fixture property list (FUZZ_SEED_SOURCES) that reads, as canonical JSON; the
/// fixtures' own .json expectations are copied by Scripts/fuzz.sh.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    for (name, data) in sources {
        guard let value = try? PropertyListValue(from: data), fuzzNodeCount(value) <= 10_000 else { continue }
        fuzzWriteSeed(value.canonicalJSONData(), named: "json-\(name)", in: directory)
    }
}

