import Foundation

/// Checks each item against its content type, field by field, and records what the
/// project-wide checks need (references, assets, geo points, unique values).
struct ItemValidator {
    let context: LintContext
    let config: ProjectConfig
    /// The text rules the project has not turned off.
    let textRules: [any TextLintRule.Type]
    /// The field rules the project has not turned off.
    let fieldRules: [any FieldLintRule.Type]

    init(context: LintContext) {
        self.context = context
        self.config = context.project.config
        self.textRules = LintRuleRegistry.textRules.filter { context.settings.severity(of: LintRule($0)) != nil }
        self.fieldRules = LintRuleRegistry.fieldRules.filter { context.settings.severity(of: LintRule($0)) != nil }
    }

    func validate(_ item: ContentItem, as type: ContentType) {
        let owner = LintContext.label(item.collection, item.id)
        if let idNode = item.node["id"] {
            if item.id == nil {
                context.report(
                    .wrongType,
                    "an id is a whole number or letters, digits, - and _ (found \(idNode.kindDescription) `\(idNode.raw ?? "")`)",
                    at: idNode.location)
            }
        } else {
            context.report(
                .missingRequired, "this \(LintContext.label(item.collection, nil)) has no `id:`; add a stable id such as `id: 1`",
                at: item.node.location)
        }
        validateFields(of: item.node, fields: type.fields, path: "", collection: item.collection, owner: owner, isItem: true)
    }

    /// Validates the entries of a map against `fields`: unknown fields, required fields, each
    /// value, then the field rules (`FieldLintRule`) on each known field.
    func validateFields(
        of node: SourceNode, fields: [FieldSpec], path: String, collection: String, owner: String, isItem: Bool
    ) {
        let entries = node.entries ?? []
        for entry in entries {
            if isItem && entry.key == "id" { continue }
            guard let spec = fields.first(where: { $0.name == entry.key }) else {
                let names = fields.map(\.name)
                let hint = Suggestions.closest(to: entry.key, among: names)
                let known =
                    names.isEmpty
                    ? "" : " Fields of \(collection)\(path.isEmpty ? "" : " \(path)"): \(names.joined(separator: ", "))."
                context.report(
                    .unknownField,
                    "unknown field `\(entry.key)`" + (hint.map { "; did you mean `\($0)`?" } ?? ".") + (hint == nil ? known : ""),
                    at: entry.keyLocation, fix: hint)
                continue
            }
            validate(entry.value, spec: spec, path: join(path, entry.key), collection: collection, owner: owner)
            if case .null = entry.value.value { continue }
            for rule in fieldRules {
                rule.check(field: entry.value, spec: spec, in: node, at: path, context: context)
            }
        }
        for spec in fields where spec.required {
            let value = entries.first { $0.key == spec.name }?.value
            if value == nil {
                context.report(
                    .missingRequired,
                    "\(owner) has no `\(join(path, spec.name))` (\(spec.type.rawValue)), which is required; add it",
                    at: node.location)
            } else if let value, value.isEmpty, spec.type != .localized || value.isNull {
                // An empty localized map or text is reported per locale by `validateLocalized`;
                // a bare `name:` (null) never gets there.
                context.report(
                    .missingRequired, "`\(join(path, spec.name))` is required but empty; fill it in", at: value.location)
            }
        }
    }

    func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// Validates one value against its field spec.
    func validate(_ node: SourceNode, spec: FieldSpec, path: String, collection: String, owner: String) {
        if case .null = node.value { return }  // absent; `required` is checked by the caller
        switch spec.type {
        case .string, .text:
            guard let text = scalarString(node, spec: spec, path: path) else { return }
            if spec.type == .string, text.contains("\n") {
                context.report(
                    .wrongType, "`\(path)` is one line of text; remove the line breaks or make the field `text`",
                    at: node.location)
            }
            checkText(text, spec: spec, path: path, at: node.location)
            recordUnique(text, spec: spec, path: path, collection: collection, at: node.location)
        case .localized:
            validateLocalized(node, spec: spec, path: path)
        case .int:
            guard case .int(let value) = node.value else {
                wrongType(node, expected: "a whole number", path: path)
                return
            }
            checkRange(Double(value), text: String(value), spec: spec, path: path, at: node.location)
            recordUnique(String(value), spec: spec, path: path, collection: collection, at: node.location)
        case .number:
            guard let value = node.doubleValue, value.isFinite else {
                wrongType(node, expected: "a number", path: path)
                return
            }
            checkRange(value, text: node.raw ?? String(value), spec: spec, path: path, at: node.location)
        case .bool:
            guard case .bool = node.value else {
                wrongType(node, expected: "true or false", path: path)
                return
            }
        case .date:
            guard let date = DateValue.parse(node) else {
                wrongType(node, expected: "a date such as 2026-12-01", path: path)
                return
            }
            if let min = spec.minDate.flatMap(DateValue.parse(text:)), date < min {
                context.report(.outOfRange, "`\(path)` is before \(spec.minDate!), the earliest allowed", at: node.location)
            }
            if let max = spec.maxDate.flatMap(DateValue.parse(text:)), date > max {
                context.report(.outOfRange, "`\(path)` is after \(spec.maxDate!), the latest allowed", at: node.location)
            }
        case .url:
            guard let text = scalarString(node, spec: spec, path: path) else { return }
            if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host?.isEmpty == false
            {
                checkText(text, spec: spec, path: path, at: node.location)
            } else {
                context.report(.wrongType, "`\(path)` must be an http(s) URL such as https://example.com/deal", at: node.location)
            }
        case .enum:
            guard let text = node.scalarText else {
                wrongType(node, expected: "one of \(spec.values.joined(separator: ", "))", path: path)
                return
            }
            if !spec.values.contains(text) {
                let hint = Suggestions.closest(to: text, among: spec.values)
                context.report(
                    .outOfRange,
                    "`\(text)` is not allowed for `\(path)`" + (hint.map { "; did you mean `\($0)`?" } ?? "")
                        + " Allowed: \(spec.values.joined(separator: ", ")).",
                    at: node.location, fix: hint)
            }
        case .image, .audio:
            guard case .string(let text) = node.value else {
                wrongType(node, expected: "a path under assets/ such as photos/rai.jpg", path: path)
                return
            }
            context.assetUses.append(AssetUse(path: text, spec: spec, location: node.location))
        case .geo:
            validateGeo(node, path: path)
        case .reference:
            guard let id = ItemID(node: node) else {
                wrongType(node, expected: "the id of an item in \(spec.referenceTarget ?? "?")", path: path)
                return
            }
            context.references.append(
                ReferenceUse(target: spec.referenceTarget ?? "", id: id, location: node.location, from: owner))
        case .list:
            guard let elements = node.elements else {
                wrongType(node, expected: "a list", path: path)
                return
            }
            if let min = spec.minItems, elements.count < min {
                context.report(
                    .outOfRange, "`\(path)` has \(elements.count) entries; at least \(min) are required", at: node.location)
            }
            if let max = spec.maxItems, elements.count > max {
                context.report(
                    .outOfRange, "`\(path)` has \(elements.count) entries; at most \(max) are allowed", at: node.location)
            }
            guard let element = spec.element?.value else { return }
            for (index, value) in elements.enumerated() {
                validate(value, spec: element, path: "\(path)[\(index)]", collection: collection, owner: owner)
            }
            if let geoField = spec.geoPath, element.type == .reference, let target = element.referenceTarget {
                let steps = elements.compactMap { node in ItemID(node: node).map { ($0, node.location) } }
                context.geoPaths.append(GeoPathUse(target: target, geoField: geoField, steps: steps, owner: owner))
            }
        case .object:
            guard node.entries != nil else {
                wrongType(node, expected: "a map with fields \(spec.fields.map(\.name).joined(separator: ", "))", path: path)
                return
            }
            validateFields(of: node, fields: spec.fields, path: path, collection: collection, owner: owner, isItem: false)
        }
    }

    /// The text of a string-like scalar; lists and maps are reported as the wrong type.
    func scalarString(_ node: SourceNode, spec: FieldSpec, path: String) -> String? {
        if let text = node.scalarText { return text }
        wrongType(node, expected: spec.type == .url ? "a URL" : "text", path: path)
        return nil
    }

    func wrongType(_ node: SourceNode, expected: String, path: String) {
        let found = node.raw.map { "\(node.kindDescription) `\($0)`" } ?? node.kindDescription
        context.report(.wrongType, "`\(path)` must be \(expected), not \(found)", at: node.location)
    }

    /// Hands a text to every rule that checks texts (`TextLintRule`).
    func checkText(
        _ text: String, spec: FieldSpec, path: String, at location: SourceLocation, locale: String? = nil, source: String? = nil
    ) {
        let value = LintText(text: text, path: path, locale: locale, source: source, location: location)
        for rule in textRules {
            rule.check(value, of: spec, in: context)
        }
    }

    func checkRange(_ value: Double, text: String, spec: FieldSpec, path: String, at location: SourceLocation) {
        if let min = spec.min, value < min {
            context.report(.outOfRange, "`\(path)` is \(text); the minimum is \(format(min))", at: location)
        }
        if let max = spec.max, value > max {
            context.report(.outOfRange, "`\(path)` is \(text); the maximum is \(format(max))", at: location)
        }
    }

    func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    func recordUnique(_ value: String, spec: FieldSpec, path: String, collection: String, at location: SourceLocation) {
        guard spec.unique else { return }
        context.uniqueValues.append(UniqueUse(collection: collection, field: path, value: value, location: location))
    }

    /// A localized field: a map of locale → text, or one string for the default locale.
    func validateLocalized(_ node: SourceNode, spec: FieldSpec, path: String) {
        var texts: [String: (text: String, location: SourceLocation)] = [:]
        var emptyLocations: [String: SourceLocation] = [:]
        if let text = node.scalarText {
            // `name: ""` is as empty as `name: {en: ""}`.
            if text.isEmpty {
                emptyLocations[config.defaultLocale] = node.location
            } else {
                texts[config.defaultLocale] = (text, node.location)
            }
        } else if let entries = node.entries {
            for entry in entries {
                guard config.locales.contains(entry.key) else {
                    let hint = Suggestions.closest(to: entry.key, among: config.locales)
                    context.report(
                        .unknownLocale,
                        "`\(path)` has a text for `\(entry.key)`, which is not one of the project's locales (\(config.locales.joined(separator: ", ")))"
                            + (hint.map { "; did you mean `\($0)`?" } ?? "; add it to `locales` in gamepack.yaml or remove it"),
                        at: entry.keyLocation, fix: hint)
                    continue
                }
                if case .null = entry.value.value {
                    emptyLocations[entry.key] = entry.value.location
                    continue
                }
                guard let text = entry.value.scalarText else {
                    wrongType(entry.value, expected: "text", path: "\(path).\(entry.key)")
                    continue
                }
                if text.isEmpty {
                    emptyLocations[entry.key] = entry.value.location
                } else {
                    texts[entry.key] = (text, entry.value.location)
                }
            }
        } else {
            wrongType(node, expected: "a map of locale → text such as {en: …, nl: …}", path: path)
            return
        }
        let defaultLocale = config.defaultLocale
        let sourceText = texts[defaultLocale]?.text
        for (locale, value) in texts.sorted(by: { $0.key < $1.key }) {
            checkText(
                value.text, spec: spec, path: path, at: value.location, locale: locale,
                source: locale == defaultLocale ? nil : sourceText)
        }
        guard sourceText != nil else {
            if spec.required {
                context.report(
                    .missingRequired,
                    "`\(path)` has no \(LocaleNames.name(defaultLocale)) (\(defaultLocale)) text, the default locale; add `\(defaultLocale): …`",
                    at: emptyLocations[defaultLocale] ?? node.location)
            } else if !texts.isEmpty {
                context.report(
                    .missingTranslation,
                    "`\(path)` has translations but no \(LocaleNames.name(defaultLocale)) (\(defaultLocale)) source text; add `\(defaultLocale): …`",
                    at: emptyLocations[defaultLocale] ?? node.location)
            }
            return
        }
        for locale in config.translationLocales where texts[locale] == nil {
            context.report(
                .missingTranslation,
                "`\(path)` has no \(LocaleNames.name(locale)) (\(locale)) translation; add `\(locale): …`",
                at: emptyLocations[locale] ?? node.location)
        }
    }

    /// A geo point: `{latitude: …, longitude: …}` in decimal degrees.
    func validateGeo(_ node: SourceNode, path: String) {
        guard let entries = node.entries else {
            wrongType(node, expected: "a map {latitude: …, longitude: …}", path: path)
            return
        }
        let aliases = ["lat": "latitude", "lng": "longitude", "lon": "longitude", "long": "longitude"]
        for entry in entries where entry.key != "latitude" && entry.key != "longitude" {
            let hint = aliases[entry.key] ?? Suggestions.closest(to: entry.key, among: ["latitude", "longitude"])
            context.report(
                .unknownField,
                "unknown field `\(entry.key)` in a geo point"
                    + (hint.map { "; did you mean `\($0)`?" } ?? "; write {latitude: …, longitude: …}"),
                at: entry.keyLocation, fix: hint)
        }
        var coordinates: [String: Double] = [:]
        for name in ["latitude", "longitude"] {
            guard let value = node[name] else {
                context.report(.missingRequired, "the geo point `\(path)` has no `\(name)`", at: node.location)
                continue
            }
            guard let number = value.doubleValue, number.isFinite else {
                wrongType(value, expected: "a number of decimal degrees", path: "\(path).\(name)")
                continue
            }
            coordinates[name] = number
        }
        guard let latitude = coordinates["latitude"], let longitude = coordinates["longitude"] else { return }
        let latitudeOK = (-90...90).contains(latitude), longitudeOK = (-180...180).contains(longitude)
        if !latitudeOK || !longitudeOK {
            let swappedOK = (-90...90).contains(longitude) && (-180...180).contains(latitude)
            let location = !latitudeOK ? node["latitude"]!.location : node["longitude"]!.location
            let message =
                !latitudeOK
                ? "latitude \(format(latitude)) of `\(path)` is outside -90…90"
                : "longitude \(format(longitude)) of `\(path)` is outside -180…180"
            context.report(
                .geoRange,
                message + (swappedOK ? "; latitude and longitude look swapped" : "; use decimal degrees (WGS 84)"),
                at: location)
            return
        }
        context.geoPoints.append(GeoUse(latitude: latitude, longitude: longitude, location: node.location))
    }
}

/// Dates as written in content (`2026-12-01` or ISO 8601 date-times), comparable.
enum DateValue {
    static func parse(_ node: SourceNode) -> Date? {
        guard let text = node.scalarText else { return nil }
        return parse(text: text)
    }

    static func parse(text: String) -> Date? {
        let parts = text.split(separator: "-", maxSplits: 2)
        if text.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        {
            var components = DateComponents()
            components.year = y
            components.month = m
            components.day = d
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: components),
                calendar.component(.day, from: date) == d
            else { return nil }
            return date
        }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

extension String {
    /// The text without leading and trailing white space (Unicode `White_Space`), in Swift
    /// rather than through NSString, which is slow on Linux.
    var trimmedWhitespace: Substring {
        // Most texts begin and end with an ASCII character that is not white space: nothing
        // to trim, and no Unicode property to look up.
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, !Self.isASCIIWhitespace(first),
            !Self.isASCIIWhitespace(last)
        {
            return self[...]
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return self[first...last]
    }

    /// Whether an ASCII byte is white space (tab, line feed, vertical tab, form feed, carriage
    /// return, space: the ASCII part of Unicode `White_Space`).
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
}

extension SourceNode {
    /// Whether the value is YAML's null (`name:` with nothing after it).
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
