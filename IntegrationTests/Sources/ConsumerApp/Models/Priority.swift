/// How urgent a task is; archived as its raw value.
public enum Priority: Int {
    case low = 1
    case normal = 5
    case urgent = 9
}
