import GamePackFormat
import Testing

@testable import GamePackContent

/// A path's parts are what lies between its `/` bytes, as the file system reads it. `normalize`
/// returns a path already in its one spelling as it is, found by a pass over its bytes, and
/// splits only the others; `climbs` and `isHidden` look at the same parts. Each must agree
/// with a plain split of the path's bytes.
@Suite("Asset path spelling")
struct AssetPathTests {
    /// The parts of `path` between `/` bytes, empty ones left out, by a split of its bytes.
    static func byteParts(_ path: String) -> [[UInt8]] {
        Array(path.utf8).split(separator: UInt8(ascii: "/")).map(Array.init)
    }

    /// The spelling by splitting the bytes at `/`, leaving out empty and `.` parts.
    static func split(_ path: String) -> String {
        byteParts(path).filter { $0 != [0x2E] }.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    }

    @Test("paths written by hand")
    func written() {
        let cases: [(String, String)] = [
            ("photos/a.jpg", "photos/a.jpg"),
            ("photos/./a.jpg", "photos/a.jpg"),
            ("photos//a.jpg", "photos/a.jpg"),
            ("./photos/a.jpg", "photos/a.jpg"),
            ("/photos/a.jpg", "photos/a.jpg"),
            ("photos/a.jpg/", "photos/a.jpg"),
            ("photos/.", "photos"),
            (".", ""),
            ("", ""),
            ("photos/../a.jpg", "photos/../a.jpg"),
            ("photos/.a.jpg", "photos/.a.jpg"),
            ("photos/a./b", "photos/a./b"),
            ("foto's/één.jpg", "foto's/één.jpg"),
            // A `/` with a combining accent is one character that is not `/`, but the file
            // system reads its `/` byte: the parts are split there.
            ("photos//\u{301}a.jpg", "photos/\u{301}a.jpg"),
            ("photos/\u{301}/a.jpg", "photos/\u{301}/a.jpg"),
            ("photos/./\u{301}a.jpg", "photos/\u{301}a.jpg"),
        ]
        for (path, expected) in cases {
            #expect(AssetPath.normalize(path) == expected, "\(path.debugDescription)")
            #expect(AssetPath.normalize(path) == Self.split(path), "\(path.debugDescription)")
        }
        #expect(AssetPath.isNormal("photos/a.jpg"))
        #expect(!AssetPath.isNormal("photos/./a.jpg"))
        #expect(!AssetPath.isNormal("photos//a.jpg"))
        #expect(!AssetPath.isNormal("photos/"))
    }

    /// `../\u{301}x` is one part to a split at characters, and climbs out to the file system.
    @Test("a .. part hidden behind a combining accent climbs out; a hidden part behind one is hidden")
    func accents() {
        #expect(AssetPath.climbs("../\u{301}x"))
        #expect(AssetPath.climbs("a/../\u{301}../\u{301}x"))
        #expect(!"../\u{301}x".split(separator: "/").contains(".."), "the split at characters this replaced")
        #expect(!AssetPath.climbs("a/..b/c"))
        #expect(!AssetPath.climbs("a/\u{301}../b"))
        #expect(AssetPath.isHidden("a/.\u{301}env"))
        #expect(!"a/.\u{301}env".split(separator: "/").contains { $0.hasPrefix(".") }, "the split at characters")
        #expect(AssetPath.isHidden(".git/config"))
        #expect(!AssetPath.isHidden("a/b.c/d"))
        #expect(AssetPath.parts(of: "a//\u{301}b/") == ["a", "\u{301}b"])
    }

    @Test("why a path names no file inside assets/, by its bytes, also behind a combining accent")
    func outsideReasons() {
        #expect(AssetPath.outsideReason("/\u{301}x.png") == "is an absolute path")
        #expect(AssetPath.outsideReason("~/x.png") == "is an absolute path")
        #expect(AssetPath.outsideReason("a\\\u{301}x.png") == "contains a backslash; use / between folders")
        #expect(AssetPath.outsideReason("a/../\u{301}../x.png") == "climbs out with ..")
        #expect(AssetPath.outsideReason("a\u{0}.png") == "contains a NUL byte")
        #expect(AssetPath.outsideReason("photos/..a/x.png") == nil)
        #expect(AssetPath.outsideReason("photos/./x.png") == nil)
        #expect(PackPath.isAbsolute("/\u{301}x") && !PackPath.isAbsolute("x/") && !PackPath.isAbsolute(""))
    }

    @Test("every path of up to five parts from a small alphabet")
    func exhaustive() {
        let parts = ["a", ".", "..", "", "é", "\u{301}", ".b", "/\u{301}", "..\u{301}", "\u{301}.."]
        var paths = [""]
        var checked = 0
        for _ in 0..<5 {
            paths = paths.flatMap { path in parts.map { path.isEmpty ? $0 : path + "/" + $0 } }
            for path in paths {
                let bytes = Self.byteParts(path)
                #expect(AssetPath.normalize(path) == Self.split(path), "\(path.debugDescription)")
                #expect(AssetPath.climbs(path) == bytes.contains([0x2E, 0x2E]), "\(path.debugDescription)")
                #expect(AssetPath.isHidden(path) == bytes.contains { $0.first == 0x2E }, "\(path.debugDescription)")
                #expect(AssetPath.parts(of: path).map { Array($0.utf8) } == bytes, "\(path.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 10 + 100 + 1_000 + 10_000 + 100_000)
    }
}
