import Foundation
import GamePackFormat
import Hummingbird

/// `GET /v1.0/connection/{relation}/{type}/{id}/find`: the objects connected to one object
/// through a relation, as `APConnections fetchObjectsConnectedToObjectOfType:…` asks
/// (DealHunter's deal details). Connections are the relation's `property` on the `from`
/// object: ids of `to` objects, or one embedded object (whose node id is `<id>-<relation>`).
/// Asked from the `to` side, the `from` objects that refer to the id answer.
extension AppacitiveController {
    func connected(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        let name = try context.parameters.require("relation")
        let type = try context.parameters.require("type"), id = try context.parameters.require("id")
        guard let relation = app.relations?[name] else {
            throw AppacitiveError.notFound(
                "no relation \(name) (this app has: \((app.relations ?? [:]).keys.sorted().joined(separator: ", ")))")
        }
        let parameters = AppacitiveQueryParameters(request.uri.query)
        let (number, size) = try parameters.page()
        let content = try await content(app)
        var nodes: [(object: AppacitiveObject, edge: String)] = []
        if type == relation.from {
            let from = try await collection(relation.from, app, content)
            guard let index = from.byID[id] else { throw AppacitiveError.notFound("no \(type) object with id \(id)") }
            let source = from.objects[index]
            switch source.properties[relation.property] {
            case .object(let members)?:
                let node = AppacitiveObject(
                    id: "\(id)-\(name)", position: 0, type: relation.to, properties: members, created: source.created,
                    modified: source.modified, json: "")
                nodes = [(node, node.id)]
            case let value?:
                let to = try await collection(relation.to, app, content)
                nodes = Self.references(value).compactMap { ref in to.byID[ref].map { (to.objects[$0], "\(id)-\(ref)") } }
            case nil: nodes = []
            }
        } else if type == relation.to {
            let to = try await collection(relation.to, app, content)
            guard to.byID[id] != nil else { throw AppacitiveError.notFound("no \(type) object with id \(id)") }
            let from = try await collection(relation.from, app, content)
            nodes = from.objects.filter { object in
                object.properties[relation.property].map { Self.references($0).contains(id) } ?? false
            }.map { ($0, "\($0.id)-\(id)") }
        } else {
            throw AppacitiveError.badRequest("relation \(name) joins \(relation.from) and \(relation.to), not \(type)")
        }
        let returnEdge = parameters["returnedge"]?.lowercased() == "true"
        let fields = parameters.fields
        let start = min((number - 1) * size, nodes.count)
        let page = nodes[start..<min(start + size, nodes.count)].map { node -> String in
            var extra: [String: Any] = [:]
            if returnEdge {
                extra["__edge"] =
                    [
                        "__id": node.edge, "__relationid": node.edge, "__relationtype": name, "__label": node.object.type,
                        "__revision": "1", "__tags": [String](), "__attributes": [String: String](),
                        "__utcdatecreated": node.object.created, "__utclastupdateddate": node.object.modified,
                    ] as [String: Any]
            }
            return node.object.rendered(fields: fields ?? (extra.isEmpty ? nil : Set(node.object.properties.keys)), extra: extra)
        }
        return AppacitiveResponse.ok([
            ("paginginfo", AppacitiveResponse.paging(number: number, size: size, total: nodes.count)),
            ("parent", JSONStringLiteral.quoted(type)), ("nodes", "[" + page.joined(separator: ",") + "]"),
        ])
    }

    /// The ids a relation property holds: one id, or a list of them.
    static func references(_ value: AppacitiveValue) -> [String] {
        switch value {
        case .list(let values): values.compactMap(\.text)
        default: value.text.map { [$0] } ?? []
        }
    }
}
