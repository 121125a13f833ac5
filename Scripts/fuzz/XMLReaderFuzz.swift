// libFuzzer entry for XMLPropertyListReader. Not part of the package: Scripts/fuzz.sh compiles
// it together with Sources/PropertyList/**/*.swift into one module, so no import is needed.
import Foundation

/// Feeds one input to the reader. Thrown errors are the expected outcome for bad input; only
/// crashes, sanitizer reports and hangs are findings. With `-D FUZZ_ROUNDTRIP`, whatever reads
/// successfully must also write and read back equal (when the writer accepts it: XML cannot hold
/// every string).
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlReaderFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let value = try? XMLPropertyListReader().read(data) else { return 0 }
    #if FUZZ_ROUNDTRIP
    guard let written = try? XMLPropertyListWriter().write(value) else { return 0 }
    guard let again = try? XMLPropertyListReader().read(written) else {
        fatalError("the reader rejects what the writer wrote")
    }
    precondition(again == value, "XML round trip changed the value")
    #else
    withExtendedLifetime(value) {}
    #endif
    return 0
}
