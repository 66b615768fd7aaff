import GamePackFormat
import Testing

@Suite("Pack paths")
struct PackPathTests {
    @Test("normal relative paths pass")
    func valid() throws {
        #expect(try PackPath.validate("gohike/content.json") == "gohike/content.json")
        #expect(try PackPath.validate("assets/ab/cdef.jpg") == "assets/ab/cdef.jpg")
    }

    @Test(
        "paths that could escape or collide are refused",
        arguments: [
            "", "/etc/passwd", "../x", "a/../../x", "a/./b", "a//b", "a\\b", "C:x", "a/\u{0}b", "a/",
        ])
    func invalid(_ path: String) {
        #expect(throws: PackPath.Problem.self) { try PackPath.validate(path) }
    }
}
