import Archivist
import ConsumerApp
import Foundation
import Testing

/// Values 200,000 levels deep, twice the depth limit: archived and read back whole, or refused when
/// written with a typed error naming the path — never a crash. Each case runs on the main actor of
/// a child process with 1 GiB of memory and 15 minutes (see ``DeepValueTests``).
///
/// One value stands for each kind of outcome: the linked list's refusal through AutoArchiver's
/// binary format stands for its XML format and the archive store (which share that write path).
@Suite struct DepthLimitTests {
    /// What a case must end with.
    enum Expectation: String, Codable, Sendable {
        /// Refused with `AutoCodingError` `depthLimitExceeded` and a path starting as given.
        case refusedNamingThePath
        /// Read back intact.
        case roundTrip
        /// Either, or a keyed archive's own `depthLimitExceeded`.
        case refusedOrRoundTrip
    }

    @Test func autoArchiverRefusesValuesDeeperThanTheLimitNamingThePath() async {
        await expectInChild(.linkedList, .binary, .refusedNamingThePath)
    }

    /// Keyed archives nest objects through the same coders, so a chain of objects past the limit is
    /// refused when written (the KeyedArchive docs say so), never written unreadable.
    @Test func keyedArchivesRefuseALinkedListDeeperThanTheLimit() async {
        await expectInChild(.linkedList, .keyedArchive, .refusedNamingThePath)
    }

    @Test func keyedArchivesOfValuesDeeperThanTheLimitDoNotCrash() async {
        await expectInChild(.nestedArrays, .keyedArchive, .refusedOrRoundTrip)
    }

    @Test func codableValuesDeeperThanTheLimitAreRefused() async {
        await expectInChild(.indirectEnum, .binary, .refusedNamingThePath)
    }

    private func expectInChild(_ shape: DeepShape, _ route: Route, _ expectation: Expectation) async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [shape = shape as DeepShape, route = route as Route, expectation = expectation as Expectation] in
            await DepthLimitTests.exitAfterRoundTrip(shape, route, expectation)
        }
        if let result, result.exitStatus != .exitCode(EXIT_SUCCESS) {
            Issue.record("the child said: \(String(decoding: result.standardErrorContent, as: UTF8.self))")
        }
    }

    /// The body of an exit test: status 0 when a `tooDeep` value of `shape` ends as `expectation`
    /// says, 1 otherwise (saying why on standard error).
    nonisolated static func exitAfterRoundTrip(_ shape: DeepShape, _ route: Route, _ expectation: Expectation) async -> Never {
        ChildProcessLimits.apply(seconds: 900)
        let outcome = await MainActor.run {
            Result { try DeepValueTests.roundTrip(shape, route, depth: DeepValueTests.tooDeep, onSmallStack: false) }
        }
        let start = switch shape {
        case .linkedList: "LinkedList.head.next.next"
        case .indirectEnum: "Formula.expression"
        case .nestedArrays: "Outline.children[0].children[0]"
        }
        switch (expectation, outcome) {
        case (.roundTrip, .success(.intact)), (.refusedOrRoundTrip, .success(.intact)):
            exit(0)
        case (.refusedNamingThePath, .success(.refused(let error as AutoCodingError))),
             (.refusedOrRoundTrip, .success(.refused(let error as AutoCodingError))):
            guard error.kind == .depthLimitExceeded, error.pathDescription.hasPrefix(start),
                  error.path.count >= PropertyListReadingOptions.defaultMaximumDepth / 2 else {
                ChildProcessLimits.report("refused as \(error.kind), \(error.path.count) steps: \(error.description.prefix(300))")
                exit(1)
            }
            exit(0)
        case (.refusedOrRoundTrip, .success(.refused(let error as KeyedArchiveError))) where error.kind == .depthLimitExceeded:
            exit(0)
        case (.refusedNamingThePath, .success(.refused(let error as KeyedArchiveError))):
            guard error.kind == .depthLimitExceeded, error.message.contains(start) else {
                ChildProcessLimits.report("refused as \(error.kind): \(error.message.prefix(300))")
                exit(1)
            }
            exit(0)
        case (_, .success(let other)):
            ChildProcessLimits.report("\(other)")
            exit(1)
        case (_, .failure(let error)):
            ChildProcessLimits.report("the round trip could not start: \(error)")
            exit(1)
        }
    }
}
