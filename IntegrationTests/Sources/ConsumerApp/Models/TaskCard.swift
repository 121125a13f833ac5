import Archivist
import Foundation
import Observation

/// A task on the app's board: an `@Observable` model that archives itself.
///
/// The macro moves each tracked `var` into `_name` storage and adds a registrar; archives use the
/// declared names and skip the registrar and `@ObservationIgnored` storage.
@Observable public final class TaskCard: AutoCodable {
    public var title = ""
    public var done = false
    public var tags: [String] = []
    public var due: Date? = nil
    /// How often a view drew the card: not model state.
    @ObservationIgnored public var renderCount = 0
    public let id: UUID

    public init() {
        id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    }

    public init(id: UUID) {
        self.id = id
    }
}
