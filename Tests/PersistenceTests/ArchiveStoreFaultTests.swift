import Foundation
import Persistence
import Testing

/// Injected file-system failures surface as typed errors with the key and path, and the previous
/// value survives.
@Suite struct ArchiveStoreFaultTests {
    struct Case: Sendable, CustomStringConvertible {
        var operation: FileSystemOperation
        var code: Int32
        var kind: PersistenceError.Kind
        var description: String { "\(operation) \(ErrnoName.symbol(code) ?? "\(code)")" }
    }

    static let cases: [Case] = [
        Case(operation: .write, code: ENOSPC, kind: .noSpace),
        Case(operation: .write, code: EIO, kind: .io),
        Case(operation: .sync, code: EIO, kind: .io),
        Case(operation: .open, code: EACCES, kind: .permission),
        Case(operation: .open, code: EROFS, kind: .permission),
        Case(operation: .rename, code: EIO, kind: .io),
        Case(operation: .rename, code: EACCES, kind: .permission),
        Case(operation: .close, code: EIO, kind: .io),
    ]

    @Test(arguments: cases)
    func aFailedPersistIsTypedAndKeepsThePreviousValue(_ fault: Case) throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "user")
        fixture.disk.inject(FileSystemFault(fault.operation, code: fault.code, pathContains: "user.arv",
                                            bytesWrittenFirst: 10))
        let error = try #require(throws: PersistenceError.self) { try fixture.store.persist(Contact.sample(2), forKey: "user") }
        #expect(error.kind == fault.kind)
        #expect(error.key == "user")
        #expect(error.code == fault.code)
        #expect(error.operation == fault.operation.rawValue)
        #expect(error.path?.hasPrefix(fixture.store.directoryURL.path) == true)
        #expect(error.description.contains("\"user\""))
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(1))
        #expect(try fixture.reopened().retrieve(Contact.self, forKey: "user") == .sample(1))
        #expect(try fixture.fileNames() == ["user.arv"])
        fixture.disk.removeAllFaults()
        try fixture.store.persist(Contact.sample(3), forKey: "user")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(3))
    }

    @Test func aFailedBackgroundWriteReportsTheTypedErrorAndReadsFallBackToTheOldValue() async throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "user")
        fixture.disk.inject(FileSystemFault(.write, code: ENOSPC, pathContains: "user.arv"))
        let error = await #expect(throws: PersistenceError.self) {
            try await fixture.store.persistInBackground(Contact.sample(2), forKey: "user")
        }
        #expect(error?.kind == .noSpace)
        #expect(error?.key == "user")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(1))
    }

    @Test func aFailedDirectoryFlushIsReportedAfterTheNewValueIsVisible() throws {
        let fixture = try TemporaryStore()
        fixture.disk.inject(FileSystemFault(.syncDirectory, code: EIO))
        let error = try #require(throws: PersistenceError.self) { try fixture.store.persist(Contact.sample(2), forKey: "user") }
        #expect(error.kind == .io)
        #expect(error.operation == "fsync-directory")
        #expect(error.path == fixture.store.directoryURL.path)
        // The rename happened: the value is there, only its durability is unconfirmed.
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(2))
    }

    @Test func aFailedDeleteKeepsTheValue() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "user")
        fixture.disk.inject(FileSystemFault(.remove, code: EACCES))
        let error = try #require(throws: PersistenceError.self) { try fixture.store.delete(forKey: "user") }
        #expect(error.kind == .permission)
        #expect(error.key == "user")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(1))
    }

    @Test func anUnreadableFileIsAnIOErrorNamingTheKey() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Contact.sample(1), forKey: "user")
        fixture.disk.inject(FileSystemFault(.read, code: EIO, times: 1))
        let error = try #require(throws: PersistenceError.self) { try fixture.store.retrieve(Contact.self, forKey: "user") }
        #expect(error.kind == .io)
        #expect(error.key == "user")
        #expect(try fixture.store.retrieve(Contact.self, forKey: "user") == .sample(1))
    }
}
