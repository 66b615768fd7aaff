import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves a blob whose bytes never change for its address: a strong `ETag`, `If-None-Match` →
/// 304, one byte range → 206 (several ranges, or a stale `If-Range`, get the whole blob),
/// a gzip copy when the client accepts it, and the long immutable `Cache-Control`. The bytes come
/// from any `BlobSource` (a file of the folder store, PostgreSQL chunks, the cache).
struct ImmutableFile {
    var blobs: any BlobStore
    /// The blob's layout path; a missing blob answers 404.
    var path: String
    /// The entity tag without quotes (the file's SHA-256, or another stable name).
    var tag: String
    var contentType: String
    /// The SHA-256 whose gzip copy (`gzip/<sha256>.gz`) holds the same bytes compressed, if one may exist.
    var gzipOf: String? = nil
    var cacheControl = "public, max-age=31536000, immutable"
    var extraHeaders: HTTPFields = [:]

    func response(for request: Request, context: some RequestContext) async throws -> Response {
        do {
            return try await serve(request, context)
        } catch let damage as BlobDamage {
            context.logger.error("damaged blob refused", metadata: ["blob": "\(damage.path)", "reason": "\(damage.reason)"])
            throw damage.serverError
        }
    }

    private func serve(_ request: Request, _ context: some RequestContext) async throws -> Response {
        guard let source = try await blobs.source(path) else {
            throw ServerError.notFound("no such resource: \(request.uri.path)")
        }
        let size = source.size
        var headers = extraHeaders
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        headers[.acceptRanges] = "bytes"
        if gzipOf != nil { headers[.vary] = "Accept-Encoding" }

        let rangeHeader = request.headers[.range]
        var wantsRange = rangeHeader != nil
        if let ifRange = request.headers[.ifRange], ifRange != "\"\(tag)\"" { wantsRange = false }
        var gzip: (any BlobSource)?
        if let gzipOf, !wantsRange, Self.acceptsGzip(request.headers[.acceptEncoding]) {
            gzip = try await blobs.source(BlobStores.gzipPath(sha256: gzipOf)).flatMap { $0.size > 0 ? $0 : nil }
        }
        headers[.eTag] = gzip != nil ? "\"\(tag)-gzip\"" : "\"\(tag)\""

        if let ifNoneMatch = request.headers[.ifNoneMatch], Self.matches(ifNoneMatch, tag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        if let gzip {
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
