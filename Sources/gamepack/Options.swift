import ArgumentParser
import Foundation
import GamePackContent
import GamePackLint

/// When to color terminal output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Flags every command that prints shares.
struct OutputOptions: ParsableArguments {
    @Option(help: "Color output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "Print only errors; no summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print what is being done, with timings, on standard error.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }

    /// Whether to color text written to standard output.
    var useColor: Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto: Terminal.isInteractive(STDOUT_FILENO) && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// One spelling per meaning across commands: an option renamed for consistency keeps its old
/// name as a hidden alias (a separate hidden `@Option`), merged with the new one here.
enum OptionAlias {
    /// The value of `new` or of its hidden alias `old`; both given is a usage error.
    static func merge<T>(_ new: T?, _ old: T?, newName: String, oldName: String) throws -> T? {
        if new != nil && old != nil {
            throw ValidationError("\(oldName) is the old name of \(newName); give \(newName) only.")
        }
        return new ?? old
    }
}

/// Terminal facts and standard-error messages (which quote paths and values read: shown as
/// `TerminalText` does).
enum Terminal {
    static func isInteractive(_ fd: Int32) -> Bool {
        isatty(fd) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
            && ProcessInfo.processInfo.environment["CI"] == nil
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(TerminalText.shown(message))\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(TerminalText.shown(message))\n".utf8))
    }

    static func info(_ message: String) {
        FileHandle.standardError.write(Data("\(TerminalText.shown(message))\n".utf8))
    }
}

/// A project folder argument, with the prefix that makes project-relative paths read from the
/// user's working directory.
struct ProjectPath {
    let url: URL
    let displayPrefix: String

    init(_ argument: String) {
        url = URL(fileURLWithPath: argument)
        var prefix = argument
        while prefix.hasSuffix("/") && prefix.count > 1 { prefix.removeLast() }
        if prefix == "." || prefix.isEmpty {
            displayPrefix = ""
        } else {
            if prefix.hasPrefix("./") { prefix.removeFirst(2) }
            displayPrefix = prefix == "/" ? "/" : prefix + "/"
        }
    }
}

/// Writes `text` to `path` atomically (temporary file, then rename), or to standard output.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(Data(text.utf8))
        return
    }
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw GamePackError.io(path: path, reason: "cannot write (\(error.localizedDescription))")
    }
}
