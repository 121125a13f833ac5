import Archivist

// README, "Object graphs: keyed archives": the sample type, verbatim. The README's Persistence
// sample stores a `person` too; this is the type it means.

final class Person: AutoCodable {
    var name = ""
    var friend: Person?          // may form cycles
    required init() {}
}
