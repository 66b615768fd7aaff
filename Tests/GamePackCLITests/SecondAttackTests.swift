import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// The second attack (issue 27), end to end on the built binary: what a static preview may
/// publish, coordinates that lint clean or come from imported files, a planted base64 cache
/// wrapped at another width, a translation that would push a file past the source limit, and
/// Kinvey resource names that YAML would misread. Each test failed before its fix.
@Suite("Second attack: static preview, geography, caches, imports", .serialized)
struct SecondAttackTests {
    func project(_ temp: TemporaryDirectory, _ name: String = "hike") throws -> URL {
        let url = temp.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: TestPaths.example("gohike-amsterdam"), to: url)
        for folder in [".gamepack", "build"] { try? FileManager.default.removeItem(at: url.appendingPathComponent(folder)) }
        return url
    }

    func replace(_ old: String, with new: String, in url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(url.lastPathComponent) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Every file below `folder`, relative, with its bytes.
    func files(below folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            result[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    // High: a symlink in assets/ to .git/config, hidden files, and pages or scripts posing as
    // media never reach the static site; every static page carries a CSP <meta>.
    @Test func staticPreviewPublishesNoSecretAndNoScript() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let fm = FileManager.default
        let secret = "token=SECRET-CHECKOUT-TOKEN"
        try fm.createDirectory(at: hike.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("[http]\n\textraheader = AUTHORIZATION: basic \(secret)\n".utf8)
            .write(to: hike.appendingPathComponent(".git/config"))
        try Data("API_KEY=\(secret)\n".utf8).write(to: hike.appendingPathComponent("assets/.env"))
        try fm.createDirectory(at: hike.appendingPathComponent("assets/.gamepack"), withIntermediateDirectories: true)
        try Data("\(secret)\n".utf8).write(to: hike.appendingPathComponent("assets/.gamepack/state.jpg"))
        // Used by content and unused, as committed symlinks.
        try fm.createSymbolicLink(
            atPath: hike.appendingPathComponent("assets/leak.jpg").path, withDestinationPath: "../.git/config")
        try fm.createSymbolicLink(
            atPath: hike.appendingPathComponent("assets/photos/unused.jpg").path, withDestinationPath: "../../.git/config")
        try fm.createSymbolicLink(
            atPath: hike.appendingPathComponent("assets/photos/hidden.jpg").path, withDestinationPath: "../.gamepack/state.jpg")
        // Scripts: an HTML page, an SVG, and HTML named .jpg.
        let script = "<script>alert(document.domain)</script>"
        try Data("<html><body>\(script)</body></html>".utf8).write(to: hike.appendingPathComponent("assets/evil.html"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\">\(script)</svg>".utf8)
            .write(to: hike.appendingPathComponent("assets/photos/evil.svg"))
        try Data("<html>\(script)</html>".utf8).write(to: hike.appendingPathComponent("assets/photos/fake.jpg"))
        let locations = hike.appendingPathComponent("content/locations")
        let originalImage = try String(contentsOf: locations.appendingPathComponent("1.yaml"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("image: ") }!.dropFirst("image: ".count)
        try replace("image: \(originalImage)", with: "image: leak.jpg", in: locations.appendingPathComponent("1.yaml"))
        let second = try String(contentsOf: locations.appendingPathComponent("2.yaml"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("image: ") }!
        try replace(String(second), with: "image: photos/fake.jpg", in: locations.appendingPathComponent("2.yaml"))
        let third = try String(contentsOf: locations.appendingPathComponent("3.yaml"), encoding: .utf8)
        try (third + "image: photos/hidden.jpg\n").write(
            to: locations.appendingPathComponent("3.yaml"), atomically: true, encoding: .utf8)
        // A real photo no item uses is not published either.
        try fm.copyItem(
            at: hike.appendingPathComponent("assets/photos/synagoge-liberaal-joodse-gemeente.jpg"),
            to: hike.appendingPathComponent("assets/photos/spare.jpg"))

        let run = try BoundedRun.gamepack(["preview", "hike", "--out", "site"], in: temp.url, limit: 60)
        #expect(run.status == 0, "\(run.output)")
        let site = try files(below: temp.url.appendingPathComponent("site"))
        let machinePaths = Set([temp.url.path, temp.url.resolvingSymlinksInPath().path])
        for (path, data) in site {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("SECRET-CHECKOUT-TOKEN"), "\(path) holds the secret")
            #expect(!text.contains("alert(document.domain)"), "\(path) holds the script")
            // Published pages name files in the project, never a folder of the machine that built them.
            for machinePath in machinePaths { #expect(!text.contains(machinePath), "\(path) names \(machinePath)") }
        }
        // A refused image's page says why it is not there, not that it is missing.
        let faked = String(decoding: site["c/locations/2.html"] ?? Data(), as: UTF8.self)
        #expect(faked.contains("<span>image not published:<br>assets/photos/fake.jpg"), "location 2's page")
        #expect(faked.contains("is not a media file gamepack knows"), "location 2's page")
        let leaked = String(decoding: site["c/locations/1.html"] ?? Data(), as: UTF8.self)
        #expect(
            leaked.contains("image not published:<br>assets/leak.jpg<br><small>it is a symlink to .git/config, outside assets/"))
        let assets = site.keys.filter { $0.hasPrefix("_assets/") }.sorted()
        // What the content still uses legitimately is copied: the static site is not empty.
        #expect(assets.contains("_assets/routes/green-trail.jpg"), "the route's photo is not copied: \(assets)")
        #expect(!assets.contains("_assets/photos/spare.jpg"), "an unused photo is copied")
        for path in assets {
            #expect(!path.split(separator: "/").dropFirst().contains { $0.hasPrefix(".") }, "\(path) is hidden")
            #expect(
                !["leak.jpg", "unused.jpg", "hidden.jpg", "fake.jpg", "evil.svg", "evil.html"].contains { path.hasSuffix($0) })
        }
        // Only assets the content uses: the hike has more photos than its three locations show.
        let used = Set(
            try ["routes", "profiles", "rewards", "locations"].flatMap { folder -> [String] in
                try fm.contentsOfDirectory(atPath: hike.appendingPathComponent("content/\(folder)").path).flatMap { name in
                    try String(contentsOf: hike.appendingPathComponent("content/\(folder)/\(name)"), encoding: .utf8)
                        .split(separator: "\n").compactMap { line -> String? in
                            let parts = line.split(separator: ":", maxSplits: 1)
                            guard parts.count == 2 else { return nil }
                            let value = parts[1].trimmingCharacters(in: .whitespaces)
                            return value.contains("/") && value.contains(".") ? value : nil
                        }
                }
            })
        for path in assets { #expect(used.contains(String(path.dropFirst("_assets/".count))), "\(path) is used by no item") }
        #expect(run.stderr.contains("assets/leak.jpg"), "\(run.output)")
        #expect(run.stderr.contains("assets/photos/fake.jpg"), "\(run.output)")
        let pages = site.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 5)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;"), "\(path)")
            #expect(html.contains("script-src &#39;self&#39;"), "\(path)")
        }
    }

    // Medium: a pole and the antimeridian (which lint passes) in the static preview, with tiles.
    @Test func previewDrawsPolesAndTheAntimeridian() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let locations = hike.appendingPathComponent("content/locations")
        for (file, position) in [
            // The route visits 3, 1, 2: the pole first, then across the antimeridian.
            ("3.yaml", "{latitude: 90, longitude: 4.889103}"), ("1.yaml", "{latitude: -16.5, longitude: 179.99}"),
            ("2.yaml", "{latitude: -16.5, longitude: -179.99}"),
        ] {
            let text = try String(contentsOf: locations.appendingPathComponent(file), encoding: .utf8)
            let line = text.split(separator: "\n").first { $0.hasPrefix("position: ") }!
            try replace(String(line), with: "position: \(position)", in: locations.appendingPathComponent(file))
        }
        let run = try BoundedRun.gamepack(["preview", "hike", "--out", "site"], in: temp.url, limit: 60)
        #expect(run.status == 0, "\(run.output)")
        let page = try String(
            contentsOf: temp.url.appendingPathComponent("site/c/locations/2.html"), encoding: .utf8)
        // 179.99 and -179.99 are 2.1 km apart across the antimeridian, not 40,000 km.
        #expect(page.contains("<svg class=\"map\""))
        let route = try files(below: temp.url.appendingPathComponent("site/c/routes")).values
            .map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(route.contains("2.1 km") || route.contains("2.2 km"), "no short leg across the antimeridian")
    }

    // Medium: `.nan` in a project and 1e308 in a content.json crash `diff` no more.
    @Test func diffDescribesUnmeasurableMoves() throws {
        let temp = try TemporaryDirectory()
        let old = try project(temp, "old")
        let new = try project(temp, "new")
        let file = new.appendingPathComponent("content/locations/1.yaml")
        let line = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("position: ") }!
        try replace(String(line), with: "position: {latitude: .nan, longitude: 4.889103}", in: file)
        let run = try BoundedRun.gamepack(["diff", "old", "new", "--format", "json"], in: temp.url, limit: 60)
        #expect([0, 1].contains(run.status), "\(run.output)")
        #expect(run.stdout.contains("an unknown distance"), "\(run.output)")
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "the JSON report does not parse")
        for format in ["text", "html", "markdown"] {
            let other = try BoundedRun.gamepack(["diff", "old", "new", "--format", format], in: temp.url, limit: 60)
            #expect([0, 1].contains(other.status), "\(format): \(other.output)")
        }

        let v1 = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("gohike/content-v1.json")
        try FileManager.default.copyItem(at: v1, to: temp.url.appendingPathComponent("a.json"))
        var text = try String(contentsOf: v1, encoding: .utf8)
        let first = text.range(of: "\"latitude\": \"52.362594310\"")!
        text.replaceSubrange(first, with: "\"latitude\": 1e308")
        try text.write(to: temp.url.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        for format in ["text", "json", "html"] {
            let huge = try BoundedRun.gamepack(["diff", "a.json", "b.json", "--format", format], in: temp.url, limit: 60)
            #expect([0, 1].contains(huge.status), "\(format): \(huge.output)")
        }
    }

    // Medium: a pack whose canonical asset entry claims 1e19 bytes.
    @Test func diffOfAPackClaimingAnImpossibleAssetSize() throws {
        let temp = try TemporaryDirectory()
        _ = try project(temp)
        #expect(
            try BoundedRun.gamepack(
                ["build", "hike", "--out", "out", "--target", "canonical", "--quiet", "--no-cache"], in: temp.url, limit: 120
            ).status == 0)
        let out = temp.url.appendingPathComponent("out")
        let packName = try FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasSuffix(".gamepack") }!
        let reader = try PackArchive.Reader(url: out.appendingPathComponent(packName))
        // The same pack, its canonical asset entries claiming impossible sizes, written again
        // with a manifest that lists the changed files' hashes.
        var manifest = try reader.manifest()
        var entries: [PackArchive.Entry] = []
        var claimed = 0
        for (index, file) in manifest.files.enumerated() {
            var data = try reader.data(at: file.path)
            if file.path.hasPrefix("canonical/") {
                let text = String(decoding: data, as: UTF8.self)
                let changed = text.replacingOccurrences(
                    of: #""bytes":\s*[0-9]+"#, with: "\"bytes\":1e19", options: .regularExpression)
                if changed != text {
                    claimed += 1
                    data = Data(changed.utf8)
                    var digest = Digest(sha256: true, md5: true, crc32: false)
                    digest.update(data)
                    let (sha256, md5) = digest.finalize()
                    manifest.files[index] = PackManifest.File(path: file.path, size: Int64(data.count), sha256: sha256, md5: md5)
                }
            }
            entries.append(PackArchive.Entry(path: file.path, source: .data(data), compress: true))
        }
        #expect(claimed > 0, "no canonical entry has a bytes field")
        _ = try PackArchive.write(
            manifest: manifest, entries: entries, modificationDate: Date(timeIntervalSince1970: 1_700_000_000),
            to: out.appendingPathComponent("tampered.gamepack"))
        let run = try BoundedRun.gamepack(
            ["diff", "out/\(packName)", "out/tampered.gamepack"], in: temp.url, limit: 60)
        #expect([0, 1].contains(run.status), "\(run.output)")
    }

    // Low: a base64 cache entry wrapped at another width is not used: the pack equals a
    // --no-cache build's.
    @Test func rewrappedBase64CacheIsEncodedAgain() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        #expect(
            try BoundedRun.gamepack(
                ["build", "hike", "--out", "plain", "--quiet", "--no-cache"], in: temp.url, limit: 120, environment: epoch
            ).status == 0)
        #expect(
            try BoundedRun.gamepack(["build", "hike", "--out", "first", "--quiet"], in: temp.url, limit: 120, environment: epoch)
                .status == 0)
        let cache = hike.appendingPathComponent(".gamepack/cache/base64")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".b64") }
        #expect(!entries.isEmpty)
        var rewrapped = 0
        for name in entries {
            let url = cache.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let unwrapped = text.replacingOccurrences(of: "\\n", with: "")
            // Wrapped at 76 instead of the width the name says (or wrapped, for an unwrapped one).
            var lines: [String] = []
            var rest = Substring(unwrapped)
            while !rest.isEmpty {
                lines.append(String(rest.prefix(76)))
                rest = rest.dropFirst(76)
            }
            let other = lines.joined(separator: "\\n") + "\\n"
            guard other != text else { continue }
            try Data(other.utf8).write(to: url)
            rewrapped += 1
        }
        #expect(rewrapped > 0)
        #expect(
            try BoundedRun.gamepack(
                ["build", "hike", "--out", "second", "--quiet"], in: temp.url, limit: 120, environment: epoch
            )
            .status == 0)
        func packs(_ folder: String) throws -> [String: Data] {
            let url = temp.url.appendingPathComponent(folder)
            return Dictionary(
                uniqueKeysWithValues: try FileManager.default.contentsOfDirectory(atPath: url.path)
                    .filter { $0.hasSuffix(".gamepack") }.map { ($0, try Data(contentsOf: url.appendingPathComponent($0))) })
        }
        let plain = try packs("plain"), second = try packs("second")
        #expect(!plain.isEmpty && plain.keys.sorted() == second.keys.sorted())
        for (name, data) in plain { #expect(second[name] == data, "\(name) differs from the --no-cache build") }
    }

    // Low: a translation that would push a YAML file over the 4 MiB source limit is refused
    // whole, and nothing is written.
    @Test func l10nImportNeverWritesAFileOverTheSourceLimit() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let export = try BoundedRun.gamepack(
            ["l10n", "export", "hike", "--locale", "nl", "--out", "nl.xlf"], in: temp.url, limit: 60)
        #expect(export.status == 0, "\(export.output)")
        var xliff = try String(contentsOf: temp.url.appendingPathComponent("nl.xlf"), encoding: .utf8)
        // The first unit of a location's description gets a 5 MB target.
        let unit = xliff.range(of: "id=\"locations/1/description\"")!
        let open = xliff.range(of: "<target", range: unit.upperBound..<xliff.endIndex)!
        let close = xliff.range(of: "</target>", range: open.upperBound..<xliff.endIndex)!
        let huge = String(repeating: "Grachtengordel ", count: 350_000)
        xliff.replaceSubrange(open.lowerBound..<close.upperBound, with: "<target state=\"translated\">\(huge)</target>")
        try xliff.write(to: temp.url.appendingPathComponent("nl.xlf"), atomically: true, encoding: .utf8)
        let before = try files(below: hike.appendingPathComponent("content"))
        let run = try BoundedRun.gamepack(["l10n", "import", "hike", "nl.xlf"], in: temp.url, limit: 60)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.stderr.contains("content/locations/1.yaml would grow to"), "\(run.output)")
        #expect(run.stderr.contains("nothing was written"), "\(run.output)")
        #expect(try files(below: hike.appendingPathComponent("content")) == before)
    }

    // Low: Kinvey resource names with `#` and `: ` are written quoted and read back whole.
    @Test func kinveyImportQuotesResourceNames() throws {
        let temp = try TemporaryDirectory()
        let export = temp.url.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try Data("Phrase\nHello\n".utf8).write(to: export.appendingPathComponent("Phrases.csv"))
        try Data(
            "name,firm,twitter_handle,profileImageNameInBlob,gameImageNameInBlob\nMarta Hollis,Kestrel,NA,snap #1.png,game: x.png\n"
                .utf8
        ).write(to: export.appendingPathComponent("VC-Details.csv"))
        try Data(
            "lastModified,resourceName\n3/9/2012 9:05,snap #1.png\n3/9/2012 9:05,game: x.png\n3/9/2012 9:05,true.wav\n3/9/2012 9:05,boo #2.wav\n"
                .utf8
        )
        .write(to: export.appendingPathComponent("metaData.csv"))
        let run = try BoundedRun.gamepack(["import", "kinvey", "export", "--out", "game"], in: temp.url, limit: 60)
        #expect(run.status == 0, "\(run.output)")
        let vc = try String(contentsOf: temp.url.appendingPathComponent("game/content/vcs/1.yaml"), encoding: .utf8)
        #expect(vc.contains("profile_image: \"vcs/snap #1.png\""), "\(vc)")
        #expect(vc.contains("game_image: \"vcs/game: x.png\""), "\(vc)")
        let sounds = try String(contentsOf: temp.url.appendingPathComponent("game/content/sounds/sounds.yaml"), encoding: .utf8)
        #expect(sounds.contains("- id: \"true\""), "\(sounds)")
        #expect(sounds.contains("file: \"sounds/boo #2.wav\""), "\(sounds)")
        // Lint reads every value whole: the only findings are the missing blob files.
        let lint = try BoundedRun.gamepack(["lint", "game", "--format", "json"], in: temp.url, limit: 60)
        let findings = lint.stdout
        #expect(!findings.contains("\"syntax\""), "\(findings)")
        #expect(findings.contains("assets/vcs/snap #1.png does not exist"), "\(findings)")
        #expect(findings.contains("assets/vcs/game: x.png does not exist"), "\(findings)")
        #expect(findings.contains("assets/sounds/boo #2.wav does not exist"), "\(findings)")
    }
}
