import Foundation
import GamePackFormat
import Hummingbird

/// `GET /appdata/{appKey}/{collection}` and `…/_count`: the collection's entities as the client
/// sees them, filtered, ordered, paged and projected by `KinveyFind`.
extension KinveyController {
    /// The most entities one query reads from the content index.
    static let scanLimit = 1_000_000
    /// How deep a stored entity's JSON may nest.
    static let maxEntityDepth = 512

    func list(_ request: Request, _ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent)
        async throws -> Response
    {
        let find = try KinveyFind(Self.formParameters(request), maxLimit: Self.maxLimit)
        let matching = try await matching(find, request, context, app, resolve, paged: true)
        return Self.json("[" + find.page(matching).joined(separator: ",") + "]")
    }

    /// `{"count": N}`: how many entities the `query` matches (`skip`, `limit` ignored).
    func count(_ request: Request, _ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent)
        async throws -> Response
    {
        var parameters = Self.formParameters(request)
        parameters["sort"] = nil
        parameters["fields"] = nil
        let find = try KinveyFind(parameters, maxLimit: Self.maxLimit)
        let matching = try await matching(find, request, context, app, resolve, paged: false)
        return Self.json(#"{"count":\#(matching.count)}"#)
    }

    func matching(
        _ find: KinveyFind, _ request: Request, _ context: BasicRequestContext, _ app: KinveyApp,
        _ resolve: () async throws -> ChannelContent, paged: Bool
    ) async throws -> [(text: String, value: KinveyValue)] {
        let name = try context.parameters.require("collection")
        let content = try await resolve()
        let (packName, renames) = try collection(name, app, content)
        var query = ContentQuery(pack: content.head.pack, target: KinveyLayout.name, collection: packName, limit: Self.scanLimit)
        find.pushDown(into: &query, paged: paged)
        let rows = try await catalog.query(query)
        if paged, find.indexAnswers, renames["_geoloc"] == nil,
            rows.allSatisfy({ $0.latitude != nil && $0.longitude != nil && !ContentJSON.contains($0.body, #""_geoloc":"#) })
        {
            // The index's page is the answer; `page` reads no value without a projection.
            return rows.map { row in
                (
                    entity(
                        row, app: app, content: content, renames: renames, shaping: nil, collection: packName, request: request),
                    .null
                )
            }
        }
        let entities = rows.map { row in
            let text = entity(
                row, app: app, content: content, renames: renames, shaping: nil, collection: packName, request: request)
            return (text, (try? KinveyJSONParser.parse(text, maxDepth: Self.maxEntityDepth)) ?? .object([]))
        }
        return try find.matching(entities)
    }
}
