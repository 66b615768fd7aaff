import Foundation
import Testing

@testable import GamePackLint

/// Dates in content are counted by hand where the Gregorian calendar has always applied; the
/// result must be the day Foundation's calendar gives, and a day a month does not have none.
@Suite("Date values")
struct DateValueTests {
    /// The day as Foundation's Gregorian calendar in UTC reads it (nil when it has no such day).
    func calendarDate(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    func text(_ year: Int, _ month: Int, _ day: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    @Test("every day of leap and common years, centuries and the ends of the range, as the calendar says")
    func daysAsTheCalendar() {
        for year in [1582, 1583, 1600, 1700, 1899, 1900, 1969, 1970, 1999, 2000, 2024, 2026, 2100, 2400, 9999] {
            for month in 1...12 {
                for day in 1...31 {
                    #expect(
                        DateValue.parse(text: text(year, month, day)) == calendarDate(year, month, day),
                        "\(text(year, month, day))")
                }
            }
        }
    }

    @Test("what is not a date of ten characters is read as a date-time, or not at all")
    func otherTexts() {
        #expect(DateValue.parse(text: "2026-02-29") == nil)
        #expect(DateValue.parse(text: "2024-02-29") != nil)
        #expect(DateValue.parse(text: "2026-13-01") == nil)
        #expect(DateValue.parse(text: "2026-1-1") == nil)
        #expect(DateValue.parse(text: "tomorrow") == nil)
        #expect(
            DateValue.parse(text: "2026-12-01T10:00:00Z")
                == DateValue.parse(text: "2026-12-01")!.addingTimeInterval(10 * 3_600))
        #expect(DateValue.parse(text: "2026-12-01T10:00:00.5Z") != nil)
    }
}
