import Foundation
import GamePackBuild
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackSite

/// What the preview may hand out (`PreviewAssets`), and the live preview's rule for a folder
/// that appears while it runs: the walker's, never a symlink out of the project.
@Suite("Preview: what may be published")
struct PreviewAssetsTests {
    @Test func onlyMediaInsideAssetsWithoutHiddenPartsIsAllowed() async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: root.appendingPathComponent(".git/config"))
        let photo = "photos/rai-congress-center.jpg"
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("assets/git.jpg").path, withDestinationPath: "../.git/config")
        // A symlink to a real photo, but through a hidden folder of assets/.
        try fm.createDirectory(at: root.appendingPathComponent("assets/.hidden"), withIntermediateDirectories: true)
        try fm.copyItem(
            at: root.appendingPathComponent("assets/" + photo), to: root.appendingPathComponent("assets/.hidden/p.jpg"))
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("assets/via-hidden.jpg").path, withDestinationPath: ".hidden/p.jpg")
        // A symlink to a real photo inside assets/ is fine.
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("assets/alias.jpg").path, withDestinationPath: photo)
        try Data("<script>x</script>".utf8).write(to: root.appendingPathComponent("assets/page.jpg"))
        try Data("<svg><script>x</script></svg>".utf8).write(to: root.appendingPathComponent("assets/pic.svg"))
        try fm.copyItem(at: root.appendingPathComponent("assets/" + photo), to: root.appendingPathComponent("assets/photo.png"))
        let project = try await Project.load(at: root)

        func refused(_ path: String) -> Bool {
            if case .refused = PreviewAssets.check(path, in: project) { return true }
            return false
        }
        guard case .allowed(let url, let format) = PreviewAssets.check(photo, in: project) else {
            Issue.record("a photo of the example is refused")
            return
        }
        #expect(format == .jpeg && url.path.hasSuffix("/assets/" + photo))
        guard case .allowed(let aliased, _) = PreviewAssets.check("alias.jpg", in: project) else {
            Issue.record("a symlink to a photo inside assets/ is refused")
            return
        }
        #expect(aliased.path.hasSuffix("/assets/" + photo))
        for path in [
            "git.jpg", ".hidden/p.jpg", "via-hidden.jpg", "page.jpg", "pic.svg", "photo.png", "../gamepack.yaml", ".git/config",
        ] {
            #expect(refused(path), "\(path) is allowed")
        }
        #expect(PreviewAssets.used(by: project).contains(photo))
        #expect(!PreviewAssets.used(by: project).contains("alias.jpg"))
    }

    @Test("the live preview says why it leaves out a refused image, and shows it once the file is fixed")
    func liveRefusalSaysWhy() async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: root.appendingPathComponent(".git/config"))
        let source = try String(contentsOf: root.appendingPathComponent("content/locations/1.yaml"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.hasPrefix("image: ") }, "location 1 has an image")
        let used = String(line.dropFirst("image: ".count))
        let photo = root.appendingPathComponent("assets/" + used)
        let bytes = try Data(contentsOf: photo)
        try fm.removeItem(at: photo)
        let depth = used.split(separator: "/").count
        try fm.createSymbolicLink(
            atPath: photo.path, withDestinationPath: String(repeating: "../", count: depth) + ".git/config")
        func page(_ snapshot: PreviewSnapshot) -> String {
            PreviewSite(snapshot: snapshot, options: PreviewOptions(live: true, tiles: nil, versionedAssets: false))
                .render(path: "c/locations/1.html") ?? ""
        }

        let refused = try await PreviewWorkspace.load(at: root)
        let text = page(refused)
        #expect(
            text.contains("<span>image not shown:<br>assets/\(used)<br><small>it is a symlink to .git/config, outside assets/"))
        #expect(!text.contains("src=\"../../_assets/\(used)"), "the page links a file the server answers 404")

        // Replaced by the real photo while the preview runs: shown again, the reason gone.
        try fm.removeItem(at: photo)
        try bytes.write(to: photo)
        let fixed = try #require(PreviewWorkspace.applying(["assets/" + used], to: refused))
        #expect(fixed.refusedAssets.isEmpty)
        #expect(page(fixed).contains("src=\"../../_assets/\(used)"))
        #expect(!page(fixed).contains("not shown"))
        // And refused again when a page's bytes take its place.
        try Data("<html><script>x</script></html>".utf8).write(to: photo)
        let faked = try #require(PreviewWorkspace.applying(["assets/" + used], to: fixed))
        #expect(page(faked).contains("image not shown:<br>assets/\(used)<br><small>it is not a media file gamepack knows"))
    }

    @Test func aSymlinkedFolderMovedInWhileRunningIsLeftToTheWalker() async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let outside = temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "id: 99\nname: {en: Outside, nl: Buiten}\nposition: {latitude: 52.37, longitude: 4.89}\n"
            .write(to: outside.appendingPathComponent("99.yaml"), atomically: true, encoding: .utf8)
        let first = try await PreviewWorkspace.load(at: root)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("content/locations/more").path, withDestinationPath: outside.path)
        // The watcher reports the file below the symlinked folder: not taken in alone.
        #expect(PreviewWorkspace.applying(["content/locations/more/99.yaml"], to: first) == nil)
        // The full load that follows applies the walker's rules: nothing from outside.
        let reloaded = try await PreviewWorkspace.load(at: root)
        #expect(reloaded.item("locations", ItemID("99")) == nil)
        #expect(PreviewWorkspace.passesThroughSymlink("content/locations/more/99.yaml", under: root.path))
        #expect(!PreviewWorkspace.passesThroughSymlink("content/locations/1.yaml", under: root.path))
    }
}
