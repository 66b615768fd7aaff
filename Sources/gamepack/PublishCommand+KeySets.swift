import ArgumentParser
import Foundation
import GamePackBuild
import GamePackFormat
import GamePackPublishing

/// `publish --keys DIR`: the project's key sets go out before the pack, so that servers and
/// clients know the keys that signed it.
extension PublishCommand {
    /// The key sets to publish for `project`: those in `--keys`, else in `keys/` when it exists
    /// and holds the sets of this project; none otherwise.
    func keySets(for project: String) throws -> [SignedKeySet] {
        let folder = KeysCommand.folder(keys)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            if keys == nil { return [] }
            throw ValidationError("--keys: \(folder.path) does not exist")
        }
        let sets = try KeySetFolder.load(folder)
        if let other = sets.first?.set.project, other != project {
            if keys == nil { return [] }
            throw ValidationError("\(folder.path) holds the key sets of \(other), not of \(project) (the pack's project)")
        }
        return sets
    }

    /// Uploads the key sets the server lacks (it answers 200 for those it has).
    func uploadKeySets(project: String, client: ContentServerClient) async throws {
        for signed in try keySets(for: project) {
            let stored = try await client.putKeySet(signed)
            if stored, !outputOptions.quiet { print("Uploaded key set \(signed.set.version) of \(project).") }
        }
    }

    /// Writes the key sets the static tree lacks, checked first (`StaticPublisher.publishKeySets`).
    func publishKeySets(pack: URL, folder: String, key: MinisignSecretKey, now: Date) throws {
        guard let project = try? PackArchive.Reader(url: pack).manifest().project else { return }
        let sets = try keySets(for: project)
        let written = try StaticPublisher(root: URL(fileURLWithPath: folder)).publishKeySets(
            sets, signingKey: key.publicKey, packName: pack.lastPathComponent, now: now)
        if written > 0, !outputOptions.quiet { print("Wrote \(written) key set(s) of \(project) into \(folder).") }
    }
}
