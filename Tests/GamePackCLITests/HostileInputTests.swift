import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// The built `gamepack` run on a child process whose peak memory and time are measured
/// (`wait4`'s resource usage, or /proc's VmHWM sampled while it runs when that usage cannot
/// tell the child from this process), output going to files so that nothing blocks.
struct BoundedRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Wall-clock seconds.
    var seconds: Double
    /// Peak resident memory of the child (bytes).
    var peakBytes: Int

    /// Runs `gamepack arguments` in `directory` with `environment` added to this process's;
    /// kills it after `limit` seconds (status -9).
    static func gamepack(
        _ arguments: [String], in directory: URL, limit: Double = 20, environment extra: [String: String] = [:]
    ) throws -> BoundedRun {
        let out = directory.appendingPathComponent(".run-\(UUID().uuidString.prefix(8))")
        let stdoutURL = out.appendingPathExtension("out"), stderrURL = out.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // sh changes folder, then execs gamepack in its place (the measured process).
        let script = "cd \"$0\" && exec \"$@\""
        let argv =
            (["/bin/sh", "-c", script, directory.path, TestPaths.gamepackBinary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        // posix_spawn is a vfork: the child's maximum resident size starts as this (large, test)
        // process's. A child's own peak shows when it is above that; else its VmHWM, sampled.
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        let inherited = Int(own.ru_maxrss) * 1024
        var sampled = 0
        var status: Int32 = 0
        var usage = rusage()
        while true {
            sampled = max(sampled, Self.highWaterMark(of: pid))
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if Date().timeIntervalSince(started) > limit {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
        return BoundedRun(
            status: exit,
            stdout: String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self),
            seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024 > inherited ? Int(usage.ru_maxrss) * 1024 : sampled)
    }

    /// The peak resident memory of a running process (`VmHWM` in /proc), or 0.
    static func highWaterMark(of pid: pid_t) -> Int {
        let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    var output: String { stdout + stderr }
}

/// One ZIP written byte by byte, so that each hostile case can break exactly one rule.
struct HandZip {
    struct Entry {
        var localName: String
        var centralName: String
        var localMethod: UInt16 = 0
        var centralMethod: UInt16 = 0
        var payload: Data
        var declaredSize: UInt32?
    }

    static func make(_ entries: [Entry], prefix: Data = Data()) -> Data {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var body = Data(), central = Data()
        for entry in entries {
            let offset = UInt32(body.count)
            let size = entry.declaredSize ?? UInt32(entry.payload.count)
            let local = Array(entry.localName.utf8), name = Array(entry.centralName.utf8)
            body.append(contentsOf: le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(entry.localMethod) + le16(0) + le16(0x21))
            body.append(
                contentsOf: le32(0) + le32(UInt32(entry.payload.count)) + le32(size) + le16(UInt16(local.count)) + le16(0))
            body.append(contentsOf: local)
            body.append(entry.payload)
            central.append(contentsOf: le32(0x0201_4B50) + le16(20) + le16(20) + le16(0x0800) + le16(entry.centralMethod))
            central.append(contentsOf: le16(0) + le16(0x21) + le32(0) + le32(UInt32(entry.payload.count)) + le32(size))
            central.append(contentsOf: le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0o100644 << 16))
            central.append(contentsOf: le32(offset) + name)
        }
        var zip = prefix
        zip.append(body)
        zip.append(central)
        zip.append(contentsOf: le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count)))
        zip.append(contentsOf: le32(UInt32(central.count)) + le32(UInt32(body.count)) + le16(0))
        return zip
    }

    static func deflateZeros(count: Int) -> Data {
        // A deflate stream of `count` zero bytes: fixed Huffman, one literal then repeated
        // length-258 matches at distance 1 (each 258 bytes in about 2 bytes of input).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count / 128 + 16)
        var pending: UInt64 = 0, pendingBits = 0
        // Bits go out least significant first; Huffman codes most significant bit first.
        func put(_ value: Int, _ n: Int) {
            pending |= UInt64(value) << UInt64(pendingBits)
            pendingBits += n
            while pendingBits >= 8 {
                bytes.append(UInt8(pending & 0xFF))
                pending >>= 8
                pendingBits -= 8
            }
        }
        func putReversed(_ code: Int, _ n: Int) {
            var reversed = 0
            for i in 0..<n where (code >> i) & 1 == 1 { reversed |= 1 << (n - 1 - i) }
            put(reversed, n)
        }
        put(1, 1)  // final block
        put(1, 2)  // fixed Huffman
        putReversed(0x30, 8)  // literal 0
        var left = count - 1
        var match = 0  // length code 285 (258), then distance code 0 (1): 13 bits, reversed once
        for i in 0..<8 where (0b1100_0101 >> i) & 1 == 1 { match |= 1 << (7 - i) }
        while left >= 258 {
            put(match, 13)
            left -= 258
        }
        while left > 0 {
            putReversed(0x30, 8)
            left -= 1
        }
        putReversed(0, 7)  // end of block
        if pendingBits > 0 { bytes.append(UInt8(pending & 0xFF)) }
        return Data(bytes)
    }
}

/// The hostile inputs of issue 16, each run through the built binary with its exact exit status
/// and message, under 300 MB and 2 s.
@Suite("Hostile input: bounded memory and time, clear refusals", .serialized)
struct HostileInputTests {
    static let memoryBound = 300 << 20
    static let timeBound = 2.0

    func bounded(_ run: BoundedRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.peakBytes < Self.memoryBound, "peak memory \(run.peakBytes >> 20) MB", sourceLocation: sourceLocation)
        #expect(run.seconds < Self.timeBound, "took \(run.seconds) s", sourceLocation: sourceLocation)
    }

    func project(_ temp: TemporaryDirectory, _ name: String = "hike") throws -> URL {
        let url = temp.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: TestPaths.example("gohike-amsterdam"), to: url)
        for folder in [".gamepack", "build"] { try? FileManager.default.removeItem(at: url.appendingPathComponent(folder)) }
        return url
    }

    // 1. Unbounded inflate: 1 GiB of zeros in 8 MB, declared as 2,800 bytes.
    @Test func manifestDeclaredSmallInflatesHugeIsStoppedAtItsDeclaredSize() throws {
        let temp = try TemporaryDirectory()
        let zip = HandZip.make([
            .init(
                localName: "manifest.json", centralName: "manifest.json", localMethod: 8, centralMethod: 8,
                payload: HandZip.deflateZeros(count: 1 << 30), declaredSize: 2_800)
        ])
        try zip.write(to: temp.url.appendingPathComponent("bomb.gamepack"))
        for command in ["verify", "inspect"] {
            let run = try BoundedRun.gamepack([command, "bomb.gamepack"], in: temp.url)
            #expect(run.status == 1, "\(command): \(run.output)")
            #expect(
                run.stderr.contains("manifest.json inflates to more than the 2800 bytes its header declares"), "\(run.output)")
            bounded(run)
        }
    }

    // 2. Cache poisoning.
    @Test func plantedBase64CacheNeverReachesTheSignedPack() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        #expect(try BoundedRun.gamepack(["build", "hike", "--out", "out1", "--quiet"], in: temp.url, limit: 120).status == 0)
        let cache = hike.appendingPathComponent(".gamepack/cache/base64")
        let planted = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".b64") }
        #expect(!planted.isEmpty)
        for name in planted {
            try Data("AAAA\",\"name_en\":\"INJECTED".utf8).write(to: cache.appendingPathComponent(name))
        }
        let run = try BoundedRun.gamepack(["build", "hike", "--out", "out2", "--quiet"], in: temp.url, limit: 120)
        #expect(run.status == 0, "\(run.output)")
        let pack = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out2").path)
            .first { $0.hasSuffix(".gamepack") }!
        let content = try PackArchive.Reader(url: temp.url.appendingPathComponent("out2/\(pack)")).data(at: "gohike/content.json")
        #expect(!String(decoding: content, as: UTF8.self).contains("INJECTED"))
    }

    @Test func assetEditedInPlaceWithRestoredMtimeIsHashedAgain() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        #expect(try BoundedRun.gamepack(["build", "hike", "--out", "out", "--quiet"], in: temp.url, limit: 120).status == 0)
        let photo = hike.appendingPathComponent("assets/photos/rai-congress-center.jpg")
        // The exact times to the nanosecond (FileManager's Date would round them, and a changed
        // modification time alone would make any cache look again).
        var original = stat()
        #expect(stat(photo.path, &original) == 0)
        var bytes = [UInt8](try Data(contentsOf: photo))
        bytes[bytes.count / 2] ^= 0xFF  // same size, other bytes
        let handle = try FileHandle(forWritingTo: photo)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [original.st_atim, original.st_mtim]
        #expect(utimensat(AT_FDCWD, photo.path, &times, 0) == 0)
        var edited = stat()
        #expect(stat(photo.path, &edited) == 0)
        #expect(edited.st_mtim.tv_sec == original.st_mtim.tv_sec && edited.st_mtim.tv_nsec == original.st_mtim.tv_nsec)
        #expect(edited.st_size == original.st_size && edited.st_ino == original.st_ino)
        let run = try BoundedRun.gamepack(["build", "hike", "--out", "out", "--quiet"], in: temp.url, limit: 120)
        #expect(run.status == 0, "\(run.output)")
        let out = temp.url.appendingPathComponent("out")
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".gamepack") {
            let verify = try BoundedRun.gamepack(["verify", "out/\(name)"], in: temp.url)
            #expect(verify.status == 0, "\(verify.output)")
        }
        let expected = Digest.sha256Hex(Data(bytes))
        let packs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".gamepack") }
        let manifests = try packs.map { try PackArchive.Reader(url: out.appendingPathComponent($0)).manifest() }
        #expect(manifests.contains { $0.files.contains { $0.sha256 == expected } })
    }

    // 3. Top-level symlinks.
    @Test func symlinkedTopLevelFoldersAreRefused() throws {
        let temp = try TemporaryDirectory()
        let outside = temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("content/locations"), withIntermediateDirectories: true)
        try Data("id: 1\ndb_password: hunter2\n".utf8).write(to: outside.appendingPathComponent("content/locations/1.yaml"))
        let hike = try project(temp)
        try FileManager.default.removeItem(at: hike.appendingPathComponent("content"))
        try FileManager.default.createSymbolicLink(
            atPath: hike.appendingPathComponent("content").path,
            withDestinationPath: outside.appendingPathComponent("content").path)
        let lint = try BoundedRun.gamepack(["lint", "hike"], in: temp.url)
        #expect(lint.status == 1)
        #expect(!lint.output.contains("db_password"))
        #expect(lint.stdout.contains("hike/content: error: [syntax] content/ is a symlink"), "\(lint.output)")
        bounded(lint)

        let other = try project(temp, "other")
        try FileManager.default.createSymbolicLink(
            atPath: other.appendingPathComponent("build").path, withDestinationPath: outside.path)
        let build = try BoundedRun.gamepack(["build", "other", "--quiet"], in: temp.url)
        #expect(build.status == 2)
        #expect(
            build.stderr.contains("build is a symlink; gamepack does not write through a symlink in the project"),
            "\(build.output)")
        try FileManager.default.removeItem(at: other.appendingPathComponent("build"))
        try FileManager.default.createSymbolicLink(
            atPath: other.appendingPathComponent(".gamepack").path, withDestinationPath: outside.path)
        let cached = try BoundedRun.gamepack(["build", "other", "--out", "out", "--quiet"], in: temp.url)
        #expect(cached.status == 2)
        #expect(cached.stderr.contains(".gamepack is a symlink"), "\(cached.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["content"])
    }

    // 4. Memory and output blow-ups.
    @Test func oversizedSourceFileIsRefusedBeforeParsing() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let big = hike.appendingPathComponent("content/locations/big.yaml")
        try Data(("id: 99\nname: {en: \"" + String(repeating: "a", count: 5 << 20) + "\"}\n").utf8).write(to: big)
        let run = try BoundedRun.gamepack(["lint", "hike"], in: temp.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("content/locations/big.yaml: error: [syntax] the file is 5.2 MB, over the 4.2 MB limit"),
            "\(run.output)")
        bounded(run)
    }

    @Test func findingsOnOneHugeLineQuoteOnlyAroundTheColumn() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let items = (0..<3_000).map { "{\"id\": \(1_000 + $0), \"nmae\": \"\(String(repeating: "x", count: 80))\"}" }
        try Data(("[" + items.joined(separator: ", ") + "]").utf8).write(
            to: hike.appendingPathComponent("content/locations/long.json"))
        let run = try BoundedRun.gamepack(["lint", "hike"], in: temp.url, limit: 60)
        #expect(run.status == 1)
        #expect(run.stdout.utf8.count < 8 << 20, "\(run.stdout.utf8.count) bytes of output")
        #expect(run.stdout.contains("[unknown-field]"))
        #expect(run.peakBytes < Self.memoryBound)
    }

    @Test func xliffOverTheSizeLimitAndEntityFloodsAreRefusedQuickly() throws {
        let temp = try TemporaryDirectory()
        _ = try project(temp)
        let huge = temp.url.appendingPathComponent("huge.xlf")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        try FileHandle(forWritingTo: huge).truncate(atOffset: 40 << 20)
        let big = try BoundedRun.gamepack(["l10n", "import", "hike", "huge.xlf"], in: temp.url)
        #expect(big.status == 2, "\(big.output)")
        #expect(big.stderr.contains("over the 33.6 MB limit for an XLIFF file"), "\(big.output)")
        bounded(big)

        let flood = "<?xml version=\"1.0\"?>\n<!--" + String(repeating: "<!ENTITY x \"y\">\n", count: 80_000) + "-->\n<xliff/>\n"
        try Data(flood.utf8).write(to: temp.url.appendingPathComponent("flood.xlf"))
        let run = try BoundedRun.gamepack(["l10n", "import", "hike", "flood.xlf"], in: temp.url)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("and 79980 more DOCTYPE or ENTITY declarations"), "\(run.output.prefix(2_000))")
        #expect(run.output.components(separatedBy: "an ENTITY declaration is not allowed").count - 1 == 20)
        bounded(run)
    }

    // 5. Hangs.
    @Test func symlinkLoopsAndPipesNeitherHangNorVanish() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let locations = hike.appendingPathComponent("content/locations")
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(
                atPath: locations.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        #expect(mkfifo(locations.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
        #expect(mkfifo(hike.appendingPathComponent("assets/photos/pipe.jpg").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: locations.appendingPathComponent("gone.yaml").path, withDestinationPath: "nowhere.yaml")
        try FileManager.default.createSymbolicLink(
            atPath: locations.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")
        let rawName = Array(locations.path.utf8) + Array("/name-".utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let fd = rawName.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(fd >= 0)
        close(fd)
        let run = try BoundedRun.gamepack(["lint", "hike"], in: temp.url)
        #expect(run.status == 1)
        let out = run.stdout
        #expect(out.contains("content/locations/a is a symlink to content/locations, a folder read already"), "\(out)")
        #expect(out.contains("content/locations/pipe.yaml is not a regular file (a pipe, socket or device)"))
        #expect(out.contains("content/locations/gone.yaml is a symlink to nothing (dangling)"))
        #expect(out.contains("content/locations/loop.yaml is a symlink loop"))
        #expect(out.contains("content/locations/name-\\xFF.yaml has a name that is not UTF-8"))
        #expect(out.contains("assets/photos/pipe.jpg is not a regular file"))
        #expect(!out.contains("duplicate-id"))
        bounded(run)

        #expect(mkfifo(temp.url.appendingPathComponent("pipe.gamepack").path, 0o644) == 0)
        let verify = try BoundedRun.gamepack(["verify", "pipe.gamepack"], in: temp.url)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("pipe.gamepack is not a regular file (a pipe, socket or device)"), "\(verify.output)")
        bounded(verify)
    }

    // 6. Non-atomic replacement.
    @Test func abandonedStagingFoldersAreRemovedAndThePackIsReplacedInPlace() throws {
        let temp = try TemporaryDirectory()
        _ = try project(temp)
        let stale = temp.url.appendingPathComponent("out/.gamepack-staging-999999-deadbeef")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data(count: 1 << 20).write(to: stale.appendingPathComponent("pack.zip"))
        #expect(try BoundedRun.gamepack(["keygen", "--out", "k"], in: temp.url).status == 0)
        let first = try BoundedRun.gamepack(
            ["build", "hike", "--out", "out", "--sign", "k.key", "--quiet", "--sequence", "1"], in: temp.url, limit: 120)
        #expect(first.status == 0, "\(first.output)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        let second = try BoundedRun.gamepack(
            ["build", "hike", "--out", "out", "--sign", "k.key", "--quiet", "--sequence", "2"], in: temp.url, limit: 120)
        #expect(second.status == 0, "\(second.output)")
        let pack = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
            .first { $0.hasSuffix(".gamepack") }!
        let verify = try BoundedRun.gamepack(["verify", "out/\(pack)", "--pubkey", "k.pub"], in: temp.url)
        #expect(verify.status == 0, "\(verify.output)")
    }

    // 8. Ambiguous archives, overflow, expiry.
    @Test func archivesOtherToolsReadDifferentlyAreRefused() throws {
        let temp = try TemporaryDirectory()
        let manifest = Data("{}".utf8)
        let cases: [(String, Data, String)] = [
            (
                "names.gamepack",
                HandZip.make([.init(localName: "../../evil.json", centralName: "canonical/rewards.json", payload: manifest)]),
                "the local header of \"canonical/rewards.json\" names \"../../evil.json\""
            ),
            (
                "methods.gamepack",
                HandZip.make([
                    .init(localName: "a.json", centralName: "a.json", localMethod: 8, centralMethod: 0, payload: manifest)
                ]),
                "\"a.json\" has compression method 8 in its local header, 0 in the directory"
            ),
            (
                "garbage.gamepack",
                HandZip.make([.init(localName: "a.json", centralName: "a.json", payload: manifest)], prefix: Data(count: 1_024)),
                "its central directory is not right before its end record"
            ),
        ]
        for (name, bytes, message) in cases {
            try bytes.write(to: temp.url.appendingPathComponent(name))
            let run = try BoundedRun.gamepack(["verify", name], in: temp.url)
            #expect(run.status == 1, "\(name): \(run.output)")
            #expect(run.stderr.contains(message), "\(name): \(run.output)")
            bounded(run)
        }
    }

    // Issue 27: two entries with one name; gamepack read the first, other unzip tools the last.
    @Test func duplicateEntryNamesMakeAPackInvalid() throws {
        let temp = try TemporaryDirectory()
        let first = Data(#"{"project":"first"}"#.utf8), second = Data(#"{"project":"second"}"#.utf8)
        let cases: [(String, [HandZip.Entry])] = [
            (
                "manifests.gamepack",
                [
                    .init(localName: "manifest.json", centralName: "manifest.json", payload: first),
                    .init(localName: "manifest.json", centralName: "manifest.json", payload: second),
                ]
            ),
            (
                "files.gamepack",
                [
                    .init(localName: "manifest.json", centralName: "manifest.json", payload: first),
                    .init(localName: "canonical/a.json", centralName: "canonical/a.json", payload: first),
                    .init(localName: "canonical/a.json", centralName: "canonical/a.json", payload: second),
                ]
            ),
        ]
        for (name, entries) in cases {
            try HandZip.make(entries).write(to: temp.url.appendingPathComponent(name))
            for command in ["verify", "inspect"] {
                let run = try BoundedRun.gamepack([command, name], in: temp.url)
                #expect(run.status == 1, "\(command) \(name): \(run.output)")
                #expect(run.stderr.contains("it holds two entries named \""), "\(command) \(name): \(run.output)")
                bounded(run)
            }
        }
    }

    // Issue 27: a disk that fills while `publish --out` writes the pack's files is an I/O error
    // (exit 2) naming the file, never "not a readable gamepack archive" (exit 1).
    @Test(SmallFilesystem.required) func fullDiskDuringPublishIsAnIOError() throws {
        let temp = try TemporaryDirectory()
        // 4 MiB that deflate to a few KiB: the pack fits the 1 MiB disk, its file does not.
        let large = Data(String(repeating: "a walk along the canals; ", count: 4 << 20 / 25).utf8)
        let manifest = PackManifest(
            project: "gohike-amsterdam", name: "Full", version: "1", versions: [:], sequence: 1,
            created: "2026-01-01T00:00:00Z", locales: ["en"], targets: ["canonical"],
            files: [
                PackManifest.File(
                    path: "canonical/walks.json", size: Int64(large.count), sha256: Digest.sha256Hex(large),
                    md5: Digest.md5Hex(large))
            ])
        try PackArchive.write(
            manifest: manifest, entries: [.init(path: "canonical/walks.json", source: .data(large), compress: true)],
            modificationDate: Date(timeIntervalSince1970: 1_700_000_000), to: temp.url.appendingPathComponent("full.gamepack"))
        #expect(try BoundedRun.gamepack(["keygen", "--out", "k"], in: temp.url).status == 0)
        let sign = try BoundedRun.gamepack(["sign", "full.gamepack", "--key", "k.key"], in: temp.url)
        #expect(sign.status == 0, "\(sign.output)")
        let disk = try SmallFilesystem(bytes: 1 << 20)
        let run = try BoundedRun.gamepack(
            ["publish", "full.gamepack", "--out", disk.url.path, "--channel", "production", "--key", "k.key"], in: temp.url)
        #expect(run.status == 2, "\(run.output)")
        #expect(run.stderr.contains(PublishLayout.file(sha256: Digest.sha256Hex(large))), "\(run.output)")
        #expect(!run.stderr.contains("not a readable gamepack archive"), "\(run.output)")
        bounded(run)
    }

    @Test func manifestSizeOfInt64MaxIsRefusedNotACrash() throws {
        let temp = try TemporaryDirectory()
        let text = """
            {"created":"2026-01-01T00:00:00Z","files":[{"md5":"","path":"a.json","sha256":"","size":9223372036854775807},\
            {"md5":"","path":"b.json","sha256":"","size":9223372036854775807}],"format":1,"locales":["en"],"name":"x",\
            "project":"x","sequence":1,"targets":[],"version":"1","versions":{}}
            """
        try HandZip.make([.init(localName: "manifest.json", centralName: "manifest.json", payload: Data(text.utf8))])
            .write(to: temp.url.appendingPathComponent("huge.gamepack"))
        let run = try BoundedRun.gamepack(["inspect", "huge.gamepack"], in: temp.url)
        #expect(run.status == 1, "\(run.output)")
        #expect(
            run.stderr.contains("a.json has size 9223372036854775807; a pack's files are 0 to 4294967295 bytes"), "\(run.output)")
    }

    @Test func expiresInThePastIsRefused() throws {
        let temp = try TemporaryDirectory()
        _ = try project(temp)
        let run = try BoundedRun.gamepack(["build", "hike", "--out", "out", "--expires", "2001-01-01T00:00:00Z"], in: temp.url)
        #expect(run.status == 2, "\(run.output)")
        #expect(run.stderr.contains("--expires 2001-01-01T00:00:00Z is in the past"), "\(run.output)")
    }

    // 9. Unclear errors.
    @Test func devicesFoldersAndBinarySignaturesGetPlainMessages() throws {
        let temp = try TemporaryDirectory()
        let zero = try BoundedRun.gamepack(["verify", "/dev/zero"], in: temp.url)
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("/dev/zero is not a regular file (a pipe, socket or device)"), "\(zero.output)")
        let folder = try BoundedRun.gamepack(["inspect", "."], in: temp.url)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("is a folder"), "\(folder.output)")
        _ = try project(temp)
        #expect(try BoundedRun.gamepack(["keygen", "--out", "k"], in: temp.url).status == 0)
        #expect(try BoundedRun.gamepack(["build", "hike", "--out", "out", "--quiet"], in: temp.url, limit: 120).status == 0)
        let pack = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
            .first { $0.hasSuffix(".gamepack") }!
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: temp.url.appendingPathComponent("out/\(pack).minisig"))
        let run = try BoundedRun.gamepack(["verify", "out/\(pack)", "--pubkey", "k.pub"], in: temp.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("not a minisign signature (a .minisig file is a few lines of UTF-8 text)"), "\(run.output)")
    }

    // 10. Escape sequences in content, values and file names are shown, never obeyed.
    @Test func escapeSequencesFromTheInputAreShownNotObeyed() throws {
        let temp = try TemporaryDirectory()
        let hike = try project(temp)
        let config = hike.appendingPathComponent("gamepack.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.contains("locales: [en, nl]"))
        try text.replacingOccurrences(of: "locales: [en, nl]", with: "locales: [en, nl, \"\\e[2J\"]")
            .write(to: config, atomically: true, encoding: .utf8)
        // A raw ESC in a source file, which libyaml refuses and the finding quotes, in a file
        // whose name holds one too.
        try Data("id: 77\nname: {en: \"Red \u{1B}[31mtext\"}\n".utf8)
            .write(to: hike.appendingPathComponent("content/locations/\u{1B}[1mbold.yaml"))
        for format in ["text", "github"] {
            let run = try BoundedRun.gamepack(["lint", "hike", "--format", format], in: temp.url)
            #expect(run.status == 1, "\(run.output)")
            #expect(!run.output.unicodeScalars.contains("\u{1B}"), "\(run.output)")
            #expect(run.stdout.contains("`\\u{1B}[2J` is not a locale code"), "\(run.output)")
            #expect(run.stdout.contains("content/locations/\\u{1B}[1mbold.yaml"), "\(run.output)")
        }
        // A quoted line shows a hidden character as its escape, and the caret still stands
        // under the column named, past the escape (a right-to-left override before `fr`, the
        // last finding on the line), in a
        // project whose locales are fine (else the finding on `fr` follows from theirs).
        let line = "name: {en: \"Bridge \u{202E}egdirB\", fr: \"Pont\"}"
        let other = try project(temp, "other")
        try Data("id: 78\n\(line)\n".utf8).write(to: other.appendingPathComponent("content/locations/78.yaml"))
        let lint = try BoundedRun.gamepack(["lint", "other"], in: temp.url)
        let lines = lint.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let shown = Array(("    " + line.replacingOccurrences(of: "\u{202E}", with: "\\u{202E}")).unicodeScalars)
        let quoted = try #require(lines.lastIndex(of: shown), "\(lint.output)")
        let column = try #require(Int(String(String.UnicodeScalarView(lines[quoted - 1])).split(separator: ":")[2]))
        #expect(
            column == line.unicodeScalars.distance(
                from: line.unicodeScalars.startIndex, to: line.unicodeScalars.firstIndex(of: "f")!) + 1, "\(lint.output)")
        let caret = try #require(lines[quoted + 1].firstIndex(of: "^"), "\(lint.output)")
        #expect(shown[caret] == "f", "\(lint.output)")
        // The static preview's warning on an image it does not copy names it as shown.
        try Data("<html></html>".utf8).write(to: other.appendingPathComponent("assets/photos/\u{1B}[2Jfake.jpg"))
        try Data(
            "id: 79\nname: {en: Fake, nl: Nep}\nposition: {latitude: 52.37, longitude: 4.89}\nimage: \"photos/\\e[2Jfake.jpg\"\n"
                .utf8
        ).write(to: other.appendingPathComponent("content/locations/79.yaml"))
        let preview = try BoundedRun.gamepack(["preview", "other", "--out", "site"], in: temp.url, limit: 60)
        #expect(preview.status == 0, "\(preview.output)")
        #expect(preview.stderr.contains("warning: assets/photos/\\u{1B}[2Jfake.jpg "), "\(preview.output)")
        #expect(!preview.output.unicodeScalars.contains("\u{1B}"), "\(preview.output)")

        // A title that would set the terminal's window title, in a diff, colored or not.
        let old = try project(temp, "old"), new = try project(temp, "new")
        _ = old
        let location = new.appendingPathComponent("content/locations/1.yaml")
        let yaml = try String(contentsOf: location, encoding: .utf8)
        try yaml.replacingOccurrences(of: "\"RAI Congress Center\"", with: "\"RAI \\e]0;pwned\\a Center\"")
            .write(to: location, atomically: true, encoding: .utf8)
        for color in ["never", "always"] {
            let diff = try BoundedRun.gamepack(["diff", "old", "new", "--color", color], in: temp.url)
            #expect(diff.status == 0, "\(diff.output)")
            #expect(diff.stdout.contains("RAI \\u{1B}]0;pwned\\u{7} Center"), "\(diff.output)")
            #expect(!diff.output.contains("\u{1B}]"), "\(diff.output)")
            #expect(diff.output.contains("\u{1B}[") == (color == "always"), "\(diff.output)")
        }
    }
}
