import ArgumentParser
import Foundation
import GamePackFormat

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
