/// Where the `gohike` target puts its file in a pack: the whole content, as the Go Take a Hike!
/// apps read it, in `gohike/content.json` (not one file per collection).
public enum GohikeLayout: PackTargetLayout {
    public static let name = "gohike"
    public static let itemFiles: ItemFileFormat? = nil
    /// The pack path of the content file.
    public static let contentPath = "gohike/content.json"

    /// Always nil: the content file holds every collection.
    public static func collection(ofPath path: String) -> (collection: String, chunk: Int)? { nil }
}
