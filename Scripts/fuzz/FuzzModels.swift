// Model types the autocoding, keyed, envelope and cache fuzz targets decode into, and the seeds
// they write. Not part of the package: Scripts/fuzz.sh compiles it into those targets' harness
// modules. The types cover every kind of coder the engine has: strings, arrays, integers,
// optionals, a nested struct, a raw-value enum, data, dates, a dictionary, a recursive indirect
// enum (through `Codable`), and a registered final class with a self-referencing property.
import AutoCoding
import Foundation
import PropertyList

enum FuzzColor: String, Codable {
    case red, green, blue
}

indirect enum FuzzExpression: Codable {
    case number(Int)
    case name(String)
    case sum(FuzzExpression, FuzzExpression)
    case list([FuzzExpression])
}

struct FuzzAddress: AutoCodable {
    var street = ""
    var city = ""
    var zip: Int? = nil
}

struct FuzzRecord: AutoCodable {
    var name = ""
    var tags: [String] = []
    var scores: [Int] = []
    var age: Int? = nil
    var address = FuzzAddress()
    var color = FuzzColor.red
    var avatar = Data()
    var created = Date(timeIntervalSinceReferenceDate: 0)
    var attributes: [String: Int] = [:]
    var expression = FuzzExpression.number(0)
    var owner: FuzzOwner? = nil
    var friends: [FuzzOwner] = []
    var nicknames: Set<String> = []
}

/// A class, registered by name as AutoCoding's documentation says (`AutoCodingRegistry.register`),
/// that can form chains and cycles.
final class FuzzOwner: AutoCodable {
    var id = 0
    var label = ""
    var next: FuzzOwner? = nil
    var records: [FuzzRecord] = []
    var scores: [String: [Double]] = [:]
    required init() {}
}

/// Registers the class once per process.
let fuzzModelsRegistered: Bool = {
    do {
        try AutoCodingRegistry.register(FuzzOwner.self, as: "fuzz.owner")
        try AutoCodingRegistry.register(FuzzRecord.self, as: "fuzz.record")
        try AutoCodingRegistry.register(FuzzAddress.self, as: "fuzz.address")
    } catch {
        fatalError("cannot register the fuzz model types: \(error)")
    }
    return true
}()

/// A populated value graph: a record with a chain of owners that share records; with `cyclic`,
/// the chain ends in a cycle back to the first owner (keyed archives hold cycles, plain ones refuse
/// them).
func fuzzSampleRecord(cyclic: Bool = false) -> FuzzRecord {
    var record = FuzzRecord()
    record.name = "Ada Lovelace"
    record.tags = ["math", "engines", "math"]
    record.scores = [0, 1, -1, 127, 128, 65_536, Int.max, Int.min]
    record.age = 36
    record.address = FuzzAddress(street: "12 St James's Square", city: "London", zip: 1)
    record.color = .blue
    record.avatar = Data(0 ..< 40)
    record.created = Date(timeIntervalSinceReferenceDate: 729_000_000.5)
    record.attributes = ["height": 165, "children": 3]
    record.expression = .sum(.number(1), .list([.name("x"), .sum(.number(2), .number(3))]))
    record.nicknames = ["Ada", "Enchantress of Numbers"]
    let first = FuzzOwner()
    first.id = 1
    first.label = "first"
    first.scores = ["a": [1.5, -0.0, .infinity]]
    let second = FuzzOwner()
    second.id = 2
    second.label = "second"
    first.next = second
    if cyclic { second.next = first }
    var inner = FuzzRecord()
    inner.name = "inner"
    let third = FuzzOwner()
    third.id = 3
    inner.owner = cyclic ? first : third
    second.records = [inner]
    record.owner = first
    record.friends = [second, first]
    return record
}

/// The AutoArchiver archives of the sample values, both formats.
func fuzzAutoArchives() -> [(name: String, data: Data)] {
    _ = fuzzModelsRegistered
    var archives: [(String, Data)] = []
    do {
        let record = fuzzSampleRecord()
        for format in [PropertyListFormat.binary, .xml] {
            archives.append(("auto-record.\(format)", try AutoArchiver.archive(record, format: format)))
            archives.append(("auto-default-record.\(format)", try AutoArchiver.archive(FuzzRecord(), format: format)))
            archives.append(("auto-owner.\(format)", try AutoArchiver.archive(record.owner!, format: format)))
            archives.append(("auto-address.\(format)", try AutoArchiver.archive(record.address, format: format)))
        }
    } catch {
        fatalError("cannot archive the fuzz seeds: \(error)")
    }
    return archives
}
