import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /assets/{path}`: the project's asset files as the page shows them (thumbnails, the
/// photo of an image field), read through `ProjectPaths` and typed by `MediaTypes`.
enum ProjectAssets {
    /// The URL of the asset at `path` (relative to `assets/`, as fields hold it), each part
    /// percent-encoded.
    static func url(_ path: String) -> String {
        "/assets/"
            + path.split(separator: "/", omittingEmptySubsequences: false).map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#", "%"])) ?? String($0)
            }.joined(separator: "/")
    }

    /// The file `assets/PATH` (PATH as the URL's catch-all parts, percent-decoded).
    static func response(_ parts: [Substring], root: URL) throws -> Response {
        let path = parts.map { $0.removingPercentEncoding ?? String($0) }.joined(separator: "/")
        let url = try ProjectPaths.inside(root, "assets/" + path, field: "path")
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let data = FileManager.default.contents(atPath: url.path)
        else { throw StudioError.notFound("no asset `\(path)` under assets/") }
        var headers = HTTPFields()
        headers[.contentType] = MediaTypes.of(fileExtension: (path as NSString).pathExtension)
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
