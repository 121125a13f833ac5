// libFuzzer entry for the Codable bridge (target `bridge`): the input is decoded by `JSONDecoder`
// and `PropertyListDecoder` into the model types of FuzzModels.swift, which get their `Codable`
// from AutoCoding here (`AutoCodable, Codable` with no coding method, as the README shows). So the
// bridge's typed reads, the general read they fall back to, and their error paths all run on
// documents the bridge did not write; what decodes is encoded again through the bridge. Built by
// Scripts/fuzz.sh with FuzzSupport.swift and FuzzModels.swift.
import AutoCoding
import Foundation
import PropertyList

extension FuzzAddress: Codable {}
extension FuzzRecord: Codable {}
extension FuzzOwner: Codable {}

@_cdecl("LLVMFuzzerTestOneInput")
public func bridgeFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = fuzzModelsRegistered
    let data = Data(bytes: bytes, count: count)
    let json = JSONDecoder()
    fuzzReencode(try? json.decode(FuzzRecord.self, from: data))
    fuzzReencode(try? json.decode(FuzzOwner.self, from: data))
    fuzzReencode(try? json.decode([FuzzAddress].self, from: data))
    // Property lists: only documents that start as one (the decoder's format sniffing is not
    // what is under test) and that our own reader finds to be a tree of modest size. Foundation's
    // `PropertyListDecoder` follows a binary list's references with no check for cycles, so a
    // list that contains itself recurses until the stack runs out inside Foundation and the
    // synthesized `Codable` of FuzzExpression, with none of the bridge's frames in the loop.
    if data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)),
       let tree = try? PropertyListValue(from: data), fuzzNodeCount(tree) <= fuzzNodeLimit {
        let list = PropertyListDecoder()
        fuzzReencode(try? list.decode(FuzzRecord.self, from: data))
        fuzzReencode(try? list.decode(FuzzOwner.self, from: data))
    }
    return 0
}

/// Encodes a decoded value again through the bridge (the writer on values the reader made).
private func fuzzReencode<Value: Encodable>(_ value: Value?) {
    guard let value else { return }
    withExtendedLifetime(try? JSONEncoder().encode(value)) {}
}

/// Seeds: the sample values through the bridge as JSON and as binary and XML property lists, the
/// model types' defaults, and documents that take the reads' other paths (a missing key, `null`
/// where the default is not `nil`, a wrong type deep inside, an unknown key).
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    _ = fuzzModelsRegistered
    let record = fuzzSampleRecord()
    // JSON has no infinity: the sample's is left to the plain archives' seeds.
    record.owner?.scores = ["a": [1.5, -0.0, 1e300]]
    let json = JSONEncoder()
    json.outputFormatting = .sortedKeys
    let binary = PropertyListEncoder()
    binary.outputFormat = .binary
    let xml = PropertyListEncoder()
    xml.outputFormat = .xml
    do {
        fuzzWriteSeed(try json.encode(record), named: "bridge-record.json", in: directory)
        fuzzWriteSeed(try json.encode(FuzzRecord()), named: "bridge-default-record.json", in: directory)
        if let owner = record.owner {
            fuzzWriteSeed(try json.encode(owner), named: "bridge-owner.json", in: directory)
        }
        fuzzWriteSeed(try json.encode([record.address, FuzzAddress()]), named: "bridge-addresses.json", in: directory)
        fuzzWriteSeed(try binary.encode(record), named: "bridge-record.binary.plist", in: directory)
        fuzzWriteSeed(try xml.encode(record), named: "bridge-record.xml.plist", in: directory)
    } catch {
        fatalError("cannot encode the bridge fuzz seeds: \(error)")
    }
    let documents = [
        #"{"name":"only a name"}"#,
        #"{"name":null,"age":null,"tags":null}"#,
        #"{"friends":[{"id":1,"records":[{"scores":[1,"two",3]}]}]}"#,
        #"{"owner":{"id":1,"next":{"id":2,"next":{"id":"three"}}}}"#,
        #"{"attributes":{"a":1,"b":null},"nicknames":["x","x"],"color":"purple","unknown":[[[]]]}"#,
        #"{"expression":{"sum":{"_0":{"number":{"_0":1}},"_1":{"name":{"_0":"x"}}}}}"#,
    ]
    for (number, document) in documents.enumerated() {
        fuzzWriteSeed(Data(document.utf8), named: "bridge-case-\(number).json", in: directory)
    }
}
