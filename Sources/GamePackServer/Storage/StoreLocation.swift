import Foundation
import GamePackFormat
import Logging

/// Where the metadata lives: `sqlite:PATH` (default `DATA/gamepack.sqlite`) or a PostgreSQL URL.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// Parses `--database`: `sqlite:PATH`, `postgres://…` or `postgresql://…`; nil means the
    /// SQLite file in the data directory.
    public init(_ text: String?, dataDirectory: URL) throws {
        guard let text, !text.isEmpty else {
            self = .sqlite(path: dataDirectory.appendingPathComponent("gamepack.sqlite").path)
            return
        }
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreError.badLocation(text) }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            _ = try PostgresStore.configuration(url: text)
            self = .postgres(url: text)
        } else {
            throw StoreError.badLocation(text)
        }
    }

    /// Opens the store and applies the migrations. PostgreSQL is first reached with one
    /// connection within `connectSeconds`, so that a wrong password or an unreachable host is
    /// told at once, by name.
    public func open(logger: Logger = Logger(label: "gamepack.store"), connectSeconds: Int64 = 5) async throws
        -> any MetadataStore
    {
        let store: any MetadataStore
        switch self {
        case .sqlite(let path): store = try SQLiteStore(path: path)
        case .postgres(let url):
            try await PostgresAddress(url: url).checkConnection(seconds: connectSeconds, logger: logger)
            store = try PostgresStore(url: url, logger: logger)
        }
        do {
            try await store.migrate()
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    /// Whether several server processes may share the store (PostgreSQL).
    public var isShared: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// The location without a password, for logs.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "postgres://…" }
            if components.password != nil { components.password = "***" }
            return components.string ?? "postgres://…"
        }
    }
}

/// Times as the server records them: ISO 8601 UTC, like channel pointers.
enum ChannelPointerTime {
    static func now() -> String { ChannelPointer.formatTime(Date()) }
}
