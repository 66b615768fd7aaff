import Foundation

/// Handles on the folders a command reads many files from, opened once each, so that each file
/// is then opened and looked at by its name in its folder (`openat`, `fstatat`) instead of by its
/// whole path: the kernel walks one name instead of every folder from `/`, which on 20,000 files
/// of a project deep below `/` is a tenth of lint's time. A folder is opened as its path would be
/// (symlinks on the way followed); what cannot be opened (not a folder, or not readable) has no handle, and its files are then
/// read by their whole path as before.
package final class FolderHandles: Sendable {
    /// The handle of each folder that opened, by its path relative to the root ("" is
    /// the root).
    private let handles: [String: Int32]

    /// Opens `folders` (paths relative to `root`, "" for `root` itself).
    package init(root: String, folders: some Sequence<String>) {
        var handles: [String: Int32] = [:]
        for folder in folders where handles[folder] == nil {
            let fd = open(folder.isEmpty ? root : root + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 { handles[folder] = fd }
        }
        self.handles = handles
    }

    deinit {
        for fd in handles.values { close(fd) }
    }

    /// The folder of `path` (relative to the root, `/`-separated): "" for a file at the root.
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The handle of the folder holding `path` (relative to the root) and the file's name in it;
    /// nil when that folder has no handle.
    package func locate(_ path: String) -> (folder: Int32, name: String)? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return handles[""].map { ($0, path) }
        }
        guard let folder = handles[String(path[..<slash])] else { return nil }
        return (folder, String(path[path.utf8.index(after: slash)...]))
    }
}
