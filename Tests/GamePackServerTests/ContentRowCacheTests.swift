import Testing

@testable import GamePackServer

@Suite("Content row cache")
struct ContentRowCacheTests {
    static func row(_ id: String, bytes: Int = 10) -> ContentRow {
        ContentRow(
            id: id, body: String(repeating: "x", count: bytes), distance: 12.5, latitude: 1, longitude: 2,
            modified: "2026-01-01T00:00:00Z", created: "2026-01-01T00:00:00Z")
    }

    @Test("rows come back by pack, target, collection and id, without their distance; other packs miss")
    func keys() {
        let cache = ContentRowCache()
        let query = ContentQuery(pack: "p1", target: "kinvey", collection: "deals", limit: 10)
        cache.keep([Self.row("1"), Self.row("2")], of: query)
        let found = cache.rows(["1", "2", "3"], of: query)
        #expect(found.keys.sorted() == ["1", "2"] && found["1"]?.distance == nil && found["1"]?.body.count == 10)
        #expect(cache.rows(["1"], of: ContentQuery(pack: "p2", target: "kinvey", collection: "deals", limit: 10)).isEmpty)
        #expect(cache.rows(["1"], of: ContentQuery(pack: "p1", target: "canonical", collection: "deals", limit: 10)).isEmpty)
        cache.removeAll()
        #expect(cache.rows(["1"], of: query).isEmpty)
    }

    @Test("two generations bound the bytes held; a row used lately survives the turnover")
    func generations() {
        let cache = ContentRowCache(budget: 100)  // a generation turns over at 50 bytes
        let query = ContentQuery(pack: "p", target: "t", collection: "c", limit: 10)
        cache.keep((0..<5).map { Self.row("old\($0)") }, of: query)  // 50 bytes: full
        cache.keep([Self.row("a")], of: query)  // turns over: old* are the previous generation
        #expect(cache.rows(["old0"], of: query).count == 1)  // moved back into the current one
        cache.keep((0..<5).map { Self.row("new\($0)") }, of: query)  // turns over again
        cache.keep([Self.row("b")], of: query)
        let left = cache.rows((0..<5).map { "old\($0)" }, of: query)
        #expect(left.keys.sorted() == ["old0"])
        #expect(cache.rows(["old1", "old2", "old3", "old4"], of: query).isEmpty)
        let held = cache.generations.withLockedValue { $0.current.count + $0.previous.count }
        #expect(held <= 10)
    }
}
