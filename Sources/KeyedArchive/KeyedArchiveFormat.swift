/// The fixed strings of the keyed-archive layout, as Foundation's `NSKeyedArchiver` writes them.
enum KeyedArchiveFormat {
    static let archiverKey = "$archiver"
    static let archiverName = "NSKeyedArchiver"
    static let versionKey = "$version"
    static let version: Int64 = 100_000
    static let topKey = "$top"
    static let rootKey = "root"
    static let objectsKey = "$objects"
    static let null = "$null"
    static let classKey = "$class"
    static let classNameKey = "$classname"
    static let classesKey = "$classes"
    static let objectsField = "NS.objects"
    static let keysField = "NS.keys"
    static let timeField = "NS.time"
    static let dataField = "NS.data"
    static let stringField = "NS.string"
    static let bytesField = "NS.bytes"
    static let baseField = "NS.base"
    static let relativeField = "NS.relative"
    static let uuidField = "NS.uuidbytes"
}
