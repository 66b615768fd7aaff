import Foundation
import GamePackContent
import GamePackLocalization

/// The start page: the collections with their item counts and problems, translation coverage
/// per locale, the lint summary, and the findings that belong to no item.
struct IndexPage {
    let site: PreviewSite

    package func html() -> String {
        let e = MarkupEscape.html
        let frame = PageFrame(site: site, depth: 0)
        let snapshot = site.snapshot, project = site.project
        let counts = snapshot.counts
        var body = "<h1>\(e(project.config.name))</h1>"
        body +=
            "<div class=\"sub\">project <code>\(e(project.config.id))</code> · locales \(e(project.config.locales.joined(separator: ", "))) (default \(e(project.config.defaultLocale))) · \(plural(project.items.count, "item")) in \(plural(project.contentFiles.count, "file")) · \(plural(project.assetFiles.count, "asset"))</div>"
        body += "<section class=\"card\" id=\"lint-summary\"><h2>Lint</h2><p>"
        body +=
            counts.errors + counts.warnings + counts.notes == 0
            ? "<span class=\"badge ok\">no problems found</span>"
            : "<span class=\"badge error\">\(plural(counts.errors, "error"))</span> <span class=\"badge warning\">\(plural(counts.warnings, "warning"))</span> <span class=\"badge note\">\(plural(counts.notes, "note"))</span>"
        body += " — the same checks as <code>gamepack lint</code>; each finding is shown on its item.</p></section>"

        let translationLocales = project.config.translationLocales
        body +=
            "<section class=\"card\"><h2>Collections</h2><table class=\"collections\"><tr><th>collection</th><th class=\"num\">items</th><th>problems</th>"
        for locale in translationLocales { body += "<th>\(e(locale)) translated</th>" }
        body += "<th>content type</th></tr>"
        for collection in site.collections {
            let indexes = snapshot.itemsByCollection[collection] ?? []
            let findings = indexes.flatMap { snapshot.findings(ofItemAt: $0) }
            let type = project.type(of: collection)
            body +=
                "<tr data-collection=\"\(e(collection))\"><td><a href=\"\(e(site.collectionHref(collection, depth: 0)))\">\(e(collection))</a></td>"
            body += "<td class=\"num\">\(indexes.count)</td><td>\(CollectionPage.badges(findings, in: site))</td>"
            for locale in translationLocales {
                let counts = snapshot.coverage?.coverage(of: locale)?.collections.first { $0.collection == collection }?.counts
                body += "<td>\(counts.map { Self.bar($0) } ?? "<span class=\"muted\">—</span>")</td>"
            }
            let origin =
                type?.sourceFile.map { "<code>\(e($0))</code>" }
                ?? (type == nil ? "<span class=\"badge error\">none</span>" : "built-in")
            body += "<td><span class=\"muted\">\(e(type?.description ?? ""))</span> \(origin)</td></tr>"
        }
        body += "</table></section>"

        if !translationLocales.isEmpty {
            body +=
                "<section class=\"card\" id=\"coverage\"><h2>Translation coverage</h2><table><tr><th>locale</th><th>translated</th><th class=\"num\">missing</th><th class=\"num\">same as \(e(project.config.defaultLocale))</th><th class=\"num\">stale</th></tr>"
            for locale in translationLocales {
                guard let counts = snapshot.coverage?.coverage(of: locale)?.counts else {
                    body += "<tr><td>\(e(locale))</td><td colspan=\"4\" class=\"muted\">being counted…</td></tr>"
                    continue
                }
                body +=
                    "<tr data-locale=\"\(e(locale))\"><td>\(e(locale))</td><td>\(Self.bar(counts))</td><td class=\"num\">\(counts.missing)</td><td class=\"num\">\(counts.identical)</td><td class=\"num\">\(counts.stale)</td></tr>"
            }
            body += "</table></section>"
        }
        let loose = snapshot.unattachedFindings.filter { !snapshot.blockingFindings.contains($0) }
        if !loose.isEmpty {
            body +=
                "<section class=\"card\" id=\"project-findings\"><h2>Findings outside items (\(loose.count))</h2>\(frame.findings(Array(loose.prefix(500))))</section>"
        }
        return frame.page(title: "Overview", body: body)
    }

    /// A coverage bar with its percentage and counts.
    static func bar(_ counts: TranslationCounts) -> String {
        let percent = counts.total == 0 ? 100 : counts.percentTranslated
        let width = Int(percent.rounded())
        return
            "<span class=\"coverage-bar\"><span class=\"w\(width)\"></span></span> \(HTMLText.number(percent, digits: 1))% <span class=\"muted\">(\(counts.translated)/\(counts.total))</span>"
    }
}
