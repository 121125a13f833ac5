/// `NSCache` holds objects: the same person, boxed.
final class PersonBox {
    let person: CorpusPerson

    init(_ person: CorpusPerson) {
        self.person = person
    }
}
