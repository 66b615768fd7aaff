import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat

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
