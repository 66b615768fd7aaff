import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves a file whose bytes never change for its address: a strong `ETag`, `If-None-Match` →
/// 304, one byte range → 206 (several ranges, or a stale `If-Range`, get the whole file),
/// a gzip copy when the client accepts it, and the long immutable `Cache-Control`.
struct ImmutableFile {
    /// The file on disk.
    var url: URL
    /// The entity tag without quotes (the file's SHA-256, or another stable name).
    var tag: String
    var contentType: String
    /// A gzip copy of the same bytes, if one exists.
    var gzipURL: URL?
    var cacheControl = "public, max-age=31536000, immutable"
    var extraHeaders: HTTPFields = [:]

    /// Bytes read from disk per chunk while streaming.
    static let chunkLength = 1 << 20

    func response(for request: Request, context: some RequestContext, fileIO: FileIO) async throws -> Response {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ServerError.notFound("no such resource: \(request.uri.path)")
        }
        let size = Int(info.st_size)
        let gzipAccepted = gzipURL != nil && Self.acceptsGzip(request.headers[.acceptEncoding])
        var headers = extraHeaders
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        headers[.acceptRanges] = "bytes"
        if gzipURL != nil { headers[.vary] = "Accept-Encoding" }

        let rangeHeader = request.headers[.range]
        var wantsRange = rangeHeader != nil
        if let ifRange = request.headers[.ifRange], ifRange != "\"\(tag)\"" { wantsRange = false }
        let useGzip = gzipAccepted && !wantsRange
        var gzipSize = 0
        if useGzip, let gzipURL {
            var gzipInfo = stat()
            if stat(gzipURL.path, &gzipInfo) == 0 { gzipSize = Int(gzipInfo.st_size) }
        }
        let served = useGzip && gzipSize > 0
        let etag = served ? "\"\(tag)-gzip\"" : "\"\(tag)\""
        headers[.eTag] = etag

        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, tag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        if served, let gzipURL {
            headers[.contentEncoding] = "gzip"
            let body = try await fileIO.loadFile(path: gzipURL.path, context: context, chunkLength: Self.chunkLength)
            return Response(status: .ok, headers: headers, body: body)
        }
        if wantsRange, let rangeHeader {
            switch Self.parseRange(rangeHeader, size: size) {
            case .some(.some(let range)):
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
                let body = try await fileIO.loadFile(
                    path: url.path, range: range, context: context, chunkLength: Self.chunkLength)
                return Response(status: .partialContent, headers: headers, body: body)
            case .some(.none):
                var error = ServerError(
                    .rangeNotSatisfiable, "range_not_satisfiable", "the range \(rangeHeader) is outside the \(size) bytes")
                error.headers[.contentRange] = "bytes */\(size)"
                throw error
            case .none:
                break  // not a single byte range we serve: the whole file
            }
        }
        let body =
            size == 0
            ? ResponseBody() : try await fileIO.loadFile(path: url.path, context: context, chunkLength: Self.chunkLength)
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Whether an `If-None-Match` value names `tag` (either variant) or is `*`.
    static func matches(_ header: String, tag: String) -> Bool {
        for part in header.split(separator: ",") {
            var candidate = part.trimmingCharacters(in: .whitespaces)
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            if candidate == "\"\(tag)\"" || candidate == "\"\(tag)-gzip\"" { return true }
        }
        return false
    }

    /// Whether `Accept-Encoding` allows gzip (and does not give it q=0).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = pieces.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            if pieces.dropFirst().contains(where: { $0.replacingOccurrences(of: " ", with: "") == "q=0" || $0 == "q=0.0" }) {
                return false
            }
            return true
        }
        return false
    }

    /// Parses `bytes=a-b`, `bytes=a-`, `bytes=-n`. Returns nil when the header is not one byte
    /// range (serve the whole file), `.some(nil)` when it is unsatisfiable (416).
    static func parseRange(_ header: String, size: Int) -> ClosedRange<Int>?? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("bytes="), !text.contains(",") else { return nil }
        let spec = text.dropFirst("bytes=".count)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = Int(last), suffix >= 0 else { return nil }
            guard suffix > 0, size > 0 else { return .some(nil) }
            return .some(max(0, size - suffix)...(size - 1))
        }
        guard let start = Int(first), start >= 0 else { return nil }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = Int(last), value >= start else { return nil }
            end = min(value, size - 1)
        }
        guard start < size else { return .some(nil) }
        return .some(start...end)
    }
}
