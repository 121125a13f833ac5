import Foundation
import Persistence
import Testing

/// Standard locations follow XDG on Linux; names are scoped, and escaped unless portable.
@Suite struct StoreLocationTests {
    let environment = ["HOME": "/home/ada", "TMPDIR": "/var/tmp"]

    @Test func customDirectoriesGetOnlyTheStoreName() throws {
        let location = StoreLocation.directory(URL(fileURLWithPath: "/data/app"))
        #expect(try location.directoryPath(application: "Ignored", store: "people", environment: [:]) == "/data/app/people")
        #expect(try location.directoryPath(application: "x", store: "../up", environment: [:]) == "/data/app/%2e.%2fup")
    }

    #if !canImport(Darwin)
    @Test func linuxUsesXDGDefaultsUnderHome() throws {
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "Notes", store: "main", environment: environment)
                == "/home/ada/.local/share/Notes/main")
        #expect(try StoreLocation.documents.directoryPath(application: "Notes", store: "main", environment: environment)
                == "/home/ada/.local/share/Notes/Documents/main")
        #expect(try StoreLocation.caches.directoryPath(application: "Notes", store: "main", environment: environment)
                == "/home/ada/.cache/Notes/main")
        #expect(try StoreLocation.temporary.directoryPath(application: "Notes", store: "main", environment: environment)
                == "/var/tmp/Notes/main")
    }

    @Test func linuxHonoursAbsoluteXDGVariablesAndIgnoresRelativeOnes() throws {
        var custom = environment
        custom["XDG_DATA_HOME"] = "/xdg/data"
        custom["XDG_CACHE_HOME"] = "relative/cache"
        #expect(try StoreLocation.applicationSupport.directoryPath(application: "n", store: "s", environment: custom) == "/xdg/data/n/s")
        #expect(try StoreLocation.caches.directoryPath(application: "n", store: "s", environment: custom) == "/home/ada/.cache/n/s")
        #expect(try StoreLocation.temporary.directoryPath(application: "n", store: "s", environment: [:]) == "/tmp/n/s")
    }

    @Test func aMissingHomeIsAnInvalidLocationError() {
        let error = #expect(throws: PersistenceError.self) {
            try StoreLocation.applicationSupport.directoryPath(application: "n", store: "s", environment: [:])
        }
        #expect(error?.kind == .invalidLocation)
        #expect(error?.description.contains("XDG_DATA_HOME") == true)
    }
    #endif

    @Test func aStoreOpensInItsLocationAndCreatesTheDirectory() throws {
        let directory = try TemporaryDirectoryHolder()
        let store = try ArchiveStore(name: "Inbox", location: .directory(directory.url))
        #expect(store.directoryURL.lastPathComponent == "Inbox")
        #expect(FileManager.default.fileExists(atPath: store.directoryURL.path))
    }
}
