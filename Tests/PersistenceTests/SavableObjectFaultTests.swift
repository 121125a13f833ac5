import Foundation
import Persistence
import Testing

/// `SavableObject` and `SavableValue` go through the same file-system seam as the stores, so every
/// failure of a save, load or delete can be injected: each is a typed error naming the call, the
/// file and the errno, and the file's previous contents are intact.
@Suite struct SavableObjectFaultTests {
    private let directory: TemporaryDirectoryHolder
    private let fileSystem = FaultInjectingFileSystem()
    private let files: SavableFiles

    init() throws {
        directory = try TemporaryDirectoryHolder()
        files = SavableFiles(fileSystem: fileSystem)
    }

    private func memo(_ title: String) -> Memo {
        let memo = Memo(archiveURL: directory.url.appendingPathComponent("memo.plist"))
        memo.title = title
        memo.body = "one two"
        return memo
    }

    @Test(arguments: [(FileSystemOperation.write, ENOSPC, PersistenceError.Kind.noSpace),
                      (.sync, EIO, .io), (.rename, EACCES, .permission), (.open, EROFS, .permission)])
    func aFailedSaveIsTypedAndKeepsThePreviousFile(operation: FileSystemOperation, code: Int32,
                                                   kind: PersistenceError.Kind) throws {
        try SavableFiles.$current.withValue(files) {
            try memo("first").save()
            fileSystem.inject(FileSystemFault(operation, code: code))
            let error = #expect(throws: PersistenceError.self) { try memo("second").save() }
            #expect(error?.kind == kind)
            #expect(error?.code == code)
            #expect(error?.operation == operation.rawValue)
            #expect(error?.path?.hasPrefix(directory.url.path) == true)
            fileSystem.removeAllFaults()
            #expect(try Memo.load(from: memo("").archiveURL).title == "first")
        }
    }

    @Test func aFailedBackgroundSaveReportsTheErrorAndReadsSeeTheOldFileAgain() async throws {
        try SavableFiles.$current.withValue(files) {
            try memo("first").save()
        }
        fileSystem.inject(FileSystemFault(.write, code: ENOSPC))
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<BackgroundWriteResult, Never>) in
            SavableFiles.$current.withValue(files) {
                memo("second").saveInBackground { continuation.resume(returning: $0) }
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("the background save succeeded on a full disk")
            return
        }
        #expect(error.kind == .noSpace)
        fileSystem.removeAllFaults()
        let loaded = try SavableFiles.$current.withValue(files) { try Memo.load(from: memo("").archiveURL) }
        #expect(loaded.title == "first")
    }

    @Test func aFailedLoadNamesTheCallAndTheFile() throws {
        try SavableFiles.$current.withValue(files) {
            try memo("first").save()
            fileSystem.inject(FileSystemFault(.read, code: EIO))
            let error = #expect(throws: PersistenceError.self) { try Memo.load(from: memo("").archiveURL) }
            #expect(error?.kind == .io)
            #expect(error?.operation == "read")
            #expect(error?.path == memo("").archiveURL.path)
        }
    }

    @Test func aFailedDeleteKeepsTheFile() throws {
        try SavableFiles.$current.withValue(files) {
            let saved = memo("kept")
            try saved.save()
            fileSystem.inject(FileSystemFault(.remove, code: EACCES))
            let error = #expect(throws: PersistenceError.self) { try saved.delete() }
            #expect(error?.kind == .permission)
            fileSystem.removeAllFaults()
            #expect(try Memo.load(from: saved.archiveURL).title == "kept")
        }
    }

    @Test func everyCallOfASaveAndLoadGoesThroughTheSeam() throws {
        try SavableFiles.$current.withValue(files) {
            fileSystem.clearRecordedCalls()
            try memo("seen").save()
            _ = try Memo.load(from: memo("").archiveURL)
        }
        let operations = Set(fileSystem.recordedCalls.map(\.operation))
        #expect(operations.isSuperset(of: [.createDirectory, .open, .write, .sync, .rename, .syncDirectory, .read]))
    }
}
