import GamePackContent
import HTTPTypes
import Hummingbird
import NIOCore

/// The editor page at `/`: a shell of landmarks that the script (`StudioScript`) fills from
/// the JSON API. Its stylesheet is the preview's (`PreviewResources.stylesheet`) with the
/// studio's additions (`StudioStyles`); nothing is inline, so it runs under a strict
/// Content-Security-Policy, and no Node toolchain is needed: the files are Swift strings
/// embedded in the binary, as the preview's are.
enum StudioPage {
    /// The page, for the project named `project`.
    static func html(project: String) -> String {
        let name = MarkupEscape.html(project)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(name) · gamepack studio</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
            <link rel="stylesheet" href="/_studio/preview.css"><link rel="stylesheet" href="/_studio/studio.css">
            <script src="/_studio/studio.js" defer></script></head>
            <body>
            <a class="skip" href="#main">Skip to the editor</a>
            <header class="top">
            <span class="project">\(name)</span><span class="brand">gamepack studio</span>
            <nav aria-label="Views"><a href="#/" id="nav-content">Content</a> <a href="#/translate" id="nav-translate">Translations</a> <a href="#/git" id="nav-git">Changes</a></nav>
            <p class="status" id="status" role="status" aria-live="polite">Loading…</p>
            </header>
            <div class="studio">
            <nav class="collections" id="collections" aria-label="Collections"></nav>
            <section class="list-pane" id="list-pane" aria-labelledby="list-title">
            <h2 id="list-title">Items</h2>
            <div class="list-tools"><label for="q" class="visually-hidden">Search</label><input type="search" id="q" placeholder="Search by id or name" autocomplete="off">
            <button type="button" id="new-item">New</button></div>
            <p class="count" id="count" aria-live="polite"></p>
            <ul class="items" id="items"></ul>
            <div class="pager"><button type="button" id="prev">Previous</button> <button type="button" id="next">Next</button></div>
            </section>
            <main id="main" tabindex="-1"><h1>gamepack studio</h1><p>Loading the project…</p></main>
            </div>
            </body></html>
            """
    }

    /// The Content-Security-Policy of every page answer: only the studio's own scripts, styles,
    /// images and API; uploads previewed from `blob:` URLs.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// A page, stylesheet, script or asset answer with the studio's security headers.
    static func response(_ body: ByteBuffer, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    static func response(_ text: String, type: String) -> Response {
        response(ByteBuffer(string: text), type: type)
    }
}
