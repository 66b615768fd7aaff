/// Constants of the `.gamepack` file format shared by the builder, the server and the client.
public enum PackFormat {
    /// The manifest format version written into `manifest.json`; readers refuse higher ones.
    public static let version = 1
    /// The file extension of packs.
    public static let fileExtension = "gamepack"
    /// The name of the manifest entry inside a pack.
    public static let manifestPath = "manifest.json"
}
