import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat
import GamePackServer

/// `gamepack serve migrate-blobs --data DIR --database postgres://…`: moves a data folder's
/// pack bytes into PostgreSQL.
struct MigrateBlobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-blobs",
        abstract: "Copy every pack, manifest, signature and file of a data folder into the PostgreSQL database.",
        discussion: """
            Checks each file's SHA-256 against its name first and refuses (exit 1, naming it) a \
            file that does not match; gzip copies are made again from the checked files. Blobs \
            the database already holds are skipped, so running it twice imports nothing new. The \
            folder is left as it is: delete it once the servers run on the database.
            """
    )

    @OptionGroup var storeOptions: ServerStoreOptions

    func run() async throws {
        guard case .postgres = try storeOptions.location() else {
            Terminal.error("migrate-blobs moves blobs into PostgreSQL: pass --database postgres://USER@HOST/DB")
            throw ExitCode(2)
        }
        let folder = FolderBlobStore(root: storeOptions.dataDirectory)
        guard FileManager.default.fileExists(atPath: folder.url("v1").path) else {
            Terminal.error("\(storeOptions.dataDirectory.path) has no v1/ folder: pass the data folder of a server (--data DIR)")
            throw ExitCode(2)
        }
        try await TokenCommand.withStore(storeOptions) { store in
            guard let blobs = BlobStores.make(for: store, dataDirectory: storeOptions.dataDirectory) as? PostgresBlobStore
            else { throw ExitCode(2) }
            let result = try await blobs.importFolder(folder)
            print(
                "imported \(result.imported) blobs (\(result.bytes) bytes), \(result.present) already in the database, "
                    + "\(result.gzipCopies) gzip copies made again")
            guard result.refused.isEmpty else {
                for damage in result.refused { Terminal.error("refused \(damage.path): \(damage.reason)") }
                Terminal.error(
                    result.refused.count == 1
                        ? "1 file does not match its SHA-256 and was not imported"
                        : "\(result.refused.count) files do not match their SHA-256 and were not imported")
                throw ExitCode(1)
            }
        }
    }
}
