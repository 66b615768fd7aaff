import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent

/// The walker reads names as the file system does, byte by byte: a name that starts with a
/// `.` byte is hidden even when a combining accent makes its first character `.\u{301}`, and
/// a name that starts with an accent keeps it (with the `/` before it, it is one character).
@Suite("Project walker: names with combining accents")
struct ProjectWalkerNameTests {
    @Test("a name starting with an accent keeps it; one starting with `.` and an accent is hidden")
    func accents() throws {
        let temp = try TemporaryDirectory()
        let assets = temp.url.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for name in ["\u{301}a.png", ".\u{301}env", "photos/\u{301}b.png", "photos/c.png", ".hidden"] {
            try Data("x".utf8).write(to: assets.appendingPathComponent(name))
        }
        var diagnostics: [Diagnostic] = []
        let files = try ProjectWalker.listFiles(
            under: assets, relativeTo: temp.url, projectRoot: temp.url, diagnostics: &diagnostics)
        #expect(
            Set(files.map { Array($0.utf8) })
                == Set(["assets/\u{301}a.png", "assets/photos/\u{301}b.png", "assets/photos/c.png"].map { Array($0.utf8) }),
            "\(files.map(\.debugDescription))")
        #expect(diagnostics.isEmpty)
    }
}
