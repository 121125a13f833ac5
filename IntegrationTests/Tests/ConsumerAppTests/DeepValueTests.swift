import Archivist
import ConsumerApp
import Foundation
import Testing

/// Values nested far deeper than a small stack could recurse through round-trip, on the main
/// actor and on a thread with a 512 KiB stack.
///
/// Deep values are built, checked and freed (one level at a time) on the main actor; the small
/// thread only borrows them and hands its results back (see ``DeepValue``). Each case runs in a
/// child process (an exit test) with 1 GiB of memory and a minute — a 10,000-level value of every
/// shape needs under 150 MB when archiving is linear — so a case that crashes or blows up fails
/// alone. Serialized: one child at a time.
@Suite(.serialized) struct DeepValueTests {
    nonisolated static let depth = 10_000
    nonisolated static let tooDeep = 200_000

    /// What a round trip gave.
    nonisolated enum Outcome: CustomStringConvertible {
        /// The copy has every level.
        case intact
        /// The copy came back with another depth (`nil`: some level differs).
        case damaged(Int?)
        /// Writing or reading threw.
        case refused(any Error)

        var description: String {
            switch self {
            case .intact: return "intact"
            case .damaged(let depth): return "damaged (depth \(depth.map(String.init) ?? "unknown"))"
            case .refused(let error): return "refused: \(type(of: error)): \(String(describing: error).prefix(500))"
            }
        }
    }

    /// Round-trips a `depth`-deep value of `shape` through `route`, on the main actor or on a
    /// 512 KiB thread.
    static func roundTrip(_ shape: DeepShape, _ route: Route, depth: Int, onSmallStack: Bool) throws -> Outcome {
        let context = try RouteContext()
        let key = "\(shape.rawValue)-\(depth)"
        var original: DeepValue? = shape.make(depth: depth)
        defer { original.take()!.dismantle() }
        let result: Result<DeepValue, any Error>
        if onSmallStack {
            let handover = SmallStackThread.Handover(original!)
            result = Result { try SmallStackThread.run { try handover.lent.roundTrip(via: route, context, key: key) } }
            _ = handover.take()
        } else {
            result = Result { try original!.roundTrip(via: route, context, key: key) }
        }
        switch result {
        case .success(let copy):
            let copyDepth = copy.intactDepth
            copy.dismantle()
            return copyDepth == depth ? .intact : .damaged(copyDepth)
        case .failure(let error):
            return .refused(error)
        }
    }

    /// The body of an exit test: status 0 when the round trip gives an intact copy, 1 otherwise.
    nonisolated static func exitAfterRoundTrip(_ shape: DeepShape, _ route: Route, onSmallStack: Bool) async -> Never {
        ChildProcessLimits.apply(seconds: 60)
        let outcome = await MainActor.run {
            MainActor.assertIsolated()
            return Result { try roundTrip(shape, route, depth: depth, onSmallStack: onSmallStack) }
        }
        switch outcome {
        case .success(.intact):
            exit(0)
        default:
            ChildProcessLimits.report("\(outcome)")
            exit(1)
        }
    }

    private func check(_ shape: DeepShape, _ route: Route, onSmallStack: Bool) async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [shape = shape as DeepShape, route = route as Route, onSmallStack = onSmallStack as Bool] in
            await DeepValueTests.exitAfterRoundTrip(shape, route, onSmallStack: onSmallStack)
        }
        if let result, result.exitStatus != .exitCode(EXIT_SUCCESS) {
            Issue.record("the child said: \(String(decoding: result.standardErrorContent, as: UTF8.self))")
        }
    }

    @Test(arguments: DeepShape.allCases, Route.allCases)
    func tenThousandLevelsRoundTripOnTheMainActor(_ shape: DeepShape, _ route: Route) async {
        await check(shape, route, onSmallStack: false)
    }

    @Test(arguments: DeepShape.allCases, Route.allCases)
    func tenThousandLevelsRoundTripOnA512KiBThread(_ shape: DeepShape, _ route: Route) async {
        await check(shape, route, onSmallStack: true)
    }

    @Test func theSmallThreadHasA512KiBStack() throws {
        let size = try SmallStackThread.run { SmallStackThread.currentStackSize() }
        #if os(Linux)
        #expect(size == 512 * 1024)
        #endif
    }

    /// XML indents at most 32 tabs, so a deep value's XML grows linearly with its depth (a tab per
    /// level would make 1,000 levels megabytes).
    @Test func xmlOfDeepValuesIsLinearInTheirDepth() throws {
        for shape in DeepShape.allCases {
            let sizes = try [1_000, 2_000].map { depth in
                var value: DeepValue? = shape.make(depth: depth)
                defer { value.take()!.dismantle() }
                switch value! {
                case .list(let list): return try AutoArchiver.archive(list, format: .xml).count
                case .formula(let formula): return try AutoArchiver.archive(formula, format: .xml).count
                case .outline(let outline): return try AutoArchiver.archive(outline, format: .xml).count
                }
            }
            #expect(sizes[0] < 400_000, "\(shape): 1,000 levels are \(sizes[0]) bytes")
            #expect(Double(sizes[1]) < 2.05 * Double(sizes[0]), "\(shape): 1,000 levels \(sizes[0]) bytes, 2,000 levels \(sizes[1])")
        }
    }
}
