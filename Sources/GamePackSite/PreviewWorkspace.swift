import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackLocalization

/// Loads a project for the preview and takes in changes to its files: a changed content file is
/// parsed again alone and its items checked again alone (a fast, partial state the page shows
/// at once), then the whole project is linted again in the background (`relinted`). A change to
/// `gamepack.yaml` or `schema/` loads everything again.
public enum PreviewWorkspace {
    /// What a set of changed paths needs.
    public enum Reload: Sendable, Equatable {
        /// Nothing the preview shows changed (hidden files, build output).
        case none
        /// Content files or assets changed: `applying` takes them in.
        case files([String])
        /// The config or a content type changed: load everything again.
        case everything
    }

    /// Loads, lints and measures `root` (the same loader and linter as `lint` and `build`).
    public static func load(at root: URL, generation: Int = 1) async throws -> PreviewSnapshot {
        let project = try await Project.load(at: root)
        let diagnostics = await Linter.lint(project)
        var snapshot = PreviewSnapshot(
            project: project, diagnostics: diagnostics, coverage: coverage(of: project), generation: generation,
            lintIsComplete: true, assetVersions: assetVersions(project))
        snapshot.refusedAssets = refusals(of: project.assetFiles, in: project)
        return snapshot
    }

    /// The files of `paths` (relative to `assets/`) the preview server refuses to hand out, with
    /// the reason in words fit for a page (`PreviewAssets.check`, `PublishableWords`): their pages say
    /// why, where a link would show a broken image.
    static func refusals(of paths: [String], in project: Project) -> [String: String] {
        var refused: [String: String] = [:]
        let publishable = PreviewAssets.PublishableWords(root: project.root)
        let assetsRoot = PreviewAssets.assetsRoot(of: project)
        for path in paths {
            if case .refused(let why) = PreviewAssets.check(path, in: project, assetsRoot: assetsRoot) {
                refused[AssetPath.normalize(path)] = publishable(why)
            }
        }
        return refused
    }

    /// The snapshot linted in full again, with fresh coverage (after `applying`).
    public static func relinted(_ snapshot: PreviewSnapshot) async -> PreviewSnapshot {
        var result = snapshot
        let diagnostics = await Linter.lint(snapshot.project)
        result.replace(project: snapshot.project, diagnostics: diagnostics)
        result.coverage = coverage(of: snapshot.project)
        result.lintIsComplete = true
        return result
    }

    /// Sorts project-relative paths that changed into what they need.
    public static func classify(_ paths: [String]) -> Reload {
        var files: [String] = []
        for path in Set(paths).sorted() {
            if AssetPath.isHidden(path) { continue }
            let parts = AssetPath.parts(of: path)
            if path == Project.configFile || parts.first == "schema" { return .everything }
            if parts.first == "content", Project.isSourceFile(path) { files.append(path) }
            if parts.first == "content", parts.count == 2 { return .everything }  // a collection folder came or went
            if parts.first == "assets", parts.count >= 2 { files.append(path) }
        }
        return files.isEmpty ? .none : .files(files)
    }

    /// `snapshot` with the content files and assets at `paths` (project-relative) read again:
    /// only those files are parsed and only their items are checked (per-item rules, their
    /// references and assets); findings of other files are kept until `relinted`. Returns nil
    /// when a change needs a full load (a symlink anywhere on the path, a file outside a
    /// collection folder): the full load applies the project walker's rules, so a symlinked
    /// folder moved in while the preview runs is followed only where lint would follow it.
    public static func applying(_ paths: [String], to snapshot: PreviewSnapshot) -> PreviewSnapshot? {
        if paths.count == 1, let kept = applyingInPlace(paths[0], to: snapshot) { return kept }
        var project = snapshot.project
        let root = project.root
        var versions = snapshot.assetVersions
        var changedFiles: Set<String> = []
        var loadProblems: [Diagnostic] = []
        var newItems: [ContentItem] = []
        var touchedAssets: [String] = []
        for path in paths {
            let absolute = root.path + "/" + path
            let kind = Project.FileKind(absolute)
            if kind == .symlink || kind == .directory || passesThroughSymlink(path, under: root.path) { return nil }
            if path.hasPrefix("assets/") {
                let relative = String(path.dropFirst("assets/".count))
                touchedAssets.append(relative)
                let exists = kind == .regular
                let position = project.assetFiles.firstIndex { $0 >= relative } ?? project.assetFiles.count
                let present = position < project.assetFiles.count && project.assetFiles[position] == relative
                if exists && !present { project.assetFiles.insert(relative, at: position) }
                if !exists && present { project.assetFiles.remove(at: position) }
                versions[relative] = exists ? version(ofFileAt: absolute) : nil
                continue
            }
            let parts = path.split(separator: "/")
            guard parts.count >= 3 else { return nil }
            changedFiles.insert(path)
            let collection = String(parts[1])
            project.items.removeAll { $0.file == path }
            project.contentFiles.removeAll { $0 == path }
            project.unloadedFiles.removeAll { $0 == path }
            project.markedFiles.remove(path)
            guard kind == .regular else { continue }
            let insertFile = project.contentFiles.firstIndex { $0 > path } ?? project.contentFiles.count
            project.contentFiles.insert(path, at: insertFile)
            guard let data = SourceLoader.contents(of: absolute) else {
                if case .failed(let problems) = SourceLoader.load(contentsOf: URL(fileURLWithPath: absolute), path: path) {
                    loadProblems += problems
                }
                project.unloadedFiles.append(path)
                continue
            }
            if SourceHash.isMarked(data) { project.markedFiles.insert(path) }
            switch SourceLoader.load(data: data, path: path) {
            case .failed(let problems):
                loadProblems += problems
                project.unloadedFiles.append(path)
                project.unloadedFiles.sort()
            case .loaded(let node):
                let fileItems = ContentItem.items(in: node, collection: collection, problems: &loadProblems)
                let insertAt = project.items.firstIndex { $0.file > path } ?? project.items.count
                project.items.insert(contentsOf: fileItems, at: insertAt)
                newItems += fileItems
            }
        }
        project.diagnostics.removeAll { changedFiles.contains($0.location?.file ?? "") }
        project.diagnostics += loadProblems
        project.sources = SourceTexts(root: root)

        var result = snapshot
        result.assetVersions = versions
        for path in touchedAssets { result.refusedAssets[AssetPath.normalize(path)] = nil }
        let present = touchedAssets.filter { versions[$0] != nil }
        result.refusedAssets.merge(refusals(of: present, in: project)) { _, new in new }
        // The index of the new state answers the changed items' references (built once).
        let itemIndex = ItemIndex(project.items)
        let context = LintContext(project: project)
        context.itemIndex = itemIndex
        context.add(loadProblems)
        Linter.check(items: newItems, context: context)
        var diagnostics = snapshot.diagnostics.filter { !changedFiles.contains($0.location?.file ?? "") }
        diagnostics += context.diagnostics
        result.replace(project: project, diagnostics: Diagnostic.sortedForReport(diagnostics), itemIndex: itemIndex)
        result.generation = snapshot.generation + 1
        result.lintIsComplete = false
        return result
    }

    /// Whether a folder on the way from `root` to `path` (project-relative) is a symlink.
    static func passesThroughSymlink(_ path: String, under root: String) -> Bool {
        var current = root
        var info = stat()
        for part in AssetPath.parts(of: path).dropLast() {
            current += "/" + part
            guard lstat(current, &info) == 0 else { return false }  // gone: the kind check decides
            if info.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    static func coverage(of project: Project) -> LocalizationReport? {
        project.config.translationLocales.isEmpty ? nil : try? LocalizationReport(project: project)
    }

    static func assetVersions(_ project: Project) -> [String: String] {
        var versions: [String: String] = [:]
        for path in project.assetFiles {
            versions[path] = version(ofFileAt: project.assetURL(path).path)
        }
        return versions
    }

    /// Size and modification time (ns) of a file, as a short version string.
    static func version(ofFileAt path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "0" }
        #if canImport(Darwin)
            let nanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return String(Int64(info.st_size) &+ nanoseconds, radix: 36)
    }
}
