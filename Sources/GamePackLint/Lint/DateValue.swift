import Foundation
import GamePackContent

/// Dates as written in content (`2026-12-01` or ISO 8601 date-times), comparable.
enum DateValue {
    static func parse(_ node: SourceNode) -> Date? {
        guard let text = node.scalarText else { return nil }
        return parse(text: text)
    }

    static func parse(text: String) -> Date? {
        let parts = text.split(separator: "-", maxSplits: 2)
        if text.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        {
            var components = DateComponents()
            components.year = y
            components.month = m
            components.day = d
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: components),
                calendar.component(.day, from: date) == d
            else { return nil }
            return date
        }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
