import Foundation
import GamePackFormat

extension JSONSchemaGenerator {
    /// One schema per content type of `project`, by collection name.
    public static func schemas(for project: Project) -> [String: JSONValue] {
        let facts = ProjectFacts(project: project)
        return project.types.mapValues { schema(for: $0, facts: facts) }
    }
}

extension JSONSchemaGenerator.ProjectFacts {
    /// The facts of a loaded project.
    public init(project: Project) {
        var ids: [String: Set<ItemID>] = [:]
        for item in project.items {
            if let id = item.id { ids[item.collection, default: []].insert(id) }
        }
        let locales = [project.config.defaultLocale] + project.config.locales.filter { $0 != project.config.defaultLocale }
        self.init(
            locales: locales, defaultLocale: project.config.defaultLocale,
            ids: ids.mapValues { $0.sorted() }, assetFiles: project.assetFiles.sorted())
    }
}
