import Foundation

extension Project {
    /// The positions in `items` of `file`'s items when `replacements` are those same items by
    /// collection and id, in the same order: an edit that changed values only (the common save
    /// in the studio, an edited text in the preview), whose items can be replaced where they
    /// stand. Nil when the file has no items yet, or its items came, went, moved or changed id.
    package func positions(of file: String, keptBy replacements: [ContentItem]) -> Range<Int>? {
        // Items are ordered by file, so a file's items are one run.
        guard let start = items.firstIndex(where: { $0.file == file }) else { return nil }
        var end = start
        while end < items.count, items[end].file == file { end += 1 }
        guard end - start == replacements.count else { return nil }
        for (offset, replacement) in replacements.enumerated() {
            let old = items[start + offset]
            guard old.collection == replacement.collection, old.id == replacement.id else { return nil }
        }
        return start..<end
    }
}
