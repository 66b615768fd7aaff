import Foundation
import GamePackContent
import GamePackFormat

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

    /// Renders and writes the pages at `paths` on every core (a project of 20,000 deals has
    /// 20,000 item pages, each with a map of its neighbours); returns how many it wrote. Their
    /// folders exist.
    static func writePages(_ site: PreviewSite, _ paths: [String], into staging: URL) throws -> Int {
        let outcome = PageOutcome()
        let batches = min(paths.count, ProcessInfo.processInfo.activeProcessorCount * 8)
        DispatchQueue.concurrentPerform(iterations: batches) { batch in
            for index in stride(from: batch, to: paths.count, by: batches) {
                guard !outcome.failed else { return }
                guard let html = site.render(path: paths[index]) else { continue }
                do {
                    try put(html, at: staging.appendingPathComponent(paths[index]))
                    outcome.wrote()
                } catch {
                    outcome.fail(error)
                    return
                }
            }
        }
        return try outcome.pages()
    }

    /// The pages written so far and the first error, from every thread that writes them.
    private final class PageOutcome: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var error: (any Error)?

        var failed: Bool { lock.withLock { error != nil } }
        func wrote() { lock.withLock { count += 1 } }
        func fail(_ error: any Error) { lock.withLock { self.error = self.error ?? error } }
        func pages() throws -> Int {
            try lock.withLock {
                if let error { throw error }
                return count
            }
        }
    }

    /// Creates the file at `url` with `text` (`Interruptible.createFile`: the staging folder's
    /// rename makes the site appear at once, so no file needs an fsync of its own).
    static func put(_ text: String, at url: URL) throws {
        var text = text
        do {
            try text.withUTF8 { try Interruptible.createFile(url.path, UnsafeRawBufferPointer($0)) }
        } catch {
            throw GamePackError.io(path: url.path, reason: "cannot write the page (\(error))")
        }
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
            let assetsRoot = PreviewAssets.assetsRoot(of: snapshot.project)
            for path in PreviewAssets.used(by: snapshot.project).sorted() where snapshot.assetVersions[path] != nil {
                switch PreviewAssets.check(path, in: snapshot.project, assetsRoot: assetsRoot) {
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
            let paths = site.pagePaths()
            let folders = Set(
                (paths + ["_preview/preview.css"]).map { (path: String) in
                    staging.appendingPathComponent(path).deletingLastPathComponent().path
                })
            for folder in folders.sorted() { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try put("", at: staging.appendingPathComponent(marker))
            try put(PreviewResources.stylesheet, at: staging.appendingPathComponent("_preview/preview.css"))
            try put(PreviewResources.script, at: staging.appendingPathComponent("_preview/preview.js"))
            let pages = try writePages(site, paths, into: staging)
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
