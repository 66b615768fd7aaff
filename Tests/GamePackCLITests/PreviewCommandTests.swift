import Foundation
import GamePackTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `gamepack preview` (or `studio`) process on a free loopback port, stopped with SIGTERM.
final class PreviewProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:PORT/`.
    let baseURL: String
    let port: Int
    private let output = Pipe()

    init(_ project: URL, extra: [String] = [], command: String = "preview") throws {
        process.executableURL = TestPaths.gamepackBinary
        process.arguments = [command, project.path, "--port", "0"] + (command == "preview" ? ["--offline"] : []) + extra
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data([0x0A]) {
                let text = String(decoding: line, as: UTF8.self)
                if let range = text.range(of: "serving ") {
                    baseURL = String(text[range.upperBound...].prefix { $0 != " " })
                    port = Int(baseURL.split(separator: ":").last!.filter(\.isNumber))!
                    return
                }
                line = Data()
            } else {
                line.append(byte)
            }
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "gamepack \(command) did not start"])
    }

    /// Sends SIGTERM and waits (SIGKILL after 30 s); returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return -1
            }
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit { stop() }

    /// Sends `GET target` (or another `method`) exactly as written (no client normalizes `..`
    /// away) over a plain socket; returns the status code, the headers and the body.
    func rawGet(_ target: String, host: String? = nil, method: String = "GET") throws -> (status: Int, head: String, body: String)
    {
        guard let fd = connectLoopback(port) else { throw POSIXError(.ECONNREFUSED) }
        defer { close(fd) }
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

/// `gamepack preview` end to end: the server's answers and its safety, the static site, and
/// (with Chromium) what an editor sees in a real browser, live.
@Suite("gamepack preview (end to end)", .serialized)
struct PreviewCommandTests {
    /// The gohike example with a finding on location 3 (an unknown field) and a missing route
    /// image, so the pages have findings and a placeholder to show.
    func brokenGohike(_ temp: TemporaryDirectory) throws -> URL {
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "gohike")
        let location = project.appendingPathComponent("content/locations/3.yaml")
        try (String(contentsOf: location, encoding: .utf8) + "nam: oops\n").write(to: location, atomically: true, encoding: .utf8)
        let route = project.appendingPathComponent("content/routes/1.yaml")
        let text = try String(contentsOf: route, encoding: .utf8)
        #expect(text.contains("image: routes/green-trail.jpg"))
        try text.replacingOccurrences(of: "image: routes/green-trail.jpg", with: "image: routes/green-trial.jpg")
            .write(to: route, atomically: true, encoding: .utf8)
        return project
    }

    @Test("serves only the project's pages and assets: traversal, encoded variants and symlinks out get 404")
    func safety() throws {
        let temp = try TemporaryDirectory()
        let project = try brokenGohike(temp)
        let secret = try temp.write("secret text outside the project\n", to: "secret.txt")
        try FileManager.default.createSymbolicLink(
            at: project.appendingPathComponent("assets/photos/escape.jpg"), withDestinationURL: secret)
        let server = try PreviewProcess(project)
        defer { server.stop() }

        let index = try server.rawGet("/")
        #expect(index.status == 200)
        #expect(
            index.head.contains(
                "Content-Security-Policy: default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'"
            ))
        #expect(index.head.contains("X-Content-Type-Options: nosniff"))
        #expect(index.body.contains("Go Take a Hike! Amsterdam"))
        #expect(try server.rawGet("/_assets/photos/rai-congress-center.jpg").status == 200)
        for target in [
            "/../gamepack.yaml", "/%2e%2e/gamepack.yaml", "/%2E%2E%2Fgamepack.yaml", "/_assets/../../gamepack.yaml",
            "/_assets/%2e%2e/%2e%2e/gamepack.yaml", "/_assets/..%2f..%2fgamepack.yaml", "/_assets/photos/escape.jpg",
            "/_assets/%2e%2e/%2e%2e/%2e%2e/secret.txt", "/c/../../secret.txt", "/gamepack.yaml", "/content/routes/1.yaml",
            "/_assets/..%5c..%5cgamepack.yaml", "/_assets/photos/rai-congress-center.jpg%00.png",
        ] {
            let answer = try server.rawGet(target)
            #expect(answer.status == 404, "\(target) answered \(answer.status)")
            #expect(
                !answer.body.contains("secret text") && !answer.body.contains("gohike-amsterdam\nname"), "\(target) leaked a file"
            )
        }
        // DNS rebinding: a name other than a loopback one is refused.
        #expect(try server.rawGet("/", host: "evil.example:\(server.port)").status == 421)
        #expect(try server.rawGet("/", host: "localhost:\(server.port)").status == 200)
    }

    @Test("pages show findings on their items, escape every text, and a file that stops parsing shows its error")
    func pagesAndLiveEvents() throws {
        let temp = try TemporaryDirectory()
        let project = try brokenGohike(temp)
        let location = project.appendingPathComponent("content/locations/2.yaml")
        let original = try String(contentsOf: location, encoding: .utf8)
        try original.replacingOccurrences(
            of: "en: \"Synagoge Liberaal Joodse Gemeente\"", with: "en: \"<script>alert(1)</script> & co\""
        )
        .write(to: location, atomically: true, encoding: .utf8)
        let server = try PreviewProcess(project)
        defer { server.stop() }
        let page = try server.rawGet("/c/locations/2.html")
        #expect(page.status == 200)
        #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        #expect(!page.body.contains("<script>alert"))
        let three = try server.rawGet("/c/locations/3.html").body
        #expect(three.contains("data-rule=\"unknown-field\""))
        #expect(three.contains("vscode://file") && three.contains("content/locations/3.yaml:"))
        let route = try server.rawGet("/c/routes/1.html").body
        #expect(route.contains("data-missing=\"routes/green-trial.jpg\""))
        #expect(route.contains("data-rule=\"asset-missing\""))

        // A syntax error replaces the route's page with its error, and every page says so.
        let before = Int(try server.rawGet("/_preview/generation").body.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let routeFile = project.appendingPathComponent("content/routes/1.yaml")
        try "id: 1\nname: [unclosed\n".write(to: routeFile, atomically: false, encoding: .utf8)
        let deadline = Date().addingTimeInterval(10)
        var broken = try server.rawGet("/c/routes/1.html")
        while !broken.body.contains("broken-files") && Date() < deadline {
            usleep(50_000)
            broken = try server.rawGet("/c/routes/1.html")
        }
        #expect(broken.status == 404)
        #expect(broken.body.contains("id=\"broken-files\""))
        #expect(broken.body.contains("content/routes/1.yaml:"))
        #expect(try server.rawGet("/index.html").body.contains("[syntax]"))
        let after = Int(try server.rawGet("/_preview/generation").body.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(after > before)
    }

    @Test("--out writes a static site with relative links and the assets, and refuses a folder that is not a preview")
    func staticSite() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("whack-a-vc"), as: "wvc")
        // An item whose id is the name of the list page gets a page of its own beside it.
        let second = project.appendingPathComponent("content/vcs/2.yaml")
        try String(contentsOf: second, encoding: .utf8).replacingOccurrences(of: "id: 2\n", with: "id: index\n")
            .write(to: second, atomically: true, encoding: .utf8)
        let out = temp.url.appendingPathComponent("site")
        let result = try CommandRunner.gamepack(["preview", project.path, "--out", out.path, "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        let list = try String(contentsOf: out.appendingPathComponent("c/vcs/index.html"), encoding: .utf8)
        #expect(list.contains("c/vcs/~69ndex.html\""))
        let renamed = try String(contentsOf: out.appendingPathComponent("c/vcs/~69ndex.html"), encoding: .utf8)
        #expect(renamed.contains("data-id=\"index\"") || renamed.contains(">index<"), "the item's own page")
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: out.appendingPathComponent("index.html").path))
        #expect(fm.fileExists(atPath: out.appendingPathComponent("_assets/vcs/vc1.png").path))
        let vc = try String(contentsOf: out.appendingPathComponent("c/vcs/1.html"), encoding: .utf8)
        #expect(vc.contains("src=\"../../_assets/vcs/vc1.png\""))
        #expect(!vc.contains("src=\"/"), "links are relative")
        // Written again over itself: fine. Over another folder: refused with status 2.
        #expect(try CommandRunner.gamepack(["preview", project.path, "--out", out.path, "--offline"]).status == 0)
        let other = try temp.write("keep me\n", to: "other/notes.txt").deletingLastPathComponent()
        let refused = try CommandRunner.gamepack(["preview", project.path, "--out", other.path, "--offline"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not an earlier preview"))
        #expect(fm.fileExists(atPath: other.appendingPathComponent("notes.txt").path))
        #expect(
            try CommandRunner.gamepack(["preview", temp.url.appendingPathComponent("nope").path, "--out", out.path]).status == 2)
    }

    @Test("--out of a project with a file that does not parse: the site says where, and counts in words (1 error)")
    func staticSiteWithBrokenFile() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("whack-a-vc"), as: "wvc")
        let phrases = project.appendingPathComponent("content/phrases/phrases.yaml")
        try (String(contentsOf: phrases, encoding: .utf8) + "name: [unclosed\n").write(
            to: phrases, atomically: true, encoding: .utf8)
        let out = temp.url.appendingPathComponent("site")
        let result = try CommandRunner.gamepack(["preview", project.path, "--out", out.path, "--offline"])
        // A preview shows findings rather than refusing them: the editor reads them on the pages.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(1 error, 0 warnings)"), "\(result.stdout)")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("id=\"broken-files\""))
        #expect(index.contains("content/phrases/phrases.yaml:"))
        #expect(index.contains(">1 error</span>") && index.contains(">0 warnings</span>"))
        #expect(!index.contains("1 errors"))
        #expect(index.contains(" assets</div>") && index.contains(" items in "))
    }

    @Test("diff --format html draws a moved location on a map: before and after pins and the distance")
    func diffMap() throws {
        let temp = try TemporaryDirectory()
        let old = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "old")
        let new = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "new")
        let file = new.appendingPathComponent("content/locations/1.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        // 0.0108° of latitude is 1.2 km.
        let range = try #require(text.range(of: #"latitude: [0-9.]+"#, options: .regularExpression))
        let latitude = try #require(Double(text[range].dropFirst("latitude: ".count)))
        try text.replacingCharacters(in: range, with: "latitude: \(latitude + 0.0108)")
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.gamepack(["diff", old.path, new.path, "--format", "html"])
        #expect(result.status == 0, "\(result.stderr)")
        let html = result.stdout
        #expect(html.contains("<svg class=\"map\""))
        #expect(html.contains("<g class=\"before\"") && html.contains("<g class=\"after\""))
        #expect(html.contains("data-meters=\"1201\"><line"), "the leg between the pins carries the distance")
        #expect(html.contains(">1.2 km</text>"))
        #expect(!html.contains("<script") && !html.contains("<image"), "self-contained: no scripts, no tiles")
        // An unmoved project draws no map.
        let same = try CommandRunner.gamepack(["diff", old.path, old.path, "--format", "html"])
        #expect(!same.stdout.contains("<svg class=\"map\""))
    }

    @Test("answers as a static server does: HEAD /, a folder's URL, and collections listed by id in number order")
    func staticServerAnswers() throws {
        let temp = try TemporaryDirectory()
        let deals = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let server = try PreviewProcess(deals)
        defer { server.stop() }
        let head = try server.rawGet("/", method: "HEAD")
        #expect(head.status == 200, "\(head.head)")
        #expect(head.head.lowercased().contains("content-type: text/html"))
        #expect(head.body.isEmpty, "HEAD has no body")
        #expect(try server.rawGet("/c/deals/index.html", method: "HEAD").status == 200)
        let folder = try server.rawGet("/c/deals/")
        #expect(folder.status == 200, "\(folder.head)")
        #expect(folder.body == (try server.rawGet("/c/deals/index.html")).body)
        let bare = try server.rawGet("/c/deals")
        #expect(
            bare.status == 301 && bare.head.contains("Location: /c/deals/") || bare.head.contains("location: /c/deals/"),
            "\(bare.head)")
        #expect(try server.rawGet("/c/nothing/").status == 404)
        // The deals table lists ids as numbers: 1, 2, … 10, 11, not 1, 10, 11, 2.
        let ids = folder.body.components(separatedBy: "<tr data-id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        let numbers = ids.compactMap { Int($0) }
        #expect(numbers.count == ids.count && numbers.count >= 11, "\(ids)")
        #expect(numbers == numbers.sorted(), "\(ids)")
    }

    @Test(
        "axe-core in Chromium: no critical or serious violation on any page type (index, lists, item, route, map, VC, deals, sounds, the diff); map pins reached by Tab and named",
        .tags(.browser), .requires(.python3, .chromium, .axeCore))
    func accessibility() throws {
        try ExternalTool.chromium.require()
        try ExternalTool.axeCore.require()
        let temp = try TemporaryDirectory()
        let gohike = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "gohike")
        let whack = try temp.copy(TestPaths.example("whack-a-vc"), as: "whack")
        let deals = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let servers = try [gohike, whack, deals].map { try PreviewProcess($0) }
        defer { servers.forEach { $0.stop() } }
        // The HTML diff of a moved location (it draws a map too).
        let moved = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "moved")
        let file = moved.appendingPathComponent("content/locations/1.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let range = try #require(text.range(of: #"latitude: [0-9.]+"#, options: .regularExpression))
        let latitude = try #require(Double(text[range].dropFirst("latitude: ".count)))
        try text.replacingCharacters(in: range, with: "latitude: \(latitude + 0.0108)").write(
            to: file, atomically: true, encoding: .utf8)
        let diff = try CommandRunner.gamepack([
            "diff", gohike.path, moved.path, "--format", "html", "--out", temp.url.appendingPathComponent("diff.html").path,
        ])
        #expect(diff.status == 0, "\(diff.stderr)")
        let pages = [
            "index=\(servers[0].baseURL)", "locations=\(servers[0].baseURL)c/locations/index.html",
            "location=\(servers[0].baseURL)c/locations/1.html", "route=\(servers[0].baseURL)c/routes/1.html",
            "vc-list=\(servers[1].baseURL)c/vcs/index.html", "vc=\(servers[1].baseURL)c/vcs/1.html",
            "sounds=\(servers[1].baseURL)c/sounds/index.html", "sound=\(servers[1].baseURL)c/sounds/tone-a.html",
            "deals=\(servers[2].baseURL)c/deals/index.html", "deal=\(servers[2].baseURL)c/deals/1.html",
            "diff=\(temp.url.appendingPathComponent("diff.html").absoluteURL.absoluteString)",
        ]
        let script = TestPaths.fixtures("GamePackCLITests").appendingPathComponent("preview/preview_axe.py")
        let python = try #require(CommandRunner.which("python3"))
        let run = try CommandRunner.run(python, [script.path, "--shots", Self.screenshots.path] + pages)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("ALL PAGES PASSED"), "\(run.stdout)")
        #expect(
            run.stdout.components(separatedBy: "\npage ").count - 1 + (run.stdout.hasPrefix("page ") ? 1 : 0) == pages.count,
            "\(run.stdout)")
        #expect(run.stdout.contains("map pins on route:"), "\(run.stdout)")
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("page ") { print(line) }

        // The same check fails a page with the problems the preview had: axe really looks.
        let bad = try temp.write(
            """
            <!DOCTYPE html><html lang="en"><head><title>bad</title><style>body{background:#f6f7f9}a{color:#1f6feb;font-size:13px}</style></head>
            <body><main><h1>Bad</h1><h3>skipped level</h3><a href="#x">a link</a><span style="color:#5d6675;background:#5d6675">expired</span><table><tr><th></th><th>name</th></tr><tr><td>1</td><td>x</td></tr></table>
            <svg class="map" role="img" aria-label="map"><a href="#p"><g class="pin"><circle r="5" cx="9" cy="9"/></g></a></svg></main></body></html>
            """, to: "bad.html")
        let caught = try CommandRunner.run(
            python, [script.path, "--shots", Self.screenshots.path, "bad=\(bad.absoluteURL.absoluteString)"])
        #expect(caught.status == 1, "\(caught.stdout)")
        for rule in [
            "serious color-contrast", "serious nested-interactive", "moderate heading-order", "minor empty-table-header",
            "serious invisible-text",
        ] {
            #expect(caught.stdout.contains("  \(rule) "), "\(rule): \(caught.stdout)")
        }
    }

    /// Where the browser test leaves its screenshots: `.build/preview-screenshots/`.
    static let screenshots = TestPaths.repoRoot.appendingPathComponent(".build/preview-screenshots")

    @Test(
        "in Chromium: the route map, both locales, findings on items, VC cards and sounds, the deal search, live edits, and the static site from file://",
        .tags(.browser), .requires(.python3, .chromium))
    func browser() throws {
        try ExternalTool.chromium.require()
        let temp = try TemporaryDirectory()
        let gohike = try brokenGohike(temp)
        let whack = try temp.copy(TestPaths.example("whack-a-vc"), as: "whack")
        let deals = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let script = TestPaths.fixtures("GamePackCLITests").appendingPathComponent("preview/preview_browser.py")
        let python = try #require(CommandRunner.which("python3"))

        let servers = try [gohike, whack, deals].map { try PreviewProcess($0) }
        defer { servers.forEach { $0.stop() } }
        let live = try CommandRunner.run(
            python,
            [
                script.path, "--gohike", servers[0].baseURL, "--whackavc", servers[1].baseURL, "--dealhunter",
                servers[2].baseURL, "--gohike-dir", gohike.path, "--shots", Self.screenshots.path, "--waypoints", "3,1,2",
            ])
        #expect(live.status == 0, "\(live.stdout)\n\(live.stderr)")
        #expect(live.stdout.contains("ALL CHECKS PASSED"), "\(live.stdout)")

        var roots: [String] = []
        for (name, project) in [("gohike", gohike), ("whack", whack), ("deals", deals)] {
            let out = temp.url.appendingPathComponent("site-\(name)")
            let result = try CommandRunner.gamepack(["preview", project.path, "--out", out.path, "--offline"])
            #expect(result.status == 0, "\(result.stderr)")
            roots.append(
                out.absoluteURL.absoluteString.hasSuffix("/")
                    ? out.absoluteURL.absoluteString : out.absoluteURL.absoluteString + "/")
        }
        let offline = try CommandRunner.run(
            python,
            [
                script.path, "--static", "--gohike", roots[0], "--whackavc", roots[1], "--dealhunter", roots[2],
                "--shots", Self.screenshots.path, "--waypoints", "3,1,2",
            ])
        #expect(offline.status == 0, "\(offline.stdout)\n\(offline.stderr)")
        #expect(offline.stdout.contains("ALL CHECKS PASSED"), "\(offline.stdout)")
        for name in ["gohike-route", "whackavc-vc", "dealhunter-deals", "static-gohike-route"] {
            #expect(FileManager.default.fileExists(atPath: Self.screenshots.appendingPathComponent("\(name).png").path))
        }
    }
}
