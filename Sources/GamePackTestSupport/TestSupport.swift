import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackLint

/// Paths tests need: the checkout, its fixtures, examples and standards' schemas.
public enum TestPaths {
    /// The repository root (this file is Sources/GamePackTestSupport/TestSupport.swift).
    public static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/<target>/Fixtures`.
    public static func fixtures(_ target: String) -> URL {
        repoRoot.appendingPathComponent("Tests/\(target)/Fixtures")
    }

    /// `standards/`: the published schemas gamepack's output is validated against (SARIF 2.1.0,
    /// XLIFF 1.2 strict and the `xml.xsd` it imports), copied verbatim; see its README.
    public static let standards = repoRoot.appendingPathComponent("standards")

    /// `examples/<name>`.
    public static func example(_ name: String) -> URL { repoRoot.appendingPathComponent("examples/\(name)") }

    /// The built `gamepack` executable next to the test bundle, or the one `GAMEPACK_BIN` names
    /// (to run the end-to-end tests against another build, e.g. an older commit's).
    public static var gamepackBinary: URL {
        if let path = ProcessInfo.processInfo.environment["GAMEPACK_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamepack"),
            Bundle.main.bundleURL.appendingPathComponent("gamepack"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gamepack"),
            repoRoot.appendingPathComponent(".build/debug/gamepack"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }
}

/// A throwaway copy of a fixture project in a temporary folder, removed on deinit.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Copies the folder `source` into this directory as `name` and returns its URL.
    public func copy(_ source: URL, as name: String) throws -> URL {
        let destination = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: destination)
        return destination
    }

    /// Writes `text` to `path` below this directory, creating folders.
    @discardableResult
    public func write(_ text: String, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Golden files: expected outputs kept in the repository, re-recorded on purpose by running
/// the tests with `GAMEPACK_RECORD=1`.
public enum Golden {
    /// Whether tests should write goldens instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["GAMEPACK_RECORD"] == "1" }

    /// Compares `actual` with the golden file at `url` (or records it). Returns nil when they
    /// match, else a description of the first difference.
    public static func compare(_ actual: String, to url: URL) throws -> String? {
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no golden file at \(url.path); run the tests with GAMEPACK_RECORD=1 to record it"
        }
        if expected == actual { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, e.count) {
            let left = i < e.count ? String(e[i]) : "<end>"
            let right = i < a.count ? String(a[i]) : "<end>"
            if left != right { return "\(url.lastPathComponent) line \(i + 1):\n  expected: \(left)\n  actual:   \(right)" }
        }
        return "\(url.lastPathComponent) differs"
    }
}

/// The outcome of running a command.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs for end-to-end tests.
public enum CommandRunner {
    /// Runs the built `gamepack` with `arguments` in `directory`.
    public static func gamepack(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> CommandResult
    {
        try run(TestPaths.gamepackBinary, arguments, in: directory, environment: environment)
    }

    /// Runs `executable` with `arguments`, capturing both outputs.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let errData = LockedData()
        let reader = Thread { errData.set(errPipe.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// `run` on a thread of its own: for tests that run a program against a server in the same
    /// process, whose handlers need the cooperative pool that a blocking wait would hold (on two
    /// cores, two blocked tests leave the server no thread and the program times out).
    public static func runOffPool(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> CommandResult {
        try await offPool { try run(executable, arguments, in: directory, environment: environment) }
    }

    /// The path of `name` on PATH, if any.
    public static func which(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var done = false
    func set(_ d: Data) { lock.lock(); data = d; done = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return done }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}

/// Lints the project at `url` and returns `file:line:col rule` strings (file-only locations
/// without the numbers), sorted: the compact form rule fixtures' `expected` files use.
public func lintSummary(of url: URL) async throws -> [String] {
    let project = try await Project.load(at: url)
    return await Linter.lint(project).map { d in
        guard let location = d.location else { return "- \(d.rule)" }
        return "\(location) \(d.rule)"
    }.sorted()
}

/// Signed packs built from projects, for publishing and client tests.
public enum TestPacks {
    /// A pack and its detached signature.
    public struct Built: Sendable {
        public var pack: URL
        public var signature: URL
        public var manifest: PackManifest

        public init(pack: URL, signature: URL, manifest: PackManifest) {
            self.pack = pack
            self.signature = signature
            self.manifest = manifest
        }
    }

    /// Builds `project` into `out` (a fixed timestamp keeps builds reproducible), signs it with
    /// `key` and gives it `sequence`.
    public static func build(
        _ project: URL, out: URL, key: MinisignSecretKey, sequence: Int64, targets: [String]? = nil,
        expires: Date? = nil
    ) async throws -> Built {
        let loaded = try await Project.load(at: project)
        let outcome = try await PackBuilder.build(
            project: loaded,
            options: BuildOptions(
                outputDirectory: out, targets: targets, sequence: sequence, expires: expires,
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)),
            sign: { manifest, digest in
                try Minisign.sign(
                    blake2bDigest: digest, with: key,
                    trustedComment: trustedComment(for: manifest)
                ).fileContents
            })
        guard case .built(let result) = outcome, let signature = result.signatureURL else {
            throw TestPackError(description: "the build of \(project.path) failed: \(outcome)")
        }
        return Built(pack: result.packURL, signature: signature, manifest: result.manifest)
    }

    /// The trusted comment `gamepack build --sign` writes into a pack's signature.
    public static func trustedComment(for manifest: PackManifest) -> String {
        "gamepack project=\(manifest.project) version=\(manifest.version) sequence=\(manifest.sequence) file=\(manifest.fileName)"
    }

    /// Every regular file below `folder`, as paths relative to it, sorted.
    public static func files(below folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(path)
            }
        }
        return result.sorted()
    }
}

/// A test fixture that could not be made.
public struct TestPackError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
