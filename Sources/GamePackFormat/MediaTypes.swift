/// The media types (MIME) of the asset files a pack carries: the one table, used by the content
/// server's Kinvey API, the preview server and the HTML diff.
public enum MediaTypes {
    /// The media type of each asset format by its file extension (lowercase).
    public static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "wav": "audio/wav", "mp3": "audio/mpeg", "m4a": "audio/mp4", "caf": "audio/x-caf",
    ]

    /// What a file of another type is served as.
    public static let unknown = "application/octet-stream"

    /// The media type of a file with the extension `fileExtension` (any case); `unknown` for an
    /// extension the table does not list.
    public static func of(fileExtension: String) -> String {
        byExtension[fileExtension.lowercased()] ?? unknown
    }
}
