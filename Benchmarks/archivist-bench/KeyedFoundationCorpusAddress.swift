import Foundation

/// Part of the standard corpus as an NSObject subclass with hand-written NSCoding, for
/// Foundation's NSKeyedArchiver / NSKeyedUnarchiver baseline (see ``KeyedCorpus``).
final class KeyedFoundationCorpusAddress: NSObject, NSCoding {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(street, forKey: "street")
        coder.encode(city, forKey: "city")
        coder.encode(zip, forKey: "zip")
        coder.encode(lat, forKey: "lat")
        coder.encode(lon, forKey: "lon")
    }
    init?(coder: NSCoder) {
        street = coder.decodeObject(forKey: "street") as? String ?? ""
        city = coder.decodeObject(forKey: "city") as? String ?? ""
        zip = coder.decodeObject(forKey: "zip") as? String ?? ""
        lat = coder.decodeDouble(forKey: "lat")
        lon = coder.decodeDouble(forKey: "lon")
    }
}
