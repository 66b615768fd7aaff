import Foundation

/// The blob store kinds, and which one a server uses: PostgreSQL chunks whenever the metadata
/// store is PostgreSQL (a fleet then shares only the database), else the data folder.
public enum BlobStores {
    /// One kind: its name and how it is made for a metadata store (nil: not for this store).
    public struct Kind: Sendable {
        public var name: String
        public var make: @Sendable (_ store: any MetadataStore, _ dataDirectory: URL, _ cache: BlobCache?) -> (any BlobStore)?
    }

    /// Every kind, the first that takes a store wins.
    public static let all: [Kind] = [
        Kind(name: "postgres") { store, data, cache in
            (store as? PostgresStore).map { PostgresBlobStore(store: $0, temporaryRoot: data, cache: cache) }
        },
        Kind(name: "folder") { _, data, _ in FolderBlobStore(root: data) },
    ]

    /// The blob store for `store`, over `dataDirectory` (the folder's blobs, or only temporary
    /// files), with the read-through cache when one is configured (PostgreSQL only).
    public static func make(for store: any MetadataStore, dataDirectory: URL, cache: BlobCache? = nil) -> any BlobStore {
        for kind in all {
            if let blobs = kind.make(store, dataDirectory, cache) { return blobs }
        }
        return FolderBlobStore(root: dataDirectory)
    }

    /// The layout path of the gzip copy of the bytes with this SHA-256.
    public static func gzipPath(sha256: String) -> String { "gzip/\(sha256).gz" }
}
