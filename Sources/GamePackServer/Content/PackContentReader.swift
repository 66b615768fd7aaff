import Foundation
import GamePackFormat

/// Reads the items of a stored pack for the content index: every collection file of each target
/// whose layout says how its files hold items (`PackTargetLayouts.itemLayouts`: the canonical
/// chunks, `{"collection", "locales", "items": [...]}`, and `kinvey/<collection>.json`, an
/// array), each item kept as the exact bytes the pack holds.
struct PackContentReader {
    let blobs: any BlobStore

    /// The pack's manifest as stored beside it.
    func manifest(pack: String) async throws -> PackManifest {
        let data = try await blob(PublishLayout.manifest(packSHA256: pack))
        return try JSONDecoder().decode(PackManifest.self, from: data)
    }

    /// Every item of the pack's collection files, target by target (`PackTargetLayouts.itemLayouts`).
    func items(pack: String) async throws -> [IndexedContentItem] {
        let manifest = try await manifest(pack: pack)
        var items: [IndexedContentItem] = []
        let byPath = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for layout in PackTargetLayouts.itemLayouts {
            guard let format = layout.itemFiles else { continue }
            let collections = layout.collections(in: manifest.files.map(\.path)).sorted(by: { $0.key < $1.key })
            for (collection, paths) in collections {
                let files = paths.compactMap { byPath[$0] }
                var contents: [Data] = []
                for file in files { contents.append(try await blob(PublishLayout.file(sha256: file.sha256))) }
                items += try self.items(of: contents, target: layout.name, collection: collection, format: format)
            }
        }
        return items
    }

    /// The stored blob at `path`; throws when it is not there.
    func blob(_ path: String) async throws -> Data {
        guard let data = try await blobs.data(path) else { throw PackContentError.malformed("\(path) is not stored") }
        return data
    }

    /// The items of one collection's files' `contents` (in order), written by `target` as `format` says.
    func items(of contents: [Data], target: String, collection: String, format: ItemFileFormat) throws
        -> [IndexedContentItem]
    {
        var items: [IndexedContentItem] = []
        var elements: [Substring] = []
        for data in contents {
            if let member = format.itemsMember {
                elements += try Self.elements(ofMember: member, in: data)
            } else {
                elements += try Self.arrayElements(String(decoding: data, as: UTF8.self)[...])
            }
        }
        for (position, element) in elements.enumerated() {
            let body = String(element)
            guard let object = ContentJSON.parse(body) as? [String: Any] else { continue }
            let id: String
            switch object[format.idKey] {
            case let text as String: id = text
            case let number as NSNumber: id = number.stringValue
            default: continue
            }
            var item = IndexedContentItem(
                target: target, collection: collection, id: id, position: position, latitude: nil, longitude: nil, body: body)
            if let point = Self.geoPoint(object, order: body) {
                item.latitude = point.0
                item.longitude = point.1
            }
            items.append(item)
        }
        return items
    }

    /// The first top-level field (in the item's own key order) holding `{"latitude": n, "longitude": n}`.
    static func geoPoint(_ object: [String: Any], order body: String) -> (Double, Double)? {
        var candidates: [(String.Index, Double, Double)] = []
        for (key, value) in object {
            guard let point = value as? [String: Any], point.count == 2,
                let lat = (point["latitude"] as? NSNumber)?.doubleValue, let lng = (point["longitude"] as? NSNumber)?.doubleValue,
                (-90...90).contains(lat), (-180...180).contains(lng)
            else { continue }
            let at = body.range(of: "\"\(key)\":")?.lowerBound ?? body.endIndex
            candidates.append((at, lat, lng))
        }
        return candidates.min { $0.0 < $1.0 }.map { ($0.1, $0.2) }
    }

    /// The elements of the array that is the value of the top-level `member` of a JSON object.
    static func elements(ofMember member: String, in data: Data) throws -> [Substring] {
        let text = String(decoding: data, as: UTF8.self)
        let key = "\"\(member)\":"
        // The canonical writer puts `items` last at the top level; find its key outside strings.
        var index = text.startIndex
        var depth = 0
        var inString = false
        var escaped = false
        while index < text.endIndex {
            let c = text[index]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                if depth == 1, text[index...].hasPrefix(key) {
                    var start = text.index(index, offsetBy: key.count)
                    while start < text.endIndex, text[start].isWhitespace { start = text.index(after: start) }
                    return try arrayElements(text[start...])
                }
                inString = true
            } else if c == "{" || c == "[" {
                depth += 1
            } else if c == "}" || c == "]" {
                depth -= 1
            }
            index = text.index(after: index)
        }
        throw PackContentError.malformed("no \"\(member)\" array")
    }

    /// The raw text of each element of the JSON array that `text` starts with.
    static func arrayElements(_ text: Substring) throws -> [Substring] {
        var index = text.startIndex
        while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
        guard index < text.endIndex, text[index] == "[" else { throw PackContentError.malformed("expected an array") }
        index = text.index(after: index)
        var elements: [Substring] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: String.Index?
        while index < text.endIndex {
            let c = text[index]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else {
                switch c {
                case "\"":
                    inString = true
                    if start == nil { start = index }
                case "{", "[":
                    if start == nil { start = index }
                    depth += 1
                case "}", "]":
                    if depth == 0 {
                        if let s = start { elements.append(Self.trimmed(text[s..<index])) }
                        return elements
                    }
                    depth -= 1
                case ",":
                    if depth == 0, let s = start {
                        elements.append(Self.trimmed(text[s..<index]))
                        start = nil
                    }
                default:
                    if start == nil, !c.isWhitespace { start = index }
                }
            }
            index = text.index(after: index)
        }
        throw PackContentError.malformed("unterminated array")
    }

    static func trimmed(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[text.startIndex..<end]
    }
}

/// A pack's content file is not what its target writes.
enum PackContentError: Error, CustomStringConvertible {
    case malformed(String)

    var description: String {
        switch self {
        case .malformed(let why): "a content file of the pack is malformed: \(why)"
        }
    }
}
