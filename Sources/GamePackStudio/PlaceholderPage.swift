import HTTPTypes
import Hummingbird
import NIOCore

/// The page at `/` until the editor page comes: what the studio is and the API it serves.
enum PlaceholderPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>gamepack studio</title>
        <meta name="viewport" content="width=device-width, initial-scale=1"></head>
        <body><main>
        <h1>gamepack studio</h1>
        <p>The editor page comes next. The studio's JSON API is running; docs/studio.md describes it.</p>
        <ul>
        <li><code>GET /api/session</code> — the session token for writes (header <code>X-Studio-Token</code>)</li>
        <li><code>GET /api/types</code> — every content type as a form</li>
        <li><code>GET /api/collections/{type}?q=&amp;offset=&amp;limit=</code> — a collection's list, searched</li>
        <li><code>GET|PUT|DELETE /api/items/{type}/{id}</code>, <code>POST /api/items/{type}</code>, <code>POST /api/items/{type}/{id}/duplicate</code></li>
        <li><code>POST /api/validate</code> — findings of an unsaved change</li>
        <li><code>POST /api/assets?folder=&amp;name=</code> — upload an image or a sound</li>
        <li><code>GET|PUT /api/translations</code> — texts missing, stale or identical</li>
        <li><code>GET /api/git/status</code>, <code>POST /api/git/commit</code></li>
        </ul>
        </main></body></html>
        """

    static func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'none'; style-src 'self'; img-src 'self'; connect-src 'self'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
