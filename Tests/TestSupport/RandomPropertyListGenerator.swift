import Foundation
import PropertyList

/// Builds random property-list trees, reproducibly from a seed, for differential tests.
///
/// Trees mix every type the ``Profile`` allows, with weight on the values codecs get wrong:
/// integer width boundaries, unsigned values above `Int64.max`, signed zeros, NaN, infinities,
/// subnormals, empty and control-laden strings, non-BMP characters, repeated values (which a
/// binary writer shares), empty containers and duplicates of whole subtrees.
public struct RandomPropertyListGenerator: Sendable {
    /// What the trees may contain.
    public let profile: Profile
    var random: SeededRandom
    /// Earlier values, reused now and then so writers meet shared objects.
    private var recent: [PropertyListValue] = []

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - seed: Fixes the sequence of trees.
    ///   - profile: What the trees may contain.
    public init(seed: UInt64, profile: Profile) {
        self.profile = profile
        random = SeededRandom(seed: seed)
    }

    /// The next tree: usually a dictionary or array at the root, sometimes a lone scalar.
    ///
    /// - Returns: A tree within the profile.
    public mutating func tree() -> PropertyListValue {
        recent.removeAll(keepingCapacity: true)
        switch random.below(10) {
        case 0: return scalar()
        case 1 ... 5: return dictionary(depth: 0)
        default: return array(depth: 0)
        }
    }

    /// `count` trees from a generator seeded with `seed`.
    ///
    /// - Parameters:
    ///   - count: How many trees.
    ///   - seed: The generator's seed.
    ///   - profile: What the trees may contain.
    /// - Returns: The trees, the same for the same arguments on every platform.
    public static func trees(count: Int, seed: UInt64, profile: Profile) -> [PropertyListValue] {
        var generator = RandomPropertyListGenerator(seed: seed, profile: profile)
        return (0 ..< count).map { _ in generator.tree() }
    }

    private mutating func value(depth: Int) -> PropertyListValue {
        if !recent.isEmpty && random.chance(1, in: 12) { return random.pick(recent) }
        let produced: PropertyListValue
        if depth < profile.maximumDepth && random.chance(1, in: 4) {
            produced = random.chance(1, in: 2) ? dictionary(depth: depth + 1) : array(depth: depth + 1)
        } else {
            produced = scalar()
        }
        if recent.count < 64 { recent.append(produced) } else { recent[random.below(64)] = produced }
        return produced
    }

    private mutating func count() -> Int {
        if random.chance(1, in: 8) { return 0 }
        let limit = random.chance(1, in: 16) ? profile.maximumContainerCount * 4 : profile.maximumContainerCount
        return random.inRange(1 ... max(1, limit))
    }

    private mutating func dictionary(depth: Int) -> PropertyListValue {
        let wanted = count()
        var dictionary = PropertyListDictionary(minimumCapacity: wanted)
        for _ in 0 ..< wanted {
            let key = string(forKey: true)
            // Keys equal under Swift's String comparison (canonical equivalence) count once.
            if dictionary[key] == nil { dictionary[key] = value(depth: depth) }
        }
        return .dictionary(dictionary)
    }

    private mutating func array(depth: Int) -> PropertyListValue {
        let wanted = count()
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(wanted)
        for _ in 0 ..< wanted { elements.append(value(depth: depth)) }
        return .array(elements)
    }

    /// One non-container value.
    ///
    /// - Returns: A scalar within the profile.
    public mutating func scalar() -> PropertyListValue {
        switch random.below(profile.includesUID ? 18 : 17) {
        case 0 ... 3: return .string(string(forKey: false))
        case 4 ... 7: return .integer(integer())
        case 8 ... 9:
            if profile.includesReal32 && random.chance(1, in: 3) { return .real32(real32()) }
            return .real(real())
        case 10 ... 11: return .bool(random.chance(1, in: 2))
        case 12 ... 13: return .date(date())
        case 14 ... 16: return .data(data())
        default: return .uid(uid())
        }
    }
}
