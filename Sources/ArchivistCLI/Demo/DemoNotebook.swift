import Foundation
import Persistence

/// The demo's class: a `SavableObject` subclass whose properties are archived with no coding code.
final class DemoNotebook: SavableObject {
    var title = ""
    var entries: [String] = []
    var pinned = false
    var lastOpened = Date(timeIntervalSinceReferenceDate: 0)
    /// Rebuilt after loading, never archived.
    var entryCount = 0

    override class var autoCodingTransientProperties: Set<String> {
        super.autoCodingTransientProperties.union(["entryCount"])
    }

    required init() { super.init() }

    override func didLoad() throws {
        entryCount = entries.count
    }
}
