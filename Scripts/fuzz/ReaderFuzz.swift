// libFuzzer entry for the property-list readers (targets `binary` and `xml`). Not part of the
// package: Scripts/fuzz.sh compiles it with FuzzSupport.swift against the instrumented
// PropertyList module. Built with `-D FUZZ_XML` it fuzzes the XML reader, otherwise the binary one.
import Foundation
#if canImport(PropertyList)  // Scripts/fuzz-coverage.sh compiles the sources into this module instead
import PropertyList
#endif

#if FUZZ_XML
private let fuzzedFormat = PropertyListFormat.xml
#else
private let fuzzedFormat = PropertyListFormat.binary
#endif

/// Feeds one input to the reader. Thrown errors are the expected outcome for bad input; only
/// crashes, sanitizer reports and hangs are findings. With `-D FUZZ_ROUNDTRIP`, whatever reads
/// successfully must also write and read back equal (when the writer accepts it: XML cannot hold
/// every string).
@_cdecl("LLVMFuzzerTestOneInput")
public func readerFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let value = try? PropertyListValue(from: data, format: fuzzedFormat) else { return 0 }
    #if FUZZ_ROUNDTRIP
    // Shared references make a few hundred bytes read (sharing subtrees) into millions of logical
    // values, within the reader's expansion limit; writing and re-reading those would only time out.
    guard fuzzNodeCount(value, limit: 100_000) <= 100_000 else { return 0 }
    guard let written = try? value.encoded(as: fuzzedFormat) else { return 0 }
    guard let again = try? PropertyListValue(from: written, format: fuzzedFormat) else {
        fatalError("the \(fuzzedFormat) reader rejects what the writer wrote")
    }
    precondition(again == value, "\(fuzzedFormat) round trip changed the value")
    #else
    withExtendedLifetime(value) {}
    #endif
    return 0
}

/// The seeds are the fixtures and Scripts/fuzz/make-seeds.py's files, which Scripts/fuzz.sh copies.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {}
