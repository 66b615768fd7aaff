import Foundation
import GamePackContent

/// The one check every path the studio reads or writes goes through: relative, without `..`,
/// `.` or empty parts, no hidden names, and no symlink on the way, so it stays inside the
/// project.
enum ProjectPaths {
    static func inside(_ root: URL, _ relative: String, field: String) throws -> URL {
        // Parts between `/` bytes, as the file system reads them (`AssetPath.parts`): a `/`
        // before a combining accent is one character, and would hide a folder on the way.
        let parts = AssetPath.parts(of: relative, keepingEmpty: true)
        guard !relative.isEmpty, !relative.utf8.contains(UInt8(ascii: "\\")), !relative.utf8.contains(0),
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.first != UInt8(ascii: ".") })
        else {
            throw StudioError.badRequest(
                "`\(relative)` is not a plain path inside the project (no `..`, no leading `/`, no hidden names)", field: field)
        }
        var current = root.path
        var info = stat()
        for part in parts.dropLast() {
            current += "/" + part
            if lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw StudioError.badRequest(
                    "`\(relative)` goes through a symlink; the studio stays inside the project", field: field)
            }
        }
        let url = root.appendingPathComponent(relative)
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw StudioError.badRequest("`\(relative)` is a symlink; the studio stays inside the project", field: field)
        }
        return url
    }
}
