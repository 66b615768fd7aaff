import Foundation

/// A check-in request body, as the Go Take a Hike! apps send it.
struct CheckinRequest: Decodable {
    struct Item: Decodable {
        var locationID: Int64
        var routeID: Int64
        var timestamp: String

        enum CodingKeys: String, CodingKey {
            case locationID = "location_id"
            case routeID = "route_id"
            case timestamp
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            locationID = try Self.integer(container, .locationID)
            routeID = try Self.integer(container, .routeID)
            timestamp = (try? container.decode(String.self, forKey: .timestamp)) ?? ""
        }

        /// An id as a JSON number or a string of digits (iOS sent strings).
        static func integer(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int64 {
            if let value = try? container.decode(Int64.self, forKey: key) { return value }
            if let text = try? container.decode(String.self, forKey: key), let value = Int64(text) { return value }
            throw DecodingError.typeMismatch(
                Int64.self, .init(codingPath: container.codingPath + [key], debugDescription: "not an integer id"))
        }
    }

    var identifier: String
    var checkins: [Item]
}
