import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@Suite("Build")
struct BuildTests {
    /// Builds a copy of `example` made at `folder` (a fixed timestamp keeps tests independent of git).
    static func build(
        _ project: URL, out: URL, targets: [String]? = nil, cache: URL? = nil,
        timestamp: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) async throws -> BuildResult {
        let loaded = try await Project.load(at: project)
        let outcome = try await PackBuilder.build(
            project: loaded,
            options: BuildOptions(outputDirectory: out, targets: targets, cacheDirectory: cache, timestamp: timestamp))
        guard case .built(let result) = outcome else {
            Issue.record("build failed: \(outcome)")
            throw CancellationError()
        }
        return result
    }

    /// Builds the gohike target of `project` into `temp` and returns its content.json, extracted
    /// there.
    static func gohikeContent(of project: URL, in temp: TemporaryDirectory) async throws -> URL {
        let result = try await build(project, out: temp.url.appendingPathComponent("out"), targets: ["gohike"])
        let content = try file("gohike/content.json", of: result.packURL)
        return try temp.write(String(decoding: content, as: UTF8.self), to: "content.json")
    }

    /// Extracts one file of a pack.
    static func file(_ path: String, of pack: URL) throws -> Data {
        try PackArchive.Reader(url: pack).data(at: path, limit: 1 << 30)
    }

    @Test("gohike content.json: version first, and version = MD5 of the compact profiles JSON as Python writes it")
    func gohikeVersionRule() async throws {
        let temp = try TemporaryDirectory()
        let result = try await Self.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("out"), targets: ["gohike"])
        let content = try Self.file("gohike/content.json", of: result.packURL)
        let text = String(decoding: content, as: UTF8.self)
        #expect(text.hasPrefix("{\"version\":\"\(result.manifest.versions["gohike"]!)\",\"profiles\":["))
        #expect(result.manifest.version == result.manifest.versions["gohike"])
        #expect(result.packURL.lastPathComponent == "gohike-amsterdam-\(result.manifest.version).gamepack")
        // An independent implementation recomputes the version the way the old server did.
        let file = try temp.write(text, to: "content.json")
        let script = """
            import json, hashlib, sys
            raw = open(sys.argv[1], encoding='utf-8').read()
            pairs = json.loads(raw, object_pairs_hook=lambda p: p)
            assert pairs[0][0] == 'version', pairs[0][0]
            d = json.loads(raw)
            print(hashlib.md5(json.dumps(d['profiles'], separators=(',', ':'), ensure_ascii=False).encode()).hexdigest())
            print(d['version'])
            r = d['profiles'][0]['routes'][0]
            print(r['id'], [w['location_id'] for w in r['waypoints']], [w['rank'] for w in r['waypoints']], r['reward']['id'])
            print(r['waypoints'][1]['latitude'], r['waypoints'][1]['longitude'], type(r['waypoints'][1]['latitude']).__name__)
            """
        let python = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        let lines = python.stdout.split(separator: "\n").map(String.init)
        #expect(python.status == 0, "\(python.stderr)")
        #expect(lines.count == 4)
        #expect(lines[0] == lines[1])
        #expect(lines[2] == "1 [3, 1, 2] [0, 1, 2] 1")
        #expect(lines[3] == "52.340512 4.889103 str")
    }

    @Test("a location on two routes is written in full at each of its waypoints, with each route's rank and id")
    func gohikeSharedLocations() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
        // A second route through the same three locations, in the other order.
        let route = """
            id: 2
            profile: 1
            name:
              en: "Back Trail"
              nl: "Terugpad"
            waypoints: [2, 1, 3]
            """
        try route.write(to: project.appendingPathComponent("content/routes/2.yaml"), atomically: true, encoding: .utf8)
        let file = try await Self.gohikeContent(of: project, in: temp)
        // Each waypoint, without its route's keys, is its location as the project has it.
        let script = """
            import json, sys, yaml
            d = json.load(open(sys.argv[1]))
            for r in d['profiles'][0]['routes']:
                for w in r['waypoints']:
                    loc = yaml.safe_load(open(f"{sys.argv[2]}/content/locations/{w['location_id']}.yaml"))
                    assert w['name_en'] == loc['name']['en'] and w['name_nl'] == loc['name'].get('nl', ''), w
                    assert float(w['latitude']) == loc['position']['latitude'], w
                    assert (w['image_data'] is None) == ('image' not in loc), w
                    print(r['id'], w['rank'], w['location_id'], w['route_id'], len(w['image_data'] or ''))
            """
        let python = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path, project.path])
        #expect(python.status == 0, "\(python.stderr)")
        let lines = python.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(
            lines.map { $0[0...3].joined(separator: " ") } == [
                "1 0 3 1", "1 1 1 1", "1 2 2 1", "2 0 2 2", "2 1 1 2", "2 2 3 2",
            ])
        // A location's photo is the same bytes at each of its waypoints.
        let photos = Dictionary(lines.map { ($0[2], [$0[4]]) }, uniquingKeysWith: +)
        #expect(photos.values.allSatisfy { Set($0).count == 1 })
    }

    @Test("content.json made in pieces on all cores is one JSON document whose profiles hash to the version")
    func gohikePieces() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
        let content = project.appendingPathComponent("content")
        // Three profiles, the second without routes, and 150 routes: more than a run of pieces
        // (`GohikeTarget.piecesPerRun`), the even ones in profile 1, the odd ones in profile 3.
        for id in [2, 3] {
            let profile = """
                id: \(id)
                name: {en: "Profile \(id)", nl: "Profiel \(id)"}
                description: {en: "Walks \(id).", nl: "Wandelingen \(id)."}
                """
            try profile.write(to: content.appendingPathComponent("profiles/\(id).yaml"), atomically: true, encoding: .utf8)
        }
        for id in 2...150 {
            let route = """
                id: \(id)
                profile: \(id % 2 == 0 ? 1 : 3)
                name: {en: "Route \(id)", nl: "Route \(id)"}
                \(id % 3 == 0 ? "image: routes/green-trail.jpg" : "")
                waypoints: [\(id % 4 == 0 ? "" : [[1, 2, 3], [3, 2, 1], [2, 3, 1]][id % 3].map(String.init).joined(separator: ", "))]
                """
            try route.write(to: content.appendingPathComponent("routes/\(id).yaml"), atomically: true, encoding: .utf8)
        }
        let file = try await Self.gohikeContent(of: project, in: temp)
        let script = """
            import json, hashlib, sys
            d = json.load(open(sys.argv[1]))
            profiles = json.dumps(d['profiles'], separators=(',', ':'), ensure_ascii=False)
            assert hashlib.md5(profiles.encode()).hexdigest() == d['version'], 'version'
            for p in d['profiles']:
                print(p['id'], ' '.join(str(r['id']) for r in p['routes']))
            images = {r['image_data'] for p in d['profiles'] for r in p['routes'] if r['id'] % 3 == 0 or r['id'] == 1}
            print(len(images), sum(len(r['waypoints']) for p in d['profiles'] for r in p['routes']))
            """
        let python = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(python.status == 0, "\(python.stderr)")
        let lines = python.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func ids(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: " ") }
        let first = "1 " + ids([1] + Array(stride(from: 2, through: 150, by: 2)))
        let third = "3 " + ids(Array(stride(from: 3, through: 149, by: 2)))
        // Every route with the photo carries the same base64; 3 waypoints on each route but every fourth.
        let waypoints = 3 + (2...150).filter { $0 % 4 != 0 }.count * 3
        #expect(lines == [first, "2 ", third, "1 \(waypoints)", ""])
    }

    @Test("an id the gohike target cannot write stops it, the first one in the file's order named")
    func gohikeNonNumericIDs() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
        let content = project.appendingPathComponent("content")
        // A second profile, `zuid`, after profile 1 (ids sort numbers first), with one route
        // `late`; and a route `early` in profile 1, written before both.
        let files = [
            "profiles/zuid.yaml": "id: zuid\nname: {en: South, nl: Zuid}\n",
            "routes/late.yaml": "id: late\nprofile: zuid\nname: {en: Late, nl: Laat}\nwaypoints: [1]\n",
            "routes/early.yaml": "id: early\nprofile: 1\nname: {en: Early, nl: Vroeg}\nwaypoints: [2]\n",
        ]
        for (path, text) in files {
            try text.write(to: content.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        func failure() async -> String {
            do {
                _ = try await PackBuilder.build(
                    project: try await Project.load(at: project),
                    options: BuildOptions(
                        outputDirectory: temp.url.appendingPathComponent("out"), targets: ["gohike"],
                        timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
                return "built"
            } catch {
                return "\(error)"
            }
        }
        // The error names the file, line and column of the id, and says how to fix it.
        let early = await failure()
        #expect(early.contains("content/routes/early.yaml:1:5: routes has the id 'early', but the gohike target needs"))
        #expect(early.contains("give it a whole-number id that no other item of routes has"))
        // Without `early`, the profile `zuid` comes before its route `late`.
        try FileManager.default.removeItem(at: content.appendingPathComponent("routes/early.yaml"))
        #expect(await failure().contains("content/profiles/zuid.yaml:1:5: profiles has the id 'zuid', but"))
    }

    @Test("embedded images decode to the asset bytes; base64 wrapped at 60 like the legacy server")
    func gohikeImages() async throws {
        let temp = try TemporaryDirectory()
        let result = try await Self.build(TestPaths.example("gohike-amsterdam"), out: temp.url, targets: ["gohike"])
        let json =
            try JSONSerialization.jsonObject(with: try Self.file("gohike/content.json", of: result.packURL)) as! [String: Any]
        let profile = (json["profiles"] as! [[String: Any]])[0]
        let base64 = profile["image_data"] as! String
        let lines = base64.split(separator: Character("\n"))
        #expect(lines.dropLast().allSatisfy { $0.count == 60 })
        #expect(base64.hasSuffix("\n"))
        let decoded = Data(base64Encoded: base64, options: .ignoreUnknownCharacters)
        let original = try Data(
            contentsOf: TestPaths.example("gohike-amsterdam").appendingPathComponent("assets/profiles/amsterdam-south.jpg"))
        #expect(decoded == original)
        #expect(profile["icon_data"] is NSNull)
    }

    @Test(
        "two builds from two different folders give identical pack bytes",
        arguments: ["gohike-amsterdam", "whack-a-vc", "dealhunter"])
    func reproducible(_ example: String) async throws {
        let temp = try TemporaryDirectory()
        let first = try temp.copy(TestPaths.example(example), as: "a")
        let second = try temp.copy(TestPaths.example(example), as: "elsewhere-b")
        let one = try await Self.build(
            first, out: temp.url.appendingPathComponent("out1"), cache: temp.url.appendingPathComponent("cache1"))
        let two = try await Self.build(second, out: temp.url.appendingPathComponent("deep/out2"))
        #expect(one.packURL.lastPathComponent == two.packURL.lastPathComponent)
        #expect(try Data(contentsOf: one.packURL) == Data(contentsOf: two.packURL))
        // A warm rebuild with the cache filled gives the same bytes too.
        let three = try await Self.build(
            first, out: temp.url.appendingPathComponent("out3"), cache: temp.url.appendingPathComponent("cache1"))
        #expect(try Data(contentsOf: one.packURL) == Data(contentsOf: three.packURL))
    }

    @Test("an unsigned build without a cache (no BLAKE2b of the pack) writes the bytes a signed build writes")
    func unsignedSameBytes() async throws {
        let temp = try TemporaryDirectory()
        let unsigned = try await Self.build(TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("a"))
        #expect(unsigned.signatureURL == nil)
        let key = MinisignSecretKey.generate()
        let signed = try await TestPacks.build(
            TestPaths.example("gohike-amsterdam"), out: temp.url.appendingPathComponent("b"), key: key,
            sequence: unsigned.manifest.sequence)
        #expect(try Data(contentsOf: unsigned.packURL) == (try Data(contentsOf: signed.pack)))
        let signature = try MinisignSignature(fileContents: String(contentsOf: signed.signature, encoding: .utf8))
        try Minisign.verify(fileAt: signed.pack, signature: signature, publicKey: key.publicKey)
    }

    @Test("canonical and kinvey targets: shapes, assets by hash, blob metadata with content hashes")
    func canonicalAndKinvey() async throws {
        let temp = try TemporaryDirectory()
        let result = try await Self.build(TestPaths.example("whack-a-vc"), out: temp.url, targets: ["canonical", "kinvey"])
        let manifest = result.manifest
        #expect(manifest.targets == ["canonical", "kinvey"])
        #expect(manifest.versions.keys.sorted() == ["canonical", "kinvey"])
        var vcs: [[String: Any]] = []
        for path in CanonicalLayout.collections(in: manifest.files.map(\.path))["vcs"] ?? [] {
            #expect(path.hasPrefix("canonical/vcs/") && path.hasSuffix(".json"))
            let chunk = try JSONSerialization.jsonObject(with: try Self.file(path, of: result.packURL)) as! [String: Any]
            #expect(chunk["collection"] as? String == "vcs")
            vcs += chunk["items"] as! [[String: Any]]
        }
        #expect(vcs.count == 20)
        let image = vcs[0]["game_image"] as! [String: Any]
        let path = image["path"] as! String
        #expect(path == "assets/\(image["sha256"] as! String).png")
        #expect(manifest.files.contains { $0.path == path && $0.sha256 == image["sha256"] as! String })
        let phrases =
            try JSONSerialization.jsonObject(with: try Self.file("kinvey/phrases.json", of: result.packURL)) as! [[String: Any]]
        #expect(phrases.count == 23)
        #expect(phrases[0]["_id"] as? String == "1")
        #expect(phrases[0]["text"] is String)
        let blobs =
            try JSONSerialization.jsonObject(with: try Self.file("kinvey/metaData.json", of: result.packURL)) as! [[String: Any]]
        #expect(blobs.count == 47)
        #expect(blobs.allSatisfy { ($0["md5"] as? String)?.count == 32 && ($0["sha256"] as? String)?.count == 64 })
        let kinveyVCs =
            try JSONSerialization.jsonObject(with: try Self.file("kinvey/vcs.json", of: result.packURL)) as! [[String: Any]]
        #expect(blobs.contains { $0["resourceName"] as? String == kinveyVCs[0]["game_image"] as? String })
        try PackArchive.verifyContents(of: result.packURL)
    }

    @Test("lint errors stop the build and nothing is written; a failed build keeps the previous pack")
    func failedBuild() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let out = temp.url.appendingPathComponent("out")
        let first = try await Self.build(project, out: out)
        let before = try Data(contentsOf: first.packURL)
        try temp.write("id: 1\nname: Broken\n", to: "deals/content/deals/1.yaml")
        let outcome = try await PackBuilder.build(
            project: try await Project.load(at: project), options: BuildOptions(outputDirectory: out))
        guard case .failed(let diagnostics) = outcome else {
            Issue.record("the build should have failed")
            return
        }
        #expect(diagnostics.contains { $0.rule == "missing-required" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [first.packURL.lastPathComponent])
        #expect(try Data(contentsOf: first.packURL) == before)
    }

    @Test("verification names the changed file when a byte of a stored asset is flipped")
    func tamperedAsset() async throws {
        let temp = try TemporaryDirectory()
        let result = try await Self.build(TestPaths.example("gohike-amsterdam"), out: temp.url, targets: ["canonical"])
        var bytes = try Data(contentsOf: result.packURL)
        // Find a stored JPEG in the archive and change a byte in its middle.
        let jpegStart = try #require(bytes.firstRange(of: Data([0xFF, 0xD8, 0xFF]))).lowerBound
        bytes[jpegStart + 5_000] ^= 0x01
        let tampered = temp.url.appendingPathComponent("tampered.gamepack")
        try bytes.write(to: tampered)
        #expect {
            try PackArchive.verifyContents(of: tampered)
        } throws: { error in
            guard case PackError.hashMismatch(let path, _, _) = error else { return false }
            return path.hasPrefix("assets/") && path.hasSuffix(".jpg")
        }
    }

    @Test("the asset cache skips unchanged files and notices a replaced one")
    func assetCache() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "hike")
        let cache = temp.url.appendingPathComponent("cache")
        let first = try await Self.build(
            project, out: temp.url.appendingPathComponent("o1"), targets: ["canonical"], cache: cache)
        let cacheFile = try String(contentsOf: cache.appendingPathComponent("assets.json"), encoding: .utf8)
        #expect(cacheFile.contains("rai-congress-center.jpg"))
        // Replace an image under the same name: the pack must change and carry the new hash.
        let photo = project.appendingPathComponent("assets/photos/rai-congress-center.jpg")
        let reward = try Data(contentsOf: project.appendingPathComponent("assets/routes/green-trail.jpg"))
        try reward.write(to: photo)
        let second = try await Self.build(
            project, out: temp.url.appendingPathComponent("o2"), targets: ["canonical"], cache: cache)
        #expect(first.manifest.version != second.manifest.version)
        #expect(
            second.manifest.files.filter { $0.path.hasPrefix("assets/") }.count == first.manifest.files.filter {
                $0.path.hasPrefix("assets/")
            }.count - 1)
    }

    @Test("a warm build reuses the assets part of the previous pack and gives the bytes a cold build gives")
    func prefixReuse() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "hike")
        let cache = temp.url.appendingPathComponent("cache")
        let out = temp.url.appendingPathComponent("out")
        let first = try await Self.build(project, out: out, cache: cache)
        #expect(!first.reusedPrefix)

        // A text changes: the assets part is copied from the first pack, not written again.
        let route = project.appendingPathComponent("content/routes/1.yaml")
        try String(contentsOf: route, encoding: .utf8).replacingOccurrences(of: "Green Trail", with: "Green Trail 2")
            .write(to: route, atomically: true, encoding: .utf8)
        let warm = try await Self.build(project, out: out, cache: cache)
        #expect(warm.reusedPrefix)
        #expect(warm.manifest.version != first.manifest.version)
        let cold = try await Self.build(project, out: temp.url.appendingPathComponent("cold"))
        #expect(!cold.reusedPrefix)
        #expect(try Data(contentsOf: warm.packURL) == Data(contentsOf: cold.packURL))
        // The digest the signature is made from is the BLAKE2b of the bytes on disk.
        let key = MinisignSecretKey.generate()
        let signed = try await PackBuilder.build(
            project: try await Project.load(at: project),
            options: BuildOptions(
                outputDirectory: temp.url.appendingPathComponent("signed"), cacheDirectory: cache,
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)),
            sign: { manifest, digest in
                try Minisign.sign(blake2bDigest: digest, with: key, trustedComment: manifest.fileName).fileContents
            })
        guard case .built(let result) = signed else { throw CancellationError() }
        #expect(result.reusedPrefix)
        let signature = try MinisignSignature(
            fileContents: String(contentsOf: try #require(result.signatureURL), encoding: .utf8))
        try Minisign.verify(fileAt: result.packURL, signature: signature, publicKey: key.publicKey)
        _ = try PackArchive.verifyContents(of: result.packURL)

        // A touched earlier pack is not trusted: the next build writes everything again.
        let handle = try FileHandle(forWritingTo: result.packURL)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data([0xFF]))
        try handle.close()
        try String(contentsOf: route, encoding: .utf8).replacingOccurrences(of: "Green Trail 2", with: "Green Trail 3")
            .write(to: route, atomically: true, encoding: .utf8)
        let afterTamper = try await Self.build(project, out: out, cache: cache)
        #expect(!afterTamper.reusedPrefix)
        _ = try PackArchive.verifyContents(of: afterTamper.packURL)

        // A changed asset changes the prefix: nothing is reused, and the pack is right.
        let photo = project.appendingPathComponent("assets/photos/rai-congress-center.jpg")
        try Data(contentsOf: project.appendingPathComponent("assets/routes/green-trail.jpg")).write(to: photo)
        let newAsset = try await Self.build(project, out: out, cache: cache)
        #expect(!newAsset.reusedPrefix)
        let reference = try await Self.build(project, out: temp.url.appendingPathComponent("cold2"))
        #expect(try Data(contentsOf: newAsset.packURL) == Data(contentsOf: reference.packURL))
    }

    @Test("SOURCE_DATE_EPOCH sets the build timestamp; without it and outside git it is 1980-01-01")
    func timestamps() throws {
        let temp = try TemporaryDirectory()
        #expect(
            PackBuilder.sourceTimestamp(of: temp.url, environment: ["SOURCE_DATE_EPOCH": "1700000000"]).timeIntervalSince1970
                == 1_700_000_000)
        #expect(PackBuilder.sourceTimestamp(of: temp.url, environment: [:]).timeIntervalSince1970 == 315_532_800)
    }
}
