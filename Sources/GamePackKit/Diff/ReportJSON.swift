import Foundation
import GamePackFormat

/// A JSON value in a diff report (old and new values of a field).
public enum ReportJSON: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ReportJSON])
    case object([String: ReportJSON])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value && abs(value) < 1e15 {
                try container.encode(Int(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let fields): try container.encode(fields)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ReportJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ReportJSON].self))
        }
    }
}

extension DiffValue {
    /// The value as JSON for the report (`DiffReport.JSONValue`).
    var json: ReportJSON {
        switch self {
        case .bool(let value): return .bool(value)
        case .number(let value, _): return .number(value)
        case .text(let text): return .string(text)
        case .localized(let texts): return .object(texts.mapValues { .string($0) })
        case .geo(let latitude, let longitude): return .object(["latitude": .number(latitude), "longitude": .number(longitude)])
        case .reference(let id): return .string(id)
        case .asset(let asset):
            var object: [String: ReportJSON] = ["path": .string(asset.path)]
            if let sha = asset.sha256 { object["sha256"] = .string(sha) }
            if let bytes = asset.bytes { object["bytes"] = .number(Double(bytes)) }
            if let format = asset.format { object["format"] = .string(format.rawValue) }
            if let width = asset.width { object["width"] = .number(Double(width)) }
            if let height = asset.height { object["height"] = .number(Double(height)) }
            return .object(object)
        case .list(let values): return .array(values.map(\.json))
        case .object(let fields): return .object(fields.mapValues(\.json))
        }
    }
}
