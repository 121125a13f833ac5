import Foundation
import PropertyList

extension CommandContext {
    /// Reads the document at `path` (or standard input): a property list, an `ArchiveStore` entry
    /// file (its payload) or a basic-value store log (its current contents), detected from the bytes.
    ///
    /// - Parameter path: A path or `-`.
    /// - Returns: The value, its format and the store file it was held in.
    /// - Throws: ``CommandFailure`` naming the file and what is wrong.
    public func readInputDocument(_ path: String) throws(CommandFailure) -> InputDocument {
        let data = try readInput(path)
        let name = Self.displayName(of: path)
        if StoreFileReader.isBasicLog(data) {
            let (value, summary) = try StoreFileReader.basicLog(data, name: name)
            return InputDocument(value: value, format: nil, container: .basicLog(summary), byteCount: data.count)
        }
        guard StoreFileReader.isStoreEntry(data) else {
            let (value, format) = try decodeDocument(data, name: name)
            var document = InputDocument(value: value, format: format, byteCount: data.count)
            if format == .binary {
                switch BinaryPropertyListSeal.verify(data) {
                case .intact: document.sealIntact = true
                case .damaged: document.sealIntact = false
                case .notSealed: break
                }
            }
            return document
        }
        let entry = try StoreFileReader.storeEntry(data, name: name)
        let (value, format) = try decodeDocument(entry.payload, name: "\(name) (store entry \(PropertyListValueSummary.quoted(entry.key)))")
        return InputDocument(value: value, format: format, container: .storeEntry(key: entry.key), byteCount: data.count)
    }
}
