import ArgumentParser
import Foundation
import GamePackContent
import GamePackFormat

/// `gamepack keys rotate --old OLD.key --new NEW.pub`: writes the next key set.
struct KeysRotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Write the next key set: the current keys without OLD and with NEW, signed by OLD.",
        discussion: """
            Reads the newest key set in the folder and writes the next one, N.json and \
            N.json.minisig, signed by the old key. When the folder holds no set yet, OLD is the \
            key the app ships with and key set 1 is written. Then publish as usual: `publish` \
            uploads the new set before the pack. Sign packs and pointers with the new key from then on.
            """
    )

    @Option(help: "The secret key being replaced; it must be in the current key set (or be the shipped key).")
    var old: String

    @Option(help: "The public key (.pub) that replaces it.")
    var new: String

    @Option(help: "The folder of key sets (default: keys/ in the current folder).")
    var keys: String?

    @Option(help: "The project id (default: the id in gamepack.yaml in the current folder).")
    var project: String?

    @Flag(help: "Keep the old key in the new set, so that it may still sign (until --expires-in, if given).")
    var keepOld = false

    @Option(help: "With --keep-old, how long the old key may still sign: Nd, Nh or Nm.")
    var expiresIn: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let project, !ChannelPointer.isSafeName(project) { throw ValidationError("--project: not a project id") }
        if let expiresIn {
            guard keepOld else { throw ValidationError("--expires-in needs --keep-old: it is the kept old key's expiry") }
            guard case .some(.some(_)) = PointerExpiry.parse(expiresIn) else {
                throw ValidationError("--expires-in: use a number with d, h or m (30d, 12h)")
            }
        }
    }

    func run() throws {
        let folder = KeysCommand.folder(keys)
        do {
            let oldKey = try SigningKeySource.readKeyFile(old, optionName: "--old")
            let newKey = try KeyFiles.readPublicKey(new, optionName: "--new")
            let sets = try KeySetFolder.load(folder)
            let projectID = try sets.first?.set.project ?? KeysCommand.project(project)
            if let given = project, given != projectID {
                throw ValidationError("\(folder.path) holds the key sets of \(projectID), not \(given)")
            }
            let now = Date()
            let chain =
                sets.isEmpty
                ? KeyChain(project: projectID, trustedKeys: [oldKey.publicKey])
                : try KeySetFolder.chain(sets, knownKeys: [oldKey.publicKey, newKey], now: nil)
            let expiry = expiresIn.flatMap { PointerExpiry.parse($0) ?? nil }.map { now.addingTimeInterval($0) }
            let signed = try KeyRotation.next(
                after: chain, old: oldKey, new: newKey, keepOld: keepOld, oldExpires: expiry, now: now)
            let written = try write(signed, to: folder)
            guard !outputOptions.quiet else { return }
            print(
                "Wrote \(written.path) and its .minisig: key set \(signed.set.version) of \(projectID) with "
                    + "\(signed.set.keyIDs.joined(separator: ", ")), signed by \(oldKey.publicKey.keyIDHex).")
            print(
                "Publish it (`gamepack publish` uploads key sets before the pack) and sign with \(newKey.keyIDHex) from now on.")
        } catch let error as ValidationError {
            Terminal.error(error.message)
            throw ExitCode(2)
        } catch let error as KeySetError {
            Terminal.error("\(error)")
            throw ExitCode(1)
        } catch {
            throw failure(error)
        }
    }

    /// Writes the set and its signature, each to a temporary file renamed into place (the
    /// signature first, so a set is never there without it); never over an existing set.
    func write(_ signed: SignedKeySet, to folder: URL) throws -> URL {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        let url = folder.appendingPathComponent(KeySetFolder.fileName(version: signed.set.version))
        let signatureURL = url.appendingPathExtension("minisig")
        guard !fm.fileExists(atPath: url.path) else {
            throw GamePackError.io(path: url.path, reason: "already exists; key sets are never overwritten")
        }
        for (data, destination) in [(Data(signed.signature.utf8), signatureURL), (signed.bytes, url)] {
            let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
            do {
                try data.write(to: temporary)
                guard rename(temporary.path, destination.path) == 0 else {
                    throw GamePackError.io(path: destination.path, reason: String(cString: strerror(errno)))
                }
            } catch {
                try? fm.removeItem(at: temporary)
                if let error = error as? GamePackError { throw error }
                throw GamePackError.io(path: destination.path, reason: error.localizedDescription)
            }
        }
        return url
    }
}
