// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Archivist",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Archivist", targets: ["Archivist"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "AutoCoding", targets: ["AutoCoding"]),
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "ArchivistCache", targets: ["ArchivistCache"]),
        .library(name: "ArchivistTesting", targets: ["ArchivistTesting"]),
        .executable(name: "archivist", targets: ["archivist"]),
        .executable(name: "archivist-bench", targets: ["archivist-bench"]),
    ],
    dependencies: [],
    targets: [
        // The calling thread's stack bounds, which Swift cannot ask the system for on Linux.
        .target(name: "CArchivistStack"),
        // Binary and XML property lists: value model, readers, writers.
        .target(name: "PropertyList", dependencies: ["CArchivistStack"]),
        // Reflection-driven archiving of opted-in structs and classes.
        .target(name: "AutoCoding", dependencies: ["PropertyList"]),
        // NSKeyedArchiver-compatible object graphs of AutoCodable types and Foundation values.
        .target(name: "KeyedArchive", dependencies: ["PropertyList", "AutoCoding"]),
        // Durable stores: file-system seam, atomic writer, archive store, background writes, SavableObject,
        // the basic-value store.
        .target(name: "Persistence", dependencies: ["PropertyList", "AutoCoding", "CArchivistCRC", "CArchivistPrefetch"]),
        // CRC-32C with the CPU's instructions (SSE4.2, arm64 CRC) for the basic-value store's log.
        .target(name: "CArchivistCRC"),
        // A cache-line prefetch hint, which Swift cannot spell, for the basic-value store's index.
        .target(name: "CArchivistPrefetch"),
        // Extended attributes for the cache's entry files: Glibc does not export <sys/xattr.h>.
        .target(name: "CArchivistXattr"),
        // Two-level memory/disk cache with formats, fetchers, LRU capacity, preload and expiry.
        .target(name: "ArchivistCache", dependencies: ["Persistence", "AutoCoding", "PropertyList", "CArchivistXattr"]),
        // Umbrella: re-exports the public modules, nothing else.
        .target(name: "Archivist", dependencies: ["PropertyList", "AutoCoding", "KeyedArchive", "Persistence", "ArchivistCache"]),
        // Fixture round-trip checks for users' own types, from Swift Testing or XCTest (imports neither).
        .target(name: "ArchivistTesting", dependencies: ["Archivist"]),
        // The `archivist` command's logic, as a library so tests can drive it.
        .target(name: "ArchivistCLI", dependencies: ["PropertyList", "AutoCoding", "KeyedArchive", "Persistence", "ArchivistCache"]),
        .executableTarget(name: "archivist", dependencies: ["ArchivistCLI"]),
        .executableTarget(
            name: "archivist-bench",
            dependencies: ["PropertyList", "AutoCoding", "KeyedArchive", "Persistence", "ArchivistCache"],
            path: "Benchmarks/archivist-bench"
        ),
        .target(name: "TestSupport", dependencies: ["PropertyList"], path: "Tests/TestSupport"),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"]),
        .testTarget(name: "AutoCodingTests", dependencies: ["Archivist", "ArchivistTesting", "AutoCoding", "PropertyList", "TestSupport"]),
        .testTarget(name: "KeyedArchiveTests", dependencies: ["Archivist", "KeyedArchive", "AutoCoding", "PropertyList", "TestSupport"]),
        .testTarget(name: "ArchivistTestingTests", dependencies: ["ArchivistTesting", "Archivist", "TestSupport"]),
        .testTarget(name: "ArchivistCLITests", dependencies: ["ArchivistCLI", "PropertyList", "TestSupport", "KeyedArchive", "AutoCoding"]),
        // A process the crash tests start and kill with SIGKILL mid-write (one mode per store).
        .executableTarget(
            name: "archivist-crash-child",
            dependencies: ["Persistence", "AutoCoding", "PropertyList", "BasicStoreWorkload"],
            path: "Tests/CrashChild"
        ),
        .testTarget(name: "CacheTests", dependencies: ["Archivist", "ArchivistCache", "Persistence", "AutoCoding", "TestSupport"]),
        // The basic-value store's crash-test write sequence, shared by the crash child and the tests.
        .target(name: "BasicStoreWorkload", dependencies: ["Persistence"], path: "Tests/BasicStoreWorkload"),
        .testTarget(name: "PersistenceTests",
                    dependencies: ["Persistence", "AutoCoding", "PropertyList", "TestSupport", "BasicStoreWorkload"]),
    ],
    swiftLanguageModes: [.v6]
)
