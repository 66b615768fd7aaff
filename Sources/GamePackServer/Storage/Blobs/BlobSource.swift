import Foundation
import Hummingbird
import NIOCore

/// One stored blob opened for reading: its size, and its bytes (all or one range) as a
/// response body or as data. `ImmutableFile` serves any source the same way (ETag, ranges, 304).
public protocol BlobSource: Sendable {
    /// The blob's size in bytes.
    var size: Int { get }
    /// The bytes of `range` (nil: all of them), streamed.
    func body(range: ClosedRange<Int>?, context: some RequestContext) async throws -> ResponseBody
    /// All the bytes, for small blobs (manifests, content files).
    func data() async throws -> Data
}

/// A blob that is a file on this machine (the folder store, the PostgreSQL store's cache).
struct FileBlobSource: BlobSource {
    var url: URL
    var size: Int
    var fileIO: FileIO

    /// Bytes read from disk per piece while streaming.
    static let pieceLength = 1 << 20

    /// The regular file at `url`, or nil when there is none.
    init?(url: URL, fileIO: FileIO) {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.url = url
        self.size = Int(info.st_size)
        self.fileIO = fileIO
    }

    func body(range: ClosedRange<Int>?, context: some RequestContext) async throws -> ResponseBody {
        guard size > 0 else { return ResponseBody() }
        if let range {
            return try await fileIO.loadFile(path: url.path, range: range, context: context, chunkLength: Self.pieceLength)
        }
        return try await fileIO.loadFile(path: url.path, context: context, chunkLength: Self.pieceLength)
    }

    func data() async throws -> Data { try Data(contentsOf: url) }
}
