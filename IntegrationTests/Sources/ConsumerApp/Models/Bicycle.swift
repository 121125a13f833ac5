/// A ``Vehicle`` subclass.
public final class Bicycle: Vehicle {
    public var gears = 21

    public required init() {
        super.init()
        wheels = 2
    }
}
