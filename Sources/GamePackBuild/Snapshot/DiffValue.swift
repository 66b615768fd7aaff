import Foundation
import GamePackContent

/// An asset a field refers to, as far as its snapshot knows it without reading the bytes.
///
/// Packs know every asset's SHA-256, size and dimensions from their canonical JSON and manifest;
/// a project knows only the path and size until the engine asks its `AssetStore` for a hash,
/// which it does only for assets whose identity is still in question.
public struct AssetRef: Sendable, Hashable {
    /// The asset's path: relative to `assets/` in a project, the entry path in a pack.
    public var path: String
    /// Lowercase hex SHA-256 of the bytes, when known.
    public var sha256: String?
    /// Size in bytes; nil when the file is missing.
    public var bytes: Int64?
    /// The format, when known (packs, probed files).
    public var format: MediaFormat?
    /// Pixel size of an image, when known.
    public var width: Int?
    public var height: Int?

    public init(
        path: String, sha256: String? = nil, bytes: Int64? = nil, format: MediaFormat? = nil, width: Int? = nil,
        height: Int? = nil
    ) {
        self.path = path
        self.sha256 = sha256
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
    }

    /// "58 KB, 640×480 JPEG" (what is known).
    public var summary: String {
        var parts: [String] = []
        if let bytes { parts.append(ByteCount.describe(Int(bytes))) }
        if let width, let height { parts.append("\(width)×\(height)") }
        if let format { parts.append(format.rawValue.uppercased()) }
        return parts.isEmpty ? path : parts.joined(separator: ", ")
    }
}

/// A field value in a form every input kind (project, pack, gohike content, git revision)
/// reads into, so that two snapshots compare by meaning, not by how the value was written:
/// `3` and `"3"` as a reference, `{en: X}` and a plain `X` as a localized text, `52.30` and
/// `52.3` as a coordinate are equal.
///
/// Only `asset` is `indirect` (an `AssetRef` is three times the size of any other value): a
/// value of any other kind is held where it is used, not in a box of its own, which saved a
/// large content.json diff a sixth of its allocations and about 5% of its time
/// (`benchmarks/README.md`, "Values without boxes").
public enum DiffValue: Sendable, Equatable {
    case bool(Bool)
    /// An int or a number; `text` is how it was written (kept for display).
    case number(Double, text: String)
    /// A string, text, url, enum or date value.
    case text(String)
    /// Locale code → text; empty texts are left out.
    case localized([String: String])
    /// A WGS 84 point in decimal degrees.
    case geo(latitude: Double, longitude: Double)
    /// The id of an item in the collection the field's type names.
    case reference(String)
    indirect case asset(AssetRef)
    case list([DiffValue])
    /// Nested fields by name.
    case object([String: DiffValue])

    /// Two values are equal by meaning; assets compare by SHA-256 when both are known, else by
    /// path and size (the engine resolves hashes before it relies on this).
    public static func == (lhs: DiffValue, rhs: DiffValue) -> Bool {
        switch (lhs, rhs) {
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a, _), .number(b, _)): a == b
        case let (.text(a), .text(b)): SameText.equal(a, b)
        case let (.localized(a), .localized(b)): SameText.equal(a, b)
        case let (.geo(a1, a2), .geo(b1, b2)): a1 == b1 && a2 == b2
        case let (.reference(a), .reference(b)): a == b
        case let (.asset(a), .asset(b)):
            if let x = a.sha256, let y = b.sha256 { x == y } else { a.path == b.path && a.bytes == b.bytes }
        case let (.list(a), .list(b)): a == b
        case let (.object(a), .object(b)): a == b
        default: false
        }
    }

    /// Whether the value is an asset or holds one: the fields the diff's asset walk and the
    /// pending images' resolver look at (a text, number or reference needs neither).
    package var holdsAsset: Bool {
        switch self {
        case .asset: true
        case .list(let values): values.contains { $0.holdsAsset }
        case .object(let fields): fields.values.contains { $0.holdsAsset }
        case .bool, .number, .text, .localized, .geo, .reference: false
        }
    }

    /// A short, one-line rendering for reports (`52.3497, 4.8930`, `"Green Trail"`, `[2, 1]`).
    public var display: String {
        switch self {
        case .bool(let value): String(value)
        case .number(_, let text): text
        case .text(let text): "\"\(text)\""
        case .localized(let texts): texts.keys.sorted().map { "\($0): \"\(texts[$0]!)\"" }.joined(separator: ", ")
        case .geo(let latitude, let longitude): "\(Self.coordinate(latitude)), \(Self.coordinate(longitude))"
        case .reference(let id): id
        case .asset(let asset): asset.path
        case .list(let values): "[" + values.map(\.display).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!.display)" }.joined(separator: ", ") + "}"
        }
    }

    /// A coordinate without float noise.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.9f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The key an element of a list is matched by across versions: a reference's id, an
    /// object's `id`, else the value itself.
    package var naturalKey: String {
        switch self {
        case .reference(let id): id
        case .object(let fields):
            if let id = fields["id"] { "id=" + id.naturalKey } else { display }
        case .asset(let asset): asset.sha256 ?? asset.path
        default: display
        }
    }
}
