import Foundation

/// The one check before gamepack reads a file someone else named: that it is a regular file.
/// Reading a pipe blocks until a writer comes, and a device (`/dev/zero`) may never end, so a
/// path in a project, a pack or a cache that is not a regular file is refused, not read.
package enum RegularFile {
    /// The size of the open file `fd` when it is a regular file; nil when it is not one (a
    /// pipe, a socket, a device, a folder) or `fstat` fails.
    package static func size(of fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The status of the file at `path` when it is a regular file, nil otherwise; a symlink is
    /// followed when `followingSymlink`, and is otherwise not a regular file (`lstat`).
    package static func status(atPath path: String, followingSymlink: Bool) -> stat? {
        var info = stat()
        let found = followingSymlink ? stat(path, &info) : lstat(path, &info)
        guard found == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return info
    }
}
