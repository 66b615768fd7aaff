/// Short descriptions of decoding errors for messages people read, without Swift's type dump.
enum DecodingErrorSummary {
    /// `missing "key"`, `wrong type at a.b`, `not valid JSON`, or the error's own description.
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}
