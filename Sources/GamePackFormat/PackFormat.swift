/// Constants of the `.gamepack` file format shared by the builder, the server and the client.
public enum PackFormat {
    /// The manifest format version written into `manifest.json`; readers refuse higher ones.
    public static let version = 1
    /// The file extension of packs.
    public static let fileExtension = "gamepack"
    /// The newest client content format: what a client built with this gamepack reads by default
    /// (`GamePackClient.Configuration.contentFormat`). A pack that needs more than a client reads
    /// is never installed by it (`ChannelPointer.target`).
    public static let clientFormat = 1
    /// The name of the manifest entry inside a pack.
    public static let manifestPath = "manifest.json"
}
