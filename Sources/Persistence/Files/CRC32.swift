import PropertyList

/// CRC-32 (the zlib/PNG polynomial) for the stores' envelopes and the cache's journal.
///
/// The implementation lives in the `PropertyList` module, whose sealed binary property lists need
/// it too (see `BinaryPropertyListSeal`); this name keeps it reachable to modules that import only
/// `Persistence`. One implementation, two spellings of its name.
package typealias CRC32 = PropertyList.CRC32
