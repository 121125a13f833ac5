import Foundation
import Persistence
import Testing
import TestSupport

/// `update` is one read-modify-write across threads, store instances and processes.
@Suite struct ArchiveStoreUpdateTests {
    static let lockFileName = ".archivist-update.lock"

    @Test func twoProcessesUpdatingOneKeyLoseNoIncrement() throws {
        let directory = try TemporaryDirectoryHolder()
        let child = try #require(CrashChild.url, "archivist-crash-child was not built")
        let perProcess = 300
        var children: [(process: Process, input: Pipe, output: Pipe)] = []
        for _ in 0 ..< 2 {
            let process = Process()
            process.executableURL = child
            process.arguments = ["archive-increment", directory.url.path, "\(perProcess)"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            children.append((process, input, output))
        }
        // Both children have opened the store before either starts, so their updates overlap.
        for child in children {
            var announced = Data()
            while !announced.contains(UInt8(ascii: "\n")) {
                let chunk = child.output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                announced.append(chunk)
            }
            #expect(String(decoding: announced, as: UTF8.self).hasPrefix("ready"))
        }
        for child in children { child.input.fileHandleForWriting.write(Data("go\n".utf8)) }
        for child in children {
            child.process.waitUntilExit()
            #expect(child.process.terminationReason == .exit && child.process.terminationStatus == 0)
        }
        let store = try ArchiveStore(name: "counter", location: .directory(directory.url))
        #expect(try store.retrieve(Counter.self, forKey: "counter").value == 2 * perProcess)
    }

    @Test func threadsOnTwoStoreInstancesOfOneDirectoryLoseNoIncrement() throws {
        let fixture = try TemporaryStore(durability: .atomic)
        let second = try fixture.reopened()
        let group = DispatchGroup()
        let failures = ArchiveStoreConcurrencyTests.FailureLog()
        for thread in 0 ..< 6 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let store = thread % 2 == 0 ? fixture.store : second
                for _ in 0 ..< 40 {
                    do {
                        try store.update(Counter.self, forKey: "shared", default: Counter()) { $0.value += 1 }
                    } catch {
                        failures.record("thread \(thread): \(error)")
                    }
                }
            }
        }
        group.wait()
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(3))")
        #expect(try fixture.store.retrieve(Counter.self, forKey: "shared").value == 240)
    }

    @Test func anUpdateMayUpdateAnotherKeyOfTheSameStore() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Counter(value: 10), forKey: "from")
        try fixture.store.update(Counter.self, forKey: "from", default: Counter()) { from in
            try fixture.store.update(Counter.self, forKey: "to", default: Counter()) { $0.value += from.value }
            from.value = 0
        }
        #expect(try fixture.store.retrieve(Counter.self, forKey: "from").value == 0)
        #expect(try fixture.store.retrieve(Counter.self, forKey: "to").value == 10)
    }

    @Test func eachUpdateOpensTheLockFileAfreshAndClosesIt() throws {
        let fixture = try TemporaryStore()
        fixture.disk.clearRecordedCalls()
        try fixture.store.update(Counter.self, forKey: "a", default: Counter()) { $0.value += 1 }
        try fixture.store.update(Counter.self, forKey: "a", default: Counter()) { _ in
            try fixture.store.update(Counter.self, forKey: "b", default: Counter()) { $0.value += 1 }
        }
        let lockCalls = fixture.disk.recordedCalls.filter { $0.path.hasSuffix(Self.lockFileName) }.map(\.operation)
        // Two outermost updates: two descriptors. The nested update reuses its outer update's lock.
        #expect(lockCalls == [.open, .lock, .close, .open, .lock, .close])
    }

    @Test func theLockFileIsNoKeyAndSurvivesDeleteEverything() throws {
        let fixture = try TemporaryStore()
        try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value += 1 }
        #expect(try fixture.fileNames() == [Self.lockFileName, "c.arv"])
        #expect(try fixture.store.keys() == ["c"])
        try fixture.store.deleteEverything()
        #expect(try fixture.fileNames() == [Self.lockFileName])
        #expect(try fixture.reopened().keys().isEmpty)
        #expect(try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value += 1 }.value == 1)
    }

    @Test func aLockFailureIsReportedWithTheKeyAndLeavesTheValue() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Counter(value: 1), forKey: "c")
        fixture.disk.inject(FileSystemFault(.lock, code: ENOLCK, pathContains: Self.lockFileName, times: 1))
        var ran = false
        let error = try #require(throws: PersistenceError.self) {
            try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { ran = true; $0.value += 1 }
        }
        #expect(!ran)
        #expect(error.key == "c")
        #expect(error.operation == "flock")
        #expect(error.path?.hasSuffix(Self.lockFileName) == true)
        #expect(try fixture.store.retrieve(Counter.self, forKey: "c").value == 1)
        // The descriptor was closed and the lock not left taken: the next update goes through.
        #expect(try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value += 1 }.value == 2)
        let opens = fixture.disk.recordedCalls.filter { $0.path.hasSuffix(Self.lockFileName) && $0.operation == .open }
        let closes = fixture.disk.recordedCalls.filter { $0.path.hasSuffix(Self.lockFileName) && $0.operation == .close }
        #expect(opens.count == closes.count)
    }

    @Test func anUnopenableLockFileIsAPermissionErrorNamingIt() throws {
        let fixture = try TemporaryStore()
        fixture.disk.inject(FileSystemFault(.open, code: EACCES, pathContains: Self.lockFileName))
        let error = try #require(throws: PersistenceError.self) {
            try fixture.store.update(Counter.self, forKey: "c", default: Counter()) { $0.value += 1 }
        }
        #expect(error.kind == .permission)
        #expect(error.key == "c")
        #expect(error.path?.hasSuffix(Self.lockFileName) == true)
        #expect(try !fixture.store.contains("c"))
    }
}
