import Foundation
import GamePackContent

/// The item walk: visits each item's fields against its content type, hands each item, map,
/// value, field and text to the rules adopting the matching hook (`LintRuleHooks.swift`), and
/// records what the project rules need (references, assets, geo points, unique values).
package struct ItemValidator {
    let context: LintContext
    let config: ProjectConfig
    /// The rules of each hook that the project has not turned off.
    let itemRules: [any ItemLintRule.Type]
    let mapRules: [any MapLintRule.Type]
    let entryRules: [any EntryLintRule.Type]
    /// The value rules by the field type they check.
    let valueRules: [FieldType: [any ValueLintRule.Type]]
    let fieldRules: [any FieldLintRule.Type]
    let textRules: [any TextLintRule.Type]

    package init(context: LintContext) {
        self.context = context
        self.config = context.project.config
        func isOn(_ rule: any LintRuleDefinition.Type) -> Bool { context.settings.severity(of: LintRule(rule)) != nil }
        self.itemRules = LintRuleRegistry.itemRules.filter { isOn($0) }
        self.mapRules = LintRuleRegistry.mapRules.filter { isOn($0) }
        self.entryRules = LintRuleRegistry.entryRules.filter { isOn($0) }
        let valueRules = LintRuleRegistry.valueRules.filter { isOn($0) }
        self.valueRules = Dictionary(
            uniqueKeysWithValues: FieldType.allCases.map { type in (type, valueRules.filter { $0.checks(type) }) })
        self.fieldRules = LintRuleRegistry.fieldRules.filter { isOn($0) }
        self.textRules = LintRuleRegistry.textRules.filter { isOn($0) }
    }

    package func validate(_ item: ContentItem, as type: ContentType) {
        for rule in itemRules {
            rule.check(item: item, context: context)
        }
        let owner = LintContext.label(item.collection, item.id)
        validateFields(
            of: LintMap(node: item.node, fields: type.fields, path: "", collection: item.collection, owner: owner, isItem: true))
    }

    /// Hands a map to the map rules, then each entry to the entry rules, and walks each known
    /// field: the value, then the field rules (`FieldLintRule`).
    func validateFields(of map: LintMap) {
        for rule in mapRules {
            rule.check(map: map, context: context)
        }
        for entry in map.node.entries ?? [] {
            if map.isItem && entry.key == "id" { continue }  // an item's id is no field
            let spec = map.field(named: entry.key)
            for rule in entryRules {
                rule.check(entry: entry, spec: spec, in: map, context: context)
            }
            guard let spec else { continue }
            validate(entry.value, spec: spec, path: map.path(of: entry.key), in: map)
            if entry.value.isNull { continue }
            for rule in fieldRules {
                rule.check(field: entry.value, spec: spec, in: map.node, at: map.path, context: context)
            }
        }
    }

    /// Walks one value of `map`: a value of the wrong type is reported and left; any other goes
    /// to the value rules (`ValueLintRule`), then its texts, facts and inner values are walked.
    func validate(_ node: SourceNode, spec: FieldSpec, path: String, in map: LintMap) {
        if node.isNull { return }  // absent; `required` is checked by the map rules
        var value = LintValue(node: node, path: path)
        if case .date = spec.type { value.date = DateValue.parse(node) }
        if let expected = WrongTypeRule.expected(of: value, spec: spec) {
            WrongTypeRule.report(node, expected: expected, path: path, context: context)
            return
        }
        if case .localized = spec.type { value.localized = LocalizedTexts(node, config: config) }
        for rule in valueRules[spec.type] ?? [] {
            rule.check(value: value, of: spec, context: context)
        }
        walk(value, spec: spec, in: map)
    }

    /// The walk's own part of a value of the right type: its texts go to the text rules; the
    /// facts the project rules need are recorded; lists and objects are walked into.
    func walk(_ value: LintValue, spec: FieldSpec, in map: LintMap) {
        let node = value.node
        let path = value.path
        switch spec.type {
        case .string, .text:
            guard let text = node.scalarText else { return }
            checkText(text, spec: spec, path: path, at: node.location)
            recordUnique(text, spec: spec, path: path, collection: map.collection, at: node.location)
        case .url:
            if let text = node.scalarText, WrongTypeRule.isWebURL(text) {
                checkText(text, spec: spec, path: path, at: node.location)
            }
        case .localized:
            if let localized = value.localized { checkTexts(of: localized, spec: spec, path: path) }
        case .int:
            if case .int(let number) = node.value {
                recordUnique(String(number), spec: spec, path: path, collection: map.collection, at: node.location)
            }
        case .number, .bool, .date, .enum:
            break
        case .image, .audio:
            if case .string(let text) = node.value {
                context.assetUses.append(AssetUse(path: text, spec: spec, location: node.location))
            }
        case .geo:
            if let (latitude, longitude) = GeoRangeRule.coordinates(of: node),
                GeoRangeRule.isInRange(latitude: latitude, longitude: longitude)
            {
                context.geoPoints.append(GeoUse(latitude: latitude, longitude: longitude, location: node.location))
            }
        case .reference:
            if let id = ItemID(node: node) {
                context.references.append(
                    ReferenceUse(target: spec.referenceTarget ?? "", id: id, location: node.location, from: map.owner))
            }
        case .list:
            walkElements(of: value, spec: spec, in: map)
        case .object:
            validateFields(
                of: LintMap(
                    node: node, fields: spec.fields, path: path, collection: map.collection, owner: map.owner, isItem: false))
        }
    }

    /// A list's elements, then (for waypoints) the list as a path over the items it refers to.
    func walkElements(of value: LintValue, spec: FieldSpec, in map: LintMap) {
        guard let elements = value.node.elements, let element = spec.element?.value else { return }
        for (index, node) in elements.enumerated() {
            validate(node, spec: element, path: "\(value.path)[\(index)]", in: map)
        }
        if let geoField = spec.geoPath, element.type == .reference, let target = element.referenceTarget {
            let steps = elements.compactMap { node in ItemID(node: node).map { ($0, node.location) } }
            context.geoPaths.append(GeoPathUse(target: target, geoField: geoField, steps: steps, owner: map.owner))
        }
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

    /// A localized value's texts, by locale, each translation with its default-locale source.
    func checkTexts(of localized: LocalizedTexts, spec: FieldSpec, path: String) {
        let defaultLocale = config.defaultLocale
        let sourceText = localized.texts[defaultLocale]?.text
        for (locale, value) in localized.texts.sorted(by: { $0.key < $1.key }) {
            checkText(
                value.text, spec: spec, path: path, at: value.location, locale: locale,
                source: locale == defaultLocale ? nil : sourceText)
        }
    }

    func recordUnique(_ value: String, spec: FieldSpec, path: String, collection: String, at location: SourceLocation) {
        guard spec.unique else { return }
        context.uniqueValues.append(UniqueUse(collection: collection, field: path, value: value, location: location))
    }
}
