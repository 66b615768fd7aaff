import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird

extension KinveyController {
    /// The Kinvey name of the pack collection `packName` (`KinveyApp.collections` read backwards).
    func kinveyName(of packName: String, _ app: KinveyApp) -> String {
        app.collections?.first { $0.value == packName }?.key ?? packName
    }

    /// `metaData.lastModified` for a resource whose content was first published at `iso`
    /// (ISO 8601): in the app's `metaDataTimeFormat` (UTC) when it has one, else Kinvey's time.
    static func metaDataTime(_ iso: String, _ app: KinveyApp) -> String {
        guard let pattern = app.metaDataTimeFormat, let date = ISO8601DateFormatter().date(from: iso) else {
            return kinveyTime(iso)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// `GET /blob/{appKey}/download-loc/{resourceName}` (KinveyKit 1.x's `downloadResource:` and
    /// `getStreamingURL`): a 302 to the resource's immutable file URL under the public base URL:
    /// the pack's resource of that name, else a file a user uploaded under it. The name is the
    /// rest of the path (a pack's resource names may hold `/`).
    func downloadLocation(_ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent)
        async throws -> Response
    {
        let name = Self.resourceName(context)
        var sha = try await packResource(name, resolve)
        if sha == nil { sha = try await players.store.file(app: app.appKey, name: name)?.sha256 }
        guard let sha else {
            throw KinveyError(
                .notFound, "BlobNotFound", "This blob not found for this app backend", debug: "no resource named \(name)")
        }
        var headers: HTTPFields = [.location: "\(publicURL)/v1/files/\(sha)", .cacheControl: "no-cache"]
        headers[.contentLength] = "0"
        return Response(status: .found, headers: headers)
    }

    /// The resource name in a `…-loc/{name}` path, percent-decoded.
    static func resourceName(_ context: BasicRequestContext) -> String {
        let raw = context.parameters.getCatchAll().joined(separator: "/")
        return raw.removingPercentEncoding ?? raw
    }

    /// The SHA-256 of the pack's `metaData` resource named `name`, if there is one.
    func packResource(_ name: String, _ resolve: () async throws -> ChannelContent) async throws -> String? {
        let content = try await resolve()
        guard content.collections[KinveyLayout.name]?.contains(KinveyLayout.metadataCollection) == true else { return nil }
        var query = ContentQuery(
            pack: content.head.pack, target: KinveyLayout.name, collection: KinveyLayout.metadataCollection, limit: 1)
        query.filters = [.oneOf(path: ["resourceName"], values: [.string(name)])]
        guard let row = try await catalog.index!.queryContent(query).first else { return nil }
        return (ContentJSON.parse(row.body) as? [String: Any])?["sha256"] as? String
    }
}
