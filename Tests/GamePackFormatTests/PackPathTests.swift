import GamePackFormat
import Testing

@Suite("Pack paths")
struct PackPathTests {
    @Test("normal relative paths pass")
    func valid() throws {
        #expect(try PackPath.validate("gohike/content.json") == "gohike/content.json")
        #expect(try PackPath.validate("assets/ab/cdef.jpg") == "assets/ab/cdef.jpg")
        #expect(try PackPath.validate("assets/\u{301}b.jpg") == "assets/\u{301}b.jpg")
    }

    @Test(
        "paths that could escape or collide are refused",
        arguments: [
            "", "/etc/passwd", "../x", "a/../../x", "a/./b", "a//b", "a\\b", "C:x", "a/\u{0}b", "a/",
            // A `/` with a combining accent after it is one character, but the file system
            // splits at its `/` byte: each of these climbs out or has a `.` part.
            "../\u{301}x", "a/../\u{301}../\u{301}x", "./\u{301}x", "a//\u{301}x",
        ])
    func invalid(_ path: String) {
        #expect(throws: PackPath.Problem.self) { try PackPath.validate(path) }
    }

    @Test("a / before an accent at the start is named an absolute path, as the file system reads it")
    func absoluteBeforeAccent() {
        #expect(throws: PackPath.Problem.absolute("/\u{301}etc")) { try PackPath.validate("/\u{301}etc") }
    }
}
