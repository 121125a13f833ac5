import Foundation
import PropertyList
import Testing
import TestSupport

/// Our codecs against Foundation's `PropertyListSerialization`, in process, in both directions.
///
/// Foundation's object model has no UID and no key order (equality ignores order anyway);
/// CoreFoundation replaces real32 NaN/infinity and NaN payloads by shared constants; its XML writer
/// prints `-0.0` as `0.0` and its XML reader drops a string's leading U+FEFF. The profiles leave
/// those out where they apply (see `RandomPropertyListGenerator.Profile.foundationSafe`). Each
/// test uses 1,000 seeded random trees.
@Suite struct DifferentialFoundationTests {
    static let treeCount = 1_000

    /// Why Foundation could not read a document.
    struct FoundationRefusal: Error {
        var reason: String
    }

    static func foundationFormat(_ format: PropertyListFormat) -> PropertyListSerialization.PropertyListFormat {
        format == .binary ? .binary : .xml
    }

    static func profile(_ format: PropertyListFormat, foundationWrites: Bool) -> RandomPropertyListGenerator.Profile {
        var profile = (format == .binary ? RandomPropertyListGenerator.Profile.binaryFull : .xmlSafe).foundationSafe
        if format == .xml {
            // Foundation's XML writer prints -0.0 as 0.0; its XML reader drops a leading U+FEFF.
            if foundationWrites { profile.includesNegativeZero = false }
            // Our writer escapes \r as &#13;, which Foundation reads back; its own writer does not.
            profile.xmlIncludesCarriageReturn = !foundationWrites
            profile.stringsMayStartWithByteOrderMark = false
        }
        return profile
    }

    /// Reads `document` with Foundation and bridges the result, or says why that failed.
    static func foundationRead(_ document: Data) -> Result<PropertyListValue, FoundationRefusal> {
        do {
            let object = try PropertyListSerialization.propertyList(from: document, options: [], format: nil)
            guard let value = PropertyListValue(foundationObject: object) else {
                return .failure(FoundationRefusal(reason: "Foundation returned something the bridge cannot convert: \(type(of: object))"))
            }
            return .success(value)
        } catch {
            return .failure(FoundationRefusal(reason: "Foundation refused it: \(error)"))
        }
    }

    static func foundationWrite(_ value: PropertyListValue, as format: PropertyListFormat) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value.foundationObject,
                                           format: foundationFormat(format), options: 0)
    }

    static func describe(_ value: PropertyListValue) -> String {
        String(value.canonicalJSON().prefix(1_500))
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func foundationReadsWhatWeWrite(format: PropertyListFormat) throws {
        let seed: UInt64 = format == .binary ? 0xF0_B001 : 0xF0_1001
        let trees = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed,
                                                      profile: Self.profile(format, foundationWrites: false))
        var mismatches = 0
        for (index, tree) in trees.enumerated() {
            let document = try tree.encoded(as: format)
            let problem: String?
            switch Self.foundationRead(document) {
            case .success(let value): problem = PropertyListDifference.first(tree, value).map { "Foundation read: \($0)" }
            case .failure(let refusal): problem = refusal.reason
            }
            guard let problem else { continue }
            mismatches += 1
            if mismatches <= 8 {
                Issue.record("\(format) tree \(index) of seed \(seed): \(problem)")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(trees.count) \(format) trees differ")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func weReadWhatFoundationWrites(format: PropertyListFormat) throws {
        let seed: UInt64 = format == .binary ? 0xF0_B002 : 0xF0_1002
        let trees = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed,
                                                      profile: Self.profile(format, foundationWrites: true))
        var mismatches = 0
        for (index, tree) in trees.enumerated() {
            let document = try Self.foundationWrite(tree, as: format)
            let problem: String?
            do {
                let value = try PropertyListValue(from: document)
                problem = PropertyListDifference.first(tree, value).map { "we read: \($0)" }
            } catch {
                problem = "we failed to read Foundation's document: \(error)"
            }
            guard let problem else { continue }
            mismatches += 1
            if mismatches <= 8 {
                Issue.record("\(format) tree \(index) of seed \(seed): \(problem)")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(trees.count) \(format) trees differ")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func edgeCasesSurviveBothDirections(format: PropertyListFormat) throws {
        // Foundation has no UID, and turns a real32 NaN or infinity into a 64-bit one.
        var cases = PropertyListEdgeCase.all.filter { format == .binary || $0.support.xml }
        if format == .binary { cases += PropertyListEdgeCase.binaryOnly.filter(\.support.foundation) }
        for edge in cases {
            let ours = try edge.value.encoded(as: format)
            switch Self.foundationRead(ours) {
            case .success(let value): #expect(value == edge.value, "\(format) \(edge): Foundation read it differently")
            case .failure(let refusal): Issue.record("\(format) \(edge): \(refusal.reason)")
            }
            if format == .xml && !edge.support.foundationWritesXML { continue }
            let theirs = try Self.foundationWrite(edge.value, as: format)
            let decoded = try PropertyListValue(from: theirs)
            #expect(decoded == edge.value, "\(format) \(edge): we read Foundation's document differently")
        }
    }
}
