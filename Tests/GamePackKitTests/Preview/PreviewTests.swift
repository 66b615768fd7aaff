import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackSite

/// The preview's pure parts: escaping, the offline map, findings on their items, pages of the
/// examples, and incremental updates.
@Suite("Preview pages")
struct PreviewTests {
    func site(_ snapshot: PreviewSnapshot) -> PreviewSite {
        PreviewSite(snapshot: snapshot, options: PreviewOptions(live: true, tiles: nil, versionedAssets: false))
    }

    @Test("escapes text and spells ids as file names that read back")
    func escapingAndSlugs() {
        #expect(MarkupEscape.html("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        for id in ["12", "abc-DEF_9", "../etc", "a/b", "héé", "~7E", ".hidden"] {
            let slug = HTMLText.slug(id)
            #expect(!slug.contains("/") && !slug.contains(".") && !slug.isEmpty, "\(slug)")
            #expect(PreviewSite.unslug(slug) == id)
        }
        // An id named like a list page gets a page of its own, which reads back.
        for id in ["index", "page-2", "page-"] {
            let slug = HTMLText.slug(id)
            #expect(slug != id && slug.hasPrefix("~"), "\(slug)")
            #expect(PreviewSite.unslug(slug) == id)
            #expect(PreviewSite.unslug(id) == nil)
        }
        #expect(HTMLText.slug("index2") == "index2" && HTMLText.slug("page-2a") == "page-2a")
        #expect(HTMLText.slug("~") == "~7E" && HTMLText.slug("é") == "~C3~A9")
        #expect(PreviewSite.unslug("~2") == nil)
        #expect(PreviewSite.unslug("a~41") == nil)  // not the spelling slug writes for "aA"
        // A link's segments are split at `/` bytes: a `/` before a combining accent is one
        // character, which split at characters would encode as `%2F` and break the link.
        #expect(HTMLText.urlPath("photos/\u{301}a b.png") == "photos/%CC%81a%20b.png")
    }

    @Test("escapes NUL and keeps every other character, the text as it is when nothing needs escaping")
    func escapingBytes() {
        #expect(MarkupEscape.html("héé\0 ☕️ <b>") == "héé\u{FFFD} ☕️ &lt;b&gt;")
        #expect(MarkupEscape.html("Café Noord 🚲") == "Café Noord 🚲")
        #expect(MarkupEscape.html("") == "")
        // The XML modes keep their own rules: a quote stays in text, a tab is a reference.
        #expect(MarkupEscape.replacing("a\"b\tc<", .xmlText) == "a\"b&#9;c&lt;")
        #expect(MarkupEscape.replacing("a\"b", .xmlAttribute) == "a&quot;b")
    }

    @Test("writes SVG numbers as printf's %.Nf rounds them, ties and large values included")
    func numbersRoundAsPrintf() {
        func printf(_ value: Double, _ digits: Int) -> String {
            var text = String(format: "%.\(digits)f", value)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text == "-0" ? "0" : text
        }
        // Ties in decimal that are not ties in binary (0.15 is 0.1499…, 2.675 is 2.67499…),
        // exact binary ties (0.5, 2.5: printf rounds them to even), and values past the quick path.
        let values: [Double] = [
            0, -0.0, 0.04, -0.04, 0.05, 0.15, 0.25, 0.35, 2.5, 3.5, -2.5, 2.675, 1.005, 999.95, 123456.789,
            1e9, 1e12 + 0.5, -1e15, 5e-324, .ulpOfOne, 44, 640, 0.1 + 0.2,
        ]
        var generator = SystemRandomNumberGenerator()
        var random: [Double] = []
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -3...7, using: &generator)
            random.append(Double.random(in: -1...1, using: &generator) * pow(10, magnitude))
            // Values on a grid of halves at each scale: the ties a coordinate meets.
            random.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 20)
        }
        for value in values + random {
            for digits in 0...6 {
                #expect(HTMLText.number(value, digits: digits) == printf(value, digits), "\(value) to \(digits) digits")
            }
        }
        #expect(HTMLText.number(.nan) == "0")
        #expect(HTMLText.number(.infinity) == "0")
    }

    @Test("the map draws numbered pins, legs with haversine distances and a scale bar to scale")
    func map() throws {
        let pins = [
            MapPin(latitude: 52.3667, longitude: 4.8945, label: "1", title: "Dam"),
            MapPin(latitude: 52.3600, longitude: 4.8852, label: "2", title: "<Rijks>"),
            MapPin(latitude: 52.3584, longitude: 4.8811, label: "3", title: "Van Gogh"),
        ]
        let map = PreviewMap(pins: pins, drawsLegs: true, caption: "route")
        let svg = map.svg()
        #expect(svg.components(separatedBy: "<g class=\"leg\"").count == 3)
        let first = Geo.distance(52.3667, 4.8945, 52.3600, 4.8852)
        #expect(abs(map.legLengths[0] - first) < 0.001)
        #expect(svg.contains(">\(Geo.describe(meters: first))</text>"))
        #expect(svg.contains("&lt;Rijks&gt;") && !svg.contains("<Rijks>"))
        #expect(!svg.contains("<image"), "no tiles unless asked")
        // The projection is invertible and keeps north up.
        let projection = LocalProjection(fitting: pins.map { ($0.latitude, $0.longitude) }, width: 760, height: 460, padding: 44)
        let p = projection.project(52.3600, 4.8852)
        let back = projection.unproject(p.x, p.y)
        #expect(abs(back.latitude - 52.3600) < 1e-9 && abs(back.longitude - 4.8852) < 1e-9)
        #expect(projection.project(52.3667, 4.8945).y < p.y)
        // One pixel east and one north are the same number of meters (true to scale).
        let east = projection.unproject(p.x + 100, p.y), north = projection.unproject(p.x, p.y - 100)
        let meters = (
            Geo.distance(back.latitude, back.longitude, east.latitude, east.longitude),
            Geo.distance(back.latitude, back.longitude, north.latitude, north.longitude)
        )
        #expect(abs(meters.0 - meters.1) / meters.1 < 0.001)
        #expect(PreviewMap.niceLength(near: 730) == 500 && PreviewMap.niceLength(near: 2400) == 2000)
        let tiled = PreviewMap(pins: pins, drawsLegs: true, tiles: .openStreetMap, caption: "route").svg()
        #expect(tiled.contains("<image href=\"https://tile.openstreetmap.org/"))
        #expect(TileSource.openStreetMap.origin == "https://tile.openstreetmap.org")
    }

    @Test("findings go to the item they belong to, also among several items in one file")
    func findingsOnItems() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("whack-a-vc"), as: "w")
        let phrases = project.appendingPathComponent("content/phrases/phrases.yaml")
        // An unknown field in the fourth of several items in one file.
        var lines = try String(contentsOf: phrases, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "- id: 4"))
        lines.insert("  colour: red", at: start + 1)
        try lines.joined(separator: "\n").write(to: phrases, atomically: true, encoding: .utf8)
        let snapshot = try await PreviewWorkspace.load(at: project)
        let index = try #require(snapshot.index("phrases", ItemID("4")))
        #expect(snapshot.findings(ofItemAt: index).map(\.rule) == ["unknown-field"])
        #expect(snapshot.findings(ofItemAt: index - 1).isEmpty && snapshot.findings(ofItemAt: index + 1).isEmpty)
        let page = try #require(site(snapshot).render(path: "c/phrases/4.html"))
        #expect(page.contains("data-rule=\"unknown-field\""))
        #expect(page.contains("vscode://file") && page.contains("content/phrases/phrases.yaml:"))
        // A project's own type renders generically: the sounds have players.
        let sounds = try #require(site(snapshot).render(path: "c/sounds/index.html"))
        #expect(sounds.contains("<audio controls"))
        #expect(site(snapshot).render(path: "c/nothing/index.html") == nil)
        #expect(site(snapshot).render(path: "c/phrases/999.html") == nil)
    }

    @Test("a route page: waypoints in order on the map, both locales with their limits, overflow marked")
    func routePage() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let route = project.appendingPathComponent("content/routes/1.yaml")
        let long = String(repeating: "Lange wandeling ", count: 5)
        try String(contentsOf: route, encoding: .utf8).replacingOccurrences(of: "nl: \"Groene Pad\"", with: "nl: \"\(long)\"")
            .write(to: route, atomically: true, encoding: .utf8)
        let snapshot = try await PreviewWorkspace.load(at: project)
        let page = try #require(site(snapshot).render(path: "c/routes/1.html"))
        let order = page.components(separatedBy: "data-waypoint=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(order == ["1", "2", "3"])
        let ids = page.components(separatedBy: "\" data-id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids == ["3", "1", "2"])
        #expect(page.contains("total walk"))
        #expect(page.contains("data-locale=\"en\"") && page.contains("data-locale=\"nl\""))
        #expect(page.contains("\(long.count)/60 · \(long.count - 60) over"))
        #expect(page.contains("<mark class=\"overflow\">"))
        #expect(page.contains("data-rule=\"text-too-long\""))
    }

    @Test("an item's page lists the items that refer to it, each once, in their collection's order")
    func referrers() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let routes = project.appendingPathComponent("content/routes")
        let first = try String(contentsOf: routes.appendingPathComponent("1.yaml"), encoding: .utf8)
        // Route 2 visits location 1 twice, route 3 does not visit it; both walk for profile 1.
        for (id, waypoints) in [(2, "[1, 2, 1]"), (3, "[2, 3]")] {
            try first.replacingOccurrences(of: "id: 1\n", with: "id: \(id)\n")
                .replacingOccurrences(of: "waypoints: [3, 1, 2]", with: "waypoints: \(waypoints)")
                .write(to: routes.appendingPathComponent("\(id).yaml"), atomically: true, encoding: .utf8)
        }
        let snapshot = try await PreviewWorkspace.load(at: project)
        let site = site(snapshot)
        func referrers(_ path: String) throws -> [String] {
            let page = try #require(site.render(path: path))
            let section = try #require(page.components(separatedBy: "<section class=\"card referrers\"").dropFirst().first)
            return section.components(separatedBy: "<tr data-id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(try referrers("c/locations/1.html") == ["1", "2"])
        #expect(try referrers("c/locations/3.html") == ["1", "3"])
        #expect(try referrers("c/profiles/1.html") == ["1", "2", "3"])
        #expect(try #require(site.render(path: "c/locations/1.html")).contains("referring to this location (2)"))
    }

    @Test(
        "a deal's map counts the other deals within 5 km and draws the nearest 100 in their collection's order, live and static alike"
    )
    func nearbyPins() async throws {
        let snapshot = try await PreviewWorkspace.load(at: TestPaths.example("dealhunter"))
        let deals = try #require(snapshot.itemsByCollection["deals"])
        let live = site(snapshot)
        let published = PreviewSite(snapshot: snapshot, options: PreviewOptions(live: false, tiles: nil, versionedAssets: false))
        var checked = 0, dense = 0
        for (position, index) in deals.enumerated() {
            let deal = snapshot.project.items[index]
            guard let id = deal.id, let point = PreviewSite.point(deal.node["location"]) else { continue }
            let within = deals.enumerated().compactMap { other, otherIndex -> (order: Int, meters: Double, pin: String)? in
                guard other != position, let p = PreviewSite.point(snapshot.project.items[otherIndex].node["location"]) else {
                    return nil
                }
                let meters = Geo.distance(point.0, point.1, p.0, p.1)
                return meters <= PlaceView.searchRadius ? (other, meters, "data-lat=\"\(p.0)\" data-lon=\"\(p.1)\"") : nil
            }
            // The nearest 100 (the earlier of equals), drawn in the collection's order.
            let expected = within.sorted { ($0.meters, $0.order) < ($1.meters, $1.order) }.prefix(PlaceView.maxNearbyPins)
                .sorted { $0.order < $1.order }.map(\.pin)
            if within.count > PlaceView.maxNearbyPins { dense += 1 }
            let path = "c/deals/\(HTMLText.slug(id.text)).html"
            for site in [live, published] {
                let page = try #require(site.render(path: path))
                let grey = page.components(separatedBy: "<g class=\"before\" ").dropFirst().map { part in
                    String(part.prefix { $0 != " " }) + " "
                        + String(part.dropFirst(part.prefix { $0 != " " }.count + 1).prefix { $0 != " " })
                }
                #expect(grey == expected, "\(path), live: \(site.options.live)")
                let legend =
                    within.count > PlaceView.maxNearbyPins
                    ? "\(within.count) other deals within 5.0 km; the nearest 100 are drawn (grey)"
                    : "\(within.count) other deals within 5.0 km (grey)"
                #expect(page.contains(legend), "\(path)")
            }
            if !within.isEmpty && within.count < deals.count - 1 { checked += 1 }
        }
        // Some deal has neighbours and deals that are not: the test tells near from far. Some
        // have more than are drawn: it tells the nearest from the rest.
        #expect(checked > 0)
        #expect(dense > 0)
        // Equals at the edge: the earlier ones in the collection's order.
        #expect(PlaceView.nearest([(0, 5), (1, 1), (2, 5), (3, 5), (4, 2)], limit: 3) == [0, 1, 4])
        #expect(PlaceView.nearest([(0, 5), (1, 1)], limit: 3) == [0, 1])
        // The selection agrees with sorting, on ties, runs, and random values.
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 10, 101, 1000] {
            for shape in 0..<4 {
                let values = (0..<count).map { i -> Double in
                    switch shape {
                    case 0: Double(Int.random(in: 0..<5, using: &generator))
                    case 1: Double(i)
                    case 2: Double(count - i)
                    default: Double.random(in: 0..<5000, using: &generator)
                    }
                }
                let sorted = values.sorted()
                for k in Set([0, count / 2, count - 1, min(99, count - 1)]) {
                    #expect(PlaceView.smallest(k, of: values) == sorted[k], "k \(k) of \(values)")
                }
            }
        }
    }

    /// A copy of gohike-amsterdam as the preview loads it, then `path` in it with `old`
    /// replaced by `new`: the copy's folder, its project, the snapshot, the file and its text
    /// before the change.
    static func loadThenChange(_ path: String, _ old: String, to new: String) async throws -> (
        TemporaryDirectory, URL, PreviewSnapshot, URL, String
    ) {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let first = try await PreviewWorkspace.load(at: project)
        let file = project.appendingPathComponent(path)
        let original = try String(contentsOf: file, encoding: .utf8)
        let changed = original.replacingOccurrences(of: old, with: new)
        #expect(changed != original)
        try changed.write(to: file, atomically: true, encoding: .utf8)
        return (temp, project, first, file, original)
    }

    @Test("a changed file is taken in alone; a syntax error shows instead of the last good state")
    func incremental() async throws {
        let (temp, project, first, file, original) = try await Self.loadThenChange(
            "content/locations/1.yaml", "RAI Congress Center", to: "RAI Amsterdam")
        defer { withExtendedLifetime(temp) {} }
        #expect(PreviewWorkspace.classify(["content/locations/1.yaml", ".git/index"]) == .files(["content/locations/1.yaml"]))
        #expect(PreviewWorkspace.classify(["schema/x.yaml"]) == .everything)
        let second = try #require(PreviewWorkspace.applying(["content/locations/1.yaml"], to: first))
        #expect(second.generation == first.generation + 1 && !second.lintIsComplete)
        #expect(site(second).render(path: "c/locations/1.html")?.contains("RAI Amsterdam") == true)
        #expect(second.project.items.count == first.project.items.count)

        try "id: 1\nname: {en: \"unclosed\n".write(to: file, atomically: true, encoding: .utf8)
        let third = try #require(PreviewWorkspace.applying(["content/locations/1.yaml"], to: second))
        #expect(third.blockingFindings.contains { $0.rule == "syntax" && $0.location?.file == "content/locations/1.yaml" })
        #expect(third.item("locations", ItemID("1")) == nil)
        let index = try #require(site(third).render(path: "index.html"))
        #expect(index.contains("id=\"broken-files\""))
        #expect(
            index.contains("<strong>A file does not load.</strong> What it holds is missing from these pages until it is fixed."))

        try original.write(to: file, atomically: true, encoding: .utf8)
        let fourth = try #require(PreviewWorkspace.applying(["content/locations/1.yaml"], to: third))
        let full = await PreviewWorkspace.relinted(fourth)
        #expect(full.lintIsComplete && full.blockingFindings.isEmpty)
        #expect(full.diagnostics == first.diagnostics)

        // A removed asset turns into a placeholder at once.
        try FileManager.default.removeItem(at: project.appendingPathComponent("assets/photos/rai-congress-center.jpg"))
        let fifth = try #require(PreviewWorkspace.applying(["assets/photos/rai-congress-center.jpg"], to: full))
        #expect(
            site(fifth).render(path: "c/locations/1.html")?.contains("data-missing=\"photos/rai-congress-center.jpg\"") == true)
    }

    @Test(
        "an image path that names no file inside assets/ gets lint's reason in its placeholder, not \"missing\"",
        arguments: [
            ("/\u{301}rai.jpg", "is an absolute path"), ("/etc/rai.jpg", "is an absolute path"),
            ("../rai.jpg", "climbs out with .."), ("photos\\rai.jpg", "contains a backslash; use / between folders"),
        ])
    func outsidePlaceholder(path: String, reason: String) async throws {
        let (temp, _, first, _, _) = try await Self.loadThenChange(
            "content/locations/1.yaml", "photos/rai-congress-center.jpg", to: path)
        defer { withExtendedLifetime(temp) {} }
        let second = try #require(PreviewWorkspace.applying(["content/locations/1.yaml"], to: first))
        let full = await PreviewWorkspace.relinted(second)
        #expect(full.diagnostics.contains { $0.rule == "asset-outside-project" && $0.message.contains(reason) })
        let page = try #require(site(full).render(path: "c/locations/1.html"))
        #expect(page.contains("data-outside=\"\(MarkupEscape.html(reason))\""))
        #expect(page.contains("image outside assets/:<br>\(MarkupEscape.html(path))<br><small>it \(MarkupEscape.html(reason))"))
        #expect(!page.contains("data-missing"))
        #expect(!page.contains("image missing"))
    }

    @Test("a path lint calls outside assets/ is never linked, even where a file of that name exists in assets/")
    func outsidePathNotLinkedWhenFileExists() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "g")
        let assets = project.appendingPathComponent("assets")
        try FileManager.default.createDirectory(
            at: assets.appendingPathComponent("~"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: assets.appendingPathComponent("photos/rai-congress-center.jpg"),
            to: assets.appendingPathComponent("~/rai.jpg"))
        let file = project.appendingPathComponent("content/locations/1.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        try original.replacingOccurrences(of: "photos/rai-congress-center.jpg", with: "~/rai.jpg")
            .write(to: file, atomically: true, encoding: .utf8)
        let snapshot = await PreviewWorkspace.relinted(try await PreviewWorkspace.load(at: project))
        // The file is there: the preview knows it, yet lint calls the path absolute, and the
        // preview's refusal of the file (from lint's own asset check) and its link agree.
        #expect(snapshot.assetVersions["~/rai.jpg"] != nil)
        #expect(snapshot.refusedAssets["~/rai.jpg"] == "is an absolute path")
        #expect(snapshot.diagnostics.contains { $0.rule == "asset-outside-project" && $0.message.contains("~/rai.jpg") })
        let page = try #require(site(snapshot).render(path: "c/locations/1.html"))
        #expect(!page.contains("assets/~/rai.jpg") && !page.contains("assets/%7E/rai.jpg"))
        #expect(page.contains("data-outside=\"is an absolute path\""))
        #expect(site(snapshot).assetHref("~/rai.jpg", depth: 2) == nil)
    }

    @Test("the banner of files that do not load counts files, not findings")
    func brokenFilesHeadline() {
        func finding(_ file: String?, line: Int = 1) -> Diagnostic {
            Diagnostic(
                severity: .error, rule: "syntax", message: "x",
                location: file.map { SourceLocation(file: $0, line: line, column: 1) })
        }
        func headline(_ findings: [Diagnostic]) -> String {
            let text = PageFrame.brokenFilesHeadline(findings)
            return String(text[text.range(of: "<strong>")!.upperBound..<text.range(of: "</strong>")!.lowerBound])
        }
        #expect(headline([finding("gamepack.yaml")]) == "A file does not load.")
        #expect(
            PageFrame.brokenFilesHeadline([finding("gamepack.yaml")]).hasSuffix(
                "What it holds is missing from these pages until it is fixed."))
        // One file with two findings is still one file.
        #expect(headline([finding("schema/a.yaml"), finding("schema/a.yaml", line: 9)]) == "A file does not load.")
        #expect(
            headline([finding("schema/a.yaml"), finding("content/b/1.yaml"), finding("schema/a.yaml", line: 3)])
                == "2 files do not load.")
        #expect(
            PageFrame.brokenFilesHeadline([finding("a.yaml"), finding("b.yaml")]).hasSuffix(
                "What they hold is missing from these pages until they are fixed."))
        // A finding without a place counts on its own.
        #expect(headline([finding(nil), finding("gamepack.yaml")]) == "2 files do not load.")
    }

    @Test("a changed item is checked by lint's own rules: a dangling reference names the closest id, as lint's does")
    func changedItemsUseLintRules() async throws {
        let (temp, _, first, _, _) = try await Self.loadThenChange(
            "content/routes/1.yaml", "waypoints: [3, 1, 2]", to: "waypoints: [3, 1, 2, 98]")
        defer { withExtendedLifetime(temp) {} }
        let second = try #require(PreviewWorkspace.applying(["content/routes/1.yaml"], to: first))
        let quick = second.diagnostics.filter { $0.rule == "dangling-reference" }
        #expect(quick.count == 1)
        #expect(quick.first?.message.contains("; the closest existing id is ") == true, "\(quick.map(\.message))")
        let full = await PreviewWorkspace.relinted(second)
        let fromLint = full.diagnostics.filter { $0.rule == "dangling-reference" }
        #expect(fromLint.map(\.message) == quick.map(\.message) && fromLint.map(\.location) == quick.map(\.location))
    }

    @Test("a changed value swaps the file's items where they stand: the indexes equal a full rebuild's; a changed id rebuilds")
    func changedValueInPlace() async throws {
        let (temp, _, first, file, _) = try await Self.loadThenChange(
            "content/routes/1.yaml", "waypoints: [3, 1, 2]", to: "waypoints: [3, 1, 2, 98]")
        defer { withExtendedLifetime(temp) {} }
        let kept = try #require(PreviewWorkspace.applyingInPlace("content/routes/1.yaml", to: first))
        let rebuilt = PreviewSnapshot(
            project: kept.project, diagnostics: kept.diagnostics, coverage: nil, generation: kept.generation,
            lintIsComplete: false, assetVersions: kept.assetVersions)
        #expect(kept.findingsByItem == rebuilt.findingsByItem)
        #expect(kept.unattachedFindings == rebuilt.unattachedFindings)
        #expect(kept.itemsByCollection == rebuilt.itemsByCollection)
        #expect(kept.itemIndex.positions == rebuilt.itemIndex.positions)
        #expect(kept.item("routes", ItemID("1"))?.node["waypoints"]?.elements?.count == 4)
        let route = try #require(kept.index("routes", ItemID("1")))
        #expect(kept.findings(ofItemAt: route).contains { $0.rule == "dangling-reference" })
        #expect(kept.project.items.count == first.project.items.count)

        // A new id is no value change: the indexes are built again.
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "id: 1", with: "id: 77").write(to: file, atomically: true, encoding: .utf8)
        #expect(PreviewWorkspace.applyingInPlace("content/routes/1.yaml", to: kept) == nil)
        let moved = try #require(PreviewWorkspace.applying(["content/routes/1.yaml"], to: kept))
        #expect(moved.item("routes", ItemID("77")) != nil && moved.item("routes", ItemID("1")) == nil)
    }
}
