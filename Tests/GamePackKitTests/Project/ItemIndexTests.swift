import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

@Suite("Item index")
struct ItemIndexTests {
    /// The lint base project with a second location 1 (`dup.yaml` loads after `1.yaml`).
    static func projectWithSharedID() async throws -> (TemporaryDirectory, Project) {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(ProjectTests.base, as: "project")
        try temp.write(
            "id: 1\nname: {en: Second, nl: Tweede}\nposition: {latitude: 52.36, longitude: 4.88}\n",
            to: "project/content/locations/dup.yaml")
        return (temp, try await Project.load(at: root))
    }

    @Test("of items sharing an id the index answers with the first and lists the later ones")
    func firstOfSharedID() async throws {
        let (temp, project) = try await Self.projectWithSharedID()
        defer { withExtendedLifetime(temp) {} }
        let index = ItemIndex(project.items)
        #expect(index.item("locations", ItemID("1"))?.file == "content/locations/1.yaml")
        #expect(
            index.duplicates.map { "\($0.item.file) after \($0.first.file)" } == [
                "content/locations/dup.yaml after content/locations/1.yaml"
            ])
        #expect(index.item("locations", ItemID("2"))?.file == "content/locations/2.yaml")
        #expect(index.item("locations", ItemID("3")) == nil)
    }

    @Test("the build's index takes the last of items sharing an id, as builds always have")
    func buildTakesLast() async throws {
        let (temp, project) = try await Self.projectWithSharedID()
        defer { withExtendedLifetime(temp) {} }
        let index = ContentIndex(project)
        #expect(index.item("locations", ItemID("1"))?.file == "content/locations/dup.yaml")
        #expect(index.items(in: "locations").map(\.file) == ["content/locations/dup.yaml", "content/locations/2.yaml"])
    }
}
