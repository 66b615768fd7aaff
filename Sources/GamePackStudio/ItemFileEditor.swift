import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization

/// Writes an item's new values into its YAML file's text with the smallest change: a changed
/// scalar has only its value replaced (its key, its comment and the rest of its line stay);
/// a map is descended into, so a changed Dutch text leaves the English line alone; a removed
/// field's lines go; an added field goes after the map's last entry; a list or a value that
/// changed kind is written anew at its place. Everything else (comments, key order, quoting,
/// blank lines, line breaks) stays byte for byte. Values end where the translation writer's
/// scanner says (`SourceTextSpans`). The result is read back and must mean exactly the new
/// values, or nothing is written.
struct ItemFileEditor {
    typealias Position = TextPosition

    let path: String
    let spans: SourceTextSpans
    var replacements: [TextReplacement] = []

    init(path: String, text: String) {
        self.path = path
        spans = SourceTextSpans(path: path, text: text)
    }

    /// The file's new text with `item` (the `position`th item of the file, of `type`) holding
    /// `values`.
    static func edit(
        _ text: String, path: String, item: ContentItem, position: Int, values: [String: JSONValue], type: ContentType?
    ) throws -> String {
        guard !path.lowercased().hasSuffix(".json") else {
            throw StudioError(
                422, "\(path) is a JSON file; the studio edits YAML files only: edit it by hand or convert it to YAML")
        }
        var editor = ItemFileEditor(path: path, text: text)
        guard let entries = item.node.entries else {
            throw StudioError(422, "the item is not a map", location: item.node.location)
        }
        if editor.spans.char(editor.spans.position(item.node.location)) == "{" {
            throw StudioError(
                422, "the item is written as a flow map ({…}); write it as a block map to edit it here",
                location: item.node.location)
        }
        let indent = (entries.first?.keyLocation.column ?? 1) - 1
        try editor.planMap(item.node, values, indent: indent, order: type?.fields.map(\.name) ?? [], specs: type?.fields ?? [])
        let result: String
        do {
            result = try editor.spans.applying(editor.replacements)
        } catch let error as LocalizationError {
            throw StudioError(422, "\(error.description); edit the file by hand", location: item.node.location)
        }
        try verify(result, path: path, collection: item.collection, position: position, values: values)
        return result
    }

    /// Reads `text` back: its `position`th item must hold exactly `values`.
    static func verify(_ text: String, path: String, collection: String, position: Int, values: [String: JSONValue]) throws {
        var problems: [Diagnostic] = []
        guard case .loaded(let root) = SourceLoader.load(data: Data(text.utf8), path: path) else {
            throw StudioError(422, "\(path): the edited file would not parse; nothing was written")
        }
        let items = ContentItem.items(in: root, collection: collection, problems: &problems)
        guard position < items.count, items[position].node.json.sameValue(as: .object(values)) else {
            throw StudioError(422, "\(path): the studio could not write this change safely; nothing was written")
        }
    }

    // MARK: Planning

    mutating func planMap(_ node: SourceNode, _ values: [String: JSONValue], indent: Int, order: [String], specs: [FieldSpec])
        throws
    {
        let entries = node.entries ?? []
        for entry in entries {
            let keyStart = position(entry.keyLocation)
            guard let new = values[entry.key] else {
                guard prefixIsBlank(keyStart) else {
                    throw StudioError(
                        422, "the first field of a list item (\(entry.key)) cannot be removed here",
                        field: entry.key, location: entry.keyLocation)
                }
                let last = entryEnd(entry)
                let next = last.line + 1 < spans.lines.count ? Position(line: last.line + 1, column: 0) : last
                replacements.append(.init(start: Position(line: keyStart.line, column: 0), end: next, text: ""))
                continue
            }
            let spec = specs.first { $0.name == entry.key }
            try plan(entry, new, indent: keyStart.column, spec: spec)
        }
        let added = YAMLRendering.orderedKeys(values, order).filter { key in !entries.contains { $0.key == key } }
        guard !added.isEmpty else { return }
        // After the last line of the last entry that stays (its comment stays on its line).
        let end =
            entries.last { values[$0.key] != nil }.map { entryEnd($0) }.map {
                Position(line: $0.line, column: spans.lines[$0.line].count)
            } ?? position(node.location)
        let pad = String(repeating: " ", count: indent)
        let text = added.map { key in
            spans.newline + pad
                + YAMLRendering.entry(
                    key, values[key]!, indent: indent + 2, order: fieldOrder(key, specs), newline: spans.newline)
        }.joined()
        replacements.append(.init(start: end, end: end, text: text))
    }

    func fieldOrder(_ key: String, _ specs: [FieldSpec]) -> [String] {
        specs.first { $0.name == key }?.fields.map(\.name) ?? ["en", "nl", "latitude", "longitude"]
    }

    mutating func plan(_ entry: SourceEntry, _ new: JSONValue, indent: Int, spec: FieldSpec?) throws {
        let old = entry.value
        if old.json.sameValue(as: new) { return }
        let start = position(old.location)
        let flow = char(start) == "{" || char(start) == "["
        if let members = new.members, old.entries != nil, !flow {
            let childIndent = (old.entries?.first?.keyLocation.column ?? indent + 3) - 1
            try planMap(
                old, members, indent: childIndent, order: fieldOrder(entry.key, spec.map { [$0] } ?? []),
                specs: spec?.fields ?? [])
            return
        }
        if flow, let members = new.members, let entries = old.entries, Set(members.keys) == Set(entries.map(\.key)),
            entries.allSatisfy({ $0.value.scalarText != nil && members[$0.key]!.isScalar })
        {
            // A flow map ({latitude: …, longitude: …}) keeps its untouched values as written.
            for child in entries where !child.value.json.sameValue(as: members[child.key]!) {
                let from = position(child.value.location)
                let end = try spans.endOfScalar(at: from, flow: true, parentIndent: indent)
                replacements.append(.init(start: from, end: end, text: YAMLRendering.render(members[child.key]!, indent: 0)))
            }
            return
        }
        if new.isScalar, old.scalarText != nil, start.line == entry.keyLocation.line - 1 {
            let end = try spans.endOfScalar(at: start, flow: false, parentIndent: indent)
            replacements.append(.init(start: start, end: end, text: YAMLRendering.render(new, indent: 0)))
            return
        }
        // Anything else: the entry written anew, from its key to the end of its value.
        let keyStart = position(entry.keyLocation)
        let text = YAMLRendering.entry(
            entry.key, new, indent: indent + 2, order: fieldOrder(entry.key, spec.map { [$0] } ?? []), newline: spans.newline)
        replacements.append(.init(start: keyStart, end: entryEnd(entry), text: text))
    }

    /// The end of an entry's value: the end of the last line that is not blank or a comment,
    /// before the next line indented as deep as the key or less (a list at the key's own
    /// indentation belongs to it).
    func entryEnd(_ entry: SourceEntry) -> Position {
        let key = position(entry.keyLocation)
        var last = key.line
        var line = key.line + 1
        let lines = spans.lines
        while line < lines.count {
            let content = lines[line]
            guard let indent = spans.indentation(line) else {
                line += 1
                continue
            }
            let first = content.startIndex + indent
            if content[first] == "#" {
                line += 1
                continue
            }
            let dash = content[first] == "-" && (first + 1 == content.endIndex || content[first + 1] == " ")
            guard indent > key.column || (indent == key.column && dash && entry.value.elements != nil) else { break }
            last = line
            line += 1
        }
        let valueStart = position(entry.value.location)
        if char(valueStart) == "[" || char(valueStart) == "{", let end = try? spans.endOfFlowCollection(at: valueStart) {
            // A flow list or map ends at its bracket: the line's comment stays.
            return end
        }
        if last == key.line, entry.value.location.line - 1 == key.line, entry.value.scalarText != nil || entry.value.isNull {
            // A one-line value keeps the line's comment.
            if let end = try? spans.endOfScalar(at: valueStart, flow: false, parentIndent: key.column), end.line == key.line {
                return end
            }
        }
        return Position(line: last, column: lines[last].count)
    }

    // MARK: Text

    func position(_ location: SourceLocation) -> Position { spans.position(location) }

    func char(_ p: Position) -> Unicode.Scalar? { spans.char(p) }

    func prefixIsBlank(_ p: Position) -> Bool {
        let line = spans.lines[p.line]
        return line.prefix(p.column).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
