/// English names of locale codes for messages.
package enum LocaleNames {
    package static func name(_ code: String) -> String {
        switch code.prefix(2) {
        case "en": "English"
        case "nl": "Dutch"
        case "de": "German"
        case "fr": "French"
        case "es": "Spanish"
        default: code
        }
    }
}
