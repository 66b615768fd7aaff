/// How one build target lays its files out in a pack: the paths it writes and, for a target
/// whose files each hold one collection's items, how a reader finds them. GamePackKit's build
/// targets (`Build/Targets/`) write by these paths, and `diff`'s readers and the content
/// server read by them; `PackTargetLayouts.all` lists every target's layout.
public protocol PackTargetLayout: Sendable {
    /// The target's name: in `gamepack.yaml`'s `targets:`, `--target`, the manifest's
    /// `targets` and `versions`, and the server's content index.
    static var name: String { get }
    /// How a collection's file holds its items; nil for a target whose files are not one
    /// collection each (`gohike`'s one content file).
    static var itemFiles: ItemFileFormat? { get }
    /// The collection whose items the file at the pack path `path` holds, and the file's place
    /// among that collection's files (0 for a collection's only file); nil for another path.
    static func collection(ofPath path: String) -> (collection: String, chunk: Int)?
}

/// How a target's collection file holds its items.
public struct ItemFileFormat: Sendable {
    /// The top-level member of the file's object whose array holds the items (`items`); nil
    /// when the file is the array itself.
    public var itemsMember: String?
    /// The member of an item holding its id (`id`, `_id`).
    public var idKey: String
}

extension PackTargetLayout {
    /// This target's collection files among a pack's `paths`, grouped by collection, each group
    /// in file order.
    public static func collections(in paths: [String]) -> [String: [String]] {
        var found: [String: [(chunk: Int, path: String)]] = [:]
        for path in paths {
            guard let place = collection(ofPath: path) else { continue }
            found[place.collection, default: []].append((place.chunk, path))
        }
        return found.mapValues { $0.sorted { $0.chunk < $1.chunk }.map(\.path) }
    }
}

/// The layouts of all build targets, in the order of GamePackKit's `BuildTargetRegistry` (a
/// test there checks that the two lists name the same targets).
public enum PackTargetLayouts {
    public static let all: [any PackTargetLayout.Type] = [GohikeLayout.self, CanonicalLayout.self, KinveyLayout.self]

    /// The layouts whose files hold items collection by collection (what the content server
    /// indexes), in `all`'s order.
    public static let itemLayouts: [any PackTargetLayout.Type] = all.filter { $0.itemFiles != nil }

    /// The layout of the target called `name`; nil when there is none.
    public static func layout(named name: String) -> (any PackTargetLayout.Type)? {
        all.first { $0.name == name }
    }
}
