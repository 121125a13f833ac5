import Archivist
import Observation

// README, "Typed keys, change streams and `@Stored`": the sample's declarations, verbatim.

extension BasicValueStore.Key where Value == Int {
    static let launches = Self("launches", default: 0)
}
extension BasicValueStore.Key where Value == String? {
    static let userName = Self("userName")               // default nil; storing nil removes
}

@Observable final class PreferencesModel {               // SwiftUI sees every change of the key
    @ObservationIgnored @Stored var launches: Int
    init(store: BasicValueStore) { _launches = Stored(.launches, in: store) }
}
