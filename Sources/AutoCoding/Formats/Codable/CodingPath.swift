/// A `Codable` coding path as the engine's `Encoder` and `Decoder` carry it: each level adds its
/// key to a shared chain in O(1), and the array `codingPath` promises is made only when someone
/// asks for it. (An array copied at every level costs time and memory in the square of the depth:
/// 8 GB for a value 10,000 levels deep.) Freeing a long chain is iterative.
final class CodingPath: @unchecked Sendable {
    // @unchecked: `parent` is written only by `deinit`, when nothing else refers to this link.
    private let key: (any CodingKey)?
    private var parent: CodingPath?
    /// The number of keys.
    let count: Int

    /// The empty path.
    static let root = CodingPath()

    private init() {
        key = nil
        parent = nil
        count = 0
    }

    private init(_ key: any CodingKey, parent: CodingPath) {
        self.key = key
        self.parent = parent
        count = parent.count + 1
    }

    /// This path with `key` added.
    func appending(_ key: any CodingKey) -> CodingPath {
        CodingPath(key, parent: self)
    }

    /// The keys, outermost first.
    var keys: [any CodingKey] {
        var result: [any CodingKey] = []
        result.reserveCapacity(count)
        var link: CodingPath? = self
        while let current = link, let key = current.key {
            result.append(key)
            link = current.parent
        }
        return result.reversed()
    }

    deinit {
        var rest = parent.take()
        while var link = rest.take() {
            guard isKnownUniquelyReferenced(&link) else { break }
            rest = link.parent.take()
        }
    }
}
