import Foundation
import PropertyList
import Testing

extension XMLPropertyListWriterTests {
    @Test func roundTripsEdgeValuesOfEveryType() throws {
        var values: [PropertyListValue] = XMLTestValues.strings.map { .string($0) }
        values += XMLTestValues.integers.map { .integer($0) }
        values += XMLTestValues.reals.map { .real($0) }
        values += [true, false, .uid(0), .uid(UInt64.max), .data(Data()), .data(Data([0])), .data(Data(0..<255))]
        values += [-6e10, 0, 1e9, -63_113_904_000, 252_423_993_599].map { .date(Date(timeIntervalSinceReferenceDate: $0)) }
        values += [[], .dictionary([:]), ["": ""], [[[]]], ["CF$UID": "not a uid"]]
        for value in values {
            #expect(try roundTrip(value) == value, "\(value)")
        }
        #expect(try roundTrip(.array(values)) == .array(values))
    }

    @Test func roundTripsLargeAndDeepValues() throws {
        let megabyte = PropertyListValue.data(Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 11) }))
        #expect(try roundTrip(megabyte) == megabyte)
        var deep: PropertyListValue = "bottom"
        for level in 0..<500 { deep = level.isMultiple(of: 2) ? [deep] : ["k": deep] }
        #expect(try roundTrip(deep) == deep)
        var wide = PropertyListDictionary()
        for number in 0..<10_000 { wide["key \(number)"] = .integer(PropertyListInteger(Int64(number))) }
        #expect(try roundTrip(.dictionary(wide)) == .dictionary(wide))
        let long = PropertyListValue.array((0..<100_000).map { .integer(PropertyListInteger(Int64($0))) })
        #expect(try roundTrip(long) == long)
    }

    @Test func writesDeepValuesOnASmallThreadStack() throws {
        var deep: PropertyListValue = "bottom"
        for level in 0..<1_000 { deep = level.isMultiple(of: 2) ? [deep] : ["k": deep] }
        final class Outcome: @unchecked Sendable { var size = 0 }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let value = deep
        let thread = Thread {
            outcome.size = (try? XMLPropertyListWriter().write(value).count) ?? -1
            finished.signal()
        }
        // 512 KB is the default stack of secondary threads on Apple platforms.
        thread.stackSize = 512 * 1024
        thread.start()
        finished.wait()
        // Indentation stops growing past 32 levels, so the document stays linear in the value: 1,000
        // levels of two lines each take at most 32 tabs plus the markup per line.
        #expect(outcome.size > 30_000 && outcome.size < 120_000, "\(outcome.size) bytes")
        withExtendedLifetime(deep) {}
    }

    @Test func roundTripsRandomValues() throws {
        var values = XMLTestValues(seed: 1)
        for _ in 0..<300 {
            let value = values.value(depth: 5)
            #expect(try roundTrip(value) == value)
        }
    }

    @Test func foundationReadsOurOutputAsTheSameValue() throws {
        var values = XMLTestValues(seed: 2, includesUIDs: false)
        for _ in 0..<80 {
            let value = values.value(depth: 4)
            let xml = try XMLPropertyListWriter().write(value)
            let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
            #expect(PropertyListValue(foundationObject: object) == value)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func pythonPlistlibReadsOurOutputAndWeReadItsOutput() throws {
        var values = XMLTestValues(seed: 3)
        // plistlib has no UIDs in XML, but it keeps our CF$UID dictionaries, which read back as UIDs.
        let value = PropertyListValue.array((0..<40).map { _ in values.value(depth: 4) })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xml-plistlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.plist")
        let output = directory.appendingPathComponent("out.plist")
        try XMLPropertyListWriter().write(value).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f: value = plistlib.load(f)
            with open(sys.argv[2], 'wb') as f: plistlib.dump(value, f, fmt=plistlib.FMT_XML, sort_keys=False)
            """, input.path, output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let back = try XMLPropertyListReader().read(Data(contentsOf: output))
        // plistlib's writer turns CR and CRLF into LF (its reader keeps them, as ours does).
        #expect(back == Self.normalizingLineEnds(value))
    }

    static func normalizingLineEnds(_ value: PropertyListValue) -> PropertyListValue {
        func normalize(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        switch value {
        case .string(let text):
            return .string(normalize(text))
        case .array(let elements):
            return .array(elements.map(normalizingLineEnds))
        case .dictionary(let dictionary):
            var result = PropertyListDictionary()
            for (key, element) in dictionary { result[normalize(key)] = normalizingLineEnds(element) }
            return .dictionary(result)
        default:
            return value
        }
    }
}
