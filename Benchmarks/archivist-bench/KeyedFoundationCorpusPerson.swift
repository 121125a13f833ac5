import Foundation

/// Part of the standard corpus as an NSObject subclass with hand-written NSCoding, for
/// Foundation's NSKeyedArchiver / NSKeyedUnarchiver baseline (see ``KeyedCorpus``).
final class KeyedFoundationCorpusPerson: NSObject, NSCoding {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = KeyedFoundationCorpusAddress()
    var nickname: String?
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encode(email, forKey: "email")
        coder.encode(age, forKey: "age")
        coder.encode(score, forKey: "score")
        coder.encode(isActive, forKey: "isActive")
        coder.encode(tags, forKey: "tags")
        coder.encode(createdAt, forKey: "createdAt")
        coder.encode(avatar, forKey: "avatar")
        coder.encode(address, forKey: "address")
        coder.encode(nickname, forKey: "nickname")
    }
    init?(coder: NSCoder) {
        id = coder.decodeInteger(forKey: "id")
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        email = coder.decodeObject(forKey: "email") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        score = coder.decodeDouble(forKey: "score")
        isActive = coder.decodeBool(forKey: "isActive")
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
        createdAt = coder.decodeObject(forKey: "createdAt") as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
        avatar = coder.decodeObject(forKey: "avatar") as? Data ?? Data()
        address = coder.decodeObject(forKey: "address") as? KeyedFoundationCorpusAddress ?? KeyedFoundationCorpusAddress()
        nickname = coder.decodeObject(forKey: "nickname") as? String
    }
}
