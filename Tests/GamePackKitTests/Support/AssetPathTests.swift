import Testing

@testable import GamePackContent

/// `AssetPath.normalize` returns a path already in its one spelling as it is, found by a pass
/// over its bytes, and splits only the others: both ways must give the same spelling.
@Suite("Asset path spelling")
struct AssetPathTests {
    /// The spelling by splitting at `/` characters, as `normalize` did for every path.
    static func split(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
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
            // A `/` with a combining accent is one character that is not `/`: the split keeps
            // it inside a part, and the byte pass must not take the path as it is.
            ("photos//\u{301}a.jpg", "photos//\u{301}a.jpg"),
            ("photos/\u{301}/a.jpg", "photos/\u{301}/a.jpg"),
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

    @Test("every path of up to five parts from a small alphabet")
    func exhaustive() {
        let parts = ["a", ".", "..", "", "é", "\u{301}", ".b", "/\u{301}"]
        var paths = [""]
        var checked = 0
        for _ in 0..<5 {
            paths = paths.flatMap { path in parts.map { path.isEmpty ? $0 : path + "/" + $0 } }
            for path in paths {
                #expect(AssetPath.normalize(path) == Self.split(path), "\(path.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 8 + 64 + 512 + 4096 + 32768)
    }
}
