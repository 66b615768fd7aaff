import ArgumentParser
import Foundation
import GamePackContent

/// Help and usage messages at the terminal's width. ArgumentParser wraps descriptions but
/// prints a command's usage synopsis as one line, however long; this wraps it too, between
/// its elements, with the hanging indent ArgumentParser uses ("USAGE: " is 7 columns).
enum HelpText {
    /// The width messages are wrapped to: COLUMNS, else the terminal's, else 80.
    static var columns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// `text` with every `USAGE:`/`Usage:` line longer than `width` wrapped between synopsis
    /// elements (an element in brackets, `[--target <target> ...]`, is never split).
    static func wrappingUsage(_ text: String, width: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.map { line in
            guard line.count > width, line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: ") else { return line }
            var wrapped: [String] = []
            var current = String(line.prefix(6))
            for element in elements(of: String(line.dropFirst(7))) {
                if current.count + 1 + element.count > width, current.count > 7 {
                    wrapped.append(current)
                    current = String(repeating: " ", count: 6)
                }
                current += " " + element
            }
            wrapped.append(current)
            return wrapped.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// A synopsis split at the spaces outside brackets.
    static func elements(of synopsis: String) -> [String] {
        var elements: [String] = []
        var current = ""
        var depth = 0
        for character in synopsis {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth = max(0, depth - 1)
            default: break
            }
            if character == " " && depth == 0 {
                if !current.isEmpty { elements.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { elements.append(current) }
        return elements
    }

    /// Prints ArgumentParser's message for `error` (help, version, usage error) with the usage
    /// wrapped, to standard output for a clean exit and standard error otherwise, then exits
    /// with `status` (default: ArgumentParser's own).
    static func exit(with error: Error, status: Int32? = nil) -> Never {
        let width = columns
        // An error quotes what it read (a path, a value): shown as `TerminalText` does.
        let text = TerminalText.shown(wrappingUsage(GamePack.fullMessage(for: error, columns: width), width: width))
        let code = GamePack.exitCode(for: error)
        if !text.isEmpty {
            if code == .success {
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
            } else {
                FileHandle.standardError.write(Data((text + "\n").utf8))
            }
        }
        Foundation.exit(status ?? code.rawValue)
    }
}
