import Foundation
import PropertyList

/// A sample document in every form the comparisons need, built once before any timing.
struct PreparedDocument {
    let value: PropertyListValue
    /// The same document as Foundation objects, for the write baselines.
    let foundationObject: Any
    /// Bytes both readers parse, per format: our writer's output (deterministic key order), or
    /// Foundation's when our writer fails, so reading can still be measured.
    let encoded: [PropertyListFormat: Data]
    /// Foundation's own encodings.
    let foundationEncoded: [PropertyListFormat: Data]
    /// Why our writer could not produce `encoded`, per format.
    let writerErrors: [PropertyListFormat: String]

    init(records: Int) throws {
        value = SampleDocument.make(records: records)
        foundationObject = value.foundationObject
        var encoded: [PropertyListFormat: Data] = [:]
        var foundationEncoded: [PropertyListFormat: Data] = [:]
        var writerErrors: [PropertyListFormat: String] = [:]
        for format in [PropertyListFormat.binary, .xml] {
            let theirs = try PropertyListSerialization.data(
                fromPropertyList: foundationObject, format: format.foundation, options: 0)
            foundationEncoded[format] = theirs
            do {
                let ours = try format.writer(value)
                encoded[format] = ours
                // A reader that drops work would look fast: make sure it reads the whole document.
                let readBack = Result { try format.reader(ours) }
                if (try? readBack.get()) != value {
                    FileHandle.standardError.write(Data(
                        "warning: our \(format) reader does not read back what our writer wrote\n".utf8))
                }
            } catch {
                writerErrors[format] = "\(error)"
                encoded[format] = theirs
                FileHandle.standardError.write(Data(
                    "note: our \(format) writer failed (\(error)); reading Foundation's bytes instead\n".utf8))
            }
        }
        self.encoded = encoded
        self.foundationEncoded = foundationEncoded
        self.writerErrors = writerErrors
    }

    /// Read and write comparisons for one format.
    func comparisons(format: PropertyListFormat, suffix: String) -> [Comparison] {
        let bytes = encoded[format] ?? Data()
        let object = foundationObject
        let value = value
        let name = format == .binary ? "binary" : "xml"
        let read = Comparison(
            id: "plist.\(name).read\(suffix)",
            baseline: "PropertyListSerialization",
            bytes: bytes.count,
            ours: { blackHole(try format.reader(bytes)) },
            baseline: {
                blackHole(try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil))
            })
        let write = Comparison(
            id: "plist.\(name).write\(suffix)",
            baseline: "PropertyListSerialization",
            bytes: bytes.count,
            ours: { blackHole(try format.writer(value)) },
            baseline: {
                blackHole(try PropertyListSerialization.data(
                    fromPropertyList: object, format: format.foundation, options: 0))
            })
        return [read, write]
    }
}
