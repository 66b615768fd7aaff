import Foundation

/// Lint settings from `gamepack.yaml`'s `lint:` section.
public struct LintSettings: Sendable {
    /// Per rule: the severity to report with, or nil to turn the rule off. Rules not listed use
    /// their default severity.
    public var overrides: [LintRule: Severity?] = [:]
    /// `waypoint-distance`: the farthest a waypoint may be from the previous one, in meters.
    public var waypointMaxMeters: Double = 5_000
    /// `asset-too-large`: the byte budget of any asset whose field sets no `max_bytes`.
    public var maxAssetBytes: Int = 5_000_000

    public init() {}

    /// The severity `rule` reports with in this project (nil: off).
    public func severity(of rule: LintRule) -> Severity? {
        if rule.isConfigurable, let override = overrides[rule] { return override }
        return rule.defaultSeverity
    }
}

/// `gamepack.yaml`: who the project is and how it is checked and built.
public struct ProjectConfig: Sendable {
    /// Stable project id: lowercase letters, digits and dashes (pack names, server paths).
    public var id: String
    /// Human name shown in reports.
    public var name: String
    /// Locale codes, the default first.
    public var locales: [String]
    /// The source locale every translation is made from.
    public var defaultLocale: String
    /// Build targets, by name (`BuildTargetRegistry.names`).
    public var targets: [String]
    /// Options given to targets (`targets: [{canonical: {embed: true}}]`), by target name, then
    /// option name, as written; only values the target's `options` accept are kept.
    public var targetOptions: [String: [String: SourceNode]] = [:]
    /// What a build does with a missing translation (`missing_translations: fallback|fail|empty`).
    public var missingTranslations: MissingTranslationPolicy = .fallback
    public var lint: LintSettings
    /// Settings that are missing or invalid (defaults were used instead), by name
    /// (`locales`, `lint.rules.unused-asset`), with the lint rules whose findings depend on
    /// them: those findings follow from the config error, so lint holds them back until it is
    /// fixed. Empty when gamepack.yaml is valid.
    public var unsettled: [String: Set<LintRule>] = [:]

    /// The rules whose findings depend on the project's locales.
    static let localeRules: Set<LintRule> = [.unknownLocale, .missingTranslation, .identicalTranslation, .staleTranslation]

    /// Locales other than the default: the ones translations are expected for.
    public var translationLocales: [String] { locales.filter { $0 != defaultLocale } }

    public init(
        id: String, name: String, locales: [String], defaultLocale: String, targets: [String] = [], lint: LintSettings = .init()
    ) {
        self.id = id
        self.name = name
        self.locales = locales
        self.defaultLocale = defaultLocale
        self.targets = targets
        self.lint = lint
    }

    /// Targets gamepack knows how to emit (`BuildTargetRegistry`'s).
    public static var knownTargets: [String] { BuildTargetRegistry.names }
    static let knownKeys = [
        "id", "name", "locales", "default_locale", "targets", "lint", "schema_version", "missing_translations",
    ]

    /// Reads the config from its root node; problems are appended to `diagnostics` as `config`
    /// errors and sensible defaults are used so the rest of the project can still be checked.
    public static func parse(_ root: SourceNode, file: String, diagnostics: inout [Diagnostic]) -> ProjectConfig {
        func report(_ message: String, _ location: SourceLocation, fix: String? = nil) {
            diagnostics.append(
                Diagnostic(severity: .error, rule: LintRule.config.rawValue, message: message, location: location, fix: fix))
        }
        var config = ProjectConfig(id: "project", name: "Untitled", locales: ["en"], defaultLocale: "en")
        guard let entries = root.entries else {
            report("gamepack.yaml must be a map with at least id, name and locales", root.location)
            return config
        }
        for entry in entries where !knownKeys.contains(entry.key) {
            let hint = Suggestions.closest(to: entry.key, among: knownKeys)
            report(
                "unknown setting `\(entry.key)`"
                    + (hint.map { "; did you mean `\($0)`?" } ?? "; known settings: \(knownKeys.joined(separator: ", "))"),
                entry.keyLocation, fix: hint)
            // A misspelt `lint:` section's rule settings were not applied: their rules' findings
            // would come with the wrong severity, or despite `off`.
            if hint == "lint" {
                var misspelt = config
                let meant = parseLint(entry.value, report: { _, _, _ in }, into: &misspelt)
                for (rule, _) in meant.overrides { config.unsettled["lint.rules.\(rule.rawValue)", default: []].insert(rule) }
                for (name, rules) in misspelt.unsettled { config.unsettled[name, default: []].formUnion(rules) }
                if meant.waypointMaxMeters != LintSettings().waypointMaxMeters {
                    config.unsettled["lint.waypoint_max_meters"] = [.waypointDistance]
                }
                if meant.maxAssetBytes != LintSettings().maxAssetBytes {
                    config.unsettled["lint.max_asset_bytes"] = [.assetTooLarge]
                }
            }
        }
        if let node = root["id"] {
            if let id = node.scalarText, isValidProjectID(id) {
                config.id = id
            } else {
                report(
                    "`id` must be lowercase letters, digits and dashes, starting with a letter (e.g. gohike-amsterdam)",
                    node.location)
            }
        } else {
            report("`id:` is missing; add a stable project id such as `id: my-game`", root.location)
        }
        if let node = root["name"] {
            if let name = node.scalarText, !name.isEmpty {
                config.name = name
            } else {
                report("`name` must be text", node.location)
            }
        } else {
            report("`name:` is missing; add the project's display name", root.location)
        }
        if let node = root["locales"] {
            let codes = node.elements?.compactMap(\.scalarText) ?? []
            if codes.isEmpty || codes.count != node.elements?.count {
                report("`locales` must be a list of locale codes such as [en, nl]", node.location)
                config.unsettled["locales"] = localeRules
            } else {
                for (code, element) in zip(codes, node.elements!) where !isValidLocale(code) {
                    report("`\(code)` is not a locale code (use ISO 639-1 such as en, nl, or en-GB)", element.location)
                    config.unsettled["locales"] = localeRules
                }
                if Set(codes).count != codes.count { report("`locales` lists a locale twice", node.location) }
                config.locales = codes
                config.defaultLocale = codes[0]
            }
        } else {
            report("`locales:` is missing; add for example `locales: [en, nl]` (the first is the default)", root.location)
            config.unsettled["locales"] = localeRules
        }
        if let node = root["default_locale"] {
            if let code = node.scalarText, config.locales.contains(code) {
                config.defaultLocale = code
            } else {
                report("`default_locale` must be one of `locales` (\(config.locales.joined(separator: ", ")))", node.location)
                config.unsettled["default_locale"] = localeRules
            }
        }
        if let node = root["targets"] {
            for element in node.elements ?? [node] {
                // A target is a name, or a one-key map of name → options.
                let name = element.scalarText ?? element.entries?.first?.key
                guard let target = name, knownTargets.contains(target), (element.entries?.count ?? 1) == 1 else {
                    report("unknown target `\(name ?? "?")`; use \(knownTargets.joined(separator: ", "))", element.location)
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
                                + (options.isEmpty ? "" : "; \(target) takes \(taken)"), option.keyLocation)
                    }
                }
            }
        }
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
        if let node = root["lint"] {
            let settings = parseLint(node, report: report, into: &config)
            config.lint = settings
        }
        return config
    }

    /// Reads the `lint:` section; settings it cannot use are recorded in `config.unsettled`.
    static func parseLint(
        _ node: SourceNode, report: (String, SourceLocation, String?) -> Void, into config: inout ProjectConfig
    ) -> LintSettings {
        var settings = LintSettings()
        guard let entries = node.entries else {
            report("`lint` must be a map (rules, waypoint_max_meters, max_asset_bytes)", node.location, nil)
            return settings
        }
        func unsettle(_ name: String, _ rule: LintRule) { config.unsettled["lint.\(name)", default: []].insert(rule) }
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
                    case "off", "false": settings.overrides[id] = .some(nil)
                    case let level? where Severity(rawValue: level) != nil: settings.overrides[id] = Severity(rawValue: level)
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

    /// Whether `id` is a valid project id.
    public static func isValidProjectID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first >= "a" && first <= "z", id.count <= 64 else { return false }
        return id.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
    }

    public static func isValidLocale(_ code: String) -> Bool {
        code.range(of: "^[a-z]{2,3}(-[A-Z]{2}|-[A-Z][a-z]{3})?$", options: .regularExpression) != nil
    }
}
