import Foundation

/// Writes the preview as a static site (`gamepack preview --out DIR`): every page, the
/// stylesheet and script, and the project's assets copied under `_assets/`, all linked
/// relatively so the site opens from `file://`, a CI artifact or GitHub Pages.
public enum StaticPreviewWriter {
    /// The file that marks a folder as a preview this writer made (and may replace).
    public static let marker = ".gamepack-preview"

    /// What was written.
    public struct Summary: Sendable {
        public var pages: Int
        public var assets: Int
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
            let site = PreviewSite(snapshot: snapshot, options: PreviewOptions(live: false, tiles: tiles, versionedAssets: false))
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
            let root = snapshot.project.root.resolvingSymlinksInPath().path
            var assets = 0
            for path in snapshot.assetVersions.keys.sorted() {
                let source = snapshot.project.assetURL(path).resolvingSymlinksInPath()
                guard source.path.hasPrefix(root + "/") else { continue }  // never copy from outside the project
                let target = staging.appendingPathComponent(PreviewSite.assetFolder).appendingPathComponent(path)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: source, to: target)
                assets += 1
            }
            if fm.fileExists(atPath: destination.path) { try fm.removeItem(at: destination) }
            try fm.moveItem(at: staging, to: destination)
            return Summary(pages: pages, assets: assets)
        } catch let error as GamePackError {
            try? fm.removeItem(at: staging)
            throw error
        } catch {
            try? fm.removeItem(at: staging)
            throw GamePackError.io(path: destination.path, reason: "cannot write the preview (\(error.localizedDescription))")
        }
    }
}
