import Foundation

/// The items of a content file by collection, as `GohikeContentReader` read them.
package struct GohikeItems: Sendable {
    package var profiles: [GohikeItem]
    package var routes: [GohikeItem]
    package var locations: [GohikeItem]
    package var rewards: [GohikeItem]
}
