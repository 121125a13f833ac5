import Foundation
import Persistence
import PropertyList

/// Reads the package's own store files as documents: `ArchiveStore` entry files (the envelope of
/// `StoreFileEnvelope`) and basic-value store logs (replayed with `BasicLogScanner`).
enum StoreFileReader {
    /// Whether `data` starts like an entry file.
    static func isStoreEntry(_ data: Data) -> Bool {
        data.starts(with: Array("ARVS".utf8))
    }

    /// Whether `data` starts like a basic-value log.
    static func isBasicLog(_ data: Data) -> Bool {
        data.starts(with: BasicLogFormat.header.prefix(8))
    }

    /// The key and payload of an entry file.
    static func storeEntry(_ data: Data, name: String) throws(CommandFailure) -> (key: String, payload: Data) {
        do {
            return try StoreFileEnvelope.decode(data)
        } catch {
            throw CommandFailure("\(name): invalid store entry: \(error)")
        }
    }

    /// A log's contents after replaying its intact records, as a dictionary in first-set order.
    static func basicLog(_ data: Data, name: String) throws(CommandFailure) -> (value: PropertyListValue, summary: BasicLogSummary) {
        guard data.count >= BasicLogFormat.headerSize, data.prefix(BasicLogFormat.headerSize).elementsEqual(BasicLogFormat.header) else {
            throw CommandFailure("\(name): invalid basic-value log: the \(BasicLogFormat.headerSize)-byte header is not version 1's")
        }
        let scan = data.withUnsafeBytes { BasicLogScanner.scan($0, from: BasicLogFormat.headerSize) }
        var contents = PropertyListDictionary()
        for entry in scan.records {
            if let value = entry.record.value {
                contents[entry.record.key] = propertyList(value)
            } else {
                _ = contents.removeValue(forKey: entry.record.key)
            }
        }
        let summary = BasicLogSummary(records: scan.records.count, keys: contents.count, damagedRanges: scan.damagedRanges,
                                      tornTailOffset: scan.validEnd < data.count ? scan.validEnd : nil)
        return (.dictionary(contents), summary)
    }

    /// A basic value as a property-list value: URLs become their strings, dictionaries are sorted by key.
    static func propertyList(_ value: BasicValue) -> PropertyListValue {
        switch value {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(PropertyListInteger(Int64(integer)))
        case .double(let double): return .real(double)
        case .bool(let bool): return .bool(bool)
        case .date(let date): return .date(date)
        case .data(let data): return .data(data)
        case .url(let url): return .string(url.absoluteString)
        case .array(let elements): return .array(elements.map(propertyList))
        case .dictionary(let entries):
            return .dictionary(PropertyListDictionary(entries.sorted { $0.key < $1.key }.map { ($0.key, propertyList($0.value)) }))
        }
    }
}
