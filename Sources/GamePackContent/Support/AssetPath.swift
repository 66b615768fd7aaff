import GamePackFormat

/// Paths of assets as written in content, relative to the project's `assets/` folder.
///
/// A path's parts are what lies between its `/` bytes, as the file system reads it, not
/// between its `/` characters: a `/` followed by a combining accent is one character that is
/// not `/`, so a split at characters would take `../\u{301}x` for one part, where the file
/// system climbs out of the folder with `..`. Every check of a path's parts (`..`, a
/// symlink on the way, a hidden part) goes through `parts(of:)` for that reason.
package enum AssetPath {
    /// The parts of `path` between its `/` bytes, empty parts left out unless `keepingEmpty`
    /// (`PackPath.parts(of:keepingEmpty:)`, which checks a pack's entries the same way).
    package static func parts(of path: String, keepingEmpty: Bool = false) -> [Substring] {
        PackPath.parts(of: path, keepingEmpty: keepingEmpty)
    }

    /// Whether a part of `path` between `/` bytes is `..`, which climbs out of the folder.
    package static func climbs<Path: StringProtocol>(_ path: Path) -> Bool {
        scan(path).climbs
    }

    /// Whether `path` is absolute (`PackPath.isAbsolute(_:)`: a first `/` byte, also when an
    /// accent follows it).
    package static func isAbsolute<Path: StringProtocol>(_ path: Path) -> Bool {
        PackPath.isAbsolute(path)
    }

    /// Why `path`, by its bytes alone, names no file inside `assets/` (the rest of the sentence
    /// after "it"), or nil when its bytes do not say so: absolute (or `~`), a backslash, a `..`
    /// part, a NUL byte. Lint's `asset-outside-project` and the preview's placeholder say this.
    package static func outsideReason(_ path: String) -> String? {
        if isAbsolute(path) || path.utf8.first == UInt8(ascii: "~") { return "is an absolute path" }
        if path.utf8.contains(UInt8(ascii: "\\")) { return "contains a backslash; use / between folders" }
        if climbs(path) { return "climbs out with .." }
        if path.utf8.contains(0) { return "contains a NUL byte" }
        return nil
    }

    /// Whether a part of `path` between `/` bytes starts with a dot (a hidden file or folder,
    /// or `.` and `..`).
    package static func isHidden<Path: StringProtocol>(_ path: Path) -> Bool {
        var atPartStart = true
        for byte in path.utf8 {
            if atPartStart && byte == UInt8(ascii: ".") { return true }
            atPartStart = byte == UInt8(ascii: "/")
        }
        return false
    }

    /// The one spelling of a path: `photos/./a.jpg` and `photos//a.jpg` name `photos/a.jpg`.
    ///
    /// A path already in that spelling (most are: lint and the build ask for every asset
    /// use) is returned as it is, found by one pass over its bytes; only the others are split
    /// into parts.
    package static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        return parts(of: path).filter { $0 != "." }.joined(separator: "/")
    }

    /// Whether no part of `path` between `/` bytes (or its ends) is empty or `.`.
    static func isNormal(_ path: String) -> Bool {
        scan(path).isNormal
    }

    /// One pass over the bytes of `path`: whether a part is empty or `.` (then it is not in
    /// its one spelling), and whether a part is `..`.
    private static func scan<Path: StringProtocol>(_ path: Path) -> (isNormal: Bool, climbs: Bool) {
        var isNormal = true
        var climbs = false
        var partLength = 0
        var dots = 0  // the part's leading dots, while it is only dots
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || (partLength == 1 && dots == 1) { isNormal = false }
                if partLength == 2 && dots == 2 { climbs = true }
                partLength = 0
                dots = 0
            } else {
                if byte == UInt8(ascii: "."), dots == partLength { dots += 1 }
                partLength += 1
            }
        }
        if partLength == 0 || (partLength == 1 && dots == 1) { isNormal = false }
        if partLength == 2 && dots == 2 { climbs = true }
        return (isNormal, climbs)
    }
}
