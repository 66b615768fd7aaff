/// Paths of assets as written in content, relative to the project's `assets/` folder.
package enum AssetPath {
    /// The one spelling of a path: `photos/./a.jpg` and `photos//a.jpg` name `photos/a.jpg`.
    ///
    /// A path already in that spelling (most are: lint and the build ask for every asset
    /// use) is returned as it is, found by one pass over its bytes; only the others are split
    /// into parts. The pass cannot take a path the split would change: the split's separators
    /// are `/` characters, each a `/` byte, so a path without an empty or `.` part between its
    /// `/` bytes has none between its `/` characters either.
    package static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        return path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// Whether no part of `path` between `/` bytes (or its ends) is empty or `.`.
    static func isNormal(_ path: String) -> Bool {
        var partLength = 0
        var partIsDot = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || partIsDot { return false }
                partLength = 0
                partIsDot = false
            } else {
                partIsDot = partLength == 0 && byte == UInt8(ascii: ".")
                partLength += 1
            }
        }
        return partLength > 0 && !partIsDot
    }
}
