import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat
import GamePackServer

/// `gamepack serve gc [--retention 7d] [--verify] [--dry-run] --database postgres://…`.
struct GCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove pack bytes nothing references any more from a PostgreSQL store, or check every stored byte.",
        discussion: """
            Removes the blobs no channel pointer, history entry, rollout or compatible-pack entry \
            (nor a Kinvey player file) references and that no upload touched within --retention, \
            the chunks no blob uses any more, and the rows of packs no channel ever pointed at. \
            Safe while servers take uploads: what an upload in progress writes is kept. \
            --verify removes nothing: it reads and hashes every chunk again and lists the damaged \
            blobs (exit 1 if any); chunks stored before reads checked CRC-32C get their checksum \
            then (not with --dry-run). The folder store (SQLite) is not collected.
            """
    )

    @OptionGroup var storeOptions: ServerStoreOptions

    @Option(help: "How long an unreferenced blob is kept after its upload: a number with s, m, h or d (such as 7d).")
    var retention: String = "7d"

    @Flag(help: "Hash every stored chunk again and list damaged blobs instead of collecting.")
    var verify = false

    @Flag(help: "Print what would be removed, remove nothing.")
    var dryRun = false

    func validate() throws {
        guard Self.seconds(retention) != nil else {
            throw ValidationError("--retention: not a duration (\(retention)); write a number with s, m, h or d, such as 7d")
        }
    }

    /// `90s`, `30m`, `12h`, `7d` (or a bare number of seconds) in seconds.
    static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let last = trimmed.last else { return nil }
        let (number, unit) = units[last].map { (trimmed.dropLast(), $0) } ?? (Substring(trimmed), 1)
        guard let value = Double(number), value >= 0 else { return nil }
        return value * unit
    }

    func run() async throws {
        guard case .postgres = try storeOptions.location() else {
            Terminal.error(
                "gc collects the PostgreSQL blob store; with SQLite the packs stay in the data folder, which gc does not collect (pass --database postgres://…)"
            )
            throw ExitCode(2)
        }
        try await TokenCommand.withStore(storeOptions) { store in
            guard let blobs = BlobStores.make(for: store, dataDirectory: storeOptions.dataDirectory) as? PostgresBlobStore
            else { throw ExitCode(2) }
            if verify {
                let (damaged, filled) = try await blobs.verify(rehash: true, fillChecksums: !dryRun)
                for damage in damaged { print("damaged \(damage.path): \(damage.reason)") }
                print("\(damaged.count) damaged blobs")
                if filled > 0 {
                    print("gave \(filled) chunks stored before checksums their CRC-32C: reads now check them by it")
                }
                if !damaged.isEmpty { throw ExitCode(1) }
                return
            }
            let result = try await blobs.collectGarbage(retention: Self.seconds(retention) ?? 0, dryRun: dryRun)
            for path in result.blobs { print("\(dryRun ? "would remove" : "removed") \(path)") }
            print(
                dryRun
                    ? "would remove \(plural(result.blobs.count, "blob")) and \(plural(result.packs.count, "pack row")); \(plural(result.referenced, "referenced blob")) kept"
                    : "removed \(plural(result.blobs.count, "blob")) (\(plural(Int(result.bytes), "byte"))), \(plural(result.chunks, "chunk")) and "
                        + "\(plural(result.packs.count, "pack row")); \(plural(result.referenced, "referenced blob")) kept")
        }
    }
}
