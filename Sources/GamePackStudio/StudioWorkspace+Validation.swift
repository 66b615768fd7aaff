import Foundation
import GamePackContent
import GamePackFormat
import GamePackLint

extension StudioWorkspace {
    /// What an edit would make of the project, before anything is written.
    struct EditOutcome {
        var file: String
        var text: String
        var original: Data
        /// The edited item's findings, and those of the other items checked with it.
        var own: [Diagnostic]
        var others: [ItemKey: [Diagnostic]]
        /// The item as the new text holds it.
        var item: ContentItem?
        var milliseconds: Double
    }

    /// Rules whose errors make a value unsavable: the form holds something that cannot be right.
    static let refusingRules: Set<String> = [RuleID.wrongType, "out-of-range", "geo-range"]

    /// The edit of item `id` of `collection` to `values`: the file's new text (the minimal
    /// edit `PUT` would write) and the findings lint gives for the item and the items a change
    /// of it can affect (those referencing it, those sharing its unique values), linted with
    /// the item replaced in memory (`Linter.lint(only:of:index:)`).
    func outcome(of values: JSONValue, for collection: String, _ id: String) throws -> EditOutcome {
        let started = DispatchTime.now()
        guard let members = values.members else {
            throw StudioError.badRequest("`values` must be a JSON object of the item's fields", field: "values")
        }
        let givenID = members["id"].map { $0.stringValue ?? $0.text }
        guard givenID == id else {
            throw StudioError.badRequest(
                "`values.id` must stay `\(id)`; duplicate the item to give it a new id", field: "values.id")
        }
        let (item, position) = try self.item(collection, id)
        let path = root.path + "/" + item.file
        guard let original = FileManager.default.contents(atPath: path), let text = String(validating: original, as: UTF8.self)
        else { throw StudioError(409, "\(item.file) can no longer be read; reload the item") }
        let newText = try ItemFileEditor.edit(
            text, path: item.file, item: item, position: position, values: members, type: project.type(of: collection))
        let (own, others, edited) = try lint(newText, file: item.file, key: ItemKey(collection: collection, id: ItemID(id)))
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        return EditOutcome(
            file: item.file, text: newText, original: original, own: own, others: others, item: edited,
            milliseconds: milliseconds)
    }

    /// Lints the project with `file` holding `text`: the file's items, the items referencing
    /// `key` and those sharing its unique values. Also returns the item `key` as `text` holds it.
    func lint(_ text: String, file: String, key: ItemKey) throws -> (
        own: [Diagnostic], others: [ItemKey: [Diagnostic]], item: ContentItem?
    ) {
        var problems: [Diagnostic] = []
        let node: SourceNode
        switch SourceLoader.load(data: Data(text.utf8), path: file) {
        case .loaded(let loaded): node = loaded
        case .failed(let failures):
            throw StudioError(422, failures.first?.message ?? "the file does not parse", location: failures.first?.location)
        }
        let newItems = ContentItem.items(in: node, collection: key.collection, problems: &problems)
        var edited = project
        let newIndex: ItemIndex
        if let positions = project.positions(of: file, keptBy: newItems) {
            // Values changed only: the items swapped where they stand, the index kept.
            edited.items.replaceSubrange(positions, with: newItems)
            var kept = index
            kept.replaceItems(in: positions, with: newItems)
            newIndex = kept
        } else {
            let first = edited.items.firstIndex { $0.file == file } ?? edited.items.count
            edited.items.removeAll { $0.file == file }
            edited.items.insert(contentsOf: newItems, at: min(first, edited.items.count))
            newIndex = ItemIndex(edited.items)
        }
        edited.diagnostics = edited.diagnostics.filter { $0.location?.file != file } + problems
        var checked = newItems
        var seen = Set(newItems.compactMap { $0.id.map { ItemKey(collection: key.collection, id: $0) } })
        for referrer in referrers(of: key) where seen.insert(referrer).inserted {
            if let item = newIndex.item(referrer.collection, referrer.id) { checked.append(item) }
        }
        if let type = project.type(of: key.collection), let item = newItems.first(where: { $0.id == key.id }) {
            for spec in type.fields where spec.unique {
                guard let value = item.node[spec.name]?.scalarText else { continue }
                for other in edited.items where other.collection == key.collection && other.node[spec.name]?.scalarText == value {
                    if let id = other.id, seen.insert(ItemKey(collection: other.collection, id: id)).inserted {
                        checked.append(other)
                    }
                }
            }
        }
        let diagnostics = Linter.lint(only: checked, of: edited, index: newIndex)
        var checkedProject = edited
        checkedProject.items = checked
        var byItem = Self.attach(diagnostics, to: checkedProject)
        let own = byItem.removeValue(forKey: key) ?? []
        return (own, byItem.filter { !$0.value.isEmpty }, newItems.first { $0.id == key.id })
    }

    /// `POST /api/validate`: the findings of an unsaved change, and its geo paths' legs (a
    /// reordered route's new distances).
    func validateJSON(_ collection: String, _ id: String, values: JSONValue) throws -> JSONValue {
        let outcome = try self.outcome(of: values, for: collection, id)
        return .object([
            "findings": .array(outcome.own.map(\.json)),
            "others": .array(
                outcome.others.keys.sorted { $0.description < $1.description }.map { key in
                    .object([
                        "type": .string(key.collection), "id": .string(key.id.text),
                        "findings": .array(outcome.others[key]!.map(\.json)),
                    ])
                }),
            "paths": outcome.item.map { pathsJSON(of: $0) } ?? .array([]),
            "milliseconds": .number(outcome.milliseconds),
        ])
    }
}
