// libFuzzer entry for the printers and writers the CLI runs on what it reads (target `printers`):
// the input is read as a property list of any format (canonical JSON when it starts with `{`,
// otherwise binary or XML by detection), then printed as a tree (`treeDescription()` and
// `PropertyListTreeFormatter`), as canonical JSON, and written as XML and binary. Built by
// Scripts/fuzz.sh with FuzzSupport.swift.
import Foundation
import PropertyList

@_cdecl("LLVMFuzzerTestOneInput")
public func printersFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let value: PropertyListValue
    if let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") {
        guard let json = try? PropertyListValue(canonicalJSON: data) else { return 0 }
        value = json
    } else {
        guard let list = try? PropertyListValue(from: data) else { return 0 }
        value = list
    }
    // Known blow-up (findings/README.md): shared subtrees expand to millions of nodes.
    guard fuzzNodeCount(value) <= fuzzNodeLimit else { return 0 }
    let tree = value.treeDescription()
    let narrow = PropertyListTreeFormatter(indentWidth: 0, dataPreviewLength: 0).data(for: value)
    let wide = PropertyListTreeFormatter(indentWidth: 7, dataPreviewLength: 1_000).string(for: value)
    let json = value.canonicalJSONData()
    let xml = try? value.encoded(as: .xml)
    let binary = try? value.encoded(as: .binary)
    let xmlWriter = try? XMLPropertyListWriter().write(value)
    let binaryWriter = try? BinaryPropertyListWriter().write(value)
    withExtendedLifetime((tree, narrow, wide, json, xml, binary, xmlWriter, binaryWriter)) {}
    return 0
}

/// Seeds: the fixtures Scripts/fuzz.sh copies, plus each fixture that reads as canonical JSON.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    for (name, data) in sources {
        guard let value = try? PropertyListValue(from: data), fuzzNodeCount(value) <= 10_000 else { continue }
        fuzzWriteSeed(value.canonicalJSONData(), named: "json-\(name)", in: directory)
    }
}
