import ArgumentParser
import Foundation
import GamePackServer

/// `serve`'s local cache of the blobs it reads from PostgreSQL.
struct BlobCacheOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "With a PostgreSQL --database: a local folder that keeps copies of the pack bytes read from the database (default: none).",
            discussion: "Deleting it at any time loses nothing; the server fills it again."))
    var cacheDir: String?

    @Option(help: "The most bytes --cache-dir keeps; the least recently used copies go first (suffixes K, M, G).")
    var cacheSize: String = "1G"

    func validate() throws {
        guard ByteSize.parse(cacheSize) != nil else {
            throw ValidationError("--cache-size: not a size (\(cacheSize)); write a number of bytes with K, M or G, such as 1G")
        }
    }

    /// The cache's settings, or nil without --cache-dir.
    var settings: BlobCache.Settings? {
        cacheDir.map {
            BlobCache.Settings(
                directory: URL(fileURLWithPath: $0).standardizedFileURL, limit: ByteSize.parse(cacheSize) ?? 1 << 30)
        }
    }
}
