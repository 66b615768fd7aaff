import Foundation

/// The content types every project has without a `schema/` file: the collections of the four
/// games gamepack serves. They are written in the same YAML a project's own schema files use and
/// parsed by the same code, so a built-in type is data, not a special case.
public enum BuiltinTypes {
    /// The built-in types, parsed from `sources` once per process (every project load and every
    /// snapshot read starts from them).
    public static let types: [String: ContentType] = {
        // Their patterns compiled when first matched: a test compiles every one.
        var parser = SchemaParser(compilesPatterns: false)
        var types: [String: ContentType] = [:]
        for (name, yaml) in sources {
            if case .loaded(let node) = SourceLoader.load(data: Data(yaml.utf8), path: "<built-in \(name)>"),
                let type = parser.parseType(name: name, root: node, sourceFile: nil)
            {
                types[name] = type
            }
        }
        precondition(parser.diagnostics.isEmpty, "built-in types are invalid: \(parser.diagnostics)")
        return types
    }()

    /// Schema YAML per collection name.
    public static let sources: [(name: String, yaml: String)] = [
        ("phrases", phrases), ("vcs", vcs), ("profiles", profiles), ("routes", routes),
        ("locations", locations), ("rewards", rewards), ("deals", deals),
    ]

    static let phrases = """
        description: Short lines shown during play (Whack-A-VC).
        fields:
          text: {type: localized, required: true, max_length: 80, description: The phrase as shown on screen}
        """

    static let vcs = """
        description: Venture capitalists to whack (Whack-A-VC), each with a game image and a profile image.
        fields:
          name: {type: string, required: true, max_length: 60}
          firm: {type: string, max_length: 60}
          twitter: {type: string, pattern: '[A-Za-z0-9_]{1,15}', description: Twitter handle without the @}
          game_image: {type: image, required: true, formats: [png, jpeg, webp], max_width: 2048, max_height: 2048}
          profile_image: {type: image, required: true, formats: [png, jpeg, webp], max_width: 2048, max_height: 2048}
          sound: {type: audio, formats: [wav, mp3, caf, m4a]}
        """

    static let profiles = """
        description: Player profiles (Go Take a Hike!); each offers routes.
        fields:
          order: {type: int, description: Display order among profiles (then by id)}
          name: {type: localized, required: true, max_length: 60}
          description: {type: localized, max_length: 2000}
          image: {type: image, formats: [jpeg, png], max_width: 4096, max_height: 4096}
          icon: {type: image, formats: [png, jpeg], max_width: 1024, max_height: 1024}
        """

    static let routes = """
        description: City walks (Go Take a Hike!) of ordered waypoints at locations.
        fields:
          profile: {type: reference, to: profiles, required: true}
          order: {type: int, description: Display order within the profile (then by id)}
          name: {type: localized, required: true, max_length: 60}
          description: {type: localized, max_length: 2000}
          image: {type: image, formats: [jpeg, png], max_width: 4096, max_height: 4096}
          icon: {type: image, formats: [png, jpeg], max_width: 1024, max_height: 1024}
          reward: {type: reference, to: rewards}
          waypoints:
            type: list
            of: {type: reference, to: locations}
            geo_path: position
            description: The locations in walking order; players' progress refers to them
        """

    static let locations = """
        description: Places a route visits (Go Take a Hike!).
        fields:
          name: {type: localized, required: true, max_length: 80}
          description: {type: localized, max_length: 2000}
          position: {type: geo, required: true}
          image: {type: image, formats: [jpeg, png], max_width: 4096, max_height: 4096}
        """

    static let rewards = """
        description: Badges a player earns by finishing a route (Go Take a Hike!).
        fields:
          name: {type: localized, required: true, max_length: 60}
          description: {type: localized, max_length: 2000}
          image: {type: image, formats: [png], max_width: 2048, max_height: 2048}
        """

    static let deals = """
        description: Daily deals at a place (DealHunter), found within 5 km of the player.
        fields:
          name: {type: string, required: true, max_length: 80}
          location: {type: geo, required: true}
          category: {type: enum, values: [food, drinks, fashion, electronics, leisure, services, other]}
          details:
            type: object
            required: true
            fields:
              store_name: {type: string, required: true, max_length: 80}
              address: {type: string, max_length: 200}
              text: {type: text, max_length: 1000}
          url: {type: url}
          valid_from: {type: date}
          valid_until: {type: date, not_before: valid_from}
          featured: {type: bool}
        """
}
