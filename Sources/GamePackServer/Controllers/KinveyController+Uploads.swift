import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// KinveyKit 1.x's `saveLocalResource:` (Whack-A-VC's shared profile pictures):
/// `GET /blob/{appKey}/upload-loc/{name}` with a user's credentials answers `{"URI": …}`, a
/// one-time URI (under the public base URL) valid `uploadSeconds`; `PUT` of the file's bytes to it
/// answers 201. Only images (PNG, JPEG, GIF, WebP, by their bytes) are taken, within the user's
/// `blobBytesPerUser`; a name the pack publishes, or another user's file, cannot be replaced
/// (403). `download-loc/{name}` then redirects to the file.
extension KinveyController {
    /// How long an upload URI is valid, in seconds.
    static let uploadSeconds = 600.0

    func uploadLocation(
        _ request: Request, _ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent
    ) async throws -> Response {
        let user = try await auth.principal(request, app: app).requireUser("upload-loc")
        let name = Self.resourceName(context)
        guard (1...256).contains(name.utf8.count), !name.contains("\u{0}") else {
            throw KinveyError(.badRequest, "BadRequest", "The blob name is not acceptable", debug: "a name has 1 to 256 bytes")
        }
        guard try await packResource(name, resolve) == nil else {
            throw KinveyError.notYours("\(name) is a published resource of this app")
        }
        let token = KinveyTime.randomHex(32)
        let expires = ChannelPointer.formatTime(Date().addingTimeInterval(Self.uploadSeconds))
        try await players.store.insertUploadGrant(
            tokenHash: UploadTokens.hash(token),
            PlayerUploadGrant(app: app.appKey, creator: user.id, name: name, expires: expires))
        return Self.json(#"{"URI":\#(JSONStringLiteral.quoted("\(publicURL)/blob/\(app.appKey)/upload/\(token)"))}"#)
    }

    /// `PUT /blob/{appKey}/upload/{token}`: the bytes of the file the token's grant names.
    func upload(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let key = try context.parameters.require("appKey")
        guard let app = apps[key] else { throw KinveyAuthenticator.refused("no Kinvey app \(key) on this server") }
        let token = try context.parameters.require("id")
        guard let grant = try await players.store.takeUploadGrant(tokenHash: UploadTokens.hash(token)), grant.app == app.appKey,
            grant.expires > ChannelPointer.formatTime(Date())
        else { throw KinveyAuthenticator.refused("this upload URI is unknown, used or expired; ask upload-loc again") }
        let limit = Int(min(app.caps.maxBlobBytes, 64 << 20))
        var request = request
        let data: Data
        do {
            data = Data(buffer: try await request.collectBody(upTo: limit))
        } catch is NIOTooManyBytesError {
            throw KinveyError.tooLarge("a user keeps at most \(app.caps.maxBlobBytes) bytes of files")
        }
        guard Self.isImage(data) else {
            throw KinveyError(
                .badRequest, "BadRequest", "Only images are accepted", debug: "the bytes are not PNG, JPEG, GIF or WebP")
        }
        let sha = Digest.sha256Hex(data)
        try await blobs.whileUploading { try await blobs.store(data, at: PublishLayout.file(sha256: sha)) }
        let file = PlayerFile(
            app: app.appKey, name: grant.name, creator: grant.creator, sha256: sha, size: Int64(data.count),
            created: ChannelPointerTime.now())
        switch try await players.store.writeFile(file, maxBytesPerUser: app.caps.maxBlobBytes) {
        case .created, .replaced:
            return Self.json(
                #"{"_filename":\#(JSONStringLiteral.quoted(grant.name)),"size":\#(data.count),"sha256":"\#(sha)"}"#,
                status: .created)
        case .notCreator: throw KinveyError.notYours("\(grant.name) belongs to another user")
        case .overQuota: throw KinveyError.tooLarge("a user keeps at most \(app.caps.maxBlobBytes) bytes of files")
        }
    }

    /// Whether `data` starts as a PNG, JPEG, GIF or WebP file does.
    static func isImage(_ data: Data) -> Bool {
        let bytes = Array(data.prefix(12))
        let starts = { (prefix: [UInt8]) in bytes.starts(with: prefix) }
        return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) || starts([0xFF, 0xD8, 0xFF])
            || starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
            || (starts(Array("RIFF".utf8)) && bytes.count == 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
    }
}
