import Archivist

// README, "Persistence": the `SavableObject` sample type.
//
// Not verbatim: in a target with default `MainActor` isolation (the default for new app targets)
// the README's `required init() { super.init() }` is inferred `@MainActor` and fails to compile —
// "main actor-isolated initializer 'init()' has different actor isolation from nonisolated
// overridden declaration". `nonisolated` on the initializer is the smallest change that compiles
// (marking the whole class `nonisolated`, as `JournalEntry` does, works too).

final class Notebook: SavableObject {                 // no encode(with:), no init(coder:)
    var title = ""
    var entries: [String] = []
    nonisolated required init() { super.init() }
}
