import ArgumentParser
import Foundation
import GamePackFormat
import GamePackKit

/// Where a secret key comes from: a file (which must be private to its owner) or the
/// `GAMEPACK_SECRET_KEY` environment variable holding a key file's text (for CI).
struct SigningKeySource {
    let key: MinisignSecretKey

    static let environmentVariable = "GAMEPACK_SECRET_KEY"

    /// The key named by `option`, else the environment's, else nil. `optionName` is the flag
    /// that names the key file (`--sign`, `--key`), for messages.
    static func resolve(option: String?, optionName: String = "--key") throws -> SigningKeySource? {
        if let option { return SigningKeySource(key: try readKeyFile(option, optionName: optionName)) }
        if let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty {
            do {
                return SigningKeySource(key: try MinisignSecretKey(fileContents: text))
            } catch SignatureError.wrongFileKind(_, let found) {
                throw SigningProblem(
                    "\(environmentVariable) holds a minisign \(found); it must hold the text of the secret key file (PREFIX.key)")
            } catch {
                throw SigningProblem("\(environmentVariable) does not hold a minisign secret key: \(error)")
            }
        }
        return nil
    }

    /// Reads a secret key file, refusing one that others can read. A public key given instead
    /// is named as such before its permissions are looked at.
    static func readKeyFile(_ path: String, optionName: String = "--key") throws -> MinisignSecretKey {
        if let problem = InputFile.problem(path, role: "secret key") { throw SigningProblem(problem) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SigningProblem("cannot read the secret key \(path)")
        }
        let parsed = Result { try MinisignSecretKey(fileContents: text) }
        if case .failure(SignatureError.wrongFileKind(_, let found)) = parsed {
            let partner = KeyFiles.partner(of: path, kind: .secretKey)
            throw SigningProblem("\(path) is a \(found); \(optionName) needs the secret key (\(partner))")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw SigningProblem("cannot read the secret key \(path)") }
        if info.st_mode & 0o077 != 0 {
            throw SigningProblem(
                "the secret key \(path) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod 600 \(path)"
            )
        }
        do {
            return try parsed.get()
        } catch {
            throw SigningProblem("\(path) is not a usable minisign secret key: \(error)")
        }
    }

    /// The trusted comment binding a signature to a pack's identity.
    static func trustedComment(for manifest: PackManifest) -> String {
        "gamepack project=\(manifest.project) version=\(manifest.version) sequence=\(manifest.sequence) file=\(manifest.fileName)"
    }

    /// The `name=value` fields of a trusted comment `trustedComment(for:)` wrote; empty for
    /// another signer's comment.
    static func trustedCommentFields(_ comment: String) -> [String: String] {
        guard comment.hasPrefix("gamepack ") else { return [:] }
        var fields: [String: String] = [:]
        for word in comment.split(separator: " ").dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { continue }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return fields
    }

    /// Signs a pack from its manifest and the BLAKE2b-512 digest the writer computed.
    func signer() -> @Sendable (PackManifest, [UInt8]) throws -> String {
        let key = self.key
        return { manifest, digest in
            try Minisign.sign(blake2bDigest: digest, with: key, trustedComment: Self.trustedComment(for: manifest)).fileContents
        }
    }

    /// Signs an existing pack file.
    func sign(fileAt url: URL, manifest: PackManifest) throws -> String {
        try Minisign.sign(fileAt: url, with: key, trustedComment: Self.trustedComment(for: manifest)).fileContents
    }
}

/// Key file names and public key files.
enum KeyFiles {
    /// The other file of a key pair as `gamepack keygen` names them (`release.pub` ↔
    /// `release.key`), for messages: the partner's path when it exists, else a description.
    static func partner(of path: String, kind wanted: SignatureError.FileKind) -> String {
        let (from, to) = wanted == .secretKey ? (".pub", ".key") : (".key", ".pub")
        if path.hasSuffix(from) {
            let candidate = String(path.dropLast(from.count)) + to
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return wanted == .secretKey
            ? "the .key file `gamepack keygen` wrote beside the .pub" : "the .pub file `gamepack keygen` wrote beside the .key"
    }

    /// Reads the minisign public key at `path` (given with `optionName`); a secret key or a
    /// signature given instead is named as such, and no key material is ever shown.
    static func readPublicKey(_ path: String, optionName: String) throws -> MinisignPublicKey {
        if let problem = InputFile.problem(path, role: "public key") { throw SigningProblem(problem) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SigningProblem("cannot read the public key \(path)")
        }
        do {
            return try MinisignPublicKey(fileContents: text)
        } catch SignatureError.wrongFileKind(_, let found) {
            let partner = partner(of: path, kind: .publicKey)
            throw SigningProblem("\(path) is a \(found); \(optionName) needs the public key (\(partner))")
        } catch {
            throw SigningProblem("\(path) is not a minisign public key: \(error)")
        }
    }
}

/// A signing problem reported to the user (never containing key material).
struct SigningProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `gamepack keygen`: a new minisign key pair.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Create a minisign key pair for signing packs.",
        discussion: """
            Writes PREFIX.pub (share it: servers and clients pin it) and PREFIX.key (secret, \
            0600 permissions, unencrypted like `minisign -G -W`). Refuses to overwrite. In CI, put \
            the key file's text in the GAMEPACK_SECRET_KEY environment variable instead of a file.
            """
    )

    @Option(help: "Path prefix of the two key files.")
    var out: String = "gamepack"

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let secretPath = out + ".key", publicPath = out + ".pub"
        for path in [secretPath, publicPath] where FileManager.default.fileExists(atPath: path) {
            Terminal.error("\(path) already exists; keygen never overwrites keys (choose another --out)")
            throw ExitCode(2)
        }
        let key = MinisignSecretKey.generate()
        do {
            try writeExclusive(key.fileContents, to: secretPath, mode: 0o600)
            try writeExclusive(key.publicKey.fileContents, to: publicPath, mode: 0o644)
        } catch {
            throw failure(error)
        }
        guard !outputOptions.quiet else { return }
        print("Created \(publicPath) and \(secretPath) (key id \(key.publicKey.keyIDHex)).")
        print("Keep \(secretPath) secret; give \(publicPath) to servers and clients.")
    }

    /// Creates `path` with `mode` from the start (no window in which others could read it).
    func writeExclusive(_ text: String, to path: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            throw GamePackError.io(path: path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw GamePackError.io(path: path, reason: "cannot write") }
    }
}

/// `gamepack sign`: a detached minisign signature for a pack.
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a pack, writing PACK.minisig (verifiable with `minisign -Vm PACK -p KEY.pub`)."
    )

    @Argument(help: "The .gamepack file.")
    var pack: String

    @Option(help: "The minisign secret key file (default: the GAMEPACK_SECRET_KEY environment variable).")
    var key: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        try InputFile.require(pack, role: "pack")
        do {
            guard let source = try SigningKeySource.resolve(option: key) else {
                throw SigningProblem("no secret key: pass --key FILE or set \(SigningKeySource.environmentVariable)")
            }
            let url = URL(fileURLWithPath: pack)
            let manifest = try PackArchive.Reader(url: url).manifest()
            let text = try source.sign(fileAt: url, manifest: manifest)
            try Data(text.utf8).write(to: URL(fileURLWithPath: pack + ".minisig"), options: .atomic)
            if !outputOptions.quiet { print("Signed \(pack) with key \(source.key.publicKey.keyIDHex): \(pack).minisig") }
        } catch {
            throw failure(error)
        }
    }
}

/// `gamepack verify`: signature, then every file against the manifest.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a pack: its minisign signature, then every file's size and SHA-256.",
        discussion: "Exit status 1 when anything does not match (naming the file), 2 when a file cannot be read."
    )

    @Argument(help: "The .gamepack file.")
    var pack: String

    @Option(help: "The minisign public key to check the signature with (without it only the contents are checked).")
    var pubkey: String?

    @Option(help: "The signature file (default: PACK.minisig).")
    var signature: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let url = URL(fileURLWithPath: pack)
        // The contents check runs beside the signature check: each reads the whole pack.
        let contents = Task.detached { try PackArchive.verifyContents(of: url) }
        try InputFile.require(pack, role: "pack")
        var signedBy: String?
        var signedComment: String?
        if let pubkey {
            let publicKey: MinisignPublicKey
            let parsedSignature: MinisignSignature
            let signaturePath = signature ?? pack + ".minisig"
            do {
                publicKey = try KeyFiles.readPublicKey(pubkey, optionName: "--pubkey")
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
            if let problem = InputFile.problem(signaturePath, role: "signature"),
                FileManager.default.fileExists(atPath: signaturePath)
            {
                Terminal.error(problem)
                throw ExitCode(2)
            }
            guard let signatureBytes = FileManager.default.contents(atPath: signaturePath) else {
                Terminal.error("\(signaturePath): no signature file; sign the pack with `gamepack sign`")
                throw ExitCode(1)
            }
            guard signatureBytes.count <= 64 << 10, let signatureText = String(data: signatureBytes, encoding: .utf8) else {
                Terminal.error(
                    "\(signaturePath): not a minisign signature (a .minisig file is a few lines of UTF-8 text); "
                        + "sign the pack again with `gamepack sign`")
                throw ExitCode(1)
            }
            do {
                parsedSignature = try MinisignSignature(fileContents: signatureText)
            } catch {
                Terminal.error("\(signaturePath): \(error)")
                throw ExitCode(1)
            }
            do {
                try Minisign.verify(fileAt: url, signature: parsedSignature, publicKey: publicKey)
            } catch SignatureError.signatureMismatch
                where Minisign.hasAuthenticTrustedComment(parsedSignature, publicKey: publicKey)
            {
                // The key signed this trusted comment, so the file it names can be believed.
                let madeFor = SigningKeySource.trustedCommentFields(parsedSignature.trustedComment)["file"]
                if let madeFor, madeFor != url.lastPathComponent {
                    Terminal.error(
                        "\(pack): \(signaturePath) belongs to another file: it was made for \(madeFor) (its trusted "
                            + "comment says so); verify \(madeFor) with it, or give this pack's own signature "
                            + "(\(url.lastPathComponent).minisig, or sign it with `gamepack sign`)")
                } else {
                    Terminal.error("\(pack): signature check failed: \(SignatureError.signatureMismatch)")
                }
                throw ExitCode(1)
            } catch {
                Terminal.error("\(pack): signature check failed: \(error)")
                throw ExitCode(1)
            }
            signedBy = publicKey.keyIDHex
            signedComment = parsedSignature.trustedComment
        }
        let manifest: PackManifest
        do {
            manifest = try await contents.value
        } catch {
            Terminal.error("\(pack): \(error)")
            throw ExitCode(1)
        }
        if signedBy != nil, let comment = signedComment, comment.hasPrefix("gamepack "),
            !comment.contains(" project=\(manifest.project) ") || !comment.contains(" version=\(manifest.version) ")
        {
            Terminal.error("\(pack): the signature was made for another pack (\(comment))")
            throw ExitCode(1)
        }
        if let expires = manifest.expires {
            guard let date = ISO8601DateFormatter().date(from: expires) else {
                Terminal.error("\(pack): manifest.json: expires \"\(expires)\" is not an ISO 8601 date-time")
                throw ExitCode(1)
            }
            guard date > Date() else {
                Terminal.error("\(pack): the pack expired on \(expires); clients refuse it. Build and sign a new one")
                throw ExitCode(1)
            }
        }
        if !outputOptions.quiet {
            let bytes = manifest.files.reduce(Int64(0)) { $0 + $1.size }
            let signatureNote = signedBy.map { "signature by key \($0) valid" } ?? "signature NOT checked (pass --pubkey)"
            print(
                "OK \(pack): \(signatureNote); \(manifest.files.count) files (\(ByteCount.describe(Int(bytes)))) match the manifest"
            )
        }
    }
}
