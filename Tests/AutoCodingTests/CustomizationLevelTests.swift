import AutoCoding
import Foundation
import PropertyList
import Testing

/// A base class that declares its customizations as overridable `class var`s.
class LeveledBase: AutoCodable {
    var name = ""
    var cache = 0
    var scratch = 0
    required init() {}

    class var autoCodingTransientProperties: Set<String> { ["cache"] }
    class var autoCodingKeys: [String: String] { ["name": "title"] }
}

/// Overrides both without calling `super`: the base's rules still hold for the base's properties.
final class LeveledChild: LeveledBase {
    var extra = ""
    var childCache = 0
    required init() {}

    override class var autoCodingTransientProperties: Set<String> { ["scratch", "childCache"] }
    override class var autoCodingKeys: [String: String] { ["extra": "more"] }
}

/// Renames an inherited property: the most derived class's rename wins.
final class RenamingChild: LeveledBase {
    required init() {}

    override class var autoCodingKeys: [String: String] { ["name": "label"] }
}

/// Customizations apply level by level in a class hierarchy (CustomizationLevels): each class's
/// members, read with that class as `Self`, cover the properties it declares and inherits.
@Suite struct CustomizationLevelTests {
    @Test func theBaseClassesTransientPropertyStaysTransientWhenASubclassOverridesWithoutSuper() throws {
        let child = LeveledChild()
        child.name = "n"
        child.cache = 1
        child.scratch = 2
        child.extra = "e"
        child.childCache = 3
        let tree = try AutoArchiver.encodeTree(child)
        #expect(tree.dictionaryValue?.keys == ["$type", "title", "more"])
        let copy = try AutoArchiver.decode(LeveledChild.self, from: tree)
        #expect(copy.name == "n" && copy.extra == "e")
        #expect(copy.cache == 0 && copy.scratch == 0 && copy.childCache == 0)
    }

    @Test func theBaseClassArchivesWithItsOwnRules() throws {
        let base = LeveledBase()
        base.name = "n"
        base.scratch = 2
        #expect(try AutoArchiver.encodeTree(base) == ["$type": "LeveledBase", "title": "n", "scratch": 2])
    }

    @Test func aSubclassMayRenameAnInheritedProperty() throws {
        let child = RenamingChild()
        child.name = "n"
        let tree = try AutoArchiver.encodeTree(child)
        #expect(tree.dictionaryValue?.keys == ["$type", "label", "scratch"])
        #expect(try AutoArchiver.decode(RenamingChild.self, from: tree).name == "n")
    }
}
