"""axe-core in a Selenium-driven Chromium, shared by the browser walks (preview/preview_axe.py,
studio/studio_walk.py): one way to run it and to count what it finds.

`run(driver)` injects the copy of axe-core that axe-playwright-python bundles (pinned in
requirements.txt) and runs every rule it runs by default (WCAG 2.0-2.2 A and AA, best
practices) on the current page. Text in its background's own colour is no violation to axe but
"incomplete" (it takes it for text hidden on purpose); on our pages it is a label no one can
read, so it is counted as a serious `invisible-text`.
"""
import json
import os

import axe_playwright_python

AXE = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
_SOURCE = None


def run(driver):
    """axe's findings on the page `driver` shows: a dict with `version`, `violations` (each with
    `id`, `impact`, `help` and its `nodes`' selectors) and `invisible` (selectors of text in its
    background's colour), or with `error` when axe could not run."""
    global _SOURCE
    if _SOURCE is None:
        with open(AXE, encoding="utf-8") as f:
            _SOURCE = f.read()
    driver.execute_script(_SOURCE)
    return json.loads(driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify({"
        "version: axe.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        "nodes: v.nodes.map(n => n.target.join(' '))})),"
        "invisible: r.incomplete.filter(v => v.id === 'color-contrast').flatMap(v => v.nodes.filter("
        "n => n.any.some(c => c.data && c.data.messageKey === 'equalRatio')).map(n => n.target.join(' ')))"
        "})), e => done(JSON.stringify({error: String(e)})));"))


def counts(result):
    """Violations per impact, invisible text counted once as serious."""
    found = {"critical": 0, "serious": 0, "moderate": 0, "minor": 0}
    for v in result["violations"]:
        found[v["impact"] or "minor"] += 1
    if result["invisible"]:
        found["serious"] += 1
    return found


def details(result):
    """One line per finding: `  IMPACT RULE (NODES): HELP; the first three nodes`."""
    lines = ["  %s %s (%d): %s; %s" % (v["impact"], v["id"], len(v["nodes"]), v["help"], ", ".join(v["nodes"][:3]))
             for v in result["violations"]]
    if result["invisible"]:
        lines.append("  serious invisible-text (%d): text in the colour of its background; %s" % (
            len(result["invisible"]), ", ".join(result["invisible"][:3])))
    return lines


def fails(found):
    """Whether the counts hold a critical or serious finding."""
    return bool(found["critical"] or found["serious"])
