import Archivist
import ConsumerApp
import Foundation

/// The app's `TaskCard` as the previous release shipped it: a plain class, before the model adopted
/// `@Observable`. Archives record a type's name without its module, so this `TaskCard` (module
/// ConsumerAppTests) and the app's (module ConsumerApp) are the same type to an archive, as the two
/// releases' classes are. Tests name the app's as ``ObservableTaskCard``.
final class TaskCard: AutoCodable {
    var title = ""
    var done = false
    var tags: [String] = []
    var due: Date? = nil
    let id: UUID

    init() {
        id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    }

    init(id: UUID) {
        self.id = id
    }
}

/// The app's `@Observable` model.
typealias ObservableTaskCard = ConsumerApp.TaskCard
