/// Every build target, in the order messages and help list them. This is the one list:
/// `gamepack.yaml`'s `targets:` check (`ProjectConfig.knownTargets`), `build --target`'s help
/// and check, `PackBuilder`'s dispatch and `diff`'s pack reader all read it. A target file in
/// `Build/Targets/` that is not listed here fails `BuildTargetRegistryTests`.
public enum BuildTargetRegistry {
    /// The targets' kinds.
    static let all: [any BuildTargetKind.Type] = [
        GohikeTarget.self,
        CanonicalTarget.self,
        KinveyTarget.self,
    ]

    /// The targets' names, in `all`'s order.
    public static let names: [String] = all.map { $0.name }

    /// What a build emits when neither `--target` nor `gamepack.yaml` names a target.
    public static let defaultNames = [CanonicalTarget.name]

    /// Each target's name and one-sentence summary, in `all`'s order (for help texts).
    public static let summaries: [(name: String, summary: String)] = all.map { ($0.name, $0.summary) }

    /// The names as a sentence lists them: "gohike, canonical or kinvey".
    public static var nameList: String { list(names) }

    /// Target names as a sentence lists them: "a, b or c".
    package static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Kinds by name.
    private static let byName: [String: any BuildTargetKind.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The target called `name`; nil when there is none.
    static func kind(named name: String) -> (any BuildTargetKind.Type)? { byName[name] }

    /// The targets `diff` can read a pack through, the most faithful first.
    package static let contentReaders: [(name: String, reader: TargetContentReader)] = all.enumerated()
        .compactMap { index, kind in kind.contentReader.map { (index, kind.name, $0) } }
        .sorted { ($1.2.fidelity, $0.0) < ($0.2.fidelity, $1.0) }
        .map { ($0.1, $0.2) }
}
