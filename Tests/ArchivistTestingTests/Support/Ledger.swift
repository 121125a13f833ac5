import Archivist

/// A class that is not `Equatable`: fixtures compare its archived trees.
final class Ledger: AutoCodable {
    var owner = ""
    var balances: [String: Int] = [:]
    var parent: Ledger?

    init() {}

    init(owner: String, balances: [String: Int]) {
        self.owner = owner
        self.balances = balances
    }
}
