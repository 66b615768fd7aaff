import Foundation

/// The bounds every content query keeps to before it reaches SQL, on both stores and from
/// every surface (`/v1/…/collections`, Kinvey's `appdata` and `blob`): each store checks them
/// first in `queryContent`, so none of them can answer 500 for what a client sent.
///
/// A filter's values go to the store as one bound parameter (a JSON array on SQLite, a `text[]`
/// on PostgreSQL), so `$in` with thousands of values costs a fixed number of SQL parameters and
/// expression nodes; the number of filters is what is capped.
extension ContentQuery {
    /// The most filters (equality fields, `$in`, `$regex`, id lists) one query may combine.
    public static let maxFilters = 64
    /// The most values one filter may list (`$in`, `id=a,b,c`).
    public static let maxFilterValues = 10_000

    /// Throws a 400 naming the limit when the query has too many filters or values, or a NUL
    /// character in a value, id or prefix (PostgreSQL text cannot hold one; no item has one).
    public func checkBounds() throws {
        guard filters.count <= Self.maxFilters else {
            throw ServerError.badRequest(
                "too_many_filters",
                "the query combines \(filters.count) filters; at most \(Self.maxFilters) are allowed (ContentQuery.maxFilters): "
                    + "list alternatives of one field in one $in (or id=a,b,c) instead")
        }
        for filter in filters {
            let texts: [String]
            switch filter {
            case .oneOf(_, let values):
                texts = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
                try Self.checkCount(values.count)
            case .idIn(let ids):
                texts = ids
                try Self.checkCount(ids.count)
            case .prefix(_, let prefix):
                texts = [prefix]
            }
            if texts.contains(where: { $0.utf8.contains(0) }) {
                throw ServerError.badRequest(
                    "bad_filter",
                    "a filter value holds a NUL character (%00 or \\u0000), which no stored text can match; remove it")
            }
        }
    }

    private static func checkCount(_ count: Int) throws {
        guard count <= maxFilterValues else {
            throw ServerError.badRequest(
                "too_many_values",
                "a filter lists \(count) values; at most \(maxFilterValues) are allowed (ContentQuery.maxFilterValues)")
        }
    }
}
