import Foundation
import GamePackContent

/// A project being written by an importer: files go into a hidden sibling of the destination,
/// which is renamed to the destination at the end, so a failed import leaves nothing behind.
final class ProjectStaging {
    /// The folder the project will have.
    let destination: URL
    /// The hidden sibling folder written first.
    let staging: URL

    /// Refuses a destination that exists and is not an empty folder.
    static func checkDestination(_ destination: URL) throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: destination.path) else { return }
        let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
        if !contents.isEmpty { throw GamePackError.destinationNotEmpty(path: destination.path) }
    }

    init(destination: URL) throws {
        try Self.checkDestination(destination)
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(
            ".\(self.destination.lastPathComponent).gamepack-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        )
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: parent.path, reason: "cannot create a folder (\(error.localizedDescription))")
        }
    }

    private func prepare(_ relativePath: String) throws -> URL {
        let url = staging.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(
                path: destination.appendingPathComponent(relativePath).path,
                reason: "cannot create its folder (\(error.localizedDescription))")
        }
        return url
    }

    /// Writes UTF-8 `text` to `relativePath` of the project.
    /// A YAML file (`.yaml`) is parsed again first, with the loader lint uses: an importer
    /// that wrote a value the YAML does not read back (an unquoted `#` or `: `) fails here,
    /// before anything is moved into place, instead of leaving a project that does not load.
    func write(_ text: String, to relativePath: String) throws {
        let data = Data(text.utf8)
        if relativePath.hasSuffix(".yaml"), case .failed(let problems) = SourceLoader.load(data: data, path: relativePath) {
            throw ImportError.unreadableOutput(
                file: relativePath,
                reason: problems.map { "\($0.location.map { "\($0): " } ?? "")\($0.message)" }.joined(separator: "; "))
        }
        try write(data, to: relativePath)
    }

    /// Writes `data` to `relativePath` of the project.
    func write(_ data: Data, to relativePath: String) throws {
        let url = try prepare(relativePath)
        do {
            try data.write(to: url)
        } catch {
            throw GamePackError.io(
                path: destination.appendingPathComponent(relativePath).path,
                reason: "cannot write (\(error.localizedDescription))")
        }
    }

    /// Copies the file `source` to `relativePath` of the project.
    func copy(_ source: URL, to relativePath: String) throws {
        let url = try prepare(relativePath)
        do {
            try FileManager.default.copyItem(at: source, to: url)
        } catch {
            throw GamePackError.io(path: source.path, reason: "cannot copy (\(error.localizedDescription))")
        }
    }

    /// Moves the finished project to its destination (replacing an empty folder).
    func commit() throws {
        let fm = FileManager.default
        do {
            try Self.checkDestination(destination)
            if fm.fileExists(atPath: destination.path) { try fm.removeItem(at: destination) }
            try fm.moveItem(at: staging, to: destination)
        } catch let error as GamePackError {
            throw error
        } catch {
            throw GamePackError.io(
                path: destination.path, reason: "cannot move the imported project into place (\(error.localizedDescription))")
        }
    }

    /// Removes the staging folder after a failure.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
