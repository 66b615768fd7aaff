import Foundation
import GamePackFormat
import GamePackLocalization
import GamePackTestSupport
import Testing

/// End to end through the `gamepack` binary: `l10n status|export|import|pseudo`, the
/// `stale-translation` lint rule and `missing_translations` at build time.
@Suite("gamepack l10n (end to end)")
struct L10nCommandTests {
    static let routeFile = "content/routes/1.yaml"

    /// A copy of the Amsterdam example whose route has lost its Dutch name.
    func setUp() throws -> (TemporaryDirectory, URL) {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
        let route = project.appendingPathComponent(Self.routeFile)
        let text = try String(contentsOf: route, encoding: .utf8)
        #expect(text.contains("  nl: \"Groene Pad\"\n"))
        try text.replacingOccurrences(of: "  nl: \"Groene Pad\"\n", with: "").write(to: route, atomically: true, encoding: .utf8)
        return (temp, project)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `locales.<locale>.<count>` of `l10n status --format json`.
    func count(_ name: String, _ locale: String, in temp: TemporaryDirectory) throws -> Int? {
        let status = try CommandRunner.gamepack(["l10n", "status", "project", "--format", "json"], in: temp.url)
        #expect(status.status == 0, "\(status.stderr)")
        let locales = try #require(try json(status.stdout)["locales"] as? [String: Any])
        return (locales[locale] as? [String: Any])?[name] as? Int
    }

    func python() throws -> URL? {
        guard let python = CommandRunner.which("python3") else {
            Issue.record("python3 is not installed")
            return nil
        }
        let probe = try CommandRunner.run(python, ["-c", "from translate.storage import xliff"])
        guard probe.status == 0 else {
            Issue.record("translate-toolkit is missing: pip install translate-toolkit (\(probe.stderr))")
            return nil
        }
        return python
    }

    @Test(
        "status gates, export, translate-toolkit translates, import, 100%; an English edit makes it stale in status, lint and export",
        .tags(.python), .requires(.translateToolkit))
    func roundTrip() throws {
        guard let python = try python() else { return }
        let (temp, project) = try setUp()

        let gate = try CommandRunner.gamepack(["l10n", "status", "project", "--fail-under", "100"], in: temp.url)
        #expect(gate.status == 1)
        #expect(gate.stderr.contains("under 100% for nl"), "\(gate.stderr)")
        #expect(gate.stdout.contains("nl (Dutch): 9 of 10 translated"), "\(gate.stdout)")
        #expect(try count("missing", "nl", in: temp) == 1)
        #expect(try count("translated", "nl", in: temp) == 9)
        let markdown = try CommandRunner.gamepack(["l10n", "status", "project", "--format", "markdown"], in: temp.url)
        #expect(markdown.status == 0 && markdown.stdout.contains("|"))

        let export = try CommandRunner.gamepack(
            ["l10n", "export", "project", "--locale", "nl", "--only", "missing", "--out", "missing.xlf"], in: temp.url)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("exported 1 unit (missing) for nl to missing.xlf"))
        let xliff = try String(contentsOf: temp.url.appendingPathComponent("missing.xlf"), encoding: .utf8)
        #expect(xliff.components(separatedBy: "<trans-unit ").count == 2)
        #expect(xliff.contains("<trans-unit id=\"routes/1/name\""))

        let script = """
            import sys
            from translate.storage import xliff
            with open(sys.argv[1], "rb") as f:
                store = xliff.xlifffile(f.read())
            for unit in store.units:
                if unit.isheader():
                    continue
                unit.target = "Groene Route"
                unit.marktranslated()
            with open(sys.argv[2], "wb") as f:
                store.serialize(f)
            """
        let edit = try CommandRunner.run(python, ["-c", script, "missing.xlf", "done.xlf"], in: temp.url)
        #expect(edit.status == 0, "\(edit.stderr)")

        let apply = try CommandRunner.gamepack(["l10n", "import", "project", "done.xlf"], in: temp.url)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stdout.contains("applied 1 nl translation to 1 file"), "\(apply.stdout)")
        let route = try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8)
        #expect(route.contains("  nl: \"Groene Route\"  # gamepack:source nl=\(SourceHash.of("Green Trail"))\n"), "\(route)")

        let full = try CommandRunner.gamepack(["l10n", "status", "project", "--fail-under", "100"], in: temp.url)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout.contains("nl (Dutch): 10 of 10 translated (100.0%)"))
        let clean = try CommandRunner.gamepack(["lint", "project", "--strict"], in: temp.url)
        #expect(clean.status == 0, "\(clean.stdout)")

        // The English name changes: the Dutch one is stale everywhere.
        try route.replacingOccurrences(of: "en: \"Green Trail\"", with: "en: \"Green Trail North\"")
            .write(to: project.appendingPathComponent(Self.routeFile), atomically: true, encoding: .utf8)
        #expect(try count("stale", "nl", in: temp) == 1)
        #expect(try count("translated", "nl", in: temp) == 9)
        let lint = try CommandRunner.gamepack(["lint", "project", "--color", "never"], in: temp.url)
        #expect(lint.status == 0, "a stale translation is a warning")
        let routeLine = try #require(
            route.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Groene Route") })
        #expect(lint.stdout.contains("project/\(Self.routeFile):\(routeLine + 1):7: warning: "), "\(lint.stdout)")
        #expect(lint.stdout.contains("[stale-translation]"), "\(lint.stdout)")
        let strict = try CommandRunner.gamepack(["lint", "project", "--strict"], in: temp.url)
        #expect(strict.status == 1)
        let stale = try CommandRunner.gamepack(["l10n", "export", "project", "--locale", "nl", "--only", "stale"], in: temp.url)
        #expect(stale.status == 0)
        #expect(stale.stdout.components(separatedBy: "<trans-unit ").count == 2)
        #expect(stale.stdout.contains("<trans-unit id=\"routes/1/name\""))
        #expect(stale.stdout.contains("<target state=\"needs-review-translation\">Groene Route</target>"))
    }

    /// Every file below `folder` with its bytes, by path.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            result[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return result
    }

    @Test("import --dry-run lists each change (unit, locale, old → new, new translation, confirmed) and writes nothing")
    func dryRunListsChanges() throws {
        let (temp, project) = try setUp()
        let export = try CommandRunner.gamepack(
            ["l10n", "export", "project", "--locale", "nl", "--out", "nl.xlf"], in: temp.url)
        #expect(export.status == 0, "\(export.stderr)")
        let file = temp.url.appendingPathComponent("nl.xlf")
        var xliff = try String(contentsOf: file, encoding: .utf8)
        for (old, new) in [
            // The missing route name gets a translation; a short name and a long description change.
            ("<target state=\"new\"></target>", "<target state=\"translated\">Groene Route</target>"),
            (">RAI Congrescentrum</target>", ">RAI Congrescentrum Amsterdam</target>"),
        ] {
            #expect(xliff.contains(old), "\(old)")
            xliff = xliff.replacingOccurrences(of: old, with: new)
        }
        // The long description gets a sentence more at its end.
        let unit = try #require(xliff.range(of: "<trans-unit id=\"locations/1/description\""))
        let end = try #require(xliff.range(of: "</target>", range: unit.upperBound..<xliff.endIndex))
        xliff.insert(contentsOf: " Welkom!", at: end.lowerBound)
        try xliff.write(to: file, atomically: true, encoding: .utf8)
        let before = try snapshot(project)

        let run = try CommandRunner.gamepack(["l10n", "import", "project", "nl.xlf", "--dry-run"], in: temp.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try snapshot(project) == before)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func after(_ header: String) -> [String] { Array(lines.drop { $0 != header }.dropFirst()) }
        #expect(lines.contains("project/content/routes/1.yaml"), "\(run.stdout)")
        #expect(after("project/content/routes/1.yaml").first == "  routes/1/name (nl): new translation \"Groene Route\"")
        let location = after("project/content/locations/1.yaml")
        #expect(location.first == "  locations/1/name (nl): \"RAI Congrescentrum\" → \"RAI Congrescentrum Amsterdam\"")
        #expect(location.count > 2 && location[1] == "  locations/1/description (nl): changed, word by word:", "\(run.stdout)")
        // Only a few words around the change are shown, not the whole text twice.
        #expect(
            location.count > 2 && location[2].hasPrefix("      \"… ") && location[2].hasSuffix(" {+Welkom!+}\""), "\(run.stdout)")
        #expect(location.count > 2 && location[2].count < 80, "\(run.stdout)")
        // The other texts came back marked translated: confirmed, their source hashes recorded.
        #expect(
            lines.contains(
                "  locations/2/name (nl): \"Liberal Jewish Community Synagogue\" confirmed unchanged (now tracked: it turns stale when the source text changes)"
            ),
            "\(run.stdout)")
        let units = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("      ") }.count
        #expect(lines.contains { $0.hasPrefix("would apply \(units) nl translations to ") }, "\(run.stdout)")

        // Without --dry-run the same file is applied and the list is not printed.
        let applied = try CommandRunner.gamepack(["l10n", "import", "project", "nl.xlf"], in: temp.url)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.hasPrefix("applied \(units) nl translations to "), "\(applied.stdout)")
        #expect(try snapshot(project) != before)
    }

    @Test("a name that stays the same, confirmed by the translator, counts as translated: status --fail-under 100 passes")
    func approvedIdenticalName() throws {
        let (temp, project) = try setUp()
        // The route's Dutch name is a copy of the English one.
        let route = project.appendingPathComponent(Self.routeFile)
        var lines = try String(contentsOf: route, encoding: .utf8).components(separatedBy: "\n")
        let name = try #require(lines.firstIndex(of: "name:"))
        let english = lines[name + 1]
        #expect(english.hasPrefix("  en: "))
        lines.insert("  nl: " + english.dropFirst(6), at: name + 2)
        try lines.joined(separator: "\n").write(to: route, atomically: true, encoding: .utf8)
        func gate() throws -> CommandResult {
            try CommandRunner.gamepack(["l10n", "status", "project", "--fail-under", "100"], in: temp.url)
        }
        #expect(try gate().status == 1)
        #expect(try count("identical", "nl", in: temp) == 1)

        let export = try CommandRunner.gamepack(
            ["l10n", "export", "project", "--locale", "nl", "--only", "untranslated", "--out", "todo.xlf"], in: temp.url)
        #expect(export.status == 0, "\(export.stderr)")
        let file = temp.url.appendingPathComponent("todo.xlf")
        let xliff = try String(contentsOf: file, encoding: .utf8)
        #expect(xliff.contains("<target state=\"needs-translation\">"), "\(xliff)")

        // Sent back unreviewed: still a copy, the gate still fails.
        let untouched = try CommandRunner.gamepack(["l10n", "import", "project", "todo.xlf"], in: temp.url)
        #expect(untouched.status == 0, "\(untouched.stderr)")
        #expect(try gate().status == 1)

        // The translator confirms it (state translated): approved, counted as translated.
        try xliff.replacingOccurrences(of: "state=\"needs-translation\"", with: "state=\"translated\"")
            .write(to: file, atomically: true, encoding: .utf8)
        let dry = try CommandRunner.gamepack(["l10n", "import", "project", "todo.xlf", "--dry-run"], in: temp.url)
        #expect(dry.stdout.contains("  routes/1/name (nl): "), "\(dry.stdout)")
        #expect(dry.stdout.contains(" marked approved: the same as the source text on purpose"), "\(dry.stdout)")
        let confirmed = try CommandRunner.gamepack(["l10n", "import", "project", "todo.xlf"], in: temp.url)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(try String(contentsOf: route, encoding: .utf8).contains(":approved"))
        let passed = try gate()
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(try count("identical", "nl", in: temp) == 0)

        // A new English name makes the approved copy stale: the gate fails again.
        let text = try String(contentsOf: route, encoding: .utf8)
        try text.replacingOccurrences(of: english, with: english.dropLast() + " Extended\"")
            .write(to: route, atomically: true, encoding: .utf8)
        #expect(try count("stale", "nl", in: temp) == 1)
        #expect(try gate().status == 1)
    }

    @Test("an XLIFF with an external entity is refused with exit 1 and nothing is written")
    func hostileImport() throws {
        let (temp, project) = try setUp()
        let before = try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8)
        _ = try temp.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="gohike-amsterdam" source-language="en" target-language="nl" datatype="plaintext">
                <body><trans-unit id="routes/1/name"><source>Green Trail</source><target>&secret;</target></trans-unit></body>
              </file>
            </xliff>
            """, to: "evil.xlf")
        let run = try CommandRunner.gamepack(["l10n", "import", "project", "evil.xlf"], in: temp.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("evil.xlf"))
        #expect(run.stderr.contains("DOCTYPE"), "\(run.stderr)")
        #expect(try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8) == before)
        let usage = try CommandRunner.gamepack(["l10n", "import"], in: temp.url)
        #expect(usage.status == 2)
        let locale = try CommandRunner.gamepack(["l10n", "export", "project", "--locale", "fr"], in: temp.url)
        #expect(locale.status == 2)
        #expect(locale.stderr.contains("`fr` is not a translation locale"))
    }

    @Test("export --format po, a translated PO back in; a stale or unknown entry refuses the file with its line, nothing written")
    func poRoundTrip() throws {
        let (temp, project) = try setUp()
        let export = try CommandRunner.gamepack(
            ["l10n", "export", "project", "--locale", "nl", "--format", "po", "--only", "missing", "--out", "nl.po"], in: temp.url
        )
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("exported 1 unit (missing) for nl to nl.po"), "\(export.stderr)")
        let po = try String(contentsOf: temp.url.appendingPathComponent("nl.po"), encoding: .utf8)
        #expect(po.contains("msgctxt \"routes/1/name\"\nmsgid \"Green Trail\"\nmsgstr \"\"\n"), "\(po)")
        let before = try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8)

        // A stale msgid and an unknown msgctxt: refused with their lines, nothing written.
        let bad = po.replacingOccurrences(
            of: "msgid \"Green Trail\"\nmsgstr \"\"", with: "msgid \"Green Path\"\nmsgstr \"Groene Route\"")
        try bad.write(to: temp.url.appendingPathComponent("bad.po"), atomically: true, encoding: .utf8)
        let refused = try CommandRunner.gamepack(["l10n", "import", "project", "bad.po"], in: temp.url)
        #expect(refused.status == 1)
        let line = try #require(bad.components(separatedBy: "\n").firstIndex(of: "msgctxt \"routes/1/name\"")) + 1
        #expect(refused.stderr.contains("bad.po:\(line): stale: the source text of `routes/1/name` changed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("1 unit was refused, so nothing was written"), "\(refused.stderr)")
        // The summary never claims what was not written.
        #expect(!refused.stdout.contains("applied") || refused.stdout.contains("would apply"), "\(refused.stdout)")
        #expect(try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8) == before)
        let plural = po.replacingOccurrences(
            of: "msgstr \"\"\n", with: "msgid_plural \"Green Trails\"\nmsgstr[0] \"Groene Route\"\n")
        try plural.write(to: temp.url.appendingPathComponent("plural.po"), atomically: true, encoding: .utf8)
        let pluralRun = try CommandRunner.gamepack(["l10n", "import", "project", "plural.po"], in: temp.url)
        #expect(pluralRun.status == 1)
        #expect(pluralRun.stderr.contains("plural.po:") && pluralRun.stderr.contains("plural form"), "\(pluralRun.stderr)")

        let done = po.replacingOccurrences(
            of: "msgid \"Green Trail\"\nmsgstr \"\"", with: "msgid \"Green Trail\"\nmsgstr \"Groene Route\"")
        try done.write(to: temp.url.appendingPathComponent("done.po"), atomically: true, encoding: .utf8)
        let apply = try CommandRunner.gamepack(["l10n", "import", "project", "done.po"], in: temp.url)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stdout.contains("applied 1 nl translation to 1 file"), "\(apply.stdout)")
        let route = try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8)
        #expect(route.contains("  nl: \"Groene Route\"  # gamepack:source nl=\(SourceHash.of("Green Trail"))\n"), "\(route)")
        #expect(try count("translated", "nl", in: temp) == 10)
    }

    /// The gohike route's `name_nl` in the built pack under `out`.
    func routeNameNL(in out: URL) throws -> String? {
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".gamepack") }
        let reader = try PackArchive.Reader(url: out.appendingPathComponent(try #require(names.first)))
        let content = try json(String(decoding: try reader.data(at: "gohike/content.json"), as: UTF8.self))
        let profiles = try #require(content["profiles"] as? [[String: Any]])
        let routes = try #require(profiles.first?["routes"] as? [[String: Any]])
        return routes.first?["name_nl"] as? String
    }

    func setPolicy(_ policy: String?, in project: URL) throws {
        let config = project.appendingPathComponent("gamepack.yaml")
        var text = try String(contentsOf: config, encoding: .utf8)
        text = text.split(separator: "\n").filter { !$0.hasPrefix("missing_translations:") }.joined(separator: "\n") + "\n"
        if let policy { text += "missing_translations: \(policy)\n" }
        try text.write(to: config, atomically: true, encoding: .utf8)
    }

    @Test("a missing translation falls back to English and is listed, fails the build, or stays empty, by gamepack.yaml")
    func buildPolicy() throws {
        let (temp, project) = try setUp()
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]

        let fallback = try CommandRunner.gamepack(
            ["build", "project", "--out", "fallback", "--no-cache"], in: temp.url, environment: environment)
        #expect(fallback.status == 0, "\(fallback.stderr)")
        #expect(fallback.stdout.contains("fallback  1 nl missing translations use the en text:"), "\(fallback.stdout)")
        #expect(fallback.stdout.contains("routes/1/name.nl  project/\(Self.routeFile):4:3"), "\(fallback.stdout)")
        #expect(try routeNameNL(in: temp.url.appendingPathComponent("fallback")) == "Green Trail")

        try setPolicy("fail", in: project)
        let failed = try CommandRunner.gamepack(["build", "project", "--out", "failed"], in: temp.url, environment: environment)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("missing_translations: fail"), "\(failed.stderr)")
        #expect(failed.stderr.contains(Self.routeFile))
        #expect(
            !FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("failed").path + "/gohike-amsterdam.gamepack")
        )
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("failed").path))?
                .filter { $0.hasSuffix(".gamepack") }.isEmpty ?? true)

        try setPolicy("empty", in: project)
        let empty = try CommandRunner.gamepack(["build", "project", "--out", "empty"], in: temp.url, environment: environment)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("missing   1 nl translations left empty"), "\(empty.stdout)")
        #expect(try routeNameNL(in: temp.url.appendingPathComponent("empty")) == "")

        try setPolicy("sometimes", in: project)
        let bad = try CommandRunner.gamepack(["lint", "project"], in: temp.url)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("`missing_translations` must be one of fallback, fail, empty"), "\(bad.stdout)")
    }

    @Test("pseudo builds a pack with accented, bracketed, longer texts and leaves the sources alone")
    func pseudo() throws {
        let (temp, project) = try setUp()
        let before = try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8)
        let run = try CommandRunner.gamepack(["l10n", "pseudo", "project", "--locale", "nl", "--out", "pseudo"], in: temp.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("pseudo nl texts"))
        let name = try #require(try routeNameNL(in: temp.url.appendingPathComponent("pseudo")))
        #expect(name == PseudoLocalizer.pseudo("Green Trail"))
        #expect(name.hasPrefix("[") && name.contains("Ĝŕééñ Ţŕáíĺ") && name.count > "Green Trail".count * 13 / 10)
        #expect(try String(contentsOf: project.appendingPathComponent(Self.routeFile), encoding: .utf8) == before)
        let same = try CommandRunner.gamepack(["l10n", "pseudo", "project", "--locale", "en"], in: temp.url)
        #expect(same.status == 2)
    }
}
