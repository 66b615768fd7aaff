import Foundation
import GamePackFormat

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adoption figures: an app that opts in (`Configuration.reportsAdoption`) tells its server which
/// version of the channel it runs, so that a release manager sees how many installs run which
/// version (`gamepack history --adoption`).
///
/// After a successful `check()` or `update()`, the client posts an `AdoptionReport` (the
/// installed pack's version and, while the channel has a rollout, the install's bucket for it)
/// to `v1/projects/<project>/channels/<channel>/adoption`. It never sends the install id. It
/// reports at most once per UTC day (by `Configuration.now`) per channel and version,
/// remembering what it reported in `adoption-reported` in the storage folder. Only `http(s)`
/// servers get reports (never a `file:` tree); a report that fails changes nothing else: the
/// check or update it follows still succeeds.
extension GamePackClient {
    /// What the client reported today, kept in `adoption-reported` (JSON).
    struct AdoptionRecord: Codable, Equatable {
        /// The UTC day of the reports, `yyyy-MM-dd`.
        var day: String
        /// `<project>/<channel> <version>` of each report sent that day.
        var reported: [String]
    }

    /// The most reports remembered per day (an install reports one or two versions a day).
    static let adoptionRecordLimit = 16

    /// Returns `result` after reporting the current content's adoption, when the app opted in.
    func reportingAdoption<Result: Sendable>(_ result: Result) async -> Result {
        await reportAdoption()
        return result
    }

    /// Reports the current content once per UTC day per channel and version; does nothing unless
    /// `reportsAdoption` is set and the base URL is `http(s)`.
    func reportAdoption() async {
        guard configuration.reportsAdoption, let scheme = configuration.baseURL.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let content = loaded
        else { return }
        let report = adoptionReport(for: content)
        let day = AdoptionReport.day(of: configuration.now())
        let key = "\(configuration.project)/\(configuration.channel) \(report.version)"
        var record = readAdoptionRecord().flatMap { $0.day == day ? $0 : nil } ?? AdoptionRecord(day: day, reported: [])
        if record.reported.contains(key) { return }
        guard await postAdoption(report) else { return }
        record.reported = Array((record.reported + [key]).suffix(Self.adoptionRecordLimit))
        if let data = try? JSONEncoder().encode(record) {
            try? store.writeAtomically(data, to: store.adoptionRecordFile)
        }
    }

    /// The report for `content`: its version and, when the pointer that installed it has a
    /// rollout, the install's bucket for the rollout pack's version.
    func adoptionReport(for content: InstalledContent) -> AdoptionReport {
        var bucket: Int?
        if case .channel(let pointer) = content.source, let rollout = pointer.rollout, let id = try? store.installID() {
            bucket = ChannelRollout.bucket(installID: id, version: rollout.pack.version)
        }
        return AdoptionReport(version: content.version, bucket: bucket)
    }

    func readAdoptionRecord() -> AdoptionRecord? {
        guard let data = try? Data(contentsOf: store.adoptionRecordFile) else { return nil }
        return try? JSONDecoder().decode(AdoptionRecord.self, from: data)
    }

    /// Posts `report`; true when it is settled for the day: counted, or refused for good (a 4xx
    /// such as a static host's 404). False when it should be tried again at the next check: no
    /// answer, 429 or a 5xx.
    func postAdoption(_ report: AdoptionReport) async -> Bool {
        let url = configuration.baseURL.appendingPathComponent(
            AdoptionReport.path(project: configuration.project, channel: configuration.channel))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(report)
        request.timeoutInterval = min(configuration.timeout, 10)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let status: Int? = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { _, response, _ in
                continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode)
            }.resume()
        }
        guard let status else { return false }
        return status < 500 && status != 429
    }
}

extension ContentStore {
    /// What the client reported of its adoption today (`GamePackClient.AdoptionRecord`).
    var adoptionRecordFile: URL { root.appendingPathComponent("adoption-reported") }
}
