import Foundation
import GamePackContent

extension XLIFFImporter {
    /// The edits to make in one source file.
    struct FileEdit: Sendable {
        /// The project-relative path.
        var file: String
        /// The file's items as the project read them.
        var items: [ContentItem]
        /// Every translatable field of the file (for the hash comment keys).
        var fields: [TranslatableField]
        /// The fields to write, their new texts, and whether to mark them approved.
        var edits: [(field: TranslatableField, text: String, approved: Bool)]

        /// A file's new and original bytes, or why it cannot be edited.
        enum Outcome: Sendable {
            case edited((new: Data, original: Data))
            case failed(LocalizationError)
        }
    }

    /// The new bytes of a file with its edits applied for `locale`, read back and checked, and
    /// the file's current bytes. Throws `sourceChangedOnDisk` when the file is no longer what
    /// `project` read, `cannotEdit` when it cannot be edited safely.
    static func editedFile(_ job: FileEdit, project: Project, locale: String) throws -> (new: Data, original: Data) {
        let file = job.file
        let path = project.root.path + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocalizationError.io(path: file, reason: "cannot read the file")
        }
        /// Whether the file on disk differs from what the project read (values or positions).
        func changedOnDisk() -> Bool {
            guard case .loaded(let root) = SourceLoader.load(data: data, path: file) else { return true }
            let current = items(in: root)
            return current.count != job.items.count
                || zip(current, job.items).contains { !SourceShape.sameNodes($0.node, $1.node) }
        }
        do {
            // Not `String(data:encoding:)`, which drops a byte order mark.
            guard let text = String(validating: data, as: UTF8.self) else {
                throw LocalizationError.sourceChangedOnDisk(file: file)
            }
            let defaultLocale = project.config.defaultLocale
            var expected = job.items.map { SourceShape($0.node) }
            var edits: [TranslationFileEditor.Edit] = []
            for (field, newText, approved) in job.edits {
                guard let index = job.items.firstIndex(where: { $0.collection == field.collection && $0.id == field.itemID }),
                    let updated = expected[index].updating(
                        SourceShape.steps(field.field)[...],
                        { $0.settingTranslation(locale, to: newText, defaultLocale: defaultLocale) })
                else { throw LocalizationError.sourceChangedOnDisk(file: file) }
                expected[index] = updated
                edits.append(
                    .init(field: field, locale: locale, text: newText, hash: SourceHash.of(field.source), approved: approved))
            }
            let editor = TranslationFileEditor(path: file, text: text, defaultLocale: defaultLocale)
            let newText = try editor.apply(edits, fields: job.fields)

            // Read the result back: it must mean exactly what was intended, hashes included.
            let check = { (reason: String) in
                LocalizationError.cannotEdit(
                    location: .file(file),
                    reason:
                        "the edited file would not read back as intended (\(reason)); nothing was written. Please report this with the file"
                )
            }
            let newData = Data(newText.utf8)
            guard case .loaded(let newRoot) = SourceLoader.load(data: newData, path: file) else {
                throw check("it does not parse")
            }
            let newItems = items(in: newRoot)
            guard newItems.map({ SourceShape($0.node) }) == expected else { throw check("its values differ") }
            if !editor.isJSON {
                let newFields = fieldsByItem(newItems, loadedItems: job.items, project: project, text: newText).flatMap(\.fields)
                for edit in edits {
                    let text = newFields.first { $0.unitID == edit.field.unitID }?.texts[locale]
                    let stored = text?.storedHash
                    guard stored == edit.hash else {
                        throw check("the source hash of \(edit.field.unitID) reads back as \(stored ?? "none")")
                    }
                    guard text?.approved == edit.approved else {
                        throw check("the approval of \(edit.field.unitID) does not read back")
                    }
                }
            }
            return (newData, data)
        } catch {
            if changedOnDisk() { throw LocalizationError.sourceChangedOnDisk(file: file) }
            throw error
        }
    }

    /// The items (maps) of a file's root with their index in the root list (0 for a single item),
    /// as `Project.load` reads them.
    static func items(in root: SourceNode) -> [(index: Int, node: SourceNode)] {
        guard let elements = root.elements else { return root.entries == nil ? [] : [(0, root)] }
        return elements.enumerated().filter { $0.element.entries != nil }.map { ($0.offset, $0.element) }
    }

    /// The translatable fields of each item of a file, read from `text`, with the item's index
    /// in the root list.
    static func fieldsByItem(
        _ items: [(index: Int, node: SourceNode)], loadedItems: [ContentItem], project: Project, text: String
    )
        -> [(index: Int, fields: [TranslatableField])]
    {
        let lines = SourceLines(text)
        return items.enumerated().compactMap { position, item in
            guard position < loadedItems.count, let type = project.type(of: loadedItems[position].collection),
                let id = item.node["id"].flatMap(ItemID.init(node:))
            else { return nil }
            let fields = TranslationInventory.fields(
                of: item.node, collection: loadedItems[position].collection, id: id, type: type,
                defaultLocale: project.config.defaultLocale,
                line: { lines.line($0) })
            return (item.index, fields)
        }
    }
}
