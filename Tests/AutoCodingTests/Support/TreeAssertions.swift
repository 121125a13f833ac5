import Foundation
import PropertyList

/// Whether two trees are identical including dictionary key order (what byte-identical
/// archives need; `==` on dictionaries ignores order).
func identical(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.dictionary(let l), .dictionary(let r)):
        guard l.keys == r.keys else { return false }
        return zip(l.values, r.values).allSatisfy { identical($0, $1) }
    case (.array(let l), .array(let r)):
        return l.count == r.count && zip(l, r).allSatisfy { identical($0, $1) }
    default:
        return lhs == rhs
    }
}

extension PropertyListValue {
    /// A copy with the value at `path` (keys and array positions) replaced by `newValue`.
    func replacing(_ path: [PathStep], with newValue: PropertyListValue?) -> PropertyListValue {
        guard let step = path.first else { return newValue ?? self }
        switch (self, step) {
        case (.dictionary(var dictionary), .key(let key)):
            let inner = dictionary[key] ?? .dictionary([:])
            let replaced = path.count == 1 ? newValue : inner.replacing(Array(path.dropFirst()), with: newValue)
            dictionary[key] = replaced
            return .dictionary(dictionary)
        case (.array(var items), .index(let position)):
            items[position] = items[position].replacing(Array(path.dropFirst()), with: newValue) 
            return .array(items)
        default:
            return self
        }
    }
}

enum PathStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)
    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

/// The Foundation `PropertyListEncoder` tree of a Codable value (an independent oracle).
func foundationTree<T: Encodable>(_ value: T) throws -> PropertyListValue? {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let data = try encoder.encode(value)
    let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    return PropertyListValue(foundationObject: object)
}

/// Foundation property-list bytes for a tree (so Foundation's decoder can read our trees).
func foundationData(_ tree: PropertyListValue) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: tree.foundationObject, format: .binary, options: 0)
}
