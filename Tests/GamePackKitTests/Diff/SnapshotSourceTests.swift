import Foundation
import GamePackBuild
import GamePackContent
import Testing

/// A content.json's snapshot hands over the items it was read from (`ContentSnapshot.source`),
/// so that `gamepack diff` can leave freeing them to the end of the process.
@Suite("Diff: a content.json snapshot keeps its items as read")
struct SnapshotSourceTests {
    @Test("the source holds every item the snapshot has, by collection and id")
    func sourceItems() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: DiffTesting.v1))
        let snapshot = try SnapshotLoader.readGohikeContent(data, label: "v1", kind: .gohikeContent)
        let source = try #require(snapshot.source as? GohikeItems, "no items as read in \(String(describing: snapshot.source))")
        let collections = [
            ("profiles", source.profiles), ("routes", source.routes), ("locations", source.locations),
            ("rewards", source.rewards),
        ]
        for (collection, read) in collections {
            let ids = Set((snapshot.items[collection] ?? [:]).keys.map(\.text))
            #expect(Set(read.map { String($0.id) }) == ids, "\(collection)")
            #expect(read.count == ids.count, "\(collection)")
        }
        #expect(!source.locations.isEmpty && !source.routes.isEmpty)
    }
}
