import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackLocalization

@Suite("Localization: writing several files all at once or not at all")
struct LocalizationFileSetWriterTests {
    static func leftovers(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".gamepack-") }
    }

    @Test("all files are replaced, keeping their permissions")
    func writesAll() throws {
        let temp = try TemporaryDirectory()
        let a = try temp.write("old a", to: "a.yaml")
        let b = try temp.write("old b", to: "b.yaml")
        chmod(b.path, 0o640)
        try FileSetWriter.write([(a, Data("new a".utf8), Data("old a".utf8)), (b, Data("new b".utf8), Data("old b".utf8))])
        #expect(try String(contentsOf: a, encoding: .utf8) == "new a")
        #expect(try String(contentsOf: b, encoding: .utf8) == "new b")
        #expect((try FileManager.default.attributesOfItem(atPath: b.path)[.posixPermissions] as? Int) == 0o640)
        #expect(try Self.leftovers(temp.url).isEmpty)
    }

    @Test("when a later rename fails, the files already replaced are restored")
    func rollsBack() throws {
        let temp = try TemporaryDirectory()
        let a = try temp.write("old a", to: "a.yaml")
        // A non-empty folder where the second file should go: the rename onto it fails.
        try temp.write("x", to: "b.yaml/inside")
        let b = temp.url.appendingPathComponent("b.yaml")
        #expect(throws: LocalizationError.self) {
            try FileSetWriter.write([(a, Data("new a".utf8), Data("old a".utf8)), (b, Data("new b".utf8), Data("old b".utf8))])
        }
        #expect(try String(contentsOf: a, encoding: .utf8) == "old a")
        #expect(try Self.leftovers(temp.url).isEmpty)
    }
}
