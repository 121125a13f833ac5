import AutoCoding
import Foundation
import PropertyList

/// How AutoArchiver's binary encode and decode times grow with the content: the corpus built at
/// 0.1×, 1× and 10× its size, each timed per archived byte.
///
/// Linear cost shows as the same nanoseconds per byte at every scale (ratios near 1 against the
/// 1× corpus). Rounds alternate between the scales so drifting machine load hits all of them.
enum AutoCodingScalingProbe {
    static let scales: [Double] = [0.1, 1, 10]

    private struct Case {
        let scale: Double
        let company: CorpusCompany
        let archive: Data
        /// Calls per timed sample: about ten corpora's worth of work at every scale.
        let iterations: Int
        var encode: [Double] = []
        var decode: [Double] = []

        init(scale: Double) throws {
            self.scale = scale
            company = AutoCodingCorpus.make(scale: scale)
            archive = try AutoArchiver.archive(company, format: .binary)
            iterations = max(1, Int((10 / scale).rounded()))
        }

        /// Nanoseconds per archived byte of one sample of `work`, after one untimed call (the
        /// writer sizes its buffer from the last archive of the type, which another scale wrote).
        func sample(_ work: () throws -> Void) throws -> Double {
            try work()
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { try work() }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            return elapsed / Double(iterations) / Double(archive.count)
        }
    }

    static func measure(rounds: Int = 7) throws -> BenchmarkExtra {
        var cases = try scales.map { try Case(scale: $0) }
        for _ in 0..<rounds {
            for index in cases.indices {
                let company = cases[index].company
                let archive = cases[index].archive
                cases[index].encode.append(try cases[index].sample {
                    blackHole(try AutoArchiver.archive(company, format: .binary))
                })
                cases[index].decode.append(try cases[index].sample {
                    blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: archive))
                })
            }
        }
        guard let unit = cases.first(where: { $0.scale == 1 }) else {
            return BenchmarkExtra(id: "autocoding.binary.scaling", summary: "scaling: no 1x corpus")
        }
        let unitEncode = median(unit.encode)
        let unitDecode = median(unit.decode)
        var values: [String: Double] = [:]
        var parts: [String] = []
        for item in cases {
            let label = item.scale < 1 ? String(format: "%.1fx", item.scale) : String(format: "%.0fx", item.scale)
            let encode = median(item.encode)
            let decode = median(item.decode)
            values["encodeNsPerByte\(label)"] = encode
            values["decodeNsPerByte\(label)"] = decode
            values["encodeRatio\(label)"] = encode / unitEncode
            values["decodeRatio\(label)"] = decode / unitDecode
            values["bytes\(label)"] = Double(item.archive.count)
            parts.append(String(format: "%@ (%d bytes) encode %.2f ns/B (%.2fx), decode %.2f ns/B (%.2fx)",
                                label, item.archive.count, encode, encode / unitEncode, decode, decode / unitDecode))
        }
        return BenchmarkExtra(
            id: "autocoding.binary.scaling",
            summary: "binary archive cost per byte against the 1x corpus: " + parts.joined(separator: "; "),
            values: values,
            note: "AutoArchiver binary, corpus of 100 to 10,000 people; medians of \(rounds) alternating rounds")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
