/// Paths of assets as written in content, relative to the project's `assets/` folder.
package enum AssetPath {
    /// The one spelling of a path: `photos/./a.jpg` and `photos//a.jpg` name `photos/a.jpg`.
    package static func normalize(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
