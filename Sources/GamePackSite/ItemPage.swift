import Foundation
import GamePackContent
import GamePackLint

/// The page of one item, driven by its content type: its findings first, then what the game
/// shows (images and sounds as a card, a route on the map, a place and its validity), the
/// localized texts side by side, the other fields, and the items that refer to it.
struct ItemPage {
    let site: PreviewSite
    let index: Int

    package func html() -> String {
        let e = MarkupEscape.html
        let frame = PageFrame(site: site, depth: 2)
        let snapshot = site.snapshot
        let item = snapshot.project.items[index]
        let type = snapshot.project.type(of: item.collection)
        let title = site.title(of: item)
        var body = "<div class=\"crumbs\"><a href=\"../../index.html\">\(e(site.project.config.name))</a> › "
        body += "<a href=\"index.html\">\(e(item.collection))</a> › \(e(item.id?.text ?? "?"))</div>"
        body += "<h1 data-item=\"\(e(item.collection))/\(e(item.id?.text ?? ""))\">\(e(title))</h1>"
        body +=
            "<div class=\"sub\">\(e(LintContextLabel.singular(item.collection))) <code>\(e(item.id?.text ?? "no id"))</code> · "
        body +=
            site.sourceLink(item.node.location) + "</div>"

        let findings = snapshot.findings(ofItemAt: index)
        if !findings.isEmpty {
            let errors = findings.filter { $0.severity == .error }.count
            body +=
                "<section class=\"card problems\" id=\"problems\"><h2>\(findings.count) \(findings.count == 1 ? "problem" : "problems") on this \(e(LintContextLabel.singular(item.collection)))"
            body += errors > 0 ? " <span class=\"badge error\">\(errors) \(errors == 1 ? "error" : "errors")</span>" : ""
            body += "</h2>\(frame.findings(findings))</section>"
        }

        var shown: Set<String> = []
        let media = MediaView(frame: frame)
        if let card = media.card(item, type: type) {
            body += card
            shown.formUnion(type?.fields.filter { $0.type == .image || $0.type == .audio }.map(\.name) ?? [])
        }
        for path in GeoPath.paths(of: item, in: snapshot) {
            body += RouteView(frame: frame).html(path)
            shown.insert(path.field.name)
        }
        let place = PlaceView(frame: frame)
        body += place.validity(item, type: type)
        body += place.map(item, index: index, type: type)

        let texts = type?.fields.filter { $0.type == .localized && item.node[$0.name] != nil } ?? []
        if !texts.isEmpty {
            body += "<section class=\"card texts\"><h2>Texts</h2>"
            for field in texts {
                let limit = field.maxLength.map { " · at most \($0) characters" } ?? ""
                body +=
                    "<h3 class=\"field-name\" data-field=\"\(e(field.name))\">\(e(field.name))<span class=\"field-type\">\(e(limit))</span></h3>"
                body += frame.localized(item.node[field.name], spec: field)
                shown.insert(field.name)
            }
            body += "</section>"
        }
        let table = frame.fieldTable(item.node, type: type, skipping: shown)
        if !table.isEmpty { body += "<section class=\"card\"><h2>Fields</h2>\(table)</section>" }
        body += ReferrersView(frame: frame).html(item)
        return frame.page(title: title, body: body)
    }
}
