import Foundation
import GamePackContent

/// JUnit XML, which most CI systems show as a test report: one test case per checked file, with
/// `file` (the path as the user sees it) and, when the file has findings with a line, `line` (the
/// first error's, else the first finding's). A file with errors is a failing case with one `<failure>` listing every error
/// (its `type` the first error's rule, its `message` the first error's message and how many
/// more), so `failures` counts failing cases, as junitparser and CI dashboards count them;
/// warnings and notes go to the case's `<system-out>`.
///
/// Every text goes through `MarkupEscape` with characters XML cannot carry replaced by U+FFFD, so
/// a project with newlines, `]]>` or control characters in its names still gives a report
/// every XML parser reads.
public struct JUnitReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var byFile: [String: [Diagnostic]] = [:]
        var unplaced: [Diagnostic] = []
        for d in diagnostics {
            if let file = d.location?.file { byFile[file, default: []].append(d) } else { unplaced.append(d) }
        }
        var files = Set(context.checkedFiles).union(byFile.keys).sorted()
        if !unplaced.isEmpty { files.insert("", at: 0) }
        let failing = files.count { file in
            (file.isEmpty ? unplaced : byFile[file] ?? []).contains { $0.severity == .error }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"gamepack lint\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\">\n"
        out +=
            "  <testsuite name=\"gamepack lint\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
        for file in files {
            let found = file.isEmpty ? unplaced : byFile[file] ?? []
            let name = file.isEmpty ? "(project)" : context.display(file)
            let classname =
                file.isEmpty ? "gamepack" : (file as NSString).deletingLastPathComponent.replacingOccurrences(of: "/", with: ".")
            out +=
                "    <testcase classname=\"\(attribute(classname.isEmpty ? "project" : classname))\" name=\"\(attribute(name))\""
            if !file.isEmpty {
                out += " file=\"\(attribute(context.display(file)))\""
                // The first error's line (where the failure is), else the first finding's.
                let placed = found.filter { $0.location?.hasPosition == true }
                if let line = (placed.first { $0.severity == .error } ?? placed.first)?.location?.line {
                    out += " line=\"\(line)\""
                }
            }
            if found.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            let errors = found.filter { $0.severity == .error }
            if let first = errors.first {
                let more = errors.count > 1 ? " (and \(errors.count - 1) more \(errors.count == 2 ? "error" : "errors"))" : ""
                out += "      <failure type=\"\(attribute(first.rule))\" message=\"\(attribute(first.message + more))\">"
                out += text(errors.map { line($0, context) }.joined(separator: "\n")) + "</failure>\n"
            }
            let others = found.filter { $0.severity != .error }
            if !others.isEmpty {
                out += "      <system-out>\(text(others.map { line($0, context) }.joined(separator: "\n")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    func line(_ d: Diagnostic, _ context: ReportContext) -> String {
        var place = ""
        if let location = d.location {
            place = context.display(location.file) + (location.hasPosition ? ":\(location.line):\(location.column)" : "") + ": "
        }
        return "\(place)\(d.severity.rawValue): [\(d.rule)] \(d.message)"
    }

    func text(_ s: String) -> String { MarkupEscape.replacing(s, .xmlText) }
    func attribute(_ s: String) -> String { MarkupEscape.replacing(s, .xmlAttribute) }
}
