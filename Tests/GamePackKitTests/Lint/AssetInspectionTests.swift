import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackLint

/// `AssetChecks.inspect` looks at a referenced asset once for all the asset rules. A path with
/// no symlink on the way is taken with one `lstat` per part; any symlink sends it the long way
/// (resolving it, to tell inside from outside). Both ways must say the same of the same file.
@Suite("Asset inspection")
struct AssetInspectionTests {
    /// A project folder with `assets/` holding a PNG, a folder, a pipe and symlinks.
    static func assets() throws -> (TemporaryDirectory, URL) {
        let temp = try TemporaryDirectory()
        let root = temp.url.appendingPathComponent("p")
        let assets = root.appendingPathComponent("assets")
        let fm = FileManager.default
        try fm.createDirectory(at: assets.appendingPathComponent("badges/folder.png"), withIntermediateDirectories: true)
        let png = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base/assets/badges/art-lover.png")
        try fm.copyItem(at: png, to: assets.appendingPathComponent("badges/a.png"))
        #expect(mkfifo(assets.appendingPathComponent("badges/pipe.png").path, 0o644) == 0)
        try fm.createSymbolicLink(atPath: assets.appendingPathComponent("badges/in.png").path, withDestinationPath: "a.png")
        try fm.createSymbolicLink(atPath: assets.appendingPathComponent("linked").path, withDestinationPath: "badges")
        try fm.copyItem(at: png, to: temp.url.appendingPathComponent("outside.png"))
        try fm.createSymbolicLink(
            atPath: assets.appendingPathComponent("badges/out.png").path, withDestinationPath: "../../../outside.png")
        // Files whose names start with a combining accent, outside `assets/`, and a folder
        // symlink out of the project: a `/` before the accent is one character with it.
        try fm.copyItem(at: png, to: root.appendingPathComponent("\u{301}x.png"))
        try fm.copyItem(at: png, to: temp.url.appendingPathComponent("\u{301}y.png"))
        try fm.createSymbolicLink(atPath: assets.appendingPathComponent("outdir").path, withDestinationPath: "../..")
        return (temp, root)
    }

    static func describe(_ inspection: AssetInspection) -> String {
        switch inspection {
        case .outside(let why): "outside: \(why)"
        case .missing: "missing"
        case .unreadable(let why): "unreadable: \(why)"
        case .probed(let info): "\(info.format.rawValue) \(info.width ?? 0)x\(info.height ?? 0)"
        }
    }

    @Test("plain paths, symlinks inside and outside, folders, pipes and missing files")
    func inspections() throws {
        let (temp, root) = try Self.assets()
        defer { withExtendedLifetime(temp) {} }
        let assetsRoot = root.appendingPathComponent("assets").resolvingSymlinksInPath().path
        let paths = [
            "badges/a.png", "badges/./a.png", "badges//a.png", "badges/in.png", "linked/a.png", "badges/out.png",
            "linked/out.png", "badges/folder.png", "badges/pipe.png", "badges/nope.png", "nope/a.png", "badges/a.png/x",
        ]
        // The folders looked at once for all paths: only real folders with no symlink on the way.
        let folders = AssetChecks.plainFolders(of: paths, in: root.path + "/assets")
        #expect(folders == ["", "badges"])
        func inspect(_ path: String) -> String {
            let alone = Self.describe(AssetChecks.inspect(path, root: root, assetsRoot: assetsRoot))
            let withFolders = Self.describe(
                AssetChecks.inspect(path, root: root, assetsRoot: assetsRoot, plainFolders: folders))
            #expect(alone == withFolders, "\(path)")
            return alone
        }
        let probed = inspect("badges/a.png")
        #expect(probed.hasPrefix("png "), "\(probed)")
        #expect(inspect("badges/./a.png") == probed)
        #expect(inspect("badges//a.png") == probed)
        #expect(inspect("badges/in.png") == probed)
        #expect(inspect("linked/a.png") == probed)
        #expect(inspect("badges/out.png").hasPrefix("outside: is a symlink to "))
        #expect(inspect("linked/out.png").hasPrefix("outside: is a symlink to "))
        #expect(inspect("badges/folder.png") == "unreadable: it is a folder, not a file")
        #expect(inspect("badges/pipe.png").hasPrefix("unreadable: it is not a regular file"))
        #expect(inspect("badges/nope.png") == "missing")
        #expect(inspect("nope/a.png") == "missing")
        #expect(inspect("badges/a.png/x") == "missing")
        // Refused before the disk is asked: a backslash (even one after a multi-byte
        // character), a NUL, a climb out, an absolute path.
        #expect(inspect(#"badges\a.png"#) == "outside: contains a backslash; use / between folders")
        #expect(inspect(#"badges/é\a.png"#) == "outside: contains a backslash; use / between folders")
        #expect(inspect("badges/a.png\u{0}.txt") == "outside: contains a NUL byte")
        #expect(inspect("badges/../../outside.png") == "outside: climbs out with ..")
        #expect(inspect("/etc/passwd") == "outside: is an absolute path")
        // The file system splits at `/` bytes, where a split at characters sees one part:
        // `..` behind an accent climbs out, and a symlinked folder before one is on the way.
        #expect(inspect("../\u{301}x.png") == "outside: climbs out with ..")
        #expect(inspect("outdir/\u{301}y.png").hasPrefix("outside: is a symlink to "))
        #expect(inspect("/\u{301}x.png") == "outside: is an absolute path", "was looked for as assets//́x.png")
        #expect(inspect("badges\\\u{301}a.png") == "outside: contains a backslash; use / between folders")
        #expect(
            AssetChecks.plainFolders(of: ["outdir/\u{301}y.png", "badges/\u{301}a.png"], in: root.path + "/assets") == [
                "", "badges",
            ])
    }

    @Test("the short way is taken only when no part of the path is a symlink")
    func shortWay() throws {
        let (temp, root) = try Self.assets()
        defer { withExtendedLifetime(temp) {} }
        let assets = root.path + "/assets"
        #expect(AssetChecks.kindWithoutSymlinks("badges/a.png", in: assets) == S_IFREG)
        #expect(AssetChecks.kindWithoutSymlinks("badges/folder.png", in: assets) == S_IFDIR)
        #expect(AssetChecks.kindWithoutSymlinks("badges/pipe.png", in: assets) == S_IFIFO)
        for path in ["badges/in.png", "badges/out.png", "linked/a.png", "badges/nope.png", ""] {
            #expect(AssetChecks.kindWithoutSymlinks(path, in: assets) == nil, "\(path)")
            #expect(AssetChecks.kindWithoutSymlinks(path, in: assets, plainFolders: ["", "badges"]) == nil, "\(path)")
        }
        // A folder given as plain is not looked at again: the file's own kind still is.
        #expect(AssetChecks.kindWithoutSymlinks("badges/a.png", in: assets, plainFolders: ["badges"]) == S_IFREG)
        #expect(AssetChecks.kindWithoutSymlinks("linked/a.png", in: assets, plainFolders: ["linked"]) == S_IFREG)
    }
}
