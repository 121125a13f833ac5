/// The key renames and transient properties that apply to each stored property of a type, level
/// by level in a class hierarchy.
///
/// A struct has one level: its own ``AutoCodable/autoCodingKeys`` and
/// ``AutoCodable/autoCodingTransientProperties``. A class has one level per class from the type
/// up to the first one that conforms to `AutoCodable`: each class's members (read with that class
/// as `Self`, so a subclass's `override class var` counts at its level) apply to the properties it
/// declares and to those of its superclasses. A property is transient when its own class or any
/// subclass down to the archived type lists it; its key is the rename of the most derived class
/// that names it. So a base class's customizations hold however subclasses override them, and a
/// subclass can rename or skip inherited properties.
///
/// Swift calls a protocol requirement through the conformance, so only members the conforming
/// class declares as `class var` (or `open class var`) can be overridden per level; a subclass's
/// `static var autoCodingKeys` where the base class declares none is never seen. `SavableObject`
/// declares every customization member that way.
struct CustomizationLevels {
    private struct Level {
        /// Index of the first stored field this class declares (fields of superclasses come first).
        let firstField: Int
        let renames: [String: String]
        let transient: Set<String>
        /// The class (or type) itself, with its conformance.
        let conformance: any AutoCodable.Type
    }

    /// Most derived first.
    private let levels: [Level]
    /// The `AutoCodable` superclasses of a class, nearest first (empty for other types).
    var conformingSuperclasses: [any AutoCodable.Type] { levels.dropFirst().map(\.conformance) }

    init<T: AutoCodable>(for type: T.Type, fieldCount: Int) throws {
        guard let leaf = T.self as? AnyClass else {
            levels = [Level(firstField: 0, renames: T.autoCodingKeys, transient: T.autoCodingTransientProperties,
                            conformance: T.self)]
            return
        }
        var found: [Level] = []
        var current: AnyClass? = leaf
        while let level = current {
            // The conformance is looked up from the class as a runtime value, so the optimizer
            // cannot assume the statically known class (it would, for a `type(of:)` result).
            guard let conforming = (level as Any.Type) as? any AutoCodable.Type else { break }
            let superclass: AnyClass? = _getSuperclass(level)
            let inherited = superclass.map { FieldLayout.fieldCount(of: $0) } ?? 0
            found.append(Level(firstField: max(0, min(inherited, fieldCount)), renames: conforming.autoCodingKeys,
                               transient: conforming.autoCodingTransientProperties, conformance: conforming))
            current = superclass
        }
        levels = found.isEmpty
            ? [Level(firstField: 0, renames: T.autoCodingKeys, transient: T.autoCodingTransientProperties,
                     conformance: T.self)] : found
    }

    /// The levels whose customizations apply to stored field `index`: the class declaring it and
    /// every subclass down to the archived type, most derived first.
    private func applying(toFieldAt index: Int) -> ArraySlice<Level> {
        let declaring = levels.firstIndex { index >= $0.firstField } ?? levels.count - 1
        return levels[...declaring]
    }

    /// Whether stored field `index` (declared name `name`, storage `storageName`) is transient.
    func isTransient(_ name: String, or storageName: String, fieldAt index: Int) -> Bool {
        applying(toFieldAt: index).contains { $0.transient.contains(name) || $0.transient.contains(storageName) }
    }

    /// The renames that apply to stored field `index`, the most derived class's winning.
    func renames(fieldAt index: Int) -> [String: String] {
        var merged: [String: String] = [:]
        for level in applying(toFieldAt: index).reversed() {
            merged.merge(level.renames) { _, derived in derived }
        }
        return merged
    }

    /// Every property name any level renames or makes transient.
    var allNamedProperties: Set<String> {
        var names: Set<String> = []
        for level in levels {
            names.formUnion(level.renames.keys)
            names.formUnion(level.transient)
        }
        return names
    }
}
