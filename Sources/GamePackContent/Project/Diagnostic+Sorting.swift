import Foundation

extension Diagnostic {
    /// Orders diagnostics by file, line, column, then rule, so every report is stable;
    /// gamepack.yaml's come first, since the rest of the project is read by it.
    public static func sortedForReport(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            let fa = a.location?.file ?? "", fb = b.location?.file ?? ""
            if fa != fb {
                if fa == Project.configFile || fb == Project.configFile { return fa == Project.configFile }
                return fa < fb
            }
            let la = a.location?.line ?? 0, lb = b.location?.line ?? 0
            if la != lb { return la < lb }
            let ca = a.location?.column ?? 0, cb = b.location?.column ?? 0
            if ca != cb { return ca < cb }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.message < b.message
        }
    }
}
