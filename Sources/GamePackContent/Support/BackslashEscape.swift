/// `text` with `\`, `"`, line breaks and tabs written as C escapes (`\\`, `\"`, `\n`, `\r`,
/// `\t`), so that it fits on one line between double quotes: gettext's PO strings, and the texts
/// an l10n import's change lines show.
package func backslashEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
