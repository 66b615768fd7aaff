import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat

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
            (signedBy, signedComment) = try checkSignature(of: url, pubkey: pubkey)
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
                "OK \(pack): \(signatureNote); \(plural(manifest.files.count, "file")) (\(ByteCount.describe(Int(bytes)))) \(manifest.files.count == 1 ? "matches" : "match") the manifest"
            )
        }
    }

    /// Checks the pack's minisign signature with the public key at `pubkey`, and returns the key's
    /// id and the signature's trusted comment; prints what is wrong and exits 1 (2 for an unreadable key).
    private func checkSignature(of url: URL, pubkey: String) throws -> (keyID: String, comment: String) {
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
        return (publicKey.keyIDHex, parsedSignature.trustedComment)
    }
}
