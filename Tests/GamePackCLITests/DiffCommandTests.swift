import Foundation
import GamePackKit
import GamePackTestSupport
import Testing

/// End-to-end: `gamepack diff` on folders, packs, content.json files and git revisions; exit
/// statuses of --fail-on; bad inputs.
@Suite("gamepack diff (end to end)")
struct DiffCommandTests {
    /// The project's Go Take a Hike! fixtures: an unversioned iOS bundle and a versioned v1 file.
    static let ios = LegacyFixtures.gohikeIOS.path
    static let v1 = LegacyFixtures.gohikeV1.path

    /// Copies of the gohike example as `old` and `new`.
    func setUp() throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory()
        _ = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "old")
        _ = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "new")
        return temp
    }

    func edit(_ temp: TemporaryDirectory, _ file: String, _ old: String, _ new: String) throws {
        let url = temp.url.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    @Test("--fail-on breaking: 1 when a location a route walks is removed")
    func failOnBreaking() throws {
        let temp = try setUp()
        try FileManager.default.removeItem(at: temp.url.appendingPathComponent("new/content/locations/2.yaml"))
        let result = try CommandRunner.gamepack(["diff", "old", "new", "--fail-on", "breaking"], in: temp.url)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "- locations/2 \"Synagoge Liberaal Joodse Gemeente\" removed [breaking]: referenced by routes/1"))
        #expect(result.stderr.contains("--fail-on breaking"))
    }

    @Test("--old-label and --new-label name the versions in every report format; errors still name the path")
    func labels() throws {
        let temp = try setUp()
        try edit(temp, "new/content/routes/1.yaml", "Groene Pad", "Het Groene Pad")
        for format in ["text", "markdown", "json", "html"] {
            let result = try CommandRunner.gamepack(
                ["diff", "old", "new", "--format", format, "--old-label", "main@abc123", "--new-label", "my edit"],
                in: temp.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("main@abc123") && result.stdout.contains("my edit"), "\(format)")
        }
        let labelled = try CommandRunner.gamepack(
            ["diff", "old", "new", "--format", "json", "--old-label", "main@abc123"], in: temp.url)
        #expect(labelled.stdout.contains("\"label\" : \"main@abc123\"") && labelled.stdout.contains("\"label\" : \"new\""))
        #expect(!labelled.stdout.contains("\"label\" : \"old\""))
        let unlabelled = try CommandRunner.gamepack(["diff", "old", "new", "--format", "json"], in: temp.url)
        #expect(unlabelled.stdout.contains("\"label\" : \"old\"") && !unlabelled.stdout.contains("main@abc123"))
        let missing = try CommandRunner.gamepack(["diff", "gone", "new", "--old-label", "main"], in: temp.url)
        #expect(missing.status == 2 && missing.stderr.contains("gone"), "\(missing.stderr)")
    }

    @Test("--fail-on breaking: 0 when only texts change; --fail-on content: 1")
    func failOnTexts() throws {
        let temp = try setUp()
        try edit(temp, "new/content/locations/1.yaml", "In 1970 the Eurovision", "In 1970 the famous Eurovision")
        try edit(temp, "new/content/routes/1.yaml", "Groene Pad", "Het Groene Pad")
        let breaking = try CommandRunner.gamepack(["diff", "old", "new", "--fail-on", "breaking"], in: temp.url)
        #expect(breaking.status == 0, "\(breaking.stdout)\(breaking.stderr)")
        #expect(breaking.stdout.contains("2 items changed: 0 added, 0 removed, 2 modified (1 content, 1 translation)"))
        #expect(breaking.stdout.contains("{+famous +}"))
        let content = try CommandRunner.gamepack(["diff", "old", "new", "--fail-on", "content"], in: temp.url)
        #expect(content.status == 1)
        let none = try CommandRunner.gamepack(["diff", "old", "old", "--fail-on", "any"], in: temp.url)
        #expect(none.status == 0)
        #expect(none.stdout.contains("No changes"))
    }

    @Test("cosmetic changes pass --fail-on content and fail --fail-on any")
    func cosmetic() throws {
        let temp = try setUp()
        try edit(temp, "new/content/locations/1.yaml", "RAI Congress Center", "RAI  Congress Center")
        #expect(try CommandRunner.gamepack(["diff", "old", "new", "--fail-on", "content"], in: temp.url).status == 0)
        #expect(try CommandRunner.gamepack(["diff", "old", "new", "--fail-on", "any"], in: temp.url).status == 1)
    }

    @Test("the gohike fixtures (iOS bundle → v1): JSON to --out, each format, --collection")
    func fixtures() throws {
        let temp = try TemporaryDirectory()
        let json = try CommandRunner.gamepack(
            ["diff", Self.ios, Self.v1, "--format", "json", "--out", "report.json"], in: temp.url)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.isEmpty)
        let report = try DiffJSONRenderer.decode(
            String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8))
        #expect(
            report.items.map { "\($0.collection)/\($0.id) \($0.change.rawValue) \($0.class.rawValue)" } == [
                "locations/1 modified content", "locations/2 modified content", "locations/3 added content",
                "locations/4 added content", "profiles/1 modified asset", "profiles/2 added content", "rewards/1 added content",
                "routes/1 modified breaking", "routes/2 added content", "routes/4 added content", "routes/6 added content",
            ])
        let markdown = try CommandRunner.gamepack(["diff", Self.ios, Self.v1, "--format", "markdown"], in: temp.url)
        #expect(markdown.stdout.hasPrefix("### Content changes:"))
        let html = try CommandRunner.gamepack(["diff", Self.ios, Self.v1, "--format", "html"], in: temp.url)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(html.stdout.contains("data:image/jpeg;base64,"))
        let routes = try CommandRunner.gamepack(
            ["diff", Self.ios, Self.v1, "--collection", "routes", "--format", "json"], in: temp.url)
        let narrowed = try DiffJSONRenderer.decode(routes.stdout)
        #expect(Set(narrowed.items.map(\.collection)) == ["routes"])
    }

    @Test("packs: two builds of the example compared as packs and against a folder")
    func packs() throws {
        let temp = try setUp()
        try edit(temp, "new/content/locations/1.yaml", "latitude: 52.340512", "latitude: 52.341512")
        for side in ["old", "new"] {
            let build = try CommandRunner.gamepack(
                ["build", side, "--out", "\(side)-pack", "--quiet"], in: temp.url,
                environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(build.status == 0, "\(build.stderr)")
        }
        func pack(_ side: String) throws -> String {
            let folder = temp.url.appendingPathComponent("\(side)-pack")
            return folder.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: folder.path)[0]).path
        }
        let result = try CommandRunner.gamepack(["diff", try pack("old"), try pack("new"), "--format", "json"], in: temp.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try DiffJSONRenderer.decode(result.stdout)
        #expect(report.items.map(\.fields) == [["position"]])
        #expect(report.items.first?.changes.first?.summary.hasPrefix("moved 111 m") == true)
        let mixed = try CommandRunner.gamepack(["diff", try pack("old"), "new", "--format", "json"], in: temp.url)
        #expect(try DiffJSONRenderer.decode(mixed.stdout).items.map(\.fields) == [["position"]])
    }

    @Test("--git REV and --git A..B compare revisions of the project; temporary folders are removed")
    func git() throws {
        let temp = try TemporaryDirectory()
        let repo = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "repo")
        func git(_ arguments: [String]) throws {
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments,
                in: repo)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git(["init", "-q", "-b", "main"])
        try git(["add", "."])
        try git(["commit", "-qm", "first"])
        try edit(temp, "repo/content/routes/1.yaml", "Groene Pad", "Groene Route")
        try git(["commit", "-qam", "second"])
        try edit(temp, "repo/content/routes/1.yaml", "waypoints: [3, 1, 2]", "waypoints: [3, 2, 1]")

        let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("gamepack-diff-")
        }
        let range = try CommandRunner.gamepack(["diff", "--git", "HEAD~1..HEAD", "--format", "json"], in: repo)
        #expect(range.status == 0, "\(range.stderr)")
        let rangeReport = try DiffJSONRenderer.decode(range.stdout)
        #expect(rangeReport.items.map { "\($0.collection)/\($0.id) \($0.fields)" } == ["routes/1 [\"name.nl\"]"])
        #expect(rangeReport.old.label == "git:HEAD~1" && rangeReport.new.kind == .gitRevision)

        let working = try CommandRunner.gamepack(
            ["diff", "--git", "main", "--format", "json", "--fail-on", "breaking"], in: repo)
        #expect(working.status == 1)
        #expect(try DiffJSONRenderer.decode(working.stdout).items.map(\.fields) == [["waypoints"]])

        let fromOutside = try CommandRunner.gamepack(
            ["diff", "--git", "HEAD~1", "--project", "repo", "--format", "json"], in: temp.url)
        #expect(try DiffJSONRenderer.decode(fromOutside.stdout).items.map(\.fields) == [["name.nl", "waypoints"]])

        let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("gamepack-diff-")
        }
        #expect(Set(after).subtracting(before).isEmpty)

        let unknown = try CommandRunner.gamepack(["diff", "--git", "no-such-branch"], in: repo)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("git revision 'no-such-branch': unknown revision"))
        let notRepo = try CommandRunner.gamepack(["diff", "--git", "HEAD", "--project", "."], in: temp.url)
        #expect(notRepo.status == 2)
        #expect(notRepo.stderr.contains("git revision 'HEAD'"))
    }

    @Test("bad inputs exit 2 and name the file, never crash")
    func badInputs() throws {
        let temp = try setUp()
        try temp.write("PK\u{3}\u{4}not really a zip", to: "broken.gamepack")
        try temp.write("{\"profiles\": [\n  {\"id\": 1,,}\n]}", to: "bad.json")
        try temp.write("{\"profiles\": 12}", to: "shape.json")
        try temp.write("{\"profiles\": [\n  {\"id\": \"x1\", \"routes\": []}\n]}", to: "id.json")
        try temp.write("{\"profiles\": [\n  {\"id\": 1, \"image_data\": \"!!\", \"routes\": []}\n]}", to: "image.json")
        try temp.write("hello", to: "note.txt")
        try temp.write("id: 1\nname: [unclosed\n", to: "new/content/locations/9.yaml")
        let cases: [([String], String)] = [
            (["broken.gamepack", "old"], "broken.gamepack: cannot read the pack"),
            (["bad.json", "old"], "bad.json: not a Go Take a Hike! content file: not JSON: line 2, column"),
            (
                ["shape.json", Self.ios],
                "shape.json: not a Go Take a Hike! content file: line 1, column 14: profiles: expected an array of profiles, found the number 12"
            ),
            (
                [Self.ios, "id.json"],
                "id.json: line 2, column 10: profiles[0].id: expected a whole number (like 12), found the string \"x1\""
            ),
            (
                [Self.ios, "image.json"],
                "image.json: line 2, column 27: profiles[0].image_data: not valid base64; write the image file's bytes"
            ),
            (["note.txt", "old"], "note.txt: the file is neither a pack (ZIP) nor JSON"),
            (["missing", "old"], "missing: no such file or folder"),
            (["old", "new"], "new/content/locations/9.yaml:2:7: invalid YAML: the list opened here with `[` is never closed"),
            (["old", Self.v1, "--collection", "nope"], "neither version has a collection named 'nope'"),
            (["old"], "Give OLD and NEW"),
            (["old", "new", "--format", "pdf"], "pdf"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.gamepack(["diff"] + arguments, in: temp.url)
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            // A file of the format with a bad value in it is not called another kind of file.
            if arguments.contains("id.json") || arguments.contains("image.json") {
                #expect(!result.stderr.contains("not a Go Take a Hike!"), "\(arguments): \(result.stderr)")
            }
        }
        // A file with an error and a warning: the error stops the diff and the import, and the
        // warning is printed with it, not lost until the error is fixed.
        try temp.write(
            "{\"profiles\": [\n  {\"id\": 1, \"routes\": [{\"id\": 4, \"profile_id\": 7}]},\n  {\"id\": \"x2\", \"routes\": []}\n]}",
            to: "both.json")
        let warning = "route 4 is listed under profile 1 but says profile_id 7"
        let diffBoth = try CommandRunner.gamepack(["diff", Self.ios, "both.json"], in: temp.url)
        #expect(diffBoth.status == 2, "\(diffBoth.stderr)")
        #expect(diffBoth.stderr.hasPrefix("error: both.json: line 3, column 10: profiles[1].id: expected a whole number"))
        #expect(diffBoth.stderr.contains("\nwarning: both.json: profiles[0].routes[0]: \(warning)"), "\(diffBoth.stderr)")
        let importBoth = try CommandRunner.gamepack(["import", "gohike", "both.json", "--out", "imported"], in: temp.url)
        #expect(importBoth.status == 2, "\(importBoth.stderr)")
        #expect(importBoth.stderr.hasPrefix("error: both.json: line 3, column 10: profiles[1].id"), "\(importBoth.stderr)")
        #expect(importBoth.stderr.contains("\nwarning: both.json: profiles[0].routes[0]: \(warning)"), "\(importBoth.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("imported").path))
        // `import gohike` names the same files as they were typed, not by their absolute path,
        // and writes nothing.
        let imports: [(String, String)] = [
            ("bad.json", "error: bad.json is not JSON: line 2, column"),
            (
                "id.json",
                "error: id.json: line 2, column 10: profiles[0].id: expected a whole number (like 12), found the string \"x1\""
            ),
            ("./missing.json", "error: ./missing.json: cannot read"),
        ]
        for (file, message) in imports {
            let result = try CommandRunner.gamepack(["import", "gohike", file, "--out", "imported"], in: temp.url)
            #expect(result.status == 2, "\(file): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(file): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("imported").path))
        }
    }

    @Test("mismatched kinds: a Whack-A-VC project against gohike content is refused")
    func mismatched() throws {
        let result = try CommandRunner.gamepack(["diff", TestPaths.example("whack-a-vc").path, Self.v1])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot be compared: they have no collection in common"))
    }
}
