import Foundation

/// The values after an operator: quoted text, numbers, dates, circles, polygons and tags.
extension AppacitiveFilterParser {
    /// `'text'`, `date('…')`, `datetime('…')`, `time('…')` or a bare number.
    mutating func parseLiteral() throws -> AppacitiveLiteral {
        skipSpaces()
        guard at < text.count else { throw error("expected a value such as 'text', found the end of the filter") }
        if text[at] == "'" || text[at] == "\"" { return .text(try parseQuoted()) }
        let start = at
        for function in ["datetime", "date", "time"] where accept(word: function) {
            try expect("(", "'(' after \(function)")
            let value = try parseQuoted()
            try expect(")", "')' closing \(function)(")
            guard let seconds = Self.seconds(value) else {
                throw error(
                    "\(function)('\(value)') is not a date; write yyyy-MM-dd, yyyy-MM-ddTHH:mm:ssZ or yyyy-MM-dd HH:mm:ss +0000",
                    at: start)
            }
            return .date(seconds)
        }
        guard let number = parseNumber() else {
            throw error("expected a value in quotes ('…'), a number or date('…'), found \(quoted(start))", at: start)
        }
        return .number(number)
    }

    /// Text between single (or double) quotes. The SDK never escapes a quote inside a value, so
    /// there is no escape: the first matching quote ends it.
    mutating func parseQuoted() throws -> String {
        skipSpaces()
        guard at < text.count, text[at] == "'" || text[at] == "\"" else {
            throw error("expected a value in quotes ('…'), found \(quoted(at))")
        }
        let quote = text[at], open = at
        at += 1
        let start = at
        while at < text.count, text[at] != quote { at += 1 }
        guard at < text.count else { throw error("the quote opened here is never closed", at: open) }
        let value = String(String.UnicodeScalarView(text[start..<at]))
        at += 1
        return value
    }

    /// A decimal number, optionally signed, with an optional fraction and exponent.
    mutating func parseNumber() -> Double? {
        skipSpaces()
        let start = at
        if at < text.count, text[at] == "-" || text[at] == "+" { at += 1 }
        while at < text.count,
            ("0"..."9").contains(text[at]) || text[at] == "." || text[at] == "e" || text[at] == "E"
                || ((text[at] == "-" || text[at] == "+") && (text[at - 1] == "e" || text[at - 1] == "E"))
        {
            at += 1
        }
        guard at > start, let value = Double(String(String.UnicodeScalarView(text[start..<at]))), value.isFinite else {
            at = start
            return nil
        }
        return value
    }

    mutating func requireNumber(_ what: String) throws -> Double {
        let start = at
        guard let value = parseNumber() else {
            skipSpaces()
            throw error("expected \(what) (a number), found \(quoted(at))", at: max(start, at))
        }
        return value
    }

    /// `lat, lng` (spaces optional), checked to be on the globe.
    mutating func parsePoint() throws -> AppacitivePoint {
        skipSpaces()
        let start = at
        let latitude = try requireNumber("a latitude")
        try expect(",", "',' between latitude and longitude")
        let longitude = try requireNumber("a longitude")
        guard abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw error("\(latitude), \(longitude) is not a point: latitude is -90…90 and longitude -180…180", at: start)
        }
        return AppacitivePoint(latitude: latitude, longitude: longitude)
    }

    /// `lat, lng, radius unit`: `km`, `mi`, or `m`, which the iOS SDK writes for miles
    /// (`kMiles`, APQuery.m), so `m` is miles here, not meters.
    mutating func parseCircle() throws -> AppacitiveTest {
        let center = try parsePoint()
        try expect(",", "',' before the radius")
        skipSpaces()
        let radiusStart = at
        let radius = try requireNumber("a radius")
        skipSpaces()
        let meters: Double
        if accept(word: "km") {
            meters = radius * 1_000
        } else if accept(word: "mi") || accept(word: "m") {
            meters = radius * 1_609.344
        } else {
            throw error("expected the radius's unit, km or mi (m: miles, as the iOS SDK writes them), found \(quoted(at))")
        }
        guard radius >= 0, meters <= AppacitiveFilterLimits.maxRadius else {
            throw error("the radius must be 0 to 20,100 km", at: radiusStart)
        }
        return .withinCircle(center, radius: meters)
    }

    /// `lat,lng | lat,lng | lat,lng …`: at least three corners.
    mutating func parsePolygon() throws -> AppacitiveTest {
        skipSpaces()
        let start = at
        var points = [try parsePoint()]
        while true {
            skipSpaces()
            guard at < text.count, text[at] == "|" else { break }
            at += 1
            points.append(try parsePoint())
            guard points.count <= AppacitiveFilterLimits.maxPolygonPoints else {
                throw error("a polygon of more than \(AppacitiveFilterLimits.maxPolygonPoints) corners")
            }
        }
        guard points.count >= 3 else {
            throw error("within_polygon needs at least three corners: lat,lng | lat,lng | lat,lng", at: start)
        }
        return .withinPolygon(points)
    }

    /// `('a,b')`: the tags, comma-separated inside one quoted value.
    mutating func parseTags() throws -> [String] {
        try expect("(", "'(' before the tags")
        let value = try parseQuoted()
        try expect(")", "')' after the tags")
        let tags = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !tags.isEmpty, tags.count <= AppacitiveFilterLimits.maxTags else {
            throw error("give 1 to \(AppacitiveFilterLimits.maxTags) tags, as ('a,b')")
        }
        return tags
    }

    /// Seconds since 1970 of a date as the SDK (an `NSDate`'s description) or a person writes it.
    static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in [
            "yyyy-MM-dd HH:mm:ss Z", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX",
            "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd",
        ] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date.timeIntervalSince1970 }
        }
        return nil
    }
}
