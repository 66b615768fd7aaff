import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// The API's routes (docs/studio.md): each reads its input, asks the workspace and answers
/// JSON.
struct StudioRoutes {
    let server: StudioServer
    var workspace: StudioWorkspace { server.workspace }

    func register(on router: Router<BasicRequestContext>) {
        StudioPageRoutes(server: server).register(on: router)
        router.get("/api/session") { [server] _, _ in
            jsonResponse(
                .object([
                    "token": .string(server.token), "header": .string("X-Studio-Token"),
                    "project": .string(server.workspace.root.lastPathComponent),
                    "git": .bool(GitRepository(root: server.workspace.root).isRepository),
                ]))
        }
        router.get("/api/types") { [workspace] _, _ in jsonResponse(await workspace.typesJSON()) }
        router.get("/api/collections/:type") { [workspace] request, context in
            let query = request.uri.queryParameters
            let offset = try Self.integer(query.get("offset"), name: "offset", default: 0, range: 0...Int.max)
            let limit = try Self.integer(query.get("limit"), name: "limit", default: 50, range: 1...500)
            return jsonResponse(
                try await workspace.collectionJSON(
                    try Self.parameter(context, "type"), query: query.get("q") ?? "", offset: offset, limit: limit))
        }
        router.get("/api/picker/:type") { [workspace] request, context in
            let query = request.uri.queryParameters
            let offset = try Self.integer(query.get("offset"), name: "offset", default: 0, range: 0...Int.max)
            let limit = try Self.integer(query.get("limit"), name: "limit", default: 20, range: 1...500)
            let ids = (query.get("ids") ?? "").split(separator: ",").map(String.init)
            return jsonResponse(
                try await workspace.pickerJSON(
                    try Self.parameter(context, "type"), query: query.get("q") ?? "", ids: ids, offset: offset, limit: limit))
        }
        router.get("/api/items/:type/:id") { [workspace] _, context in
            jsonResponse(try await workspace.itemJSON(try Self.parameter(context, "type"), try Self.parameter(context, "id")))
        }
        router.put("/api/items/:type/:id") { [workspace] request, context in
            let body = try await Self.json(request)
            return jsonResponse(
                try await workspace.save(
                    try Self.parameter(context, "type"), try Self.parameter(context, "id"), values: body["values"] ?? .null,
                    version: body["version"]?.stringValue))
        }
        router.post("/api/items/:type") { [workspace] request, context in
            let body = try await Self.json(request, allowEmpty: true)
            return jsonResponse(
                try await workspace.create(try Self.parameter(context, "type"), values: body["values"] ?? .null), status: .created
            )
        }
        router.post("/api/items/:type/:id/duplicate") { [workspace] _, context in
            jsonResponse(
                try await workspace.duplicate(try Self.parameter(context, "type"), try Self.parameter(context, "id")),
                status: .created)
        }
        router.delete("/api/items/:type/:id") { [workspace] request, context in
            let confirmed = request.uri.queryParameters.get("confirm") == "true"
            try await workspace.delete(
                try Self.parameter(context, "type"), try Self.parameter(context, "id"), confirmed: confirmed)
            return jsonResponse(.object(["deleted": .bool(true)]))
        }
        router.post("/api/validate") { [workspace] request, _ in
            let body = try await Self.json(request)
            guard let type = body["type"]?.stringValue, let id = body["id"].map({ $0.stringValue ?? $0.text }) else {
                throw StudioError.badRequest("send {type, id, values}", field: body["type"] == nil ? "type" : "id")
            }
            return jsonResponse(try await workspace.validateJSON(type, id, values: body["values"] ?? .null))
        }
        registerAssetsTranslationsGit(on: router)
    }

    func registerAssetsTranslationsGit(on router: Router<BasicRequestContext>) {
        router.post("/api/assets") { [server] request, _ in
            let query = request.uri.queryParameters
            guard let name = query.get("name") else { throw StudioError.badRequest("`name` is required", field: "name") }
            let data: Data
            do {
                var request = request
                data = Data(try await request.collectBody(upTo: server.configuration.uploadLimit).readableBytesView)
            } catch {
                throw StudioError(
                    413, "the upload is larger than \(server.configuration.uploadLimit) bytes; make the file smaller",
                    field: "file")
            }
            let stored = try AssetUpload.store(
                data, folder: query.get("folder") ?? "", name: name, root: server.workspace.root,
                replace: query.get("replace") == "true")
            await server.workspace.reload(["assets/" + stored.path])
            var answer: [String: JSONValue] = [
                "path": .string(stored.path), "format": .string(stored.info.format.rawValue),
                "bytes": .int(stored.info.byteCount),
            ]
            if let width = stored.info.width, let height = stored.info.height {
                answer["width"] = .int(width)
                answer["height"] = .int(height)
            }
            return jsonResponse(.object(answer), status: .created)
        }
        router.get("/api/translations") { [workspace] request, _ in
            jsonResponse(try await workspace.translationsJSON(collection: request.uri.queryParameters.get("type")))
        }
        router.put("/api/translations") { [workspace] request, _ in
            let body = try await Self.json(request)
            guard let unit = body["unit"]?.stringValue else { throw StudioError.badRequest("`unit` is required", field: "unit") }
            guard let locale = body["locale"]?.stringValue else {
                throw StudioError.badRequest("`locale` is required", field: "locale")
            }
            let file = try await workspace.translate(
                unit: unit, locale: locale, text: body["text"]?.stringValue, identical: body["identical"] == .bool(true))
            return jsonResponse(.object(["file": .string(file)]))
        }
        router.get("/api/git/status") { [workspace] _, _ in
            jsonResponse(try await GitRepository(root: workspace.root).statusJSON())
        }
        router.post("/api/git/commit") { [workspace] request, _ in
            let body = try await Self.json(request)
            return jsonResponse(
                try GitRepository(root: workspace.root).commit(
                    message: body["message"]?.stringValue ?? "", branch: body["branch"]?.stringValue), status: .created)
        }
    }

    // MARK: Input

    static func parameter(_ context: BasicRequestContext, _ name: String) throws -> String {
        guard let value = context.parameters.get(name) else { throw StudioError.badRequest("`\(name)` is missing", field: name) }
        return value
    }

    static func integer(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw StudioError.badRequest(
                "`\(name)` must be a whole number in \(range.lowerBound)…\(range.upperBound)", field: name)
        }
        return number
    }

    /// The request's JSON body (at most 4 MB).
    static func json(_ request: Request, allowEmpty: Bool = false) async throws -> JSONValue {
        var request = request
        let data: Data
        do {
            data = Data(try await request.collectBody(upTo: 4 * 1024 * 1024).readableBytesView)
        } catch {
            throw StudioError(413, "the body is larger than 4 MB", field: "body")
        }
        if data.isEmpty && allowEmpty { return .object([:]) }
        do {
            let value = try JSONScanner.parse(data)
            guard value.members != nil else { throw StudioError.badRequest("the body must be a JSON object", field: "body") }
            return value
        } catch let error as StudioError {
            throw error
        } catch {
            throw StudioError.badRequest("the body is not JSON: \(JSONScanner.explain(error, in: data))", field: "body")
        }
    }
}
