import Foundation
import GamePackContent

/// Reads CSV text (RFC 4180: comma-separated, fields optionally in double quotes with `""` for
/// a quote, line breaks allowed inside quotes, `\n` or `\r\n` between records). Written by
/// hand: Foundation has no CSV reader, and the Kinvey exports are small.
enum CSVReader {
    /// One record: its fields and the 1-based line it starts on.
    struct Record {
        var line: Int
        var fields: [String]
    }

    static func records(_ text: String, file: String) -> Result<[Record], ImportError> {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 0
        var afterQuote = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            afterQuote = false
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    if let next = scalars.next() {
                        if next == "\"" {
                            field.append("\"")
                            continue
                        }
                        pending = next
                    }
                    quoted = false
                    afterQuote = true
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
                quoteLine = line
            case ",":
                endField()
            case "\r":
                // Part of a "\r\n" record break; a lone "\r" is kept as text.
                if let next = scalars.next() {
                    if next == "\n" {
                        pending = next
                    } else {
                        field.append(scalar)
                        pending = next
                    }
                }
            case "\n":
                endField()
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                line += 1
                recordLine = line
            default:
                if afterQuote {
                    return .failure(.malformedCSV(file: file, line: line, reason: "text after a closing quote"))
                }
                field.append(scalar)
            }
        }
        if quoted {
            return .failure(.malformedCSV(file: file, line: quoteLine, reason: "a quote that is never closed"))
        }
        if !field.isEmpty || !fields.isEmpty || afterQuote {
            endField()
            records.append(Record(line: recordLine, fields: fields))
        }
        return .success(records)
    }
}
