import Foundation
import GamePackFormat

/// Writes several files all at once or not at all: every new content goes to a temporary file
/// beside its destination first (with the destination's permissions); only when all are written
/// are they renamed into place. If a rename fails, the files already replaced get their original
/// bytes back (written the same way) and the temporary files are removed.
enum FileSetWriter {
    static func write(_ files: [(url: URL, data: Data, original: Data)]) throws {
        let token = UUID().uuidString.prefix(8)
        func temporaryPath(_ url: URL) -> String {
            url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).gamepack-\(token).tmp"
        }
        var temporaries: [String] = []
        do {
            for (url, data, _) in files {
                let temporary = temporaryPath(url)
                try writeNew(data, to: temporary, modeOf: url.path, name: url.path)
                temporaries.append(temporary)
            }
        } catch {
            for temporary in temporaries { unlink(temporary) }
            throw error
        }
        var renamed: [(url: URL, original: Data)] = []
        for ((url, _, original), temporary) in zip(files, temporaries) {
            guard rename(temporary, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                for temporary in temporaries.dropFirst(renamed.count) { unlink(temporary) }
                for (done, original) in renamed {
                    let restore = temporaryPath(done)
                    if (try? writeNew(original, to: restore, modeOf: done.path, name: done.path)) != nil {
                        if rename(restore, done.path) != 0 { unlink(restore) }
                    }
                }
                throw LocalizationError.io(path: url.path, reason: "cannot replace the file (\(reason)); no file was changed")
            }
            renamed.append((url, original))
        }
    }

    /// Creates `path` (which must not exist) with `data` and the permissions of `modeOf`
    /// (`Interruptible.createFile`: no fsync per file; the rename is what makes the replacement
    /// atomic).
    static func writeNew(_ data: Data, to path: String, modeOf original: String, name: String) throws {
        var info = stat()
        let mode = stat(original, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        do {
            try data.withUnsafeBytes { try Interruptible.createFile(path, $0, mode: mode) }
        } catch {
            throw LocalizationError.io(path: name, reason: "cannot write a temporary file beside it (\(error))")
        }
    }
}
