import Foundation
import GamePackClient
import GamePackFormat

/// DealHunter on GamePackClient, offline: installs the signed pack shipped with the app (a
/// DealHunter pack and its public key), then lists the deals within a radius of a point,
/// nearest first, in English and in Dutch. No network and no server.
///
///     dealhunter-demo --bundled dealhunter.gamepack --pubkey release.pub --storage ./content \
///         [--near 52.3676,4.9041] [--within 5000] [--repeat N]
///
/// `--repeat N` times N more `nearby` calls (decoding included) at points around `--near`
/// and prints their median, 99th percentile, maximum and mean to standard error: the client figure of
/// benchmarks/queries.sh.
///
/// Exit status 0 on success, 1 when the pack is refused, 2 on usage errors.
struct Deal: Decodable {
    struct Details: Decodable {
        var store_name: String
        var address: String?
    }
    var id: Int
    var name: String
    var location: GeoPoint
    var category: String?
    var details: Details
}

/// The demo's own texts, per locale; the deals type has no localized fields, so the deals'
/// names and shops are shown as written.
let texts: [String: (heading: String, km: String, categories: [String: String])] = [
    "en": (
        "{n} deals within {r} of {p}", "km",
        [
            "food": "food", "drinks": "drinks", "fashion": "fashion", "electronics": "electronics", "leisure": "leisure",
            "services": "services", "other": "other",
        ]
    ),
    "nl": (
        "{n} aanbiedingen binnen {r} van {p}", "km",
        [
            "food": "eten", "drinks": "drinken", "fashion": "mode", "electronics": "elektronica", "leisure": "vrije tijd",
            "services": "diensten", "other": "overig",
        ]
    ),
]

func kilometres(_ meters: Double, _ locale: String) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: locale == "nl" ? "nl_NL" : "en_GB")
    formatter.minimumFractionDigits = 1
    formatter.maximumFractionDigits = 1
    return (formatter.string(from: NSNumber(value: meters / 1000)) ?? "\(meters / 1000)") + " km"
}

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data("dealhunter-demo: \(message)\n".utf8))
    exit(status)
}

var options: [String: String] = ["--near": "52.3676,4.9041", "--within": "5000"]
var rest = CommandLine.arguments.dropFirst()
while let flag = rest.popFirst() {
    guard ["--bundled", "--pubkey", "--storage", "--near", "--within", "--repeat"].contains(flag), let value = rest.popFirst()
    else {
        fail(
            "usage: dealhunter-demo --bundled PACK --pubkey KEY.pub --storage DIR [--near LAT,LNG] [--within METERS] [--repeat N]",
            2)
    }
    options[flag] = value
}
guard let bundled = options["--bundled"], let pubkey = options["--pubkey"], let storage = options["--storage"] else {
    fail("--bundled, --pubkey and --storage are required", 2)
}
let parts = options["--near"]!.split(separator: ",").compactMap { Double($0) }
guard parts.count == 2, let radius = Double(options["--within"]!), radius > 0 else {
    fail("--near is LAT,LNG and --within a distance in meters above 0", 2)
}
guard let repeats = Int(options["--repeat"] ?? "0"), repeats >= 0 else {
    fail("--repeat is a whole number of timed calls (0 or more)", 2)
}
do {
    let key = try MinisignPublicKey(fileContents: String(contentsOfFile: pubkey, encoding: .utf8))
    let client = GamePackClient(
        configuration: .init(
            baseURL: URL(string: "http://127.0.0.1:9/")!, project: "dealhunter", channel: "production", publicKey: key,
            storageDirectory: URL(fileURLWithPath: storage), bundledPack: URL(fileURLWithPath: bundled)))
    let content = try await client.current
    let deals = try content.collection("deals")
    let started = DispatchTime.now().uptimeNanoseconds
    let hits = try deals.nearby(latitude: parts[0], longitude: parts[1], within: radius, as: Deal.self)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    for locale in ["en", "nl"] {
        let text = texts[locale]!
        print(
            text.heading.replacingOccurrences(of: "{n}", with: "\(hits.count)").replacingOccurrences(
                of: "{r}", with: kilometres(radius, locale)
            ).replacingOccurrences(of: "{p}", with: "\(parts[0]),\(parts[1])"))
        for hit in hits {
            let category = hit.item.category.map { text.categories[$0] ?? $0 } ?? ""
            print("  \(kilometres(hit.distance, locale))  \(hit.item.name) (\(hit.item.details.store_name), \(category))")
        }
    }
    FileHandle.standardError.write(Data(String(format: "nearby over %d deals: %.2f ms\n", deals.count, elapsed).utf8))
    if repeats > 0 {
        // Points up to ~20 km from --near, fixed by the seed, so runs compare.
        var seed: UInt64 = 19
        func unit() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var times: [Double] = []
        var found = 0
        for _ in 0..<repeats {
            let lat = parts[0] + (unit() - 0.5) * 0.36, lng = parts[1] + (unit() - 0.5) * 0.6
            let start = DispatchTime.now().uptimeNanoseconds
            found += try deals.nearby(latitude: lat, longitude: lng, within: radius, as: Deal.self).count
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        let line = String(
            format: "nearby x%d over %d deals: median %.3f ms, p99 %.3f ms, max %.3f ms, mean %.3f ms, %.0f hits per call\n",
            repeats, deals.count, times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)],
            times[times.count - 1],
            times.reduce(0, +) / Double(times.count), Double(found) / Double(repeats))
        FileHandle.standardError.write(Data(line.utf8))
    }
} catch let error as GamePackClientError {
    fail("\(error)", 1)
} catch {
    fail("\(error)", 2)
}
