import AutoCoding
import Foundation
import Testing
import TestSupport

/// A `Codable` payload: its plan is verified by encoding it through the `Codable` bridge.
private indirect enum LowStackExpression: Codable, Equatable {
    case number(Int)
    case sum(LowStackExpression, LowStackExpression)
}

private struct LowStackModel: AutoCodable, Equatable {
    var expression: LowStackExpression = .sum(.number(1), .number(2))
    var title = "low"
}

/// Building a plan runs the type's own code under the engine's lock; it must never wait for a
/// thread that needs that lock (found by fuzzing: it deadlocked when first use came deep in a stack).
@Suite struct PlanBuildingStackTests {
    @Test func aTypesFirstUseWithLittleStackLeftBuildsItsPlanInsteadOfDeadlocking() throws {
        let finished = DispatchSemaphore(value: 0)
        let outcome = LockedBox<Result<LowStackModel, any Error>?>(nil)
        // 300 KiB: within StackGuard's 256 KiB reserve after a few frames, so nesting would hop threads.
        let thread = Thread {
            outcome.set(Result { try AutoArchiver.unarchive(LowStackModel.self, from: AutoArchiver.archive(LowStackModel(), format: .binary)) })
            finished.signal()
        }
        thread.stackSize = 300 << 10
        thread.start()
        guard finished.wait(timeout: .now() + 60) == .success else {
            Issue.record("building the plan with little stack left did not finish in 60 s (deadlock)")
            return
        }
        let value = try #require(outcome.get()).get()
        #expect(value == LowStackModel())
    }
}

/// A value shared with a thread, behind a lock.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
