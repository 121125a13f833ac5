import Foundation
import PropertyList
import Testing
import TestSupport

/// Our codecs against CPython's `plistlib`, in both directions, compared as canonical JSON.
///
/// Each test makes 1,000 seeded random trees (replay one with
/// `RandomPropertyListGenerator.trees(count:seed:profile:)`) and hands the whole batch to one
/// Python process. Skipped, visibly, when no `python3` 3.9+ is installed.
@Suite(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
struct DifferentialPythonTests {
    static let treeCount = 1_000
    let oracle = PythonOracle.shared

    /// Whole-second dates (plistlib's `datetime`), but `-0.0` kept: only plistlib's writer merges it.
    /// Also `\r` in XML strings, which our writer escapes and plistlib's XML writer would normalize.
    static func readableProfile(_ base: RandomPropertyListGenerator.Profile) -> RandomPropertyListGenerator.Profile {
        var profile = base.pythonSafe
        profile.includesNegativeZero = base.includesNegativeZero
        profile.xmlIncludesCarriageReturn = true
        return profile
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func plistlibReadsWhatWeWrite(format: PropertyListFormat) throws {
        let oracle = try #require(oracle)
        let seed: UInt64 = format == .binary ? 0xB1_0001 : 0x11_0001
        let profile = Self.readableProfile(format == .binary ? .binaryFull : .xmlSafe)
        let trees = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed, profile: profile)
        let documents = try trees.map { try $0.encoded(as: format) }
        let answers = try oracle.read(documents)
        var mismatches = 0
        for (index, tree) in trees.enumerated() {
            let expected = tree.canonicalJSON()
            let problem: String?
            switch answers[index] {
            case .success(let line): problem = Self.sameBytes(line, expected) ? nil : "plistlib read \(line)"
            case .failure(let refusal): problem = "plistlib refused it: \(refusal)"
            }
            guard let problem else { continue }
            mismatches += 1
            if mismatches <= 3 {
                Issue.record("\(format) tree \(index) of seed \(seed): \(problem.prefix(1_500)); we wrote \(expected.prefix(1_500))")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(trees.count) \(format) trees differ")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func weReadWhatPlistlibWrites(format: PropertyListFormat) throws {
        let oracle = try #require(oracle)
        let seed: UInt64 = format == .binary ? 0xB1_0002 : 0x11_0002
        let profile = (format == .binary ? RandomPropertyListGenerator.Profile.binaryFull : .xmlSafe).pythonSafe
        let lines = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed, profile: profile)
            .map { $0.canonicalJSON() }
        let written = try oracle.write(lines, as: format)
        var mismatches = 0
        for (index, line) in lines.enumerated() {
            let problem: String?
            switch written[index] {
            case .failure(let refusal):
                problem = "plistlib could not write it: \(refusal)"
            case .success(let document):
                do {
                    let decoded = try PropertyListValue(from: document).canonicalJSON()
                    problem = Self.sameBytes(decoded, line) ? nil : "we read \(decoded.prefix(1_500))"
                } catch {
                    problem = "we failed to read plistlib's document: \(error)"
                }
            }
            guard let problem else { continue }
            mismatches += 1
            if mismatches <= 3 {
                Issue.record("\(format) tree \(index) of seed \(seed): \(problem); plistlib was given \(line.prefix(1_500))")
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(lines.count) \(format) trees differ")
    }

    /// Dictionaries keep insertion order in what we write (canonical JSON sorts keys, so this is
    /// checked apart, on plistlib's reading of the files).
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func plistlibSeesOurKeyOrder(format: PropertyListFormat) throws {
        let oracle = try #require(oracle)
        let seed: UInt64 = format == .binary ? 0xB1_0004 : 0x11_0004
        let profile = Self.readableProfile(format == .binary ? .binaryFull : .xmlSafe)
        let trees = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed, profile: profile)
        let answers = try oracle.keyOrder(try trees.map { try $0.encoded(as: format) })
        var mismatches: [Int] = []
        for (index, tree) in trees.enumerated() {
            let theirs = try answers[index].get()
            let ours = Self.keyOrder(tree)
            let same = theirs.count == ours.count && zip(theirs, ours).allSatisfy { pair in
                pair.0.count == pair.1.count && zip(pair.0, pair.1).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            }
            if !same { mismatches.append(index) }
        }
        #expect(mismatches.isEmpty, "\(format) seed \(seed): key order differs in trees \(mismatches.prefix(10))")
    }

    /// Key lists of every dictionary, depth first, as `plist_oracle.py keys` reports them.
    static func keyOrder(_ value: PropertyListValue, into lists: inout [[String]]) {
        switch value {
        case .dictionary(let dictionary):
            lists.append(dictionary.keys)
            for (_, element) in dictionary { keyOrder(element, into: &lists) }
        case .array(let elements):
            for element in elements { keyOrder(element, into: &lists) }
        default:
            break
        }
    }

    static func keyOrder(_ value: PropertyListValue) -> [[String]] {
        var lists: [[String]] = []
        keyOrder(value, into: &lists)
        return lists
    }

    /// Our binary writer shares equal values at least as well as plistlib and picks widths as tightly.
    @Test func ourBinaryIsNoLargerThanPlistlibs() throws {
        let oracle = try #require(oracle)
        let seed: UInt64 = 0xB1_0003
        // No real32: plistlib would widen one to a double and share it with an equal double, a
        // saving that rests on changing the value.
        var profile = RandomPropertyListGenerator.Profile.binaryFull.pythonSafe
        profile.includesReal32 = false
        let trees = RandomPropertyListGenerator.trees(count: Self.treeCount, seed: seed, profile: profile)
        let theirs = try oracle.write(trees.map { $0.canonicalJSON() }, as: .binary)
        var larger: [String] = []
        var ourTotal = 0
        var theirTotal = 0
        for (index, tree) in trees.enumerated() {
            let ours = try tree.encoded(as: .binary).count
            let reference = try theirs[index].get().count
            ourTotal += ours
            theirTotal += reference
            if ours > reference { larger.append("tree \(index): \(ours) > \(reference) bytes") }
        }
        #expect(larger.isEmpty, "seed \(seed): ours larger for \(larger.count) trees, e.g. \(larger.prefix(5))")
        #expect(ourTotal <= theirTotal, "seed \(seed): \(ourTotal) bytes in all, plistlib \(theirTotal)")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func edgeCasesSurviveBothDirections(format: PropertyListFormat) throws {
        let oracle = try #require(oracle)
        var cases = PropertyListEdgeCase.all.filter { format == .binary || $0.support.xml }
        if format == .binary { cases += PropertyListEdgeCase.binaryOnly }

        // We write, plistlib reads.
        let readable = cases.filter(\.support.pythonReads)
        let answers = try oracle.read(try readable.map { try $0.value.encoded(as: format) })
        for (edge, answer) in zip(readable, answers) {
            let expected = edge.value.canonicalJSON()
            switch answer {
            case .success(let line):
                #expect(Self.sameBytes(line, expected), "\(format) \(edge): plistlib read \(line.prefix(300))")
            case .failure(let refusal):
                Issue.record("\(format) \(edge): plistlib refused our document: \(refusal)")
            }
        }

        // plistlib writes, we read.
        let writable = cases.filter(\.support.pythonWrites)
        let lines = writable.map { $0.value.canonicalJSON() }
        let written = try oracle.write(lines, as: format)
        for (index, edge) in writable.enumerated() {
            let document = try written[index].get()
            let decoded = try PropertyListValue(from: document)
            #expect(Self.sameBytes(decoded.canonicalJSON(), lines[index]), "\(format) \(edge): we read it differently")
        }
    }

    /// The oracle itself reports refusals instead of passing them off as answers.
    @Test func oracleReportsWhatPlistlibRefuses() throws {
        let oracle = try #require(oracle)
        let uid = PropertyListValue.array([.uid(3)]).canonicalJSON()
        let written = try oracle.write([uid, PropertyListValue.array(["fine"]).canonicalJSON()], as: .xml)
        #expect(throws: PythonOracle.Refusal.self) { try written[0].get() }
        #expect(throws: Never.self) { try written[1].get() }
        // A 16-byte integer above UInt64.max, which plistlib reads but the canonical form excludes.
        let tooBig = try Fixtures.data("PropertyList/malformed/binary-int-128-too-big.plist")
        let answers = try oracle.read([Data("not a plist".utf8), tooBig, try written[1].get()])
        #expect(throws: PythonOracle.Refusal.self) { try answers[0].get() }
        #expect(throws: PythonOracle.Refusal.self) { try answers[1].get() }
        #expect(try answers[2].get() == #"{"type":"array","value":[{"type":"string","value":"fine"}]}"#)
    }

    /// Every valid fixture, decoded and written again by us, reads in plistlib as the fixture did.
    @Test func plistlibReadsOurRewriteOfEveryValidFixture() throws {
        let oracle = try #require(oracle)
        let names = Fixtures.names(in: "PropertyList/valid", endingWith: ".plist")
        var rewritten: [Data] = []
        var expected: [String] = []
        for name in names {
            let document = try Fixtures.data("PropertyList/valid/\(name)")
            let format = try #require(PropertyListFormat.detect(document))
            rewritten.append(try PropertyListValue(from: document).encoded(as: format))
            let json = try Fixtures.data("PropertyList/valid/\(name.dropLast(".plist".count)).json")
            expected.append(String(decoding: json, as: UTF8.self).trimmingCharacters(in: .newlines))
        }
        #expect(!names.isEmpty)
        for (index, answer) in try oracle.read(rewritten).enumerated() {
            switch answer {
            case .success(let line):
                #expect(Self.sameBytes(line, expected[index]), "\(names[index]): plistlib read our rewrite as \(line.prefix(400))")
            case .failure(let refusal):
                Issue.record("\(names[index]): plistlib refused our rewrite: \(refusal)")
            }
        }
    }

    /// Byte-for-byte comparison: `String ==` would equate canonically equivalent spellings.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
