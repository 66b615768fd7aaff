import Foundation

/// A key set as the server keeps it: the exact signed bytes and their signature.
public struct StoredKeySet: Sendable, Equatable {
    /// The project id.
    public var project: String
    /// 1, 2, 3, … along the project's chain.
    public var version: Int
    /// The exact `KeySet` bytes that were signed (UTF-8 JSON).
    public var document: String
    /// The `.minisig` file text.
    public var signature: String
    /// When the server recorded it (ISO 8601, UTC).
    public var recorded: String

    public init(project: String, version: Int, document: String, signature: String, recorded: String) {
        self.project = project
        self.version = version
        self.document = document
        self.signature = signature
        self.recorded = recorded
    }
}

/// Where the server keeps each project's key sets (the table of migration 4): the
/// `KeySetStore` part of `MetadataStore`. The controller verifies a set against the chain
/// before inserting it; the store only keeps one set per (project, version).
public protocol KeySetStore: Sendable {
    /// The project's key sets, oldest first (empty when it has none).
    func keySets(project: String) async throws -> [StoredKeySet]
    /// Records a key set; returns false (and changes nothing) when the project already has a
    /// set of that version: of concurrent inserts of one version exactly one succeeds.
    @discardableResult func insertKeySet(_ set: StoredKeySet) async throws -> Bool
    /// The projects that have at least one key set, sorted.
    func keySetProjects() async throws -> [String]
}
