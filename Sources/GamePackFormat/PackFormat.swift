/// Constants of the `.gamepack` file format shared by the builder, the server and the client.
public enum PackFormat {
    /// The manifest format version written into `manifest.json`; readers refuse higher ones.
    public static let version = 1
    /// The file extension of packs.
    public static let fileExtension = "gamepack"
    /// The newest client content format: what a client built with this gamepack reads by default
    /// (`GamePackClient.Configuration.contentFormat`). A pack that needs more than a client reads
    /// is never installed by it (`ChannelPointer.target`).
    ///
    /// 1: every pack before the compatibility gate. 2: packs whose content types have `number`
    /// fields (values with a fraction; `ClientFormatFeatures` in GamePackBuild says why).
    public static let clientFormat = 2
    /// The name of the manifest entry inside a pack.
    public static let manifestPath = "manifest.json"
}
