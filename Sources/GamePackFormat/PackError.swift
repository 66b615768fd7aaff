/// Errors of the pack format: reading, writing and verifying packs.
public enum PackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a readable ZIP archive (truncated, not a pack at all).
    case notAnArchive(String)
    /// The manifest is missing or invalid.
    case invalidManifest(String)
    /// An entry or manifest path could escape the extraction folder.
    case unsafePath(String, String)
    /// A file the manifest lists is not in the archive.
    case missingFile(String)
    /// The archive holds a file the manifest does not list.
    case extraFile(String)
    /// A file's bytes do not match the manifest.
    case hashMismatch(path: String, expected: String, actual: String)
    /// A file's size does not match the manifest.
    case sizeMismatch(path: String, expected: Int64, actual: Int64)
    /// Reading or writing failed.
    case io(String, String)

    public var description: String {
        switch self {
        case .notAnArchive(let why): "not a readable gamepack archive: \(why)"
        case .invalidManifest(let why): "manifest.json: \(why)"
        case .unsafePath(let path, let why): "unsafe path \(path) in the pack: \(why)"
        case .missingFile(let path): "\(path) is listed in the manifest but missing from the pack"
        case .extraFile(let path): "\(path) is in the pack but not listed in the manifest"
        case .hashMismatch(let path, let expected, let actual):
            "\(path) was changed: its SHA-256 is \(actual), the manifest says \(expected)"
        case .sizeMismatch(let path, let expected, let actual):
            "\(path) has \(actual) bytes, the manifest says \(expected)"
        case .io(let path, let why): "\(path): \(why)"
        }
    }
}
