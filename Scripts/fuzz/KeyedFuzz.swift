// libFuzzer entry for the keyed-archive readers (target `keyed`): KeyedUnarchiver.graph(from:) and
// its treeDescription(), graph(fromPropertyList:), and unarchive of Any, [Any], [String: Any] and
// the model types of FuzzModels.swift (allowed). Built by Scripts/fuzz.sh with FuzzSupport.swift
// and FuzzModels.swift.
import AutoCoding
import Foundation
import KeyedArchive
import PropertyList

private let fuzzUnarchiver = KeyedUnarchiver(allowing: [FuzzOwner.self, FuzzRecord.self, FuzzAddress.self])

@_cdecl("LLVMFuzzerTestOneInput")
public func keyedFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = fuzzModelsRegistered
    let data = Data(bytes: bytes, count: count)
    if let graph = try? KeyedUnarchiver.graph(from: data) {
        let description = graph.treeDescription()
        let counts = graph.referenceCounts()
        withExtendedLifetime((description, counts)) {}
    }
    if let list = try? PropertyListValue(from: data), KeyedUnarchiver.isKeyedArchive(list),
       fuzzNodeCount(list) <= fuzzNodeLimit {
        // The CLI's dump path: read the property list, then the graph from it.
        if let graph = try? KeyedUnarchiver.graph(fromPropertyList: list) {
            withExtendedLifetime(graph.treeDescription()) {}
        }
        fuzzBreakCycles(try? fuzzUnarchiver.unarchive(Any.self, fromPropertyList: list))
    }
    fuzzBreakCycles(try? fuzzUnarchiver.unarchive(Any.self, from: data))
    fuzzBreakCycles(try? fuzzUnarchiver.unarchive([Any].self, from: data))
    fuzzBreakCycles(try? fuzzUnarchiver.unarchive([String: Any].self, from: data))
    fuzzBreakCycles(try? fuzzUnarchiver.unarchive(FuzzRecord.self, from: data))
    fuzzBreakCycles(try? fuzzUnarchiver.unarchive(FuzzOwner.self, from: data))
    return 0
}

/// Cuts every reference between FuzzOwner instances reachable from `value`. A keyed archive can
/// make the owners a reference cycle (as it should: that is what keyed archives are for), which
/// ARC never frees; left alone, LeakSanitizer would report each one. So leaks reported after this
/// come from objects the unarchiver made but did not return (a failed unarchive).
private func fuzzBreakCycles(_ value: Any?) {
    guard let value else { return }
    var seen = Set<ObjectIdentifier>()
    var pending: [Any] = [value]
    while let next = pending.popLast() {
        switch next {
        case let owner as FuzzOwner:
            guard seen.insert(ObjectIdentifier(owner)).inserted else { continue }
            if let following = owner.next { pending.append(following) }
            pending += owner.records.map { $0 as Any }
            owner.next = nil
            owner.records = []
        case let record as FuzzRecord:
            if let owner = record.owner { pending.append(owner) }
            pending += record.friends.map { $0 as Any }
        case let array as [Any]:
            pending += array
        case let dictionary as [String: Any]:
            pending += Array(dictionary.values)
        case let dictionary as [AnyHashable: Any]:
            pending += Array(dictionary.values)
        case let set as Set<AnyHashable>:
            pending += set.map { $0.base }
        default:
            break
        }
    }
}

/// Seeds: the keyed fixtures Scripts/fuzz.sh copies, plus our own keyed archives of the model
/// types and of plain values, in both formats.
func fuzzWriteSeeds(to directory: String, sources: [(name: String, data: Data)]) {
    _ = fuzzModelsRegistered
    let record = fuzzSampleRecord(cyclic: true)
    let plain: [String: Any] = ["name": "Ada", "numbers": [1, 2, 3], "nested": ["a": [true, 1.5]],
                                "data": Data([0, 1, 2]), "date": Date(timeIntervalSinceReferenceDate: 0)]
    for format in [PropertyListFormat.binary, .xml] {
        let archiver = KeyedArchiver(outputFormat: format)
        do {
            fuzzWriteSeed(try archiver.archive(record), named: "keyed-record.\(format)", in: directory)
            fuzzWriteSeed(try archiver.archive(record.owner!), named: "keyed-owner.\(format)", in: directory)
            fuzzWriteSeed(try archiver.archive(plain), named: "keyed-plain.\(format)", in: directory)
            fuzzWriteSeed(try archiver.archive(["a", "b", "a"]), named: "keyed-strings.\(format)", in: directory)
        } catch {
            fatalError("cannot write the keyed seeds: \(error)")
        }
    }
}
