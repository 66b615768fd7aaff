import Foundation
import GamePackFormat

/// Key sets on a `gamepack serve`: `publish` uploads the ones the server lacks before the pack.
extension ContentServerClient {
    /// Uploads a signed key set. Returns true when the server stored it now, false when it
    /// already had these exact bytes.
    @discardableResult
    public func putKeySet(_ signed: SignedKeySet) async throws -> Bool {
        var request = self.request(
            PublishLayout.keySet(project: signed.set.project, version: signed.set.version), method: "PUT")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let (status, data) = try await perform(request, body: try encoder.encode(KeySetUpload(signed)))
        try check(status, data)
        return status == 201
    }
}
