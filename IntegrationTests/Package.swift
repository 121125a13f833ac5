// swift-tools-version: 6.2
import PackageDescription

// An app's view of Archivist: a separate package that depends on the repository by path, imports
// only the `Archivist` umbrella (public API, no `@testable`), and builds its targets as new app
// targets are built, with default `MainActor` isolation. CI runs its tests in debug and release:
// `swift test --package-path IntegrationTests [-c release]`.

let appSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

let package = Package(
    name: "IntegrationTests",
    // `@Observable` needs these on Apple platforms.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    // Named: a path dependency's identity is otherwise its directory's name, which differs between
    // clones (`archivist`, a worktree's name); the name keeps `.product(package:)` the same.
    dependencies: [.package(name: "Archivist", path: "..")],
    targets: [
        // The "app": its model types and a few app-level functions.
        .target(
            name: "ConsumerApp",
            dependencies: [.product(name: "Archivist", package: "Archivist")],
            swiftSettings: appSettings
        ),
        .testTarget(
            name: "ConsumerAppTests",
            dependencies: ["ConsumerApp", .product(name: "Archivist", package: "Archivist"),
                           .product(name: "ArchivistTesting", package: "Archivist")],
            // Archive fixtures recorded by `ArchiveFixtures.check`, read through `#filePath`.
            exclude: ["Fixtures"],
            swiftSettings: appSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
