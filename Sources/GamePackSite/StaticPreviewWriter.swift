import Foundation
import GamePackContent

/// Writes the preview as a static site (`gamepack preview --out DIR`): every page, the
/// stylesheet and script, and the assets the content uses copied under `_assets/`, all linked
/// relatively so the site opens from `file://`, a CI artifact or GitHub Pages. Only media files
/// that `PreviewAssets` allows are copied (never a hidden file, a symlink out of `assets/`, or
/// a page or script), and every page carries its Content-Security-Policy in a `<meta>`, since
/// a static host sends no such header.
public enum StaticPreviewWriter {
    /// The file that marks a folder as a preview this writer made (and may replace).
    public static let marker = ".gamepack-preview"

    /// What was written.
    public struct Summary: Sendable {
        public var pages: Int
        public var assets: Int
        /// Asset files the content uses that were not copied, each with why (sorted by path).
        public var refusedAssets: [(path: String, reason: String)]
    }

    /// Writes the site into `directory`, all at once: into a staging folder beside it, then
    /// renamed into place. An existing `directory` is replaced only when it is empty or an
    /// earlier preview (it holds the marker file); anything else is refused.
    public static func write(_ snapshot: PreviewSnapshot, tiles: TileSource?, to directory: URL) throws -> Summary {
        let fm = FileManager.default
        let destination = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
            guard isDirectory.boolValue, contents.isEmpty || contents.contains(marker) else {
                throw GamePackError.io(
                    path: destination.path,
                    reason: "exists and is not an earlier preview; choose an empty or new folder for --out")
            }
        }
        let parent = destination.deletingLastPathComponent()
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: parent.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).partial-\(getpid())")
        try? fm.removeItem(at: staging)
        do {
            // The assets to copy first: pages link only to those.
            var copies: [(source: URL, path: String)] = []
            var refused: [(path: String, reason: String)] = []
            for path in PreviewAssets.used(by: snapshot.project).sorted() where snapshot.assetVersions[path] != nil {
                switch PreviewAssets.check(path, in: snapshot.project) {
                case .allowed(let source, _): copies.append((source, path))
                case .refused(let why): refused.append((path, why))
                }
            }
            var published = snapshot
            let copied = Set(copies.map(\.path))
            published.assetVersions = snapshot.assetVersions.filter { copied.contains($0.key) }
            let publishable = PreviewAssets.PublishableWords(root: snapshot.project.root)
            published.refusedAssets = Dictionary(
                refused.map { ($0.path, publishable($0.reason)) },
                uniquingKeysWith: { first, _ in first })
            let site = PreviewSite(
                snapshot: published, options: PreviewOptions(live: false, tiles: tiles, versionedAssets: false))
            func put(_ text: String, _ path: String) throws {
                let url = staging.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try put("", marker)
            try put(PreviewResources.stylesheet, "_preview/preview.css")
            try put(PreviewResources.script, "_preview/preview.js")
            var pages = 0
            for path in site.pagePaths() {
                guard let html = site.render(path: path) else { continue }
                try put(html, path)
                pages += 1
            }
            for (source, path) in copies {
                let target = staging.appendingPathComponent(PreviewSite.assetFolder).appendingPathComponent(path)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: source, to: target)
            }
            if fm.fileExists(atPath: destination.path) { try fm.removeItem(at: destination) }
            try fm.moveItem(at: staging, to: destination)
            return Summary(pages: pages, assets: copies.count, refusedAssets: refused)
        } catch let error as GamePackError {
            try? fm.removeItem(at: staging)
            throw error
        } catch {
            try? fm.removeItem(at: staging)
            throw GamePackError.io(path: destination.path, reason: "cannot write the preview (\(error.localizedDescription))")
        }
    }
}
