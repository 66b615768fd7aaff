import Foundation
import GamePackBuild
import GamePackFormat

extension DiffValue {
    /// The value as JSON for the report; whole numbers are `int`s, as the report reads back.
    var json: JSONValue {
        switch self {
        case .bool(let value): return .bool(value)
        case .number(let value, _): return .number(exactly: value)
        case .text(let text): return .string(text)
        case .localized(let texts): return .object(texts.mapValues { .string($0) })
        case .geo(let latitude, let longitude):
            return .object(["latitude": .number(exactly: latitude), "longitude": .number(exactly: longitude)])
        case .reference(let id): return .string(id)
        case .asset(let asset):
            var object: [String: JSONValue] = ["path": .string(asset.path)]
            if let sha = asset.sha256 { object["sha256"] = .string(sha) }
            if let bytes = asset.bytes { object["bytes"] = .number(exactly: Double(bytes)) }
            if let format = asset.format { object["format"] = .string(format.rawValue) }
            if let width = asset.width { object["width"] = .number(exactly: Double(width)) }
            if let height = asset.height { object["height"] = .number(exactly: Double(height)) }
            return .object(object)
        case .list(let values): return .array(values.map(\.json))
        case .object(let fields): return .object(fields.mapValues(\.json))
        }
    }
}
