/// The version gamepack reports in SARIF and `--version`.
public enum GamePackVersion {
    public static let current = "0.1.0"
    /// gamepack's documentation (the README), SARIF's `informationUri`; each lint rule's row in
    /// its rule table is this address with `#rule-<id>`.
    public static let documentation = "https://gamepack.dev/README.md"
}
