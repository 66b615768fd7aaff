import Foundation
import GamePackFormat
import HTTPTypes

/// Where the server keeps immutable bytes, by layout path (`v1/packs/<sha256>.gamepack`,
/// `v1/files/<sha256>`, `….manifest.json`, `….gamepack.minisig`, and `gzip/<sha256>.gz`, the
/// gzip copy of a file or manifest): every path names the SHA-256 its bytes are addressed by.
///
/// Two kinds (`BlobStoreKinds`): the data folder (`FolderBlobStore`, the SQLite default) and
/// PostgreSQL chunks (`PostgresBlobStore`, whenever the metadata store is PostgreSQL). Uploads
/// are received into local temporary files first (`temporaryURL`) and then committed whole: a
/// reader never sees half a blob.
public protocol BlobStore: Sendable {
    /// The kind's name for logs and messages (`folder`, `postgres`).
    var kind: String { get }
    /// Creates what the store needs on this machine and removes uploads a previous process left half done.
    func prepare() throws
    /// A new temporary file path on this machine (uploads are received and extracted there).
    func temporaryURL(_ label: String) -> URL
    /// Whether the blob at `path` exists. A store that collects garbage also marks it as just
    /// used, so an upload that finds and reuses it cannot lose it to a concurrent `gc`.
    func exists(_ path: String) async throws -> Bool
    /// Stores the finished temporary file at `path` (keeping an identical copy that is already
    /// there). The temporary file is gone afterwards, on success and on failure.
    func commit(_ temporary: URL, to path: String) async throws
    /// Stores `data` at `path` unless it is there. A failed write throws 507 naming `name`
    /// (default: the path).
    func store(_ data: Data, at path: String, name: String?) async throws
    /// The blob at `path` for reading, or nil when there is none. Throws `BlobDamage` when the
    /// blob is there but cannot be served whole (a missing chunk, a wrong hash).
    func source(_ path: String) async throws -> (any BlobSource)?
    /// The blobs that cannot be served: with `rehash`, every byte is read and hashed again;
    /// without, only what is cheap to find (chunks missing, damage met while serving).
    func verify(rehash: Bool) async throws -> [BlobDamage]
    /// Runs `body`, an upload that stores blobs, registered so that `gc` removes nothing it writes.
    func whileUploading<T: Sendable>(_ body: () async throws -> T) async throws -> T
}

extension BlobStore {
    public func temporaryURL() -> URL { temporaryURL("upload") }

    public func store(_ data: Data, at path: String) async throws { try await store(data, at: path, name: nil) }

    public func whileUploading<T: Sendable>(_ body: () async throws -> T) async throws -> T { try await body() }

    /// Stores a gzip copy of `data` when compression saves at least a tenth. A failed write throws 507.
    public func storeGzip(of data: Data, sha256: String) async throws {
        let path = BlobStores.gzipPath(sha256: sha256)
        guard !(try await exists(path)), let compressed = Gzip.compress(data),
            compressed.count < data.count - data.count / 10
        else { return }
        try await store(compressed, at: path, name: path)
    }

    /// The whole blob at `path` (verified by stores that can), or nil when there is none; for
    /// small blobs such as manifests and content files.
    public func data(_ path: String) async throws -> Data? {
        guard let source = try await source(path) else { return nil }
        return try await source.data()
    }
}

/// A stored blob that cannot be served: chunks missing or bytes that do not hash to their
/// address. Served as 503 and reported by `verify` (`gamepack serve gc --verify`, `/ready`).
public struct BlobDamage: Error, Sendable, Equatable, CustomStringConvertible {
    /// The layout path.
    public var path: String
    /// What is wrong, for people.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// The answer a request for the blob gets.
    var serverError: ServerError {
        ServerError(
            .serviceUnavailable, "blob_damaged",
            "the stored bytes of \(path) are damaged (\(reason)); the server's operator can list such blobs with gamepack serve gc --verify"
        )
    }
}
