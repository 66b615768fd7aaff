/// Every rule gamepack lint checks. The raw value is the id used in reports and in the `lint.rules`
/// settings of `gamepack.yaml`.
public enum LintRule: String, Sendable, CaseIterable, Codable {
    case syntax
    case config
    case schema
    case unknownCollection = "unknown-collection"
    case unknownField = "unknown-field"
    case missingRequired = "missing-required"
    case wrongType = "wrong-type"
    case outOfRange = "out-of-range"
    case pattern
    case textTooLong = "text-too-long"
    case duplicateID = "duplicate-id"
    case duplicateValue = "duplicate-value"
    case danglingReference = "dangling-reference"
    case missingTranslation = "missing-translation"
    case identicalTranslation = "identical-translation"
    case staleTranslation = "stale-translation"
    case unknownLocale = "unknown-locale"
    case geoRange = "geo-range"
    case geoSwapped = "geo-swapped"
    case waypointDistance = "waypoint-distance"
    case assetMissing = "asset-missing"
    case assetOutsideProject = "asset-outside-project"
    case assetUnreadable = "asset-unreadable"
    case assetFormatMismatch = "asset-format-mismatch"
    case assetFormatNotAllowed = "asset-format-not-allowed"
    case assetTooLarge = "asset-too-large"
    case assetDimensions = "asset-dimensions"
    case unusedAsset = "unused-asset"
    case dateOrder = "date-order"

    /// The severity a rule reports with unless `gamepack.yaml` says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .missingTranslation, .identicalTranslation, .staleTranslation, .geoSwapped, .waypointDistance, .unusedAsset:
            .warning
        default:
            .error
        }
    }

    /// Whether the rule can be turned off or down. Rules that guard the loading of the project
    /// itself cannot: without them nothing else is checked.
    public var isConfigurable: Bool {
        switch self {
        case .syntax, .config, .schema: false
        default: true
        }
    }

    /// One line saying what the rule checks (SARIF `shortDescription`, `gamepack lint --rules`).
    public var summary: String {
        switch self {
        case .syntax: "A content, schema or config file is not valid YAML/JSON, is empty, not UTF-8, or expands too far."
        case .config: "gamepack.yaml has a missing, unknown or invalid setting."
        case .schema: "A content type in schema/ is invalid."
        case .unknownCollection: "A folder under content/ has no content type."
        case .unknownField: "An item has a field its content type does not define."
        case .missingRequired: "A required field is absent or empty."
        case .wrongType: "A value has the wrong type for its field."
        case .outOfRange: "A value is outside its field's min/max, allowed values or item count."
        case .pattern: "A value does not match its field's pattern."
        case .textTooLong: "A text is longer (or shorter) than its field allows."
        case .duplicateID: "Two items of one collection share an id."
        case .duplicateValue: "Two items share the value of a field marked unique."
        case .danglingReference: "A reference names an item that does not exist."
        case .missingTranslation: "A localized field lacks a text for a project locale."
        case .identicalTranslation: "A translation is identical to the default-locale text."
        case .staleTranslation: "A translation was made from a default-locale text that has since changed."
        case .unknownLocale: "A localized field has a text for a locale the project does not have."
        case .geoRange: "A latitude or longitude is out of range."
        case .geoSwapped: "A geo point looks like it has latitude and longitude swapped."
        case .waypointDistance: "A waypoint is farther from the previous one than allowed."
        case .assetMissing: "A referenced asset file does not exist."
        case .assetOutsideProject: "An asset path leaves assets/ (.., absolute path or symlink)."
        case .assetUnreadable: "An asset cannot be read or is truncated or corrupt."
        case .assetFormatMismatch: "An asset's bytes are not what its extension says."
        case .assetFormatNotAllowed: "An asset's format is not one its field allows."
        case .assetTooLarge: "An asset is over its byte budget."
        case .assetDimensions: "An image is outside its field's width/height limits."
        case .unusedAsset: "A file in assets/ is used by no item."
        case .dateOrder: "A date precedes the date it must not precede (e.g. valid_until before valid_from)."
        }
    }
}
