import Foundation
import Persistence

/// The deterministic sequence of writes the basic-value store's crash test makes, shared by the
/// crash child (which performs it) and the test (which checks what survived a kill).
///
/// Operation `n` (from 1) is:
/// - `n % 97 == 0`: an ``BasicValueStore/update(forKey:_:)`` of ``counterKey`` from `n / 97 - 1` (or
///   nothing) to `n / 97` — a read-modify-write that is idempotent, because a child resumes after
///   the highest `seq` it finds and so may repeat an increment its predecessor made just before
///   being killed;
/// - otherwise `n % 10 == 7`: remove key `k<n % 13>`;
/// - otherwise: set key `k<n % 13>` to ``value(_:)`` of `n`.
///
/// Because the log is append-only and applied in order, the store after any crash must hold
/// exactly the state after some prefix `1…P` of the sequence: ``expectedState(after:)``.
public enum BasicStoreWorkload {
    /// The number of keys the sets and removals cycle through.
    public static let keyCount = 13
    /// The key of the counter.
    public static let counterKey = "counter"

    /// The value operation `n` sets: its number, and text, bytes and a list whose sizes vary with
    /// `n`, so a torn or mixed record could not pass for another operation's value.
    ///
    /// - Parameter n: The operation number.
    /// - Returns: The value.
    public static func value(_ n: Int) -> BasicValue {
        let blob = (0 ..< (n * 7919) % 300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ n) }
        return .dictionary([
            "seq": .integer(n),
            "text": .string(String(repeating: "\(n % 10)", count: n % 50)),
            "blob": .data(Data(blob)),
            "list": .array([.integer(n), .double(Double(n) / 3), .bool(n % 2 == 0)]),
        ])
    }

    /// Performs operation `n` on `store`.
    ///
    /// - Parameters:
    ///   - n: The operation number.
    ///   - store: The store.
    /// - Throws: The store's error.
    public static func perform(_ n: Int, on store: BasicValueStore) throws {
        if n % 97 == 0 {
            let count = n / 97
            try store.update(forKey: counterKey) { value in
                if (value?.integerValue ?? 0) == count - 1 { value = .integer(count) }
            }
        } else if n % 10 == 7 {
            try store.removeValue(forKey: "k\(n % keyCount)")
        } else {
            try store.set(value(n), forKey: "k\(n % keyCount)")
        }
    }

    /// The store's contents after operations `1…prefix`.
    ///
    /// - Parameter prefix: How many operations ran (0 for none).
    /// - Returns: Every key and its value.
    public static func expectedState(after prefix: Int) -> [String: BasicValue] {
        var state: [String: BasicValue] = [:]
        if prefix >= 97 { state[counterKey] = .integer(prefix / 97) }
        for key in 0 ..< keyCount {
            // The last operation on this key at or before `prefix`.
            var n = prefix - ((prefix - key) % keyCount + keyCount) % keyCount
            while n > 0 && n % 97 == 0 { n -= keyCount }
            guard n > 0 else { continue }
            if n % 10 != 7 { state["k\(key)"] = value(n) }
        }
        return state
    }

    /// The highest operation number among the stored values (0 when none): the crash child
    /// resumes after it, and the surviving prefix ends at most a few removals beyond it.
    ///
    /// - Parameter state: The store's contents.
    /// - Returns: The highest `seq`.
    public static func highestSequence(in state: [String: BasicValue]) -> Int {
        state.values.compactMap { $0.dictionaryValue?["seq"]?.integerValue }.max() ?? 0
    }

    /// The prefix `state` corresponds to, or `nil` when it matches none: the check of the crash
    /// test (every key a complete value, all from one prefix of the sequence).
    ///
    /// - Parameter state: The store's contents.
    /// - Returns: The prefix length.
    public static func matchingPrefix(of state: [String: BasicValue]) -> Int? {
        let highest = highestSequence(in: state)
        // After the last set, at most a removal and a counter increment can follow before the
        // next set (removals are every 10th operation, increments every 97th).
        return (highest ... highest + 3).first { expectedState(after: $0) == state }
    }
}
