import Crypto
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackLint
import GamePackSite

/// The project as the studio holds it: the loaded and linted project (a `PreviewSnapshot`,
/// kept current by `PreviewWorkspace.applying` after each save), each file's version token
/// (a SHA-256 of its bytes as loaded), the collection lists and who references whom. One actor,
/// so saves are taken in one at a time.
public actor StudioWorkspace {
    public let root: URL
    private(set) var snapshot: PreviewSnapshot
    private(set) var versions: [String: String] = [:]
    private(set) var collections: [String: CollectionIndex] = [:]
    private(set) var facts: [ItemKey: ItemFacts] = [:]
    private(set) var referrers: [ItemKey: Set<ItemKey>] = [:]
    private(set) var findings: [ItemKey: [Diagnostic]] = [:]
    private var relint: Task<Void, Never>?

    /// Loads and lints the project at `root` (the loader and linter of `lint` and `build`).
    public init(root: URL) async throws {
        self.root = root.standardizedFileURL
        let snapshot = try await PreviewWorkspace.load(at: self.root)
        self.snapshot = snapshot
        rebuild()
    }

    var project: Project { snapshot.project }
    /// The items by collection and id (the snapshot's index).
    var index: ItemIndex { snapshot.itemIndex }

    /// The token of a file's bytes.
    static func version(of data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// Builds every index from the snapshot.
    private func rebuild() {
        findings = Self.attach(snapshot.diagnostics, to: project)
        facts = [:]
        referrers = [:]
        var entries: [String: [CollectionIndex.Entry]] = [:]
        for item in project.items {
            if let entry = take(item) { entries[item.collection, default: []].append(entry) }
        }
        collections = entries.mapValues(CollectionIndex.init)
        for file in Set(project.items.map(\.file)) where versions[file] == nil {
            versions[file] = FileManager.default.contents(atPath: root.path + "/" + file).map(Self.version) ?? ""
        }
    }

    /// Records `item`'s facts and whom it references; returns its collection list entry (nil
    /// for an item without an id).
    private func take(_ item: ContentItem) -> CollectionIndex.Entry? {
        guard let id = item.id else { return nil }
        let key = ItemKey(collection: item.collection, id: id)
        let itemFacts = ItemFacts.of(item, type: project.type(of: item.collection))
        facts[key] = itemFacts
        for target in itemFacts.references { referrers[target, default: []].insert(key) }
        return CollectionIndex.entry(
            for: item, facts: itemFacts, findings: findings[key] ?? [], defaultLocale: project.config.defaultLocale)
    }

    /// Findings by the item they are in: the last item of the finding's file starting at or
    /// before its line (the preview's rule).
    static func attach(_ diagnostics: [Diagnostic], to project: Project) -> [ItemKey: [Diagnostic]] {
        let byFile = Dictionary(grouping: project.items.filter { $0.id != nil }, by: \.file)
        var result: [ItemKey: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            guard let location = diagnostic.location, let candidates = byFile[location.file] else { continue }
            let owner =
                location.hasPosition
                ? (candidates.last { $0.node.location.line <= location.line } ?? candidates.first)
                : (candidates.count == 1 ? candidates.first : nil)
            if let owner, let id = owner.id {
                result[ItemKey(collection: owner.collection, id: id), default: []].append(diagnostic)
            }
        }
        return result
    }

    /// Takes in files changed by the studio or on disk: parsed and checked again alone, the
    /// indexes updated for their items only; the whole project is linted again in the
    /// background, whose findings then replace the quick ones.
    func reload(_ paths: [String]) async {
        let changed = Set(paths)
        let before = project.items.filter { changed.contains($0.file) }
        if let next = PreviewWorkspace.applying(paths, to: snapshot) {
            snapshot = next
            update(files: changed, replacing: before)
        } else if let full = try? await PreviewWorkspace.load(at: root, generation: snapshot.generation + 1) {
            snapshot = full
            versions = [:]
            rebuild()
        }
        // The full lint waits for a pause in the saves: a newer save cancels it.
        let base = snapshot
        relint?.cancel()
        relint = Task { [weak self] in
            try? await Task.sleep(nanoseconds: 500_000_000)
            guard !Task.isCancelled else { return }
            let relinted = await PreviewWorkspace.relinted(base)
            guard !Task.isCancelled else { return }
            await self?.finishRelint(relinted, base: base.generation)
        }
    }

    /// The indexes with the items of `files` (which were `old`) taken out and put in again.
    private func update(files: Set<String>, replacing old: [ContentItem]) {
        for item in old {
            guard let id = item.id else { continue }
            let key = ItemKey(collection: item.collection, id: id)
            collections[item.collection]?.remove(id)
            findings[key] = nil
            for target in facts.removeValue(forKey: key)?.references ?? [] { referrers[target]?.remove(key) }
        }
        var changed = project
        changed.items = project.items.filter { files.contains($0.file) }
        for (key, found) in Self.attach(snapshot.diagnostics.filter { files.contains($0.location?.file ?? "") }, to: changed) {
            findings[key] = found
        }
        for item in changed.items {
            if let entry = take(item) { collections[item.collection, default: CollectionIndex()].upsert(entry) }
        }
        for file in files {
            versions[file] = FileManager.default.contents(atPath: root.path + "/" + file).map(Self.version)
        }
    }

    private func finishRelint(_ result: PreviewSnapshot, base: Int) {
        guard snapshot.generation == base else { return }
        snapshot = result
        rebuild()
    }

    /// Takes in the file of `key` again when its bytes on disk differ from those loaded (a
    /// `git pull`, an editor), so every answer describes the file as it is.
    func refreshIfChanged(_ file: String) async {
        let current = FileManager.default.contents(atPath: root.path + "/" + file).map(Self.version) ?? ""
        if let known = versions[file], known != current { await reload([file]) }
    }

    /// The item `id` of `collection`, with its position among its file's items.
    func item(_ collection: String, _ id: String) throws -> (item: ContentItem, position: Int) {
        guard project.types[collection] != nil else {
            throw StudioError.notFound("no content type `\(collection)`; GET /api/types lists them")
        }
        guard let item = index.item(collection, ItemID(id)) else {
            // A file of the collection that does not parse may hold it: say where it breaks.
            let unloaded = project.unloadedFiles.filter { $0.hasPrefix("content/\(collection)/") }
            let likely = unloaded.first { ($0 as NSString).lastPathComponent.hasPrefix(id + ".") } ?? unloaded.first
            if let likely, let problem = snapshot.diagnostics.first(where: { $0.location?.file == likely }) {
                throw StudioError(
                    422, "\(likely) does not parse, so its items cannot be edited: \(problem.message); fix the file",
                    location: problem.location)
            }
            throw StudioError.notFound("no \(collection) item with id `\(id)`")
        }
        let inFile = project.items.filter { $0.file == item.file }
        let position = inFile.firstIndex { $0.collection == collection && $0.id == item.id } ?? 0
        return (item, position)
    }

    /// Who references `key`, sorted.
    func referrers(of key: ItemKey) -> [ItemKey] {
        (referrers[key] ?? []).sorted { ($0.collection, ItemID.SortKey($0.id)) < ($1.collection, ItemID.SortKey($1.id)) }
    }
}

extension StudioWorkspace {
    /// How many items the project has.
    public var itemCount: Int { project.items.count }
}
