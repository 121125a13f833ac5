// libFuzzer entry for the property-list readers. Not part of the package: Scripts/fuzz.sh compiles
// it together with Sources/PropertyList/**/*.swift into one module, so no import is needed.
// Built with `-D FUZZ_XML` it fuzzes the XML reader, otherwise the binary one.
import Foundation

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

#if FUZZ_ROUNDTRIP
/// The number of values in `value`'s tree, counting shared subtrees at every use, stopping once
/// past `limit`.
private func fuzzNodeCount(_ value: PropertyListValue, limit: Int) -> Int {
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
#endif
