import Foundation
import PropertyList
import Testing
import TestSupport

/// How a date is split into an XML `<date>`'s calendar fields and fraction digits, and added back.
@Suite struct XMLDateFieldsTests {
    /// The `<date>` element our writer produces for `seconds` after 2001 (without the newline
    /// after it), or `nil` when it refuses.
    static func element(_ seconds: Double) -> String? {
        guard let fields = XMLScalarSpelling.dateFields(of: Date(timeIntervalSinceReferenceDate: seconds)) else {
            return nil
        }
        var buffer = ByteBuffer(initialCapacity: 64)
        XMLScalarSpelling.appendDate(fields, into: &buffer)
        return String(String(decoding: (try? buffer.finish()) ?? Data(), as: UTF8.self).dropLast())
    }

    /// The text of a `<date>` without a fraction, or `nil` when it has one or is refused.
    static func spelling(_ seconds: Double) -> String? {
        guard let element = element(seconds), element.hasPrefix("<date>") else { return nil }
        return String(element.dropFirst("<date>".count).dropLast("</date>".count))
    }

    /// The seconds the fields stand for, as our reader computes them.
    static func readBack(_ fields: XMLDateFields) -> Double {
        fields.secondsSinceReferenceDate
    }

    /// A `Double` drawn uniformly from `-magnitude ... magnitude`.
    static func uniform(_ random: inout SeededRandom, magnitude: Double) -> Double {
        (Double(random.next() >> 11) * 0x1p-53 * 2 - 1) * magnitude
    }

    @Test(arguments: [
        (0.5, "0.5", "2001-01-01T00:00:00Z"), (1e-6, "0.000001", "2001-01-01T00:00:00Z"),
        (0.1, "0.1", "2001-01-01T00:00:00Z"), (-0.25, "0.75", "2000-12-31T23:59:59Z"),
        (-0.5, "0.5", "2000-12-31T23:59:59Z"), (-1e-6, "0.999999", "2000-12-31T23:59:59Z"),
        (12.9, "0.9", "2001-01-01T00:00:12Z"), (-86_400.125, "0.875", "2000-12-30T23:59:59Z"),
        (252_423_993_599.9, "0.9", "9999-12-31T23:59:59Z"), (-63_113_904_000 + 0.75, "0.75", "0001-01-01T00:00:00Z"),
        (1e-20, "0.00000000000000000001", "2001-01-01T00:00:00Z"),
        (-63_113_904_000 - 0.5, "0.5", "0000-12-31T23:59:59Z"), (252_423_993_600.75, "0.75", "10000-01-01T00:00:00Z"),
        (-1e11 - 0.25, "0.75", "-1168-02-16T14:13:19Z"),
    ])
    func spellsTheWholeSecondBelowAsTextAndTheShortestExactFractionAsAnAttribute(seconds: Double, fraction: String,
                                                                                text: String) {
        #expect(Self.element(seconds) == "<date fraction=\"\(fraction)\">\(text)</date>")
    }

    @Test(arguments: [
        (Date.distantPast.timeIntervalSinceReferenceDate, "0000-12-30T00:00:00Z"),
        (Date.distantFuture.timeIntervalSinceReferenceDate, "4001-01-01T00:00:00Z"),
        (-63_113_904_001, "0000-12-31T23:59:59Z"), (-63_145_526_400, "0000-01-01T00:00:00Z"),
        (-63_145_526_401, "-0001-12-31T23:59:59Z"), (-100_000_000_000, "-1168-02-16T14:13:20Z"),
        (-94_618_540_800, "-0998-08-30T00:00:00Z"), (252_423_993_600, "10000-01-01T00:00:00Z"),
        (1e15, "31690739-07-06T01:46:40Z"), (-1e15, "-31686738-06-29T22:13:20Z"),
        (-0.0, "2001-01-01T00:00:00Z"),
    ])
    func spellsYearsOutsideFourDigitsWithASignAndAtLeastFourDigits(seconds: Double, expected: String) {
        #expect(Self.spelling(seconds) == expected)
    }

    @Test func spansExactlyTheNineDigitYears() throws {
        let earliest = Double(XMLDateFields.earliestSecond)
        let limit = Double(XMLDateFields.secondLimit)
        #expect(Double(exactly: XMLDateFields.earliestSecond) != nil && Double(exactly: XMLDateFields.secondLimit) != nil)
        #expect(Self.spelling(earliest) == "-999999999-01-01T00:00:00Z")
        // Doubles are 4 apart here.
        #expect(Self.spelling(limit.nextDown) == "999999999-12-31T23:59:56Z")
        #expect(Self.spelling(limit - 8) == "999999999-12-31T23:59:52Z")
        for refused in [earliest.nextDown, limit, .infinity, -.infinity, .nan, -.nan, .greatestFiniteMagnitude,
                        -.greatestFiniteMagnitude, 0x1p62, -0x1p63, 0x1p63] {
            #expect(Self.spelling(refused) == nil, "\(refused)")
        }
    }

    @Test func wholeSecondsNeverGetAFraction() {
        var random = SeededRandom(seed: 0xDA7E_0001)
        for _ in 0..<2_000 {
            let seconds = Self.uniform(&random, magnitude: 1e11).rounded(.down)
            let fields = XMLDateFields(Date(timeIntervalSinceReferenceDate: seconds))
            #expect(fields?.fraction == [], "\(seconds)")
        }
        for seconds in [0x1p52, 0x1p53 + 2, 3e16, -3e16, -0x1p52] {
            #expect(XMLDateFields(Date(timeIntervalSinceReferenceDate: seconds))?.fraction == [], "\(seconds)")
        }
    }

    /// Random values in ±10¹¹ s, values spread over every binary exponent, and the largest
    /// non-integers: each reads back bit for bit and no shorter fraction would.
    @Test func fractionsReadBackBitExactlyWithTheFewestDigits() throws {
        var random = SeededRandom(seed: 0xDA7E_0002)
        var samples: [Double] = [0.5, 1e-6, -0.25, 0.1, -0.1, 1.0 / 3, -2.0 / 3, .leastNonzeroMagnitude,
                                 -.leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p52 - 0.5, -(0x1p52 - 0.5),
                                 1e11 + 0.5, -1e11 - 0x1p-16, Date.distantPast.timeIntervalSinceReferenceDate + 0.25]
        for _ in 0..<3_000 { samples.append(Self.uniform(&random, magnitude: 1e11)) }
        for _ in 0..<1_000 {
            // A random significand and sign at a random exponent between 2⁻¹⁰⁷⁴ and 2⁵².
            let exponent = random.inRange(-1_074 ... 52)
            samples.append(Self.uniform(&random, magnitude: 1) * Double(sign: .plus, exponent: exponent, significand: 1))
        }
        var fractional = 0
        for seconds in samples {
            let fields = try #require(XMLDateFields(Date(timeIntervalSinceReferenceDate: seconds)), "\(seconds)")
            let back = Self.readBack(fields)
            #expect(back.bitPattern == seconds.bitPattern || (seconds == 0 && back == 0), "\(seconds) read back as \(back)")
            guard !fields.fraction.isEmpty else { continue }
            fractional += 1
            #expect(fields.fraction.last != UInt8(ascii: "0"), "\(seconds)")
            // The two nearest decimals with one digit fewer both read back as something else.
            let whole = fields.calendar.secondsSinceReferenceDate
            let shorter = Array(fields.fraction.dropLast())
            let (aboveWhole, above) = Self.incremented(whole: whole, fraction: shorter)
            for (candidateWhole, candidate) in [(whole, shorter), (aboveWhole, above)] {
                let value = candidate.withUnsafeBufferPointer { XMLDateFields.seconds(whole: candidateWhole, fraction: $0) }
                #expect(value != seconds, "\(seconds): \(candidateWhole) + 0.\(String(decoding: candidate, as: UTF8.self))")
            }
        }
        #expect(fractional > 3_500)
    }

    /// `whole + 0.fraction` plus one unit in the fraction's last place (carrying into `whole`).
    static func incremented(whole: Int64, fraction: [UInt8]) -> (Int64, [UInt8]) {
        var digits = fraction
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                digits[index] += 1
                return (whole, digits)
            }
        }
        return (whole + 1, digits)
    }

    @Test func addsFractionsExactlyBeforeRoundingOnce() {
        func seconds(_ whole: Int64, _ fraction: String) -> Double {
            Array(fraction.utf8).withUnsafeBufferPointer { XMLDateFields.seconds(whole: whole, fraction: $0) }
        }
        #expect(seconds(-1, "75") == -0.25)
        #expect(seconds(-1, "750000") == -0.25)
        #expect(seconds(-1, "000") == -1)
        #expect(seconds(0, "") == 0)
        #expect(seconds(12, "9") == 12.9)
        // −10⁻⁴⁰⁰ rounds to −0.0.
        #expect(seconds(-1, String(repeating: "9", count: 400)).bitPattern == (-0.0).bitPattern)
        #expect(seconds(0, String(repeating: "0", count: 323) + "5") == .leastNonzeroMagnitude)
        // 2⁵³ + 1 + 0.5 is 9007199254740993.5, nearer 2⁵³ + 2 than 2⁵³: one exact rounding, not two.
        #expect(seconds(9_007_199_254_740_993, "5") == 0x1p53 + 2)
        #expect(seconds(-9_007_199_254_740_994, "5") == -(0x1p53 + 2))
        #expect(seconds(Int64.min, "5") == -0x1p63)
    }
}
