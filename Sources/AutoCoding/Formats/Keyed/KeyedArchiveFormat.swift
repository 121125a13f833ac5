/// The fixed strings of the keyed-archive layout, as Foundation's `NSKeyedArchiver` writes them.
package enum KeyedArchiveFormat {
    package static let archiverKey = "$archiver"
    package static let archiverName = "NSKeyedArchiver"
    package static let versionKey = "$version"
    package static let version: Int64 = 100_000
    package static let topKey = "$top"
    package static let rootKey = "root"
    package static let objectsKey = "$objects"
    package static let null = "$null"
    package static let classKey = "$class"
    /// An object's `$version` as an `NSCoder` stores it: Foundation escapes keys starting with `$`
    /// by doubling the `$` (what the `NSCoding` bridge's `encode(_:forKey: "$version")` becomes).
    package static let escapedVersionKey = "$$version"
    package static let classNameKey = "$classname"
    package static let classesKey = "$classes"
    package static let objectsField = "NS.objects"
    package static let keysField = "NS.keys"
    package static let timeField = "NS.time"
    package static let dataField = "NS.data"
    package static let stringField = "NS.string"
    package static let bytesField = "NS.bytes"
    package static let baseField = "NS.base"
    package static let relativeField = "NS.relative"
    package static let uuidField = "NS.uuidbytes"
}
