import Foundation
import GamePackFormat
import GamePackSite
import Hummingbird
import NIOCore

/// The page's routes: the page, its stylesheets and script, the project's assets (thumbnails,
/// photos, sounds) as `PreviewAssets` allows them, the asset picker's list, and the map
/// (`StudioMap`) drawn by the preview's map code.
struct StudioPageRoutes {
    let server: StudioServer

    func register(on router: Router<BasicRequestContext>) {
        let page = StudioPage.html(project: server.workspace.root.lastPathComponent)
        router.get("/") { _, _ in StudioPage.response(page, type: "text/html; charset=utf-8") }
        router.get("/_studio/preview.css") { _, _ in
            StudioPage.response(PreviewResources.stylesheet, type: "text/css; charset=utf-8")
        }
        router.get("/_studio/studio.css") { _, _ in StudioPage.response(StudioStyles.stylesheet, type: "text/css; charset=utf-8")
        }
        router.get("/_studio/studio.js") { _, _ in
            StudioPage.response(StudioScript.source, type: "text/javascript; charset=utf-8")
        }
        router.get("/assets/**") { [workspace = server.workspace] request, _ in
            let raw = String(request.uri.path.dropFirst("/assets/".count))
            let decoded = raw.removingPercentEncoding
            // A `..` is refused by name (400), not merely not found.
            if let decoded { _ = try ProjectPaths.inside(workspace.root, "assets/" + decoded, field: "path") }
            guard let path = decoded, let (data, type) = await workspace.asset(path) else {
                throw StudioError.notFound("no such asset")
            }
            return StudioPage.response(ByteBuffer(bytes: data), type: type)
        }
        router.get("/api/assets") { [workspace = server.workspace] request, _ in
            let query = request.uri.queryParameters
            return jsonResponse(
                try await workspace.assetListJSON(folder: query.get("folder") ?? "", kind: query.get("kind") ?? "image"))
        }
        router.post("/api/map") { [workspace = server.workspace] request, _ in
            jsonResponse(try await workspace.mapJSON(try await StudioRoutes.json(request)))
        }
    }
}
