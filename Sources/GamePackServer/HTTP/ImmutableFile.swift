import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves a blob whose bytes never change for its address: a strong `ETag`, `If-None-Match` →
/// 304, one byte range → 206 (several ranges, or a stale `If-Range`, get the whole blob),
/// a gzip copy when the client accepts it, and the long immutable `Cache-Control`. The bytes come
/// from any `BlobSource` (a file of the folder store, PostgreSQL chunks, the cache).
struct ImmutableFile {
    /// The blob; nil answers 404.
    var source: (any BlobSource)?
    /// The entity tag without quotes (the file's SHA-256, or another stable name).
    var tag: String
    var contentType: String
    /// A gzip copy of the same bytes, if one exists.
    var gzip: (any BlobSource)? = nil
    var cacheControl = "public, max-age=31536000, immutable"
    var extraHeaders: HTTPFields = [:]
    /// Whether a gzip copy was looked for (`Vary: Accept-Encoding`, whether or not there is one).
    var varies = false

    /// The blob at `path` of `blobs` (and its gzip copy, by the SHA-256 `gzipOf`). A damaged blob
    /// is refused with 503 and logged.
    init(
        _ blobs: any BlobStore, _ path: String, tag: String, contentType: String, gzipOf: String? = nil,
        cacheControl: String = "public, max-age=31536000, immutable", extraHeaders: HTTPFields = [:],
        context: some RequestContext
    ) async throws {
        do {
            source = try await blobs.source(path)
            if let gzipOf { gzip = try await blobs.source(BlobStores.gzipPath(sha256: gzipOf)) }
        } catch let damage as BlobDamage {
            context.logger.error("damaged blob refused", metadata: ["blob": "\(damage.path)", "reason": "\(damage.reason)"])
            throw damage.serverError
        }
        self.varies = gzipOf != nil
        self.tag = tag
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.extraHeaders = extraHeaders
    }

    func response(for request: Request, context: some RequestContext) async throws -> Response {
        guard let source else { throw ServerError.notFound("no such resource: \(request.uri.path)") }
        let size = source.size
        var headers = extraHeaders
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        headers[.acceptRanges] = "bytes"
        if varies { headers[.vary] = "Accept-Encoding" }

        let rangeHeader = request.headers[.range]
        var wantsRange = rangeHeader != nil
        if let ifRange = request.headers[.ifRange], ifRange != "\"\(tag)\"" { wantsRange = false }
        let served = gzip.map { $0.size > 0 && Self.acceptsGzip(request.headers[.acceptEncoding]) && !wantsRange } ?? false
        headers[.eTag] = served ? "\"\(tag)-gzip\"" : "\"\(tag)\""

        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, tag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        if served, let gzip {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: try await gzip.body(range: nil, context: context))
        }
        if wantsRange, let rangeHeader {
            switch Self.parseRange(rangeHeader, size: size) {
            case .some(.some(let range)):
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
                return Response(
                    status: .partialContent, headers: headers, body: try await source.body(range: range, context: context))
            case .some(.none):
                var error = ServerError(
                    .rangeNotSatisfiable, "range_not_satisfiable", "the range \(rangeHeader) is outside the \(size) bytes")
                error.headers[.contentRange] = "bytes */\(size)"
                throw error
            case .none:
                break  // not a single byte range we serve: the whole file
            }
        }
        return Response(status: .ok, headers: headers, body: try await source.body(range: nil, context: context))
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
