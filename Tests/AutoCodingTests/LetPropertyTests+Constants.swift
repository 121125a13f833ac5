import AutoCoding
import Foundation
import PropertyList
import Testing

/// The `id` a class local to this function, whose only initializer sets its `let id` to 0, reads
/// from `tree`: the optimizer sees the whole class and may fold every read of `id` into 0.
private func idOfLocalClassWithAConstantLet(from tree: PropertyListValue) throws -> (id: Int, name: String) {
    final class ConstantLet: AutoCodable {
        let id: Int
        var name = ""
        init() { id = 0 }
    }
    let object = try AutoArchiver.decode(ConstantLet.self, from: tree)
    return (object.id, object.name)
}

extension LetPropertyTests {
    /// `let` values are written in place after `init()`; a read the optimizer folded into the
    /// constant `init()` assigns does not see them.
    @Test func aLetThatTheOnlyInitializerSetsToAConstantIsRestoredToo() throws {
        let restored = try idOfLocalClassWithAConstantLet(from: ["id": 5, "name": "five"])
        #expect(restored.name == "five")
        withKnownIssue("release builds fold reads of a `let` whose only initializer sets it to a constant (let-property folding), so the value written in place is not seen", isIntermittent: true) {
            #expect(restored.id == 5)
        }
    }
}
