import Foundation
import PropertyList
import Testing
import TestSupport

/// Dates through our XML writer and reader, through binary, and against Foundation and plistlib.
extension XMLPropertyListWriterTests {
    static func date(_ seconds: Double) -> PropertyListValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }

    /// Whole seconds in years 1 through 9999: the bounds, around 1970 and 2001, and random ones.
    static func wholeSecondDatesInFourDigitYears(count: Int, seed: UInt64) -> [PropertyListValue] {
        var random = SeededRandom(seed: seed)
        var seconds: [Double] = [-63_113_904_000, 252_423_993_599, 0, -1, 1, -978_307_200,
                                 Date.distantFuture.timeIntervalSinceReferenceDate]
        for _ in 0..<count {
            seconds.append(Double(random.inRange(-63_113_904_000 ... 252_423_993_599)))
        }
        return seconds.map { date($0) }
    }

    /// Dates every spelling path covers: distant past and future, year 0, negative years, the
    /// years around 9999 and 10000, fractions before and after 2001, and the nine-digit limits.
    static let datesOfEveryShape: [PropertyListValue] = {
        let seconds: [Double] = [
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
            -63_113_904_001, -63_145_526_400, -63_145_526_401, -100_000_000_000, -1e11 - 0.5, 1e11 + 0.25,
            252_423_993_599, 252_423_993_599.5, 252_423_993_600, 252_423_993_600.75, 1e15, -1e15, 0x1p52 - 0.5,
            0.5, 1e-6, -0.25, -1e-6, 0.1, 12.9, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            Double(XMLDateFields.earliestSecond), Double(XMLDateFields.secondLimit).nextDown,
        ]
        return seconds.map { date($0) }
    }()

    @Test func roundTripsDatesOfEveryShapeBitExactlyThroughXMLAndBinary() throws {
        for value in Self.datesOfEveryShape {
            #expect(try roundTrip(value) == value, "XML \(value)")
            #expect(try roundTrip([value, ["at": value]]) == [value, ["at": value]], "XML \(value)")
            let binary = try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value))
            #expect(binary == value, "binary \(value)")
        }
        // Binary holds every Double, the ones XML refuses included.
        for seconds in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0] {
            let value = Self.date(seconds)
            #expect(try BinaryPropertyListReader().read(BinaryPropertyListWriter().write(value)) == value, "\(seconds)")
        }
    }

    @Test func roundTripsRandomDatesWithinAHundredBillionSecondsBitExactly() throws {
        var random = SeededRandom(seed: 0xDA7E_0003)
        var dates: [PropertyListValue] = []
        for index in 0..<4_000 {
            var seconds = XMLDateFieldsTests.uniform(&random, magnitude: 1e11)
            // A quarter are whole seconds, a quarter have microseconds (like `Date()`), the rest any fraction.
            switch index % 4 {
            case 0: seconds.round(.down)
            case 1: seconds = (seconds * 1e6).rounded() / 1e6
            default: break
            }
            dates.append(Self.date(seconds))
        }
        let value = PropertyListValue.array(dates)
        let back = try roundTrip(value)
        #expect(back == value)
        if back != value, case .array(let elements) = back {
            for (ours, theirs) in zip(dates, elements) where ours != theirs {
                Issue.record("\(ours) read back as \(theirs)")
                break
            }
        }
    }

    @Test func writesDistantPastAndDistantFutureAsFoundationDoes() throws {
        for date in [Date.distantPast, .distantFuture] {
            let theirs = try PropertyListSerialization.data(fromPropertyList: [date, ["when": date]], format: .xml, options: 0)
            let ours = try XMLPropertyListWriter().write([.date(date), ["when": .date(date)]])
            #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        }
    }

    @Test func readsWhatFoundationWritesForDistantPastDistantFutureAndOtherYears() throws {
        // Foundation writes years before 0 as C's `%04d` does (`-001`) and years after 9999 unsigned.
        let seconds: [Double] = [Date.distantPast.timeIntervalSinceReferenceDate,
                                 Date.distantFuture.timeIntervalSinceReferenceDate,
                                 -63_145_526_401, -94_618_540_800, -100_000_000_000, 252_423_993_600, 1e15, -1e15]
        for second in seconds {
            let theirs = try PropertyListSerialization.data(
                fromPropertyList: Date(timeIntervalSinceReferenceDate: second), format: .xml, options: 0)
            #expect(try XMLPropertyListReader().read(theirs) == Self.date(second), "\(second)")
        }
    }

    @Test func foundationReadsOurWholeSecondDatesAsTheSameDates() throws {
        let dates = Self.wholeSecondDatesInFourDigitYears(count: 2_000, seed: 0xDA7E_0004)
        let xml = try XMLPropertyListWriter().write(.array(dates))
        let objects = try #require(try PropertyListSerialization.propertyList(from: xml, format: nil) as? [Date])
        #expect(objects.map(\.timeIntervalSinceReferenceDate) == dates.map { $0.dateValue?.timeIntervalSinceReferenceDate })
        // Foundation reads the other years too: four-digit `-0001` as well as its own `-001`.
        let expanded: [Double] = [Date.distantPast.timeIntervalSinceReferenceDate, -63_145_526_401, -94_618_540_800,
                                  -100_000_000_000, 252_423_993_600, 1e15, -1e15, Double(XMLDateFields.secondLimit) - 4]
        let expandedXML = try XMLPropertyListWriter().write(.array(expanded.map { Self.date($0) }))
        let expandedObjects = try PropertyListSerialization.propertyList(from: expandedXML, format: nil) as? [Date]
        #expect(expandedObjects?.map(\.timeIntervalSinceReferenceDate) == expanded)
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func plistlibReadsOurWholeSecondDatesAsTheSameDates() throws {
        let oracle = try #require(PythonOracle.shared)
        let dates = Self.wholeSecondDatesInFourDigitYears(count: 2_000, seed: 0xDA7E_0005)
        let values: [PropertyListValue] = [.array(dates), ["first": dates[0], "last": dates[dates.count - 1]]]
        let answers = try oracle.read(values.map { try XMLPropertyListWriter().write($0) })
        #expect(answers.count == values.count)
        for (answer, value) in zip(answers, values) {
            switch answer {
            case .success(let line): #expect(line == value.canonicalJSON())
            case .failure(let refusal): Issue.record("plistlib refused our dates: \(refusal)")
            }
        }
    }

    /// Seconds with a fraction in years 1 through 9999 (what plistlib's `datetime` holds): named
    /// shapes, then seeded random ones, half with microseconds (like `Date()`), half with any fraction.
    static func fractionalSecondsInFourDigitYears(count: Int, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        var seconds: [Double] = [0.5, -0.25, 1e-6, -1e-6, 0.1, 12.9, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                 -63_113_904_000 + 0.75, 252_423_993_598.5, -978_307_200 - 0.125, 730_902_605.25]
        for index in 0..<count {
            // Below 9999-12-31T23:59:59, so that no fraction rounds up into year 10000.
            let whole = Double(random.inRange(-63_113_904_000 ... 252_423_993_598))
            let fraction = Double(random.next() >> 11) * 0x1p-53
            seconds.append(whole + (index % 2 == 0 ? (fraction * 1e6).rounded(.down) / 1e6 : fraction))
        }
        return seconds
    }

    /// Fractions in other years, which Foundation reads (plistlib stops at 1 through 9999).
    static let fractionalSecondsInOtherYears: [Double] = [
        Date.distantPast.timeIntervalSinceReferenceDate + 0.25, -63_113_904_000 - 0.5, -1e11 - 0.25,
        252_423_993_600.75, 1e15 + 0.5, -1e15 - 0.5,
    ]

    @Test func foundationReadsOurFractionalDatesAsTheWholeSecondBelowAndWeReadThemExactly() throws {
        let seconds = Self.fractionalSecondsInFourDigitYears(count: 2_000, seed: 0xDA7E_0008)
            + Self.fractionalSecondsInOtherYears
        let dates = seconds.map { Self.date($0) }
        let value: PropertyListValue = ["dates": .array(dates), "name": "fractions", "first": dates[0], "count": 2]
        let xml = try XMLPropertyListWriter().write(value)
        #expect(String(decoding: xml, as: UTF8.self).contains(#"<date fraction="0.75">2000-12-31T23:59:59Z</date>"#))
        let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let dictionary = try #require(object as? [String: Any], "Foundation read \(type(of: object))")
        let theirs = try #require(dictionary["dates"] as? [Date])
        #expect(theirs.map(\.timeIntervalSinceReferenceDate) == seconds.map { $0.rounded(.down) })
        #expect((dictionary["first"] as? Date)?.timeIntervalSinceReferenceDate == 0)
        #expect(dictionary["name"] as? String == "fractions")
        let ours = try XMLPropertyListReader().read(xml)
        #expect(ours == value)
        let oursSeconds = ours.dictionaryValue?["dates"]?.arrayValue?.compactMap { $0.dateValue?.timeIntervalSinceReferenceDate }
        #expect(oursSeconds?.map(\.bitPattern) == seconds.map(\.bitPattern))
    }

    @Test(.enabled(if: PythonOracle.isAvailable, "plistlib oracle unavailable: \(PythonOracle.unavailableReason)"))
    func plistlibReadsOurFractionalDatesAsTheWholeSecondBelow() throws {
        let oracle = try #require(PythonOracle.shared)
        let seconds = Self.fractionalSecondsInFourDigitYears(count: 2_000, seed: 0xDA7E_0009)
        let documents: [PropertyListValue] = [
            .array(seconds.map { Self.date($0) }),
            ["first": Self.date(seconds[0]), "nested": [Self.date(seconds[1]), "text", 3]],
        ]
        let expected: [PropertyListValue] = [
            .array(seconds.map { Self.date($0.rounded(.down)) }),
            ["first": Self.date(seconds[0].rounded(.down)), "nested": [Self.date(seconds[1].rounded(.down)), "text", 3]],
        ]
        let answers = try oracle.read(documents.map { try XMLPropertyListWriter().write($0) })
        #expect(answers.count == documents.count)
        for (answer, value) in zip(answers, expected) {
            switch answer {
            case .success(let line): #expect(line == value.canonicalJSON())
            case .failure(let refusal): Issue.record("plistlib refused our fractional dates: \(refusal)")
            }
        }
    }

    @Test func refusesDatesThatAreNotFiniteOrOutsideNineDigitYearsWithTheirPath() throws {
        let earliest = Double(XMLDateFields.earliestSecond)
        let limit = Double(XMLDateFields.secondLimit)
        try expectUnrepresentable(["when": Self.date(earliest.nextDown)], path: "root[\"when\"]")
        try expectUnrepresentable([Self.date(limit)], path: "root[0]")
        try expectUnrepresentable(Self.date(.nan), path: "root")
        try expectUnrepresentable([1, ["x": Self.date(.infinity)]], path: "root[1][\"x\"]")
        try expectUnrepresentable(Self.date(-.infinity), path: "root")
        try expectUnrepresentable(.date(.distantFuture.addingTimeInterval(1e300)), path: "root")
        try expectUnrepresentable(Self.date(-.greatestFiniteMagnitude), path: "root")
        let error = try #require(throws: PropertyListError.self) { try XMLPropertyListWriter().write(Self.date(1e17)) }
        #expect(error.description.contains("-999999999 through 999999999"), "\(error)")
    }
}
