import Foundation
import GamePackContent
import GamePackFormat
import GamePackSite

/// What the page's map, asset picker and images read: the map drawn by the preview's map code
/// (`PreviewMap`: the same projection, pins, legs and haversine distances), the project's
/// asset files by folder, and an asset's bytes as `PreviewAssets` allows them.
extension StudioWorkspace {
    /// How many other items a map shows around the edited one, at most.
    static let contextPinLimit = 300

    /// `POST /api/map` `{caption, legs, pins: [{latitude, longitude} | {type, id, field}], context?: {type, field, except?}}`:
    /// `{svg, pins: [{number, latitude, longitude} | null], legs: [{from, to, meters, text}]}`.
    /// A pin given by reference is placed at the referenced item's geo point (`field`), or
    /// left out (null) when the item or its point does not exist; legs join the placed pins in
    /// order, numbered as listed. Context pins (grey) are the other items of a collection.
    func mapJSON(_ body: JSONValue) throws -> JSONValue {
        guard case .array(let given)? = body["pins"] else { throw StudioError.badRequest("`pins` must be a list", field: "pins") }
        var pins: [MapPin] = []
        var placed: [JSONValue] = []
        var numbers: [Int] = []
        for (offset, pin) in given.enumerated() {
            let label = pin["label"]?.stringValue ?? ""
            guard let point = point(of: pin) else {
                placed.append(.null)
                continue
            }
            pins.append(
                MapPin(
                    latitude: point.0, longitude: point.1, label: label, title: pin["title"]?.stringValue ?? label,
                    style: pin["style"]?.stringValue ?? "pin"))
            numbers.append(offset + 1)
            placed.append(.object(["number": .int(offset + 1), "latitude": .number(point.0), "longitude": .number(point.1)]))
        }
        let drawsLegs = body["legs"] == .bool(true)
        let legs = drawsLegs ? PreviewMap(pins: pins, caption: "").legLengths : []
        // The grey context pins first, so the item's own pins are drawn over them.
        let context = contextPins(body["context"])
        var map = PreviewMap(pins: context + pins, caption: body["caption"]?.stringValue ?? "Map")
        let first = context.count
        map.links = drawsLegs && numbers.count > 1 ? (1..<numbers.count).map { (first + $0 - 1, first + $0) } : []
        return .object([
            "svg": .string(map.svg()), "pins": .array(placed),
            "legs": .array(
                legs.enumerated().map { index, meters in
                    .object([
                        "from": .int(numbers[index]), "to": .int(numbers[index + 1]), "meters": .int(Geo.wholeMeters(meters)),
                        "text": .string(Geo.describe(meters: meters)),
                    ])
                }),
        ])
    }

    /// A pin's point: its own coordinates, or the geo point `field` of item `type`/`id`.
    func point(of pin: JSONValue) -> (Double, Double)? {
        if let lat = pin["latitude"]?.numberValue, let lon = pin["longitude"]?.numberValue {
            return abs(lat) <= 90 && abs(lon) <= 180 ? (lat, lon) : nil
        }
        guard let type = pin["type"]?.stringValue, let field = pin["field"]?.stringValue, let id = pin["id"] else { return nil }
        return index.item(type, ItemID(id.stringValue ?? id.text)).flatMap { PreviewSite.point($0.node[field]) }
    }

    /// Grey pins of the other items of `context.type` with a point in `context.field`.
    func contextPins(_ context: JSONValue?) -> [MapPin] {
        guard let type = context?["type"]?.stringValue, let field = context?["field"]?.stringValue else { return [] }
        let except = context?["except"].map { $0.stringValue ?? $0.text }
        var pins: [MapPin] = []
        for item in project.items where item.collection == type && item.id?.text != except {
            guard pins.count < Self.contextPinLimit, let point = PreviewSite.point(item.node[field]) else { continue }
            let name = collections[type]?.entries.first { $0.id == item.id }?.name ?? item.id?.text ?? ""
            pins.append(MapPin(latitude: point.0, longitude: point.1, title: name, style: "before"))
        }
        return pins
    }

    /// `GET /api/assets?folder=F&kind=image|audio`: the asset paths (relative to `assets/`)
    /// under `assets/F` whose extension names an image (or a sound), sorted, at most 2,000.
    func assetListJSON(folder: String, kind: String) throws -> JSONValue {
        let base =
            try folder.isEmpty
            ? root.appendingPathComponent("assets") : ProjectPaths.inside(root, "assets/" + folder, field: "folder")
        let wantsImages = kind != "audio"
        var paths: [String] = []
        let assets = root.appendingPathComponent("assets").standardizedFileURL.path + "/"
        if let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in walker {
                guard let format = MediaFormat(fileExtension: url.pathExtension), format.isImage == wantsImages else { continue }
                let full = url.standardizedFileURL.path
                if full.hasPrefix(assets) { paths.append(String(full.dropFirst(assets.count))) }
                if paths.count >= 2000 { break }
            }
        }
        return .object(["folder": .string(folder), "assets": .array(paths.sorted().map(JSONValue.string))])
    }

    /// The bytes and media type of the asset at `path` (relative to `assets/`), when the preview
    /// would hand it out: a media file inside `assets/`, never hidden, a page or a script.
    func asset(_ path: String) -> (Data, String)? {
        guard case .allowed(let url, _) = PreviewAssets.check(path, in: project),
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return (data, MediaTypes.of(fileExtension: (path as NSString).pathExtension))
    }
}
