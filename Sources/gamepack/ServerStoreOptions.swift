import ArgumentParser
import Foundation
import GamePackFormat
import GamePackServer
import Logging

/// Where the server's data and metadata are: shared by `serve` and `serve token`.
struct ServerStoreOptions: ParsableArguments {
    @Option(
        help: "The data directory: pack files, and the SQLite database unless --database says otherwise (created on first start)."
    )
    var data: String = "gamepack-data"

    @Option(
        help: ArgumentHelp(
            "The metadata database: sqlite:PATH (default DATA/gamepack.sqlite) or postgres://USER[:PASSWORD]@HOST[:PORT]/DB.",
            discussion:
                "Also read from GAMEPACK_DATABASE. For a PostgreSQL on the same machine, a Unix socket is cheaper than TCP: postgres://USER@/DB?host=/var/run/postgresql (the folder of its socket), as libpq reads it."
        ))
    var database: String?

    var dataDirectory: URL { URL(fileURLWithPath: data).standardizedFileURL }

    func location() throws -> StoreLocation {
        try StoreLocation(
            database ?? ProcessInfo.processInfo.environment["GAMEPACK_DATABASE"], dataDirectory: dataDirectory)
    }
}
/// Byte sizes written with an optional K, M or G suffix (powers of 1024).
enum ByteSize {
    static func parse(_ text: String) -> Int64? {
        var trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        if trimmed.count > 2, trimmed.hasSuffix("B"), "KMG".contains(trimmed.dropLast().last!) { trimmed.removeLast() }
        let multipliers: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = trimmed.last, let multiplier = multipliers[last] {
            guard let value = Int64(trimmed.dropLast()), value > 0 else { return nil }
            return value * multiplier
        }
        guard let value = Int64(trimmed), value > 0 else { return nil }
        return value
    }
}
