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
            // Counted by hand where the Gregorian calendar has always been Foundation's (it
            // switches to the Julian one before 1582): a `Calendar` per date was 2% of lint.
            if (1583...9999).contains(y) {
                guard d <= daysIn(month: m, of: y) else { return nil }
                return Date(timeIntervalSince1970: TimeInterval(daysSince1970(year: y, month: m, day: d)) * 86_400)
            }
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
        return dateTime(text)
    }

    /// `text` as an ISO 8601 date-time, with or without fractions of a second.
    static func dateTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The number of days in `month` (1–12) of `year` (Gregorian).
    static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
