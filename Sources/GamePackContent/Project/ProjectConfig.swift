import Foundation

/// Lint settings from `gamepack.yaml`'s `lint:` section.
public struct LintSettings: Sendable {
    /// Per rule id: the severity to report with, or nil to turn the rule off. Rules not listed
    /// use their default severity (`LintSettings.severity(of:)`, beside the rules in GamePackLint).
    public var overrides: [String: Severity?] = [:]
    /// `waypoint-distance`: the farthest a waypoint may be from the previous one, in meters.
    public var waypointMaxMeters: Double = 5_000
    /// `asset-too-large`: the byte budget of any asset whose field sets no `max_bytes`.
    public var maxAssetBytes: Int = 5_000_000

    public init() {}
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
    /// The oldest client content format the project's packs are for (`client_format: 2`), if
    /// set: a whole number from 1 to `PackFormat.clientFormat`. The build raises it to what the
    /// project's features need, never lowers it (`ClientFormatFeatures` in GamePackBuild).
    public var clientFormat: Int?
    /// Where `client_format` is set, for the error when the project needs more than it says.
    public var clientFormatLocation: SourceLocation?
    public var lint: LintSettings
    /// Settings that are missing or invalid (defaults were used instead), by name
    /// (`locales`, `lint.rules.unused-asset`), with the ids of the lint rules whose findings
    /// depend on them: those findings follow from the config error, so lint holds them back
    /// until it is fixed. Empty when gamepack.yaml is valid.
    public var unsettled: [String: Set<String>] = [:]

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

    /// Whether `id` is a valid project id.
    public static func isValidProjectID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first >= "a" && first <= "z", id.count <= 64 else { return false }
        return id.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
    }

    /// Whether `code` is a locale code gamepack accepts: a language of two or three lowercase
    /// letters, optionally a region of two capitals or a script of a capital and three lowercase
    /// letters (`nl`, `fil`, `pt-BR`, `zh-Hant`), ASCII only.
    ///
    /// Read by its bytes, not by a regular expression: compiling one sets up ICU's regex tables
    /// (about 8 million instructions) at every project load. A trailing line break, which the
    /// expression's `$` let through, is not a locale.
    public static func isValidLocale(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        let language = bytes.prefix(while: isLower).count
        guard language == 2 || language == 3 else { return false }
        let rest = bytes.dropFirst(language)
        guard let dash = rest.first else { return true }
        let tail = rest.dropFirst()
        guard dash == UInt8(ascii: "-") else { return false }
        switch tail.count {
        case 2: return tail.allSatisfy(isUpper)
        case 4: return isUpper(tail.first!) && tail.dropFirst().allSatisfy(isLower)
        default: return false
        }
    }
}
