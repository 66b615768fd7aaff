import Foundation

/// JUnit XML, which most CI systems show as a test report: one test case per checked file;
/// each error is a `<failure>`, warnings and notes go to the case's `<system-out>`.
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
        let failures = diagnostics.errorCount
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"gamepack lint\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out +=
            "  <testsuite name=\"gamepack lint\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for file in files {
            let found = file.isEmpty ? unplaced : byFile[file] ?? []
            let name = file.isEmpty ? "(project)" : context.display(file)
            let classname =
                file.isEmpty ? "gamepack" : (file as NSString).deletingLastPathComponent.replacingOccurrences(of: "/", with: ".")
            out += "    <testcase classname=\"\(escape(classname.isEmpty ? "project" : classname))\" name=\"\(escape(name))\""
            if found.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            for d in found where d.severity == .error {
                out +=
                    "      <failure type=\"\(escape(d.rule))\" message=\"\(escape(d.message))\">\(escape(line(d, context)))</failure>\n"
            }
            let others = found.filter { $0.severity != .error }
            if !others.isEmpty {
                out += "      <system-out>\(escape(others.map { line($0, context) }.joined(separator: "\n")))</system-out>\n"
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

    /// XML text/attribute escaping; control characters XML 1.0 forbids are dropped.
    func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
