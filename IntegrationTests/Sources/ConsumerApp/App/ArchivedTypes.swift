import Archivist

/// The names archives record for the model types that appear behind base-class properties (a
/// ``Bicycle`` in ``Garage/vehicles``). Call once at launch, before archiving or unarchiving;
/// calling it again does nothing.
///
/// - Throws: ``AutoCodingError`` `registrationConflict` when a name is taken by another type.
public func registerArchivedTypes() throws {
    try AutoCodingRegistry.register(Bicycle.self, as: "app.bicycle")
}
