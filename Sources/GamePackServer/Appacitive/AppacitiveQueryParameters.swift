import Foundation

/// The query string of an Appacitive request, read the way the iOS SDK writes it: `APQuery`
/// appends `?fields=…&pnum=…&psize=…&orderBy=…&isAsc=…&query=<filter>` to the path without
/// escaping the filter, then escapes the whole URL with `stringByAddingPercentEscapes…` (a
/// space becomes `%20`; `&`, `+`, `'`, `=` stay as they are). So a piece after `&` that does
/// not start with a known parameter name belongs to the value before it (a filter holding
/// `&`), and `+` is a space only in a value with no `%20` (a form-encoding client such as
/// Python's `requests`), so `date('… +0000')` from the SDK keeps its `+`.
struct AppacitiveQueryParameters {
    var values: [String: String] = [:]

    /// The parameter names the SDK and the REST reference use (compared ignoring case).
    static let known: Set<String> = [
        "query", "pnum", "psize", "orderby", "isasc", "fields", "freetext", "returnedge", "expires", "label",
        "useridtype", "token", "revision", "deleteconnections",
    ]

    init(_ raw: String?) {
        var pieces: [(name: String, value: String)] = []
        for piece in (raw ?? "").split(separator: "&", omittingEmptySubsequences: false) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if Self.known.contains(String(parts[0]).lowercased()) || pieces.isEmpty {
                pieces.append((String(parts[0]), parts.count == 2 ? String(parts[1]) : ""))
            } else {
                pieces[pieces.count - 1].value += "&" + piece
            }
        }
        for (name, value) in pieces where !name.isEmpty {
            // A `+` is a space unless the value writes its spaces as `%20` (the SDK's escaping).
            let form = !ContentJSON.contains(value, "%20")
            values[Self.decode(name).lowercased()] =
                FormDecoding.decode(Substring(value), plusAsSpace: form)
                ?? (form ? value.replacingOccurrences(of: "+", with: " ") : value)
        }
    }

    static func decode(_ text: String) -> String { FormDecoding.decode(Substring(text), plusAsSpace: false) ?? text }

    subscript(_ name: String) -> String? { values[name.lowercased()] }

    /// `pnum` (1-based) and `psize`; 400 for anything but whole numbers in range.
    func page() throws -> (number: Int, size: Int) {
        var number = 1, size = AppacitiveController.defaultPageSize
        if let text = self["pnum"] {
            guard let value = Int(text), value >= 1 else {
                throw AppacitiveError.badRequest("pnum must be a whole number from 1, not '\(text)'")
            }
            number = value
        }
        if let text = self["psize"] {
            guard let value = Int(text), value >= 1 else {
                throw AppacitiveError.badRequest("psize must be a whole number from 1, not '\(text)'")
            }
            size = min(value, AppacitiveController.maxPageSize)
        }
        guard (number - 1) <= AppacitiveController.maxSkip / size else {
            throw AppacitiveError.badRequest(
                "pnum \(number) of size \(size) starts past the \(AppacitiveController.maxSkip)th object")
        }
        return (number, size)
    }

    /// `fields=a,b,` (the SDK leaves a trailing comma); nil when absent or empty.
    var fields: Set<String>? {
        guard let text = self["fields"] else { return nil }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : Set(names)
    }

    /// The parsed `query`; nil when absent or blank; 400 naming the position of a problem.
    func filter() throws -> AppacitiveFilter? {
        guard let text = self["query"], !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let filter: AppacitiveFilter
        do {
            filter = try AppacitiveFilterParser.parse(text)
        } catch let error as AppacitiveFilterError {
            throw AppacitiveError.badRequest("query: \(error.description)")
        }
        if let aggregate = filter.aggregates.first {
            throw AppacitiveError.badRequest(
                "query: '\(aggregate)' without * or @ is an aggregate, which gamepack does not offer; write *\(aggregate) for a property"
            )
        }
        return filter
    }
}
