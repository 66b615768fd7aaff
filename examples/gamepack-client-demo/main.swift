import Foundation
import GamePackClient
import GamePackFormat

/// A small program showing GamePackClient: updates a project's content from a running
/// `gamepack serve` or a static tree, then prints every route's name in English and Dutch.
///
///     gamepack-client-demo --url http://127.0.0.1:8080/ --project gohike-amsterdam \
///         --pubkey release.pub --storage ./content [--channel production] \
///         [--bundled app.gamepack] [--budget BYTES] [--offline] [--check]
///
/// `--offline` skips the update and prints the installed (or bundled) content; `--check` only
/// asks whether newer content is available. Exit status 0 on success, 1 when content was
/// refused (signature, hash, rollback, expiry), 2 on usage or network errors.
struct Arguments {
    var url: URL?
    var project = ""
    var channel = "production"
    var pubkey = ""
    var storage = ""
    var bundled: URL?
    var budget: Int64?
    var offline = false
    var checkOnly = false

    static let usage =
        "usage: gamepack-client-demo --url URL --project ID --pubkey FILE --storage DIR [--channel NAME] "
        + "[--bundled PACK] [--budget BYTES] [--offline] [--check]"

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw DemoError.usage("\(flag) needs a value") }
            return next
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--url":
                let text = try value(flag)
                url = text.contains("://") ? URL(string: text) : URL(fileURLWithPath: text, isDirectory: true)
            case "--project": project = try value(flag)
            case "--channel": channel = try value(flag)
            case "--pubkey": pubkey = try value(flag)
            case "--storage": storage = try value(flag)
            case "--bundled": bundled = URL(fileURLWithPath: try value(flag))
            case "--budget": budget = Int64(try value(flag))
            case "--offline": offline = true
            case "--check": checkOnly = true
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default: throw DemoError.usage("unknown argument \(flag)")
            }
        }
        guard url != nil || offline, !project.isEmpty, !pubkey.isEmpty, !storage.isEmpty else {
            throw DemoError.usage("--url (unless --offline), --project, --pubkey and --storage are required")
        }
    }
}

enum DemoError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let why): "\(why)\n\(Arguments.usage)"
        }
    }
}

/// Route names per locale from the installed content: the canonical target's routes (its
/// chunk files, localized fields as locale maps), else the gohike target's `content.json`
/// (`name_en`/`name_nl` pairs).
func routeNames(_ content: InstalledContent) throws -> [(id: String, names: [String: String])] {
    if let paths = CanonicalLayout.collections(in: content.manifest.files.map(\.path))["routes"] {
        var names: [(id: String, names: [String: String])] = []
        for path in paths {
            let json = try JSONSerialization.jsonObject(with: try content.data(at: path)) as? [String: Any]
            names += (json?["items"] as? [[String: Any]] ?? []).map { item in
                ("\(item["id"] ?? "?")", item["name"] as? [String: String] ?? [:])
            }
        }
        return names
    }
    let json = try JSONSerialization.jsonObject(with: try content.data(at: "gohike/content.json")) as? [String: Any]
    var result: [(String, [String: String])] = []
    for profile in json?["profiles"] as? [[String: Any]] ?? [] {
        for route in profile["routes"] as? [[String: Any]] ?? [] {
            result.append(
                ("\(route["id"] ?? "?")", ["en": route["name_en"] as? String ?? "", "nl": route["name_nl"] as? String ?? ""]))
        }
    }
    return result
}

func run() async -> Int32 {
    let arguments: Arguments
    let key: MinisignPublicKey
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
        key = try MinisignPublicKey(fileContents: try String(contentsOfFile: arguments.pubkey, encoding: .utf8))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return 2
    }
    let client = GamePackClient(
        configuration: .init(
            baseURL: arguments.url ?? URL(fileURLWithPath: "/nonexistent"), project: arguments.project,
            channel: arguments.channel, publicKey: key, storageDirectory: URL(fileURLWithPath: arguments.storage),
            bundledPack: arguments.bundled, storageBudget: arguments.budget))
    do {
        let content: InstalledContent
        if arguments.checkOnly {
            switch try await client.check() {
            case .upToDate(let sequence): print("up to date at sequence \(sequence)")
            case .available(let pointer, let bytes):
                print("available: \(pointer.version) (sequence \(pointer.sequence)), \(bytes) bytes to download")
            }
            return 0
        } else if arguments.offline {
            content = try await client.current
        } else {
            let result = try await client.update()
            content = result.content
            if result.updated {
                print(
                    "updated to \(content.version) (sequence \(content.sequence)): downloaded \(result.downloadedBytes) bytes, "
                        + "\(result.downloadedFiles) files, reused \(result.reusedFiles) files")
            } else {
                print("up to date at \(content.version) (sequence \(content.sequence))")
            }
        }
        let origin = content.source == .bundled ? "the bundled pack" : "the channel"
        print("content: \(content.manifest.project) \(content.version), sequence \(content.sequence), from \(origin)")
        for route in try routeNames(content) {
            print("route \(route.id): en \"\(route.names["en"] ?? "")\" | nl \"\(route.names["nl"] ?? "")\"")
        }
        return 0
    } catch let error as GamePackClientError {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        switch error {
        case .network, .httpStatus, .io: return 2
        default: return 1
        }
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return 2
    }
}

exit(await run())
