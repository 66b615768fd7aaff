import GamePackContent

/// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` line
/// per diagnostic, which GitHub shows as annotations on the pull request's changed lines. The
/// log shows the lines too: texts from the input go through `TerminalText` first.
public struct GitHubReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = ""
        for d in diagnostics {
            var properties: [String] = []
            if let location = d.location {
                properties.append("file=\(escapeProperty(TerminalText.shown(context.display(location.file))))")
                if location.hasPosition {
                    properties.append("line=\(location.line)")
                    properties.append("col=\(location.column)")
                }
            }
            properties.append("title=\(escapeProperty("gamepack [\(d.rule)]"))")
            var message = d.message
            for note in d.notes { message += "\nnote: \(note)" }
            let command = d.severity == .note ? "notice" : d.severity.rawValue
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(TerminalText.shown(message)))\n"
        }
        return out
    }

    /// Escaping of a command's message (GitHub's `escapeData`).
    func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of a command's property values (GitHub's `escapeProperty`).
    func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
