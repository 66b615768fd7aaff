import Foundation
import GamePackContent
import GamePackLocalization

/// One state of a project as the preview shows it: the loaded project, its lint findings, its
/// translation coverage, and indexes that attach every finding to the item it belongs to.
public struct PreviewSnapshot: Sendable {
    public private(set) var project: Project
    /// Every finding, sorted for report.
    public private(set) var diagnostics: [Diagnostic]
    /// Translation coverage per locale (nil for a project with one locale).
    public var coverage: LocalizationReport?
    /// Grows by one with every change the preview takes in; pages and events carry it.
    public var generation: Int
    /// False while only the changed files were checked again (a full lint follows).
    public var lintIsComplete: Bool
    /// A version per asset path (relative to `assets/`) that changes when the file does
    /// (its size and modification time), so a replaced image is fetched again.
    public var assetVersions: [String: String]
    /// Assets the preview refuses to hand out (live: every file of `assets/`; static: those the
    /// content uses), with the reason (`PreviewAssets.check`): their pages say why instead of
    /// showing a broken image or "missing".
    public var refusedAssets: [String: String] = [:]

    /// The items by collection and id (of items sharing an id, the first: see `ItemIndex`).
    package internal(set) var itemIndex = ItemIndex([])
    /// Item indexes per collection, in project order.
    public private(set) var itemsByCollection: [String: [Int]] = [:]
    /// Findings per item index.
    var findingsByItem: [Int: [Diagnostic]] = [:]
    /// Findings that belong to no item (config, schema, files that do not parse, assets).
    public private(set) var unattachedFindings: [Diagnostic] = []

    public init(
        project: Project, diagnostics: [Diagnostic], coverage: LocalizationReport?, generation: Int,
        lintIsComplete: Bool, assetVersions: [String: String]
    ) {
        self.project = project
        self.diagnostics = diagnostics
        self.coverage = coverage
        self.generation = generation
        self.lintIsComplete = lintIsComplete
        self.assetVersions = assetVersions
        buildIndexes()
    }

    /// Fills the item and finding indexes.
    mutating func buildIndexes(itemIndex prebuilt: ItemIndex? = nil) {
        itemIndex = prebuilt ?? ItemIndex(project.items)
        itemsByCollection = [:]
        var itemsByFile: [String: [Int]] = [:]
        for (index, item) in project.items.enumerated() {
            itemsByCollection[item.collection, default: []].append(index)
            itemsByFile[item.file, default: []].append(index)
        }
        // Lists show a collection by id as numbers sort (2 before 10), items without an id last,
        // each run in file order.
        for (collection, indexes) in itemsByCollection {
            let keys = indexes.map { project.items[$0].id.map(ItemID.SortKey.init) }
            itemsByCollection[collection] = indexes.indices.sorted { a, b in
                switch (keys[a], keys[b]) {
                case (let x?, let y?): x < y || (x == y && a < b)
                case (.some, .none): true
                case (.none, .some): false
                case (.none, .none): a < b
                }
            }.map { indexes[$0] }
        }
        findingsByItem = [:]
        unattachedFindings = []
        for diagnostic in diagnostics {
            guard let location = diagnostic.location, let candidates = itemsByFile[location.file] else {
                unattachedFindings.append(diagnostic)
                continue
            }
            if let owner = owner(of: location, among: candidates) {
                findingsByItem[owner, default: []].append(diagnostic)
            } else {
                unattachedFindings.append(diagnostic)
            }
        }
    }

    /// The item a finding at `location` belongs to, of its file's items at `candidates`: the last
    /// one starting at or before its line; for a finding without a line, the file's only item.
    private func owner(of location: SourceLocation, among candidates: [Int]) -> Int? {
        guard location.hasPosition else { return candidates.count == 1 ? candidates[0] : nil }
        return candidates.last { project.items[$0].node.location.line <= location.line } ?? candidates.first
    }

    /// `replace` after `file`'s items were swapped where they stand, the same items by collection
    /// and id at `positions` (`Project.positions(of:keptBy:)`): the collection lists stay as
    /// they are; only `file`'s findings are attached again.
    mutating func replace(
        project: Project, diagnostics: [Diagnostic], itemIndex: ItemIndex, keeping file: String, at positions: Range<Int>
    ) {
        self.project = project
        self.diagnostics = diagnostics
        self.itemIndex = itemIndex
        for position in positions { findingsByItem[position] = nil }
        var unattached = unattachedFindings.filter { $0.location?.file != file }
        let candidates = Array(positions)
        for diagnostic in diagnostics {
            guard let location = diagnostic.location, location.file == file else { continue }
            if let owner = owner(of: location, among: candidates) {
                findingsByItem[owner, default: []].append(diagnostic)
            } else {
                unattached.append(diagnostic)
            }
        }
        unattachedFindings = Diagnostic.sortedForReport(unattached)
    }

    /// The item of `collection` with `id`.
    public func item(_ collection: String, _ id: ItemID) -> ContentItem? {
        itemIndex.item(collection, id)
    }

    /// The index of the item of `collection` with `id` in `project.items`.
    func index(_ collection: String, _ id: ItemID) -> Int? { itemIndex.position(collection, id) }

    /// The findings attached to the item at `index` of `project.items`.
    public func findings(ofItemAt index: Int) -> [Diagnostic] { findingsByItem[index] ?? [] }

    /// Findings of files that do not parse (syntax errors), config and schema problems: what
    /// every page shows in a banner, so a broken file is never hidden behind an older state.
    public var blockingFindings: [Diagnostic] {
        unattachedFindings.filter { ["syntax", "config", "schema"].contains($0.rule) && $0.severity == .error }
    }

    /// Counts of findings by severity.
    public var counts: (errors: Int, warnings: Int, notes: Int) {
        var result = (0, 0, 0)
        for d in diagnostics {
            switch d.severity {
            case .error: result.0 += 1
            case .warning: result.1 += 1
            case .note: result.2 += 1
            }
        }
        return result
    }

    /// Replaces the project and findings, keeping coverage and asset versions.
    mutating func replace(project: Project, diagnostics: [Diagnostic], itemIndex: ItemIndex? = nil) {
        self.project = project
        self.diagnostics = diagnostics
        buildIndexes(itemIndex: itemIndex)
    }
}
