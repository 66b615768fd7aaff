import Foundation
import GamePackContent
import GamePackFormat
import GamePackLint

/// Reading `gamepack.yaml` into a `ProjectConfig`: the `targets:` check follows
/// `BuildTargetRegistry`, so this sits above `Build/`, beside `Project.load(at:)`.
extension ProjectConfig {
    /// The rules whose findings depend on the project's locales.
    static let localeRules: Set<String> = Set(
        [LintRule.unknownLocale, .missingTranslation, .identicalTranslation, .staleTranslation].map(\.rawValue))

    /// Targets gamepack knows how to emit (`BuildTargetRegistry`'s).
    public static var knownTargets: [String] { BuildTargetRegistry.names }
    static let knownKeys = [
        "id", "name", "locales", "default_locale", "targets", "lint", "schema_version", "missing_translations",
        "client_format",
    ]

    /// How the parse reports a problem: message, place, suggested fix.
    typealias Report = (String, SourceLocation, String?) -> Void

    /// Reads the config from its root node; problems are appended to `diagnostics` as `config`
    /// errors and sensible defaults are used so the rest of the project can still be checked.
    public static func parse(_ root: SourceNode, file: String, diagnostics: inout [Diagnostic]) -> ProjectConfig {
        func report(_ message: String, _ location: SourceLocation, fix: String?) {
            diagnostics.append(
                Diagnostic(severity: .error, rule: RuleID.config, message: message, location: location, fix: fix))
        }
        var config = ProjectConfig(id: "project", name: "Untitled", locales: ["en"], defaultLocale: "en")
        guard let entries = root.entries else {
            report("gamepack.yaml must be a map with at least id, name and locales", root.location, fix: nil)
            return config
        }
        parseUnknownKeys(entries, report: report, into: &config)
        parseNames(root, report: report, into: &config)
        parseLocales(root, report: report, into: &config)
        if let node = root["targets"] { parseTargets(node, report: report, into: &config) }
        if let node = root["missing_translations"] {
            let choices = MissingTranslationPolicy.allCases.map(\.rawValue)
            if let text = node.scalarText, let policy = MissingTranslationPolicy(rawValue: text) {
                config.missingTranslations = policy
            } else {
                let hint = node.scalarText.flatMap { Suggestions.closest(to: $0, among: choices) }
                report(
                    "`missing_translations` must be one of \(choices.joined(separator: ", "))"
                        + (hint.map { "; did you mean `\($0)`?" } ?? ""), node.location, fix: hint)
            }
        }
        if let node = root["client_format"] { parseClientFormat(node, report: report, into: &config) }
        if let node = root["lint"] {
            let settings = parseLint(node, report: report, into: &config)
            config.lint = settings
        }
        return config
    }

    /// Settings gamepack does not know. Under a misspelt `lint:`, the rule settings were not
    /// applied: their rules' findings would come with the wrong severity, or despite `off`.
    static func parseUnknownKeys(_ entries: [SourceEntry], report: Report, into config: inout ProjectConfig) {
        for entry in entries where !knownKeys.contains(entry.key) {
            let hint = Suggestions.closest(to: entry.key, among: knownKeys)
            report(
                "unknown setting `\(entry.key)`"
                    + (hint.map { "; did you mean `\($0)`?" } ?? "; known settings: \(knownKeys.joined(separator: ", "))"),
                entry.keyLocation, hint)
            guard hint == "lint" else { continue }
            var misspelt = config
            let meant = parseLint(entry.value, report: { _, _, _ in }, into: &misspelt)
            for (rule, _) in meant.overrides { config.unsettled["lint.rules.\(rule)", default: []].insert(rule) }
            for (name, rules) in misspelt.unsettled { config.unsettled[name, default: []].formUnion(rules) }
            if meant.waypointMaxMeters != LintSettings().waypointMaxMeters {
                config.unsettled["lint.waypoint_max_meters"] = [LintRule.waypointDistance.rawValue]
            }
            if meant.maxAssetBytes != LintSettings().maxAssetBytes {
                config.unsettled["lint.max_asset_bytes"] = [LintRule.assetTooLarge.rawValue]
            }
        }
    }

    /// `id` and `name`.
    static func parseNames(_ root: SourceNode, report: Report, into config: inout ProjectConfig) {
        if let node = root["id"] {
            if let id = node.scalarText, isValidProjectID(id) {
                config.id = id
            } else {
                report(
                    "`id` must be lowercase letters, digits and dashes, starting with a letter (e.g. gohike-amsterdam)",
                    node.location, nil)
            }
        } else {
            report("`id:` is missing; add a stable project id such as `id: my-game`", root.location, nil)
        }
        if let node = root["name"] {
            if let name = node.scalarText, !name.isEmpty {
                config.name = name
            } else {
                report("`name` must be text", node.location, nil)
            }
        } else {
            report("`name:` is missing; add the project's display name", root.location, nil)
        }
    }

    /// `locales` and `default_locale`.
    static func parseLocales(_ root: SourceNode, report: Report, into config: inout ProjectConfig) {
        if let node = root["locales"] {
            let codes = node.elements?.compactMap(\.scalarText) ?? []
            if codes.isEmpty || codes.count != node.elements?.count {
                report("`locales` must be a list of locale codes such as [en, nl]", node.location, nil)
                config.unsettled["locales"] = localeRules
            } else {
                for (code, element) in zip(codes, node.elements!) where !isValidLocale(code) {
                    report("`\(code)` is not a locale code (use ISO 639-1 such as en, nl, or en-GB)", element.location, nil)
                    config.unsettled["locales"] = localeRules
                }
                if Set(codes).count != codes.count { report("`locales` lists a locale twice", node.location, nil) }
                config.locales = codes
                config.defaultLocale = codes[0]
            }
        } else {
            report("`locales:` is missing; add for example `locales: [en, nl]` (the first is the default)", root.location, nil)
            config.unsettled["locales"] = localeRules
        }
        if let node = root["default_locale"] {
            if let code = node.scalarText, config.locales.contains(code) {
                config.defaultLocale = code
            } else {
                report(
                    "`default_locale` must be one of `locales` (\(config.locales.joined(separator: ", ")))", node.location, nil)
                config.unsettled["default_locale"] = localeRules
            }
        }
    }

    /// `client_format`: a whole number from 1 to the newest client content format gamepack knows.
    static func parseClientFormat(_ node: SourceNode, report: Report, into config: inout ProjectConfig) {
        guard case .int(let format) = node.value, (1...PackFormat.clientFormat).contains(format) else {
            report(
                "`client_format` must be a whole number from 1 to \(PackFormat.clientFormat): the oldest client content "
                    + "format the packs are for (see docs/publishing.md)", node.location, nil)
            return
        }
        config.clientFormat = format
        config.clientFormatLocation = node.location
    }

    /// `targets`: names, or one-key maps of name → options.
    static func parseTargets(_ node: SourceNode, report: Report, into config: inout ProjectConfig) {
        for element in node.elements ?? [node] {
            let name = element.scalarText ?? element.entries?.first?.key
            guard let target = name, knownTargets.contains(target), (element.entries?.count ?? 1) == 1 else {
                report("unknown target `\(name ?? "?")`; use \(knownTargets.joined(separator: ", "))", element.location, nil)
                continue
            }
            config.targets.append(target)
            let options = BuildTargetRegistry.kind(named: target)?.options ?? []
            for option in element.entries?.first?.value.entries ?? [] {
                if let known = options.first(where: { $0.name == option.key }), known.accepts(option.value) {
                    config.targetOptions[target, default: [:]][option.key] = option.value
                } else {
                    let taken = options.map { "`\($0.name): \($0.values)`" }.joined(separator: ", ")
                    report(
                        "unknown option `\(option.key)` of target \(target)"
                            + (options.isEmpty ? "" : "; \(target) takes \(taken)"), option.keyLocation, nil)
                }
            }
        }
    }

    /// Reads the `lint:` section; settings it cannot use are recorded in `config.unsettled`.
    static func parseLint(_ node: SourceNode, report: Report, into config: inout ProjectConfig) -> LintSettings {
        var settings = LintSettings()
        guard let entries = node.entries else {
            report("`lint` must be a map (rules, waypoint_max_meters, max_asset_bytes)", node.location, nil)
            return settings
        }
        func unsettle(_ name: String, _ rule: LintRule) { config.unsettled["lint.\(name)", default: []].insert(rule.rawValue) }
        for entry in entries {
            switch entry.key {
            case "rules":
                for rule in entry.value.entries ?? [] {
                    guard let id = LintRule(rawValue: rule.key) else {
                        let hint = Suggestions.closest(to: rule.key, among: LintRule.allCases.map(\.rawValue))
                        report(
                            "unknown lint rule `\(rule.key)`" + (hint.map { "; did you mean `\($0)`?" } ?? ""), rule.keyLocation,
                            hint)
                        if let meant = hint.flatMap(LintRule.init(rawValue:)) { unsettle("rules.\(meant.rawValue)", meant) }
                        continue
                    }
                    guard id.isConfigurable else {
                        report(
                            "rule `\(id.rawValue)` cannot be changed: without it the project cannot be read", rule.keyLocation,
                            nil)
                        continue
                    }
                    switch rule.value.scalarText {
                    case "off", "false": settings.overrides[id.rawValue] = .some(nil)
                    case let level? where Severity(rawValue: level) != nil:
                        settings.overrides[id.rawValue] = Severity(rawValue: level)
                    default:
                        report("a rule's setting is error, warning, note or off", rule.value.location, nil)
                        unsettle("rules.\(id.rawValue)", id)
                    }
                }
                if entry.value.entries == nil {
                    report("`rules` is a map of rule id → error|warning|note|off", entry.value.location, nil)
                }
            case "waypoint_max_meters":
                if let meters = entry.value.doubleValue, meters > 0 {
                    settings.waypointMaxMeters = meters
                } else {
                    report("`waypoint_max_meters` must be a positive number of meters", entry.value.location, nil)
                    unsettle("waypoint_max_meters", .waypointDistance)
                }
            case "max_asset_bytes":
                if case .int(let bytes) = entry.value.value, bytes > 0 {
                    settings.maxAssetBytes = bytes
                } else {
                    report("`max_asset_bytes` must be a positive whole number of bytes", entry.value.location, nil)
                    unsettle("max_asset_bytes", .assetTooLarge)
                }
            default:
                let known = ["rules", "waypoint_max_meters", "max_asset_bytes"]
                let hint = Suggestions.closest(to: entry.key, among: known)
                report(
                    "unknown lint setting `\(entry.key)`" + (hint.map { "; did you mean `\($0)`?" } ?? ""), entry.keyLocation,
                    hint)
                switch hint {
                case "waypoint_max_meters": unsettle("waypoint_max_meters", .waypointDistance)
                case "max_asset_bytes": unsettle("max_asset_bytes", .assetTooLarge)
                case "rules":
                    for key in entry.value.entries?.map(\.key) ?? [] {
                        if let rule = LintRule(rawValue: key) { unsettle("rules.\(key)", rule) }
                    }
                default: break
                }
            }
        }
        return settings
    }
}
