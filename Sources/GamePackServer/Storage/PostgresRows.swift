import PostgresNIO

/// A query's rows read whole (`PostgresPool.query`), iterated and decoded the way a
/// `PostgresRowSequence` is: `for try await row in rows`, `rows.decode((String, Int).self)`.
struct PostgresRows: AsyncSequence, Sendable {
    typealias Element = PostgresRow

    let rows: [PostgresRow]

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: IndexingIterator<[PostgresRow]>

        mutating func next() async throws -> PostgresRow? { base.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: rows.makeIterator()) }

    /// Each row's only column as `Column`.
    func decode<Column: PostgresDecodable & Sendable>(_ type: Column.Type) -> Decoded<Column> {
        Decoded(values: { try rows.map { try $0.decode(Column.self) } })
    }

    /// Each row's columns as a tuple of `Column`s.
    func decode<each Column: PostgresDecodable & Sendable>(_ types: (repeat each Column).Type) -> Decoded<
        (repeat each Column)
    > {
        Decoded(values: { try rows.map { try $0.decode((repeat each Column).self, context: .default) } })
    }

    /// Decoded rows, iterated with `for try await`; a row that does not decode throws there.
    struct Decoded<Value>: AsyncSequence {
        typealias Element = Value

        let values: () throws -> [Value]

        struct AsyncIterator: AsyncIteratorProtocol {
            var values: () throws -> [Value]
            var base: IndexingIterator<[Value]>?

            mutating func next() async throws -> Value? {
                if base == nil { base = try values().makeIterator() }
                return base!.next()
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(values: values, base: nil) }
    }
}
