import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization

extension StudioWorkspace {
    /// `PUT /api/items/{type}/{id}`: writes the item's new values with the smallest change,
    /// unless the file changed since `version` was handed out (409 with both versions) or a
    /// value is of the wrong type or out of range (422 with the findings).
    func save(_ collection: String, _ id: String, values: JSONValue, version: String?) async throws -> JSONValue {
        guard let version, !version.isEmpty else {
            throw StudioError.badRequest("`version` is required: send the version GET /api/items gave", field: "version")
        }
        let (item, _) = try self.item(collection, id)
        let onDisk = FileManager.default.contents(atPath: root.path + "/" + item.file) ?? Data()
        let current = Self.version(of: onDisk)
        guard current == version else {
            await reload([item.file])
            let theirs = (try? self.item(collection, id).item.node.json) ?? .null
            throw StudioError(
                409,
                "\(item.file) changed on disk since you opened it; nothing was written. Compare both versions and save again",
                field: "version", location: .file(item.file),
                details: [
                    "yours": values, "theirs": theirs, "theirsText": .string(String(decoding: onDisk, as: UTF8.self)),
                    "version": .string(current),
                ])
        }
        let outcome = try self.outcome(of: values, for: collection, id)
        if let refused = outcome.own.first(where: { $0.severity == .error && Self.refusingRules.contains($0.rule) }) {
            throw StudioError(
                422, refused.message + (refused.fix.map { "; \($0)" } ?? ""), field: refused.field, location: refused.location,
                details: ["findings": .array(outcome.own.map(\.json))])
        }
        try write(outcome.text, to: outcome.file)
        await reload([outcome.file])
        return try await itemJSON(collection, id)
    }

    /// Writes `text` to the project-relative `file` atomically (a temporary file beside it,
    /// then a rename), refusing any path that leaves the project.
    func write(_ text: String, to file: String) throws {
        let url = try ProjectPaths.inside(root, file, field: "file")
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).studio-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 { throw StudioError(500, "cannot replace \(file): errno \(errno)") }
        } catch let error as StudioError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw StudioError(500, "cannot write \(file): \(error.localizedDescription)")
        }
    }

    /// `POST /api/items/{type}`: a new item with the next id of the collection's scheme, in a
    /// file of its own when the collection keeps one item per file, else at the end of its
    /// list file.
    func create(_ collection: String, values: JSONValue) async throws -> JSONValue {
        guard let type = project.types[collection] else {
            throw StudioError.notFound("no content type `\(collection)`; GET /api/types lists them")
        }
        guard var members = values.members ?? (values == .null ? [:] : nil) else {
            throw StudioError.badRequest("`values` must be a JSON object of the item's fields", field: "values")
        }
        let items = project.items.filter { $0.collection == collection }
        let id = IDScheme.next(for: items, name: members["name"])
        members["id"] = IDScheme.value(id)
        let order = ["id"] + type.fields.map(\.name)
        let body = YAMLRendering.render(.object(members), indent: 2, order: order)
        let perFile = IDScheme.onePerFile(items)
        let file: String
        let text: String
        if perFile {
            file = "content/\(collection)/\(id.text).yaml"
            guard !FileManager.default.fileExists(atPath: root.path + "/" + file) else {
                throw StudioError(409, "\(file) already exists; reload and try again")
            }
            text = String(YAMLRendering.render(.object(members), indent: 0, order: order).dropFirst()) + "\n"
        } else {
            file = items.last!.file
            let existing = String(decoding: FileManager.default.contents(atPath: root.path + "/" + file) ?? Data(), as: UTF8.self)
            text = existing + (existing.hasSuffix("\n") || existing.isEmpty ? "" : "\n") + "- " + String(body.dropFirst(3)) + "\n"
        }
        let position = perFile ? 0 : project.items.count(where: { $0.file == file })
        try ItemFileEditor.verify(text, path: file, collection: collection, position: position, values: members)
        try write(text, to: file)
        await reload([file])
        return try await itemJSON(collection, id.text)
    }

    /// `POST /api/items/{type}/{id}/duplicate`: a copy under a new id.
    func duplicate(_ collection: String, _ id: String) async throws -> JSONValue {
        var members = try self.item(collection, id).item.node.json.members ?? [:]
        members["id"] = nil
        return try await create(collection, values: .object(members))
    }

    /// `DELETE /api/items/{type}/{id}`: refused (409, listing them) while others reference the
    /// item, unless `confirmed` (`?confirm=true`: the editor saw the list and asked first).
    func delete(_ collection: String, _ id: String, confirmed: Bool) async throws {
        let (item, position) = try self.item(collection, id)
        let referencing = referrers(of: ItemKey(collection: collection, id: ItemID(id)))
        guard referencing.isEmpty || confirmed else {
            throw StudioError(
                409,
                "\(referencing.count) item(s) reference \(collection)/\(id); change them first, or confirm the delete with ?confirm=true (their references then dangle)",
                field: "confirm",
                details: [
                    "referrers": .array(referencing.map { .object(["type": .string($0.collection), "id": .string($0.id.text)]) })
                ])
        }
        let inFile = project.items.filter { $0.file == item.file }
        if inFile.count == 1 {
            let url = try ProjectPaths.inside(root, item.file, field: "file")
            try FileManager.default.removeItem(at: url)
        } else {
            let text = String(
                decoding: FileManager.default.contents(atPath: root.path + "/" + item.file) ?? Data(), as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let start = item.node.location.line - 1
            let end =
                position + 1 < inFile.count
                ? inFile[position + 1].node.location.line - 1 : lines.count - (lines.last?.isEmpty == true ? 1 : 0)
            lines.removeSubrange(start..<max(start, end))
            let newText = lines.joined(separator: "\n")
            guard case .loaded(let root) = SourceLoader.load(data: Data(newText.utf8), path: item.file),
                (root.elements?.count ?? 1) == inFile.count - 1
            else { throw StudioError(422, "\(item.file): the item cannot be removed safely; edit the file by hand") }
            try write(newText, to: item.file)
        }
        await reload([item.file])
    }

    /// `PUT /api/translations`: writes one translation (as `l10n import` does), or marks the
    /// text intentionally identical to the source (`identical: true`).
    func translate(unit: String, locale: String, text: String?, identical: Bool) async throws -> String {
        let parts = unit.split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { throw StudioError.badRequest("`unit` is collection/id/field", field: "unit") }
        var scoped = project
        scoped.items = project.items.filter { $0.collection == parts[0] && $0.id?.text == parts[1] }
        let source = TranslationInventory(project: scoped).fields.first { $0.unitID == unit }?.source
        guard let source else { throw StudioError.notFound("no localized text `\(unit)`") }
        guard let written = identical ? source : text else {
            throw StudioError.badRequest("`text` is required unless `identical` is true", field: "text")
        }
        do {
            let file = try TranslationWriter.write(written, locale: locale, unitID: unit, approved: identical, project: project)
            await reload([file])
            return file
        } catch let error as LocalizationError {
            throw StudioError(422, error.description, field: "text")
        }
    }
}
