import ArgumentParser
import Foundation
import GamePackContent

/// Checks a file argument (a pack, a key, a signature) before a command opens it, so a typo
/// reads as one plain sentence with exit status 2 instead of a Foundation error.
enum InputFile {
    /// Reports on standard error and throws exit status 2 unless `path` is a readable regular
    /// file. `role` names what the file is for ("pack", "public key").
    static func require(_ path: String, role: String = "file") throws {
        if let problem = problem(path, role: role) {
            Terminal.error(problem)
            throw ExitCode(2)
        }
    }

    /// Why `path` cannot be read as a `role` file, or nil when it can.
    static func problem(_ path: String, role: String = "file") -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let near = Suggestions.existingPath(near: path, kind: .file) {
                return "\(path) does not exist; did you mean \(near)?"
            }
            return "\(path) does not exist; give the path of the \(role)"
        }
        if isDirectory.boolValue { return "\(path) is a folder; give the path of the \(role)" }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // Opening a FIFO blocks until a writer comes; a device never ends.
            return "\(path) is not a regular file (a pipe, socket or device); give the path of the \(role) as a file"
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            return "\(path) cannot be read (permission denied); check its permissions"
        }
        return nil
    }
}
