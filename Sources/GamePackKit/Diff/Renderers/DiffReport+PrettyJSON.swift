import GamePackContent
import GamePackFormat

// The report's JSON written member by member (`PrettyJSONWriter`): the bytes `JSONEncoder`
// writes from the types' `Codable` conformances with sorted keys, which stay the reader's way
// back (`DiffJSONRenderer.decode`). Each type writes its members in the order of their keys'
// UTF-8 bytes, and leaves out an optional member that is nil, as the synthesized `encode(to:)`
// does; `DiffRendererTests` checks the two agree.

extension DiffReport {
    func write(to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("byCollection")
        json.beginObject()
        for name in PrettyJSONWriter.sortedKeys(of: byCollection) {
            json.key(name)
            byCollection[name]!.write(to: &json)
        }
        json.endObject()
        json.key("collections")
        json.strings(collections)
        json.key("coverage")
        json.beginArray()
        for change in coverage { change.write(to: &json) }
        json.endArray()
        json.key("items")
        json.beginArray()
        for item in items { item.write(to: &json) }
        json.endArray()
        if let minimumClientFormat {
            json.key("minimumClientFormat")
            json.beginObject()
            json.key("new")
            json.int(minimumClientFormat.new)
            json.key("old")
            json.int(minimumClientFormat.old)
            json.endObject()
        }
        json.key("new")
        new.write(to: &json)
        json.key("old")
        old.write(to: &json)
        json.key("schema")
        json.string(schema)
        json.key("totals")
        totals.write(to: &json)
        json.key("warnings")
        json.strings(warnings)
        json.endObject()
    }
}

extension SnapshotSummary {
    func write(to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("items")
        json.int(items)
        json.key("kind")
        json.string(kind.rawValue)
        json.key("label")
        json.string(label)
        json.key("locales")
        json.strings(locales)
        json.optional("project", project)
        json.optional("version", version)
        json.endObject()
    }
}

extension ChangeCounts {
    func write(to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("added")
        json.int(added)
        json.key("classes")
        json.beginObject()
        for name in PrettyJSONWriter.sortedKeys(of: classes) {
            json.key(name)
            json.int(classes[name]!)
        }
        json.endObject()
        json.key("modified")
        json.int(modified)
        json.key("removed")
        json.int(removed)
        json.endObject()
    }
}

extension CoverageChange {
    func write(to json: inout PrettyJSONWriter) {
        func write(_ coverage: Coverage) {
            json.beginObject()
            json.key("percent")
            json.double(coverage.percent)
            json.key("total")
            json.int(coverage.total)
            json.key("translated")
            json.int(coverage.translated)
            json.endObject()
        }
        json.beginObject()
        json.key("locale")
        json.string(locale)
        json.key("new")
        write(new)
        json.key("newlyStale")
        json.int(newlyStale)
        json.key("old")
        write(old)
        json.endObject()
    }
}

extension ItemChange {
    func write(to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("change")
        json.string(change.rawValue)
        json.key("changes")
        json.beginArray()
        for fieldChange in changes { fieldChange.write(to: &json) }
        json.endArray()
        json.key("class")
        json.string(`class`.rawValue)
        json.key("collection")
        json.string(collection)
        json.key("fields")
        json.strings(fields)
        json.key("id")
        json.string(id)
        json.optional("reason", reason)
        if let referencedBy {
            json.key("referencedBy")
            json.strings(referencedBy)
        }
        json.optional("renumberedFrom", renumberedFrom)
        json.optional("renumberedTo", renumberedTo)
        json.optional("title", title)
        json.endObject()
    }
}

extension FieldChange {
    func write(to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("change")
        json.string(change.rawValue)
        json.key("class")
        json.string(`class`.rawValue)
        if let list {
            json.key("list")
            list.write(to: &json)
        }
        if let meters {
            json.key("meters")
            json.double(meters)
        }
        if let new {
            json.key("new")
            json.value(new)
        }
        if let old {
            json.key("old")
            json.value(old)
        }
        json.key("path")
        json.string(path)
        if let staleTranslations {
            json.key("staleTranslations")
            json.strings(staleTranslations)
        }
        json.key("summary")
        json.string(summary)
        if let words {
            json.key("words")
            json.beginArray()
            for segment in words {
                json.beginObject()
                json.key("op")
                json.string(segment.op.rawValue)
                json.key("text")
                json.string(segment.text)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }
}

extension ListChange {
    func write(to json: inout PrettyJSONWriter) {
        func write(_ elements: [Element]) {
            json.beginArray()
            for element in elements {
                json.beginObject()
                if let from = element.from {
                    json.key("from")
                    json.int(from)
                }
                json.key("key")
                json.string(element.key)
                if let to = element.to {
                    json.key("to")
                    json.int(to)
                }
                json.endObject()
            }
            json.endArray()
        }
        json.beginObject()
        json.key("inserted")
        write(inserted)
        json.key("moved")
        write(moved)
        json.key("removed")
        write(removed)
        json.endObject()
    }
}

extension PrettyJSONWriter {
    /// An array of strings.
    fileprivate mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// A string member, left out when nil.
    fileprivate mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }
}
