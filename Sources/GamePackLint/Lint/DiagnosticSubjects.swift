import GamePackContent

/// Names the item and field each finding is in (`Diagnostic.item`, `.field`), worked out from
/// its place: the item of the file whose text starts last before the finding, then the deepest
/// key or value of that item starting at or before it. Reports that must not depend on line
/// numbers (SARIF's fingerprints) identify a finding by these instead.
enum DiagnosticSubjects {
    /// `diagnostics` with `item` and `field` filled in where the place is inside an item with an id.
    static func placing(_ diagnostics: [Diagnostic], in project: Project) -> [Diagnostic] {
        guard !diagnostics.isEmpty else { return diagnostics }
        var itemsByFile: [String: [ContentItem]] = [:]
        for item in project.items where item.id != nil { itemsByFile[item.file, default: []].append(item) }
        return diagnostics.map { diagnostic in
            guard let location = diagnostic.location, location.hasPosition, let items = itemsByFile[location.file],
                !items.isEmpty
            else { return diagnostic }
            // Before the first item (a comment above it): the first item.
            let item = items[max(0, lastStarting(atOrBefore: location, in: items))]
            guard let id = item.id else { return diagnostic }
            var placed = diagnostic
            placed.item = "\(item.collection)/\(id)"
            placed.field = path(to: location, in: item.node)
            return placed
        }
    }

    /// The index of the last of `items` (in file order) that starts at or before `location`;
    /// -1 when none does. A binary search: a list file may hold thousands of items.
    static func lastStarting(atOrBefore location: SourceLocation, in items: [ContentItem]) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(items[middle].node.location, location) { high = middle } else { low = middle + 1 }
        }
        return low - 1
    }

    /// Whether `a` starts after `b` (line, then column).
    static func isAfter(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        (a.line, a.column) > (b.line, b.column)
    }

    /// The path (`details.text`, `stops[2]`) of the deepest entry or element of `node` that
    /// starts at or before `location`; nil for a place on the item itself.
    static func path(to location: SourceLocation, in node: SourceNode) -> String? {
        var path = ""
        var current = node
        while true {
            if let entries = current.entries {
                guard let entry = entries.last(where: { !isAfter($0.keyLocation, location) }) else { break }
                path += path.isEmpty ? entry.key : ".\(entry.key)"
                current = entry.value
            } else if let elements = current.elements {
                guard let index = elements.lastIndex(where: { !isAfter($0.location, location) }) else { break }
                path += "[\(index)]"
                current = elements[index]
            } else {
                break
            }
        }
        return path.isEmpty ? nil : path
    }
}
