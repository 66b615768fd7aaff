import ArgumentParser
import Foundation
import GamePackStudio
import Logging

/// `gamepack studio`: the web editor's server (its JSON API; the editor page comes next).
struct StudioCommand: AsyncParsableCommand, LongRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Edit the project's content in a browser, checked by gamepack's own lint as you type.",
        discussion: """
            Serves the studio on http://HOST:PORT (default 127.0.0.1:8080): forms from the \
            content types, collections searched as you type, each change validated by lint's \
            rules (cross-item ones included), saves that change only the lines that changed, \
            uploads into the asset folders, the translator's view and git commits. Every write \
            needs the session's token; requests from other sites and other host names are \
            refused. The API is described in docs/studio.md. Exit status: 0, or 2 for usage or \
            I/O errors.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(help: "The address to listen on (127.0.0.1: this computer only).")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Flag(help: "Open the studio in the default browser once it is ready.")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535.") }
    }

    func run() async throws {
        let workspace: StudioWorkspace
        do {
            workspace = try await StudioWorkspace(root: URL(fileURLWithPath: project))
        } catch {
            throw failure(error)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .notice
            return handler
        }
        let server = StudioServer(
            configuration: .init(host: host, port: port), workspace: workspace, logger: Logger(label: "gamepack.studio"))
        let shouldOpen = open
        let items = await workspace.itemCount
        do {
            try await server.run { host, port in
                let shown = host.contains(":") ? "[\(host)]" : host
                let url = "http://\(shown):\(port)/"
                print("gamepack studio: \(items) items; serving \(url) (Ctrl-C stops)")
                fflush(nil)
                if shouldOpen { PreviewCommand.openBrowser(url) }
            }
        } catch let inUse as StudioServer.AddressInUse {
            Terminal.error("\(inUse); stop the other program or pass --port N (--port 0 picks a free port)")
            throw ExitCode(2)
        } catch {
            throw failure(error)
        }
    }
}
