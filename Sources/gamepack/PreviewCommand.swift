import ArgumentParser
import Foundation
import GamePackContent
import GamePackPreview
import GamePackSite
import Logging

/// `gamepack preview`: the project as players will see it, live in a browser, or written as a
/// static site.
struct PreviewCommand: AsyncParsableCommand, LongRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show the project in a browser as players will see it, live while you edit.",
        discussion: """
            Serves pages of the project's collections and items on http://HOST:PORT (default \
            127.0.0.1:8080): routes on a map with their legs and distances, images and sounds, \
            deals on a map, every locale side by side with its length limit, and every lint \
            finding on its item with a link that opens the file at its line. Saving a file \
            updates the open page. With --out DIR the same pages are written as a static site \
            instead. Maps are drawn without the internet; OpenStreetMap tiles are shown under \
            them unless --offline is given. Exit status: 0, or 2 for usage or I/O errors.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(help: "The address to listen on (127.0.0.1: this computer only).")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Flag(help: "Open the preview in the default browser once it is ready.")
    var open = false

    @Flag(help: "Draw maps without tiles, so the pages make no request to the internet.")
    var offline = false

    @Option(help: "The map tile URL template with {z}, {x} and {y} (default: OpenStreetMap).")
    var tiles: String = TileSource.openStreetMap.template

    @Option(help: "Write the pages as a static site into this folder instead of serving them.")
    var out: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535.") }
        if !offline {
            guard ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains), TileSource(template: tiles, attribution: "").origin != nil
            else {
                throw ValidationError("--tiles must be an http(s) URL template with {z}, {x} and {y}.")
            }
        }
    }

    var tileSource: TileSource? {
        guard !offline else { return nil }
        return tiles == TileSource.openStreetMap.template
            ? .openStreetMap
            : TileSource(template: tiles, attribution: "map tiles: \(TileSource(template: tiles, attribution: "").origin ?? "")")
    }

    func run() async throws {
        let root = URL(fileURLWithPath: project)
        let snapshot: PreviewSnapshot
        do {
            snapshot = try await PreviewWorkspace.load(at: root)
        } catch {
            throw failure(error)
        }
        let counts = snapshot.counts
        if let out {
            do {
                let summary = try StaticPreviewWriter.write(snapshot, tiles: tileSource, to: URL(fileURLWithPath: out))
                for (path, reason) in summary.refusedAssets {
                    FileHandle.standardError.write(
                        Data(
                            TerminalText.shown("warning: assets/\(path) \(reason); it is not copied into the static preview")
                                .appending("\n").utf8))
                }
                print(
                    "wrote \(plural(summary.pages, "page")) and \(plural(summary.assets, "asset")) to \(out) (\(plural(counts.errors, "error")), \(plural(counts.warnings, "warning"))); open \(out)/index.html"
                )
            } catch {
                throw failure(error)
            }
            return
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .notice
            return handler
        }
        var logger = Logger(label: "gamepack.preview")
        logger.logLevel = .info
        let server = PreviewServer(
            configuration: .init(root: root, host: host, port: port, tiles: tileSource), snapshot: snapshot, logger: logger)
        let shouldOpen = open
        do {
            try await server.run { host, port in
                let shown = host.contains(":") ? "[\(host)]" : host
                let url = "http://\(shown):\(port)/"
                print(
                    "gamepack preview: \(plural(snapshot.project.items.count, "item")), \(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")); serving \(url) (Ctrl-C stops)"
                )
                fflush(nil)
                if shouldOpen { Self.openBrowser(url) }
            }
        } catch let inUse as PreviewServer.AddressInUse {
            Terminal.error("\(inUse); stop the other program or pass --port N (--port 0 picks a free port)")
            throw ExitCode(2)
        } catch {
            throw failure(error)
        }
    }

    /// Opens `url` with the desktop's opener (`xdg-open`, or `open` on macOS); failures are
    /// reported, never fatal.
    static func openBrowser(_ url: String) {
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            let opener = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        do {
            try process.run()
        } catch {
            Terminal.info("could not open a browser (\(opener): \(error.localizedDescription)); open \(url) yourself")
        }
    }
}
