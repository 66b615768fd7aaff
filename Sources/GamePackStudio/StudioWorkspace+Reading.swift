import Foundation
import GamePackContent
import GamePackFormat
import GamePackLint
import GamePackLocalization

extension StudioWorkspace {
    /// `GET /api/types`: every content type's form.
    func typesJSON() -> JSONValue {
        var folders: [String: [String: Int]] = [:]
        for item in project.items {
            guard let type = project.type(of: item.collection) else { continue }
            for spec in type.fields where spec.type == .image || spec.type == .audio {
                guard let path = item.node[spec.name]?.scalarText, let slash = path.lastIndex(of: "/") else { continue }
                folders["\(item.collection).\(spec.name)", default: [:]][String(path[..<slash]), default: 0] += 1
            }
        }
        let assetFolders = folders.mapValues { counts in counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key }
        let types = project.types.values.sorted { $0.name < $1.name }.map { type in
            FormSpecs.form(
                of: type, assetFolders: assetFolders, isBuiltIn: type.sourceFile == nil,
                itemCount: collections[type.name]?.entries.count ?? 0)
        }
        return .object([
            "types": .array(types), "defaultLocale": .string(project.config.defaultLocale),
            "locales": .array(([project.config.defaultLocale] + project.config.translationLocales).map(JSONValue.string)),
        ])
    }

    /// `GET /api/collections/{type}`: one page of a collection's list.
    func collectionJSON(_ collection: String, query: String, offset: Int, limit: Int) throws -> JSONValue {
        guard project.types[collection] != nil else {
            throw StudioError.notFound("no content type `\(collection)`; GET /api/types lists them")
        }
        let (entries, total) = (collections[collection] ?? CollectionIndex()).page(query: query, offset: offset, limit: limit)
        return .object([
            "type": .string(collection), "total": .int(total), "offset": .int(offset), "limit": .int(limit),
            "items": .array(entries.map(\.json)),
        ])
    }

    /// `GET /api/picker/{type}?q=&ids=`: a reference field's choices in the target collection,
    /// each with its id, name and thumbnail URL: the items matching `q` (one page), and the
    /// items of `ids` (those the field holds now, so the form can label them).
    func pickerJSON(_ target: String, query: String, ids: [String], offset: Int, limit: Int) throws -> JSONValue {
        guard project.types[target] != nil else {
            throw StudioError.notFound("no content type `\(target)`; a reference field's `target` names one")
        }
        let index = collections[target] ?? CollectionIndex()
        let (entries, total) = index.page(query: query, offset: offset, limit: limit)
        let chosen: [JSONValue] = ids.map { id in
            index.entry(ItemID(id))?.pickerJSON ?? .object(["id": .string(id), "missing": .bool(true)])
        }
        return .object([
            "type": .string(target), "total": .int(total), "offset": .int(offset), "limit": .int(limit),
            "items": .array(entries.map(\.pickerJSON)), "chosen": .array(chosen),
        ])
    }

    /// `GET /api/items/{type}/{id}`: values, file, version token, findings, referrers and geo
    /// paths.
    func itemJSON(_ collection: String, _ id: String) async throws -> JSONValue {
        if let file = try? self.item(collection, id).item.file { await refreshIfChanged(file) }
        let (item, _) = try self.item(collection, id)
        let key = ItemKey(collection: collection, id: item.id!)
        return .object([
            "type": .string(collection), "id": .string(id), "values": item.node.json, "file": .string(item.file),
            "version": .string(versions[item.file] ?? ""),
            "findings": .array((findings[key] ?? []).map(\.json) + naming(key)),
            "referrers": .array(referrers(of: key).map { .object(["type": .string($0.collection), "id": .string($0.id.text)]) }),
            "paths": pathsJSON(of: item),
        ])
    }

    /// The findings of the items referencing `key` that name it ("location 12" in a route's
    /// waypoint distance), each with `from`: the item it is in.
    func naming(_ key: ItemKey) -> [JSONValue] {
        let label = LintContextLabel.singular(key.collection) + " " + key.id.text
        return referrers(of: key).flatMap { other in
            (findings[other] ?? []).filter { Self.message($0.message, names: label) }.map { finding in
                finding.json.setting("from", .object(["type": .string(other.collection), "id": .string(other.id.text)]))
            }
        }
    }

    /// Whether `message` holds `label` as a whole name (not "location 12" in "location 123").
    static func message(_ message: String, names label: String) -> Bool {
        var rest = message[...]
        while let range = rest.range(of: label) {
            let next = rest[range.upperBound...].first
            if next == nil || !(next!.isLetter || next!.isNumber) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// `GET /api/translations`: the texts missing, stale or identical in each translation
    /// locale, with the source text beside each.
    func translationsJSON(collection: String?) throws -> JSONValue {
        if let collection, project.types[collection] == nil {
            throw StudioError(400, "no content type `\(collection)`", field: "type")
        }
        var scoped = project
        if let collection { scoped.items = project.items.filter { $0.collection == collection } }
        let inventory = TranslationInventory(project: scoped)
        var texts: [JSONValue] = []
        for locale in inventory.translationLocales {
            for state in inventory.states(for: locale) where state.status != .translated {
                texts.append(
                    .object([
                        "unit": .string(state.unitID), "type": .string(state.collection), "id": .string(state.itemID.text),
                        "field": .string(state.field), "locale": .string(locale), "status": .string(state.status.rawValue),
                        "source": .string(state.source), "translation": state.translation.map(JSONValue.string) ?? .null,
                        "file": .string(state.location.file), "line": .int(state.location.line),
                    ]))
            }
        }
        return .object(["defaultLocale": .string(inventory.defaultLocale), "texts": .array(texts)])
    }
}

extension Diagnostic {
    /// A finding as the API hands it out.
    var json: JSONValue {
        var result: [String: JSONValue] = [
            "severity": .string(severity.rawValue), "rule": .string(rule), "message": .string(message),
            "fix": fix.map(JSONValue.string) ?? .null, "field": field.map(JSONValue.string) ?? .null,
            "item": item.map(JSONValue.string) ?? .null,
        ]
        if let location {
            result["file"] = .string(location.file)
            if location.hasPosition {
                result["line"] = .int(location.line)
                result["column"] = .int(location.column)
            }
        }
        return .object(result)
    }
}
