import Foundation
import GamePackFormat

extension ContentServerClient {
    /// The channel's adoption figures for the last `days` UTC days, newest day first.
    public func adoption(project: String, channel: String, days: Int) async throws -> AdoptionFigures {
        let (status, data) = try await perform(
            request("\(AdoptionReport.path(project: project, channel: channel))?days=\(days)", method: "GET"))
        try check(status, data)
        do {
            return try JSONDecoder().decode(AdoptionFigures.self, from: data)
        } catch {
            throw Failure(status: status, code: "invalid_figures", message: "the server sent invalid adoption figures: \(error)")
        }
    }
}
