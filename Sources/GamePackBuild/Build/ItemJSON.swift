import Foundation
import GamePackContent
import GamePackFormat

/// Writes one item's fields as JSON by their content type, for the canonical and kinvey
/// targets. Fields appear in schema order; absent fields are left out.
struct ItemJSON {
    enum Style {
        /// Localized fields as locale maps, references as ids, assets as hash objects.
        case canonical(embed: Bool)
        /// References as `_id` strings, assets as resource names, one-locale projects' texts flat.
        case kinvey
    }

    let context: BuildContext
    let style: Style
    /// Normalized paths of the assets written by reference (collected for the pack).
    private(set) var assets: Set<String> = []

    init(context: BuildContext, style: Style) {
        self.context = context
        self.style = style
    }

    /// Writes `"name": value` for each of `fields` that `node` has a non-null value of.
    mutating func writeFields(of node: SourceNode, fields: [FieldSpec], _ json: inout JSONWriter) throws {
        var emitter = Emitter(context: context, style: style, json: json)
        swap(&emitter.assets, &assets)
        defer {
            swap(&emitter.assets, &assets)
            json = emitter.json
        }
        try emitter.writeFields(of: node, fields)
    }

    /// The field walk that writes the values.
    struct Emitter: FieldVisitor {
        typealias Failure = any Error

        let context: BuildContext
        let style: Style
        var json: JSONWriter
        var assets: Set<String> = []

        init(context: BuildContext, style: Style, json: JSONWriter) {
            self.context = context
            self.style = style
            self.json = json
        }

        mutating func writeFields(of node: SourceNode, _ fields: [FieldSpec]) throws {
            for spec in fields {
                guard let value = node[spec.name], !Self.isNull(value) else { continue }
                try json.key(spec.name)
                try walk(value, spec: spec)
            }
        }

        static func isNull(_ node: SourceNode) -> Bool {
            if case .null = node.value { return true }
            return false
        }

        mutating func visitLeaf(_ type: LeafFieldType, _ node: SourceNode, spec: FieldSpec) throws {
            switch type {
            case .string, .text, .url, .enum, .date:
                try json.string(node.scalarText ?? "")
            case .int:
                if case .int(let value) = node.value { try json.int(value) } else { try json.null() }
            case .number:
                try json.number(node.doubleValue ?? 0, raw: node.raw)
            case .bool:
                if case .bool(let value) = node.value { try json.bool(value) } else { try json.null() }
            case .geo:
                try json.beginObject()
                for coordinate in ["latitude", "longitude"] {
                    try json.key(coordinate)
                    let value = node[coordinate]
                    try json.number(value?.doubleValue ?? 0, raw: value?.raw)
                }
                try json.endObject()
            case .reference:
                guard let id = ItemID(node: node) else { return try json.null() }
                if case .canonical = style, let number = id.number { try json.int(number) } else { try json.string(id.text) }
            case .image, .audio:
                try writeAsset(node)
            }
        }

        mutating func visitLocalized(_ node: SourceNode, spec: FieldSpec) throws {
            let config = context.config
            if case .kinvey = style, config.locales.count == 1 {
                try json.string(node.scalarText ?? node[config.defaultLocale]?.scalarText ?? "")
                return
            }
            try json.beginObject()
            if let text = node.scalarText {
                try json.key(config.defaultLocale)
                try json.string(text)
            } else {
                for locale in config.locales {
                    guard let text = node[locale]?.scalarText, !text.isEmpty else { continue }
                    try json.key(locale)
                    try json.string(text)
                }
            }
            try json.endObject()
        }

        mutating func visitList(_ node: SourceNode, spec: FieldSpec, element: FieldSpec?) throws {
            try json.beginArray()
            try walkElements(of: node, element: element) { _, _ in }
            try json.endArray()
        }

        mutating func visitObject(_ node: SourceNode, spec: FieldSpec) throws {
            try json.beginObject()
            try writeFields(of: node, spec.fields)
            try json.endObject()
        }

        /// An image or sound: its resource name (kinvey), or its hash object with the file's
        /// pack path or its bytes in base64 (canonical).
        mutating func writeAsset(_ node: SourceNode) throws {
            guard let path = node.scalarText, let record = context.catalog.record(for: path) else { return try json.null() }
            switch style {
            case .kinvey:
                assets.insert(record.path)
                try json.string(record.path)
            case .canonical(let embed):
                try json.beginObject()
                try json.key("sha256")
                try json.string(record.sha256)
                try json.key("format")
                try json.string(record.format.rawValue)
                try json.key("bytes")
                try json.int(Int(record.size))
                if let width = record.width, let height = record.height {
                    try json.key("width")
                    try json.int(width)
                    try json.key("height")
                    try json.int(height)
                }
                if embed {
                    try json.key("data")
                    try json.rawStringValue { out in try context.writeBase64(of: record, wrap: nil, into: out) }
                } else {
                    assets.insert(record.path)
                    try json.key("path")
                    try json.string(record.packPath)
                }
                try json.endObject()
            }
        }
    }
}

/// The collections a project has items in, sorted.
func collections(_ context: BuildContext) -> [String] {
    Set(context.project.items.map(\.collection)).filter { context.project.types[$0] != nil }.sorted()
}
