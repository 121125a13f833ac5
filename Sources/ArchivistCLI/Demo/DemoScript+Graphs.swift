import ArchivistCache
import Foundation
import KeyedArchive
import Persistence

extension DemoScript {
    /// Step 6: a graph with a shared object and a cycle, through a keyed archive.
    mutating func keyedArchive() throws {
        section("6. An object graph as a keyed archive (NSKeyedArchiver format)")
        let ada = DemoTraveller(name: "Ada", home: DemoStop(city: "London", nights: 0))
        let grace = DemoTraveller(name: "Grace", home: DemoStop(city: "New York", nights: 0))
        ada.companion = grace
        grace.companion = ada
        let data = try KeyedArchiver().archive([ada, grace, ada])
        line("KeyedArchiver().archive([ada, grace, ada]) -> \(data.count) bytes")
        let people = try KeyedUnarchiver(allowing: [DemoTraveller.self, DemoStop.self]).unarchive([DemoTraveller].self, from: data)
        line("people[0] === people[2]: \(people[0] === people[2]); "
             + "people[0].companion === people[1]: \(people[0].companion === people[1]); "
             + "people[1].companion === people[0]: \(people[1].companion === people[0])")
        let graph = try KeyedUnarchiver.graph(from: data).treeDescription()
        lines.append(graph.trimmingCharacters(in: .newlines))
    }

    /// Step 7: the two-level cache, then a fresh cache instance reading from its disk level.
    mutating func cache(of trip: DemoTrip) throws {
        section("7. The cache: memory, then disk in a fresh instance")
        let format = CacheFormat<DemoTrip>(name: "trips", diskCapacity: 1_000_000,
                                           memoryLimit: CacheMemoryLimit(count: 100))
        let cache = try Cache<DemoTrip>(name: "demo-cache", location: .directory(directory))
        cache.register(format)
        cache.set(trip, forKey: "summer/2026", format: "trips", completion: nil)
        let inMemory = cache.fetchValue(forKey: "summer/2026", format: "trips") { _ in }
        line("set, then fetchValue(forKey: \"summer/2026\") answered from memory: \(inMemory)")
        cache.synchronize()
        line("disk size of \"trips\" after synchronize(): \(cache.diskSize(format: "trips") ?? 0) bytes")
        let fresh = try Cache<DemoTrip>(name: "demo-cache", location: .directory(directory))
        fresh.register(format)
        let fromDisk = try fresh.cachedValue(forKey: "summer/2026", format: "trips")
        line("a fresh Cache read it from disk: \(fromDisk.destination), equal: \(fromDisk == trip)")
        do {
            _ = try fresh.cachedValue(forKey: "winter", format: "trips")
        } catch {
            line("cachedValue(forKey: \"winter\") threw \(error.kind)")
        }
    }
}
