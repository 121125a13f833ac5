import PropertyList

/// The fixed keys of the keyed-archive layout, prepared once (UTF-8 and binary-writer hash) for the
/// reader, which looks them up in every object, and the writer, which writes them for every
/// collection, date, URL and UUID.
enum KeyedArchiveKeys {
    static let classKey = ArchiveKeyStorage(KeyedArchiveFormat.classKey)
    static let version = ArchiveKeyStorage(ReservedKey.version)
    static let escapedVersion = ArchiveKeyStorage(KeyedArchiveFormat.escapedVersionKey)
    static let className = ArchiveKeyStorage(KeyedArchiveFormat.classNameKey)
    static let classes = ArchiveKeyStorage(KeyedArchiveFormat.classesKey)
    static let objects = ArchiveKeyStorage(KeyedArchiveFormat.objectsField)
    static let keys = ArchiveKeyStorage(KeyedArchiveFormat.keysField)
    static let time = ArchiveKeyStorage(KeyedArchiveFormat.timeField)
    static let data = ArchiveKeyStorage(KeyedArchiveFormat.dataField)
    static let string = ArchiveKeyStorage(KeyedArchiveFormat.stringField)
    static let bytes = ArchiveKeyStorage(KeyedArchiveFormat.bytesField)
    static let base = ArchiveKeyStorage(KeyedArchiveFormat.baseField)
    static let relative = ArchiveKeyStorage(KeyedArchiveFormat.relativeField)
    static let uuid = ArchiveKeyStorage(KeyedArchiveFormat.uuidField)
    static let archiver = ArchiveKeyStorage(KeyedArchiveFormat.archiverKey)
    static let versionKey = ArchiveKeyStorage(KeyedArchiveFormat.versionKey)
    static let objectsKey = ArchiveKeyStorage(KeyedArchiveFormat.objectsKey)
    static let top = ArchiveKeyStorage(KeyedArchiveFormat.topKey)
    static let root = ArchiveKeyStorage(KeyedArchiveFormat.rootKey)
}
