import Foundation
import GamePackContent

/// How the preview's pages are made.
public struct PreviewOptions: Sendable {
    /// Whether pages connect to the server for live reload (false for a static site).
    public var live: Bool
    /// Tiles under the maps, or nil to draw maps without the internet.
    public var tiles: TileSource?
    /// Whether asset links carry a `?v=` version, so a replaced image is fetched again.
    public var versionedAssets: Bool

    public init(live: Bool, tiles: TileSource?, versionedAssets: Bool) {
        self.live = live
        self.tiles = tiles
        self.versionedAssets = versionedAssets
    }
}

/// The preview as a set of pages: pure functions from a snapshot (project and lint findings)
/// to HTML. Every link is relative, so the same pages work from the server and from `file://`.
///
/// Paths: `index.html`; `c/<collection>/index.html` (and `page-N.html` past 500 items);
/// `c/<collection>/<id>.html` (the id spelled by `HTMLText.slug`, never a list page's name); `_preview/preview.css`,
/// `_preview/preview.js`; assets under `_assets/<path>`.
public struct PreviewSite: Sendable {
    public let snapshot: PreviewSnapshot
    public let options: PreviewOptions
    /// Items per collection page.
    public static let pageSize = 500
    /// The folder of the stylesheet and script (and of the server's event stream).
    public static let resourceFolder = "_preview"
    /// The folder assets are served from.
    public static let assetFolder = "_assets"

    /// A static page's words for the project's paths (`published`); none live, where a page
    /// shows paths as they are.
    let publishable: PreviewAssets.PublishableWords?
    /// Parts of pages that several pages share (`PageMemo`).
    let memo = PageMemo()

    public init(snapshot: PreviewSnapshot, options: PreviewOptions) {
        self.snapshot = snapshot
        self.options = options
        publishable = options.live ? nil : PreviewAssets.PublishableWords(root: snapshot.project.root)
    }

    var project: Project { snapshot.project }

    /// The Content-Security-Policy the pages need: nothing from elsewhere but map tiles.
    public var contentSecurityPolicy: String {
        let tiles = options.tiles?.origin.map { " " + $0 } ?? ""
        return "default-src 'none'; img-src 'self' data:\(tiles); media-src 'self'; style-src 'self'; script-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// The policy a static page states in its `<meta http-equiv>`: the same, less the
    /// directives a `<meta>` cannot carry.
    public var metaContentSecurityPolicy: String {
        contentSecurityPolicy.replacingOccurrences(of: "; frame-ancestors 'none'", with: "")
    }

    /// The collections shown: those with items or a content type defined by the project.
    public var collections: [String] {
        var names = Set(snapshot.itemsByCollection.keys)
        for (name, type) in project.types where type.sourceFile != nil { names.insert(name) }
        return names.sorted()
    }

    /// The HTML of the page at `path` (as listed above), or nil when there is none.
    public func render(path: String) -> String? {
        if path == "" || path == "index.html" { return IndexPage(site: self).html() }
        let parts = AssetPath.parts(of: path, keepingEmpty: true).map(String.init)
        guard parts.count == 3, parts[0] == "c", let collection = Self.unslug(parts[1]), collections.contains(collection),
            parts[2].hasSuffix(".html")
        else { return nil }
        let name = String(parts[2].dropLast(5))
        if name == "index" { return CollectionPage(site: self, collection: collection, page: 1).html() }
        if name.hasPrefix("page-"), let number = Int(name.dropFirst(5)), number >= 2,
            number <= pageCount(of: collection)
        {
            return CollectionPage(site: self, collection: collection, page: number).html()
        }
        guard let idText = Self.unslug(name), let index = snapshot.index(collection, ItemID(idText)) else { return nil }
        return ItemPage(site: self, index: index).html()
    }

    /// The page for a path with no page: an item that is gone, or lives in a file that does not
    /// load now (the banner says which), so an open page shows why its item disappeared.
    public func notFoundPage(path: String) -> String {
        let depth = max(0, AssetPath.parts(of: path).count - 1)
        let frame = PageFrame(site: self, depth: depth)
        let body = """
            <h1>Nothing here now</h1><p id="not-found">No page at <code>\(MarkupEscape.html(path))</code>: the item was removed \
            or renamed, or its file does not load (see above). This page updates when it is back.</p>\
            <p><a href="\(PreviewSite.up(depth))index.html">Overview</a></p>
            """
        return frame.page(title: "Not found", body: body)
    }

    /// Every page path, for writing a static site.
    public func pagePaths() -> [String] {
        var paths = ["index.html"]
        for collection in collections {
            paths.append("c/\(HTMLText.slug(collection))/index.html")
            let count = pageCount(of: collection)
            if count > 1 { paths += (2...count).map { "c/\(HTMLText.slug(collection))/page-\($0).html" } }
            var seen: Set<ItemID> = []
            for index in snapshot.itemsByCollection[collection] ?? [] {
                guard let id = project.items[index].id, seen.insert(id).inserted else { continue }
                paths.append("c/\(HTMLText.slug(collection))/\(HTMLText.slug(id.text)).html")
            }
        }
        return paths
    }

    /// The number of list pages of a collection.
    func pageCount(of collection: String) -> Int {
        max(1, ((snapshot.itemsByCollection[collection]?.count ?? 0) + Self.pageSize - 1) / Self.pageSize)
    }

    /// The id text spelled by `slug`, or nil when `slug` is not one `HTMLText.slug` writes.
    static func unslug(_ slug: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(slug.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "~") {
                guard let a = iterator.next(), let b = iterator.next(),
                    let value = UInt8(String(decoding: [a, b], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        guard let text = String(bytes: bytes, encoding: .utf8), HTMLText.slug(text) == slug else { return nil }
        return text
    }

    // MARK: - Links

    /// The link from a page `depth` folders deep to the item page of `collection`/`id`.
    func itemHref(_ collection: String, _ id: ItemID, depth: Int) -> String {
        Self.up(depth) + "c/\(HTMLText.slug(collection))/\(HTMLText.slug(id.text)).html"
    }

    /// The link to a collection's list page.
    func collectionHref(_ collection: String, depth: Int) -> String {
        Self.up(depth) + "c/\(HTMLText.slug(collection))/index.html"
    }

    /// The link to an asset, or nil when the path names no file of `assets/` (missing, or
    /// outside it by lint's `AssetPath.outsideReason`: such a path is never linked) or one the
    /// preview refuses to hand out.
    func assetHref(_ path: String, depth: Int) -> String? {
        let normalized = AssetPath.normalize(path)
        guard AssetPath.outsideReason(path) == nil, let version = snapshot.assetVersions[normalized],
            snapshot.refusedAssets[normalized] == nil
        else { return nil }
        let link = Self.up(depth) + Self.assetFolder + "/" + HTMLText.urlPath(normalized)
        return options.versionedAssets ? link + "?v=" + version : link
    }

    /// The placeholder's words for an asset with no link (`assetHref` nil): "missing"; for a path
    /// that names no file inside `assets/`, lint's reason (`AssetPath.outsideReason`); for one
    /// the preview refuses to hand out (live) or left out (static), why (escaped HTML; `kind` is
    /// "image" or "sound").
    func assetPlaceholder(_ path: String, kind: String) -> (text: String, attribute: String, short: String) {
        let e = MarkupEscape.html
        if let reason = AssetPath.outsideReason(path) {
            return (
                "<span>\(kind) outside assets/:<br>\(e(path))<br><small>it \(e(reason))</small></span>",
                "data-outside=\"\(e(reason))\"", "outside"
            )
        }
        if let reason = snapshot.refusedAssets[AssetPath.normalize(path)] {
            // A live preview leaves the file out of its pages; a static one out of the site.
            let refusal = options.live ? "not shown" : "not published"
            return (
                "<span>\(kind) \(refusal):<br>assets/\(e(path))<br><small>it \(e(reason))</small></span>",
                "data-refused=\"\(e(reason))\"", refusal
            )
        }
        return ("\(kind) missing:<br>assets/\(e(path))", "data-missing=\"\(e(path))\"", "missing")
    }

    /// Where a finding or item is written, as `content/…:LINE:COL`: a link that opens it in the
    /// editor while the preview runs on the author's machine; plain text in a static preview,
    /// whose pages are published, where such a link would open nothing and name a folder of
    /// the machine that built it.
    func sourceLink(_ location: SourceLocation, title: String? = nil) -> String {
        let e = MarkupEscape.html
        guard options.live else { return "<span class=\"source\">\(e(location.description))</span>" }
        let tooltip = title.map { " title=\"\(e($0))\"" } ?? ""
        return "<a class=\"open-in-editor\" href=\"\(e(editorHref(location)))\"\(tooltip)>\(e(location.description))</a>"
    }

    /// A finding's words as a page shows them: as they are on the author's machine; in a static
    /// preview, with the project's folder left out of its paths and no other path of the machine
    /// (`PreviewAssets.PublishableWords`).
    func published(_ text: String) -> String {
        publishable.map { $0(text) } ?? text
    }

    /// A link that opens a file at a line in Visual Studio Code.
    func editorHref(_ location: SourceLocation) -> String {
        let path = project.root.appendingPathComponent(location.file).path
        let encoded = HTMLText.urlPath(path)
        return "vscode://file" + (encoded.hasPrefix("/") ? "" : "/") + encoded
            + (location.hasPosition ? ":\(location.line):\(location.column)" : "")
    }

    static func up(_ depth: Int) -> String { String(repeating: "../", count: depth) }

    // MARK: - Item facts

    /// What an item is called: its `name`, `title` or `text` (default locale), else its first
    /// text field, else its id.
    func title(of item: ContentItem) -> String {
        let type = project.type(of: item.collection)
        var candidates = ["name", "title", "text"]
        for field in type?.fields ?? [] where [.string, .localized, .text].contains(field.type) { candidates.append(field.name) }
        for name in candidates {
            guard let node = item.node[name] else { continue }
            if let text = defaultText(node), !text.isEmpty { return text }
        }
        return item.id.map { "\(item.collection) \($0)" } ?? "(no id)"
    }

    /// A scalar's text, or a localized map's default-locale text.
    func defaultText(_ node: SourceNode) -> String? {
        if let text = node.scalarText { return text }
        if let entries = node.entries {
            let locale = project.config.defaultLocale
            return (entries.first { $0.key == locale } ?? entries.first)?.value.scalarText
        }
        return nil
    }

    /// A geo point's latitude and longitude, when both are numbers in range.
    package static func point(_ node: SourceNode?) -> (Double, Double)? {
        guard let node, let lat = node["latitude"]?.doubleValue, let lon = node["longitude"]?.doubleValue,
            abs(lat) <= 90, abs(lon) <= 180
        else { return nil }
        return (lat, lon)
    }
}
