import Foundation

/// A property value of an Appacitive object, converted once from the pack's canonical JSON:
/// what filters compare and answers print. Appacitive prints every scalar as a string
/// (`"isenabled": "true"`, `"__revision": "1"`), a geocode as `"lat,lng"`.
indirect enum AppacitiveValue: Sendable, Equatable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case geo(AppacitivePoint)
    case list([AppacitiveValue])
    case object([String: AppacitiveValue])
    case null

    /// Converts a canonical item's field: `{latitude, longitude}` is a geocode; a locale map
    /// (keys among `locales`, string values) is its first locale's text, else any of its texts;
    /// an asset (`{sha256, format, …}`) is its file name, `<sha256>.<format>`, for
    /// `file/download/{name}`.
    init(json: Any, locales: [String]) {
        switch json {
        case let text as String: self = .text(text)
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let list as [Any]: self = .list(list.map { AppacitiveValue(json: $0, locales: locales) })
        case let object as [String: Any]: self = Self.convert(object, locales: locales)
        default: self = .null
        }
    }

    static func convert(_ object: [String: Any], locales: [String]) -> AppacitiveValue {
        if object.count == 2, let lat = (object["latitude"] as? NSNumber)?.doubleValue,
            let lng = (object["longitude"] as? NSNumber)?.doubleValue
        {
            return .geo(AppacitivePoint(latitude: lat, longitude: lng))
        }
        if let sha = object["sha256"] as? String, let format = object["format"] as? String, sha.count == 64 {
            return .text("\(sha).\(format)")
        }
        if !object.isEmpty, object.keys.allSatisfy(locales.contains), object.values.allSatisfy({ $0 is String }) {
            let first = locales.first { object[$0] != nil }
            return .text(first.flatMap { object[$0] as? String } ?? "")
        }
        return .object(object.mapValues { AppacitiveValue(json: $0, locales: locales) })
    }

    /// The value as Appacitive prints it: scalars as strings, geocodes as `"lat,lng"` with
    /// enough digits to read back the same doubles.
    var json: Any {
        switch self {
        case .text(let text): text
        case .number(let value): ContentJSON.number(value)
        case .bool(let value): value ? "true" : "false"
        case .geo(let point): "\(ContentJSON.number(point.latitude)),\(ContentJSON.number(point.longitude))"
        case .list(let values): values.map(\.json)
        case .object(let members): members.mapValues(\.json)
        case .null: NSNull()
        }
    }

    /// The text a `like`, `match` or text comparison reads: a scalar's printed form.
    var text: String? {
        switch self {
        case .text(let text): text
        case .number, .bool, .geo: json as? String
        case .list, .object, .null: nil
        }
    }

    /// The value at a dotted path below this one (`details.store_name`).
    func member(_ path: ArraySlice<Substring>) -> AppacitiveValue? {
        guard let first = path.first else { return self }
        guard case .object(let members) = self, let next = members[String(first)] else { return nil }
        return next.member(path.dropFirst())
    }
}
