#!/usr/bin/env python3
"""Walks `gamepack studio` in headless Chromium through Selenium as an editor would, on a copy
of one example, as far as its content types allow:

  create   create an item of a type with a map by clicking the map (English and Dutch filled,
           a photo uploaded), and see it in the list;
  route    add it to a route and drag it to second place: the legs' distances change, and
           each leg's label matches an independent haversine of the pins;
  reference  break a reference and see the finding at its field, then fix it;
  translate  make a Dutch text stale (the English changed), then translate every stale or
           missing text in the translator view until `gamepack l10n status` says 100%;
  commit   save, then commit: `git log` shows the commit, `gamepack lint` is clean, and
           `git diff` of a saved file shows only the lines that changed;
  conflict change a file on disk while it is open, save: both versions are shown, and
           putting one's changes on top keeps both edits;
  axe      axe-core (the copy axe-playwright-python bundles) on every studio view: no
           critical or serious violation.

Usage: studio_walk.py --url URL --dir PROJECT --gamepack BIN --photo FILE --shots DIR --name NAME
Prints `ok: …` per check, `step STEP: passed|n/a (why)` per step and "ALL STEPS PASSED";
exits 1 on the first failure. Screenshots go to DIR/studio-NAME-STEP.png.
"""
import argparse
import base64
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# The preview's browser test has the waiting and the independent haversine; one copy of each.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "preview"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import axe_run  # noqa: E402  (Fixtures/axe_run.py, shared with the preview's axe check)
import preview_browser  # noqa: E402
from preview_browser import describe, haversine  # noqa: E402

ARGS = None
DRIVER = None


def fail(message):
    print("FAIL: " + message, flush=True)
    try:
        shot("failure")
        for entry in DRIVER.get_log("browser")[-10:]:
            print("  console: " + entry.get("message", ""), flush=True)
    except Exception:
        pass
    sys.exit(1)


preview_browser.fail = fail


def ok(message):
    print("ok: " + message, flush=True)


def wait_for(predicate, what, timeout=10):
    return preview_browser.wait_for(predicate, timeout, what)


def make_driver():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def shot(step):
    path = os.path.join(ARGS.shots, "studio-%s-%s.png" % (ARGS.name, step))
    height = DRIVER.execute_script("return Math.min(Math.max(document.documentElement.scrollHeight, 1000), 3000)")
    DRIVER.set_window_size(1400, height)
    DRIVER.save_screenshot(path)
    DRIVER.set_window_size(1400, 1000)
    ok("screenshot " + path)


def console_errors():
    problems = []
    for entry in DRIVER.get_log("browser"):
        text = entry.get("message", "")
        if entry.get("level") == "SEVERE" and ("Uncaught" in text or "Content Security Policy" in text or "Refused" in text):
            problems.append(text)
    return problems


def api(path):
    with urllib.request.urlopen(ARGS.url.rstrip("/") + path) as response:
        return json.load(response)


def gamepack(*arguments):
    return subprocess.run([ARGS.gamepack] + list(arguments), cwd=ARGS.dir, capture_output=True, text=True)


def git(*arguments):
    return subprocess.run(["git"] + list(arguments), cwd=ARGS.dir, capture_output=True, text=True)


def go(fragment):
    # A fresh load each time: a change of the hash alone would keep the old view in place
    # until the new one is drawn, and a lookup could find the old view's fields.
    DRIVER.get("about:blank")
    DRIVER.get(ARGS.url.rstrip("/") + "/" + fragment)
    wait_for(lambda: DRIVER.execute_script("return document.documentElement.getAttribute('data-ready')") == "1", "the page to start")


def field(path):
    return DRIVER.find_element(By.CSS_SELECTOR, '#form .field[data-path="%s"]' % path)


def findings_at(path):
    return [li.text for li in DRIVER.find_elements(By.CSS_SELECTOR, '#form .field[data-path="%s"] > .field-findings li' % path)]


def center(element):
    DRIVER.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    return element


def type_into(element, text):
    element.clear()
    element.send_keys(text)


def saved():
    DRIVER.find_element(By.ID, "save").click()
    wait_for(lambda: DRIVER.find_element(By.ID, "status").text.startswith("Saved") or "Not saved" in DRIVER.find_element(By.ID, "status").text, "the save")
    status = DRIVER.find_element(By.ID, "status").text
    if not status.startswith("Saved"):
        fail("save refused: " + status)
    return status


def axe(view):
    """axe-core on the current view (`Fixtures/axe_run.py`); fails on a critical or serious
    finding, text in its background's colour among them."""
    result = axe_run.run(DRIVER)
    if "error" in result:
        fail("axe did not run on %s: %s" % (view, result["error"]))
    counts = axe_run.counts(result)
    print("axe %s (%s): critical %d serious %d moderate %d minor %d" % (view, result["version"], counts["critical"], counts["serious"], counts["moderate"], counts["minor"]), flush=True)
    for line in axe_run.details(result):
        print(line, flush=True)
    if axe_run.fails(counts):
        fail("axe: critical or serious violations on " + view)


def drop_file(target, path):
    """Drops a file from disk on `target` as the browser does for a drag from the desktop: a
    DataTransfer holding the file's bytes, through dragenter, dragover and drop (WebDriver cannot
    drag from outside the page)."""
    kind = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp"}.get(os.path.splitext(path)[1].lower(), "application/octet-stream")
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    DRIVER.execute_script(
        "const [target, data, name, type] = arguments;"
        "const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));"
        "const transfer = new DataTransfer();"
        "transfer.items.add(new File([bytes], name, {type}));"
        "for (const kind of ['dragenter', 'dragover', 'drop']) {"
        "  target.dispatchEvent(new DragEvent(kind, {bubbles: true, cancelable: true, dataTransfer: transfer}));"
        "}", target, data, os.path.basename(path), kind)


def fill(spec, path, text):
    """Fills a required field the way an editor would."""
    block = field(path)
    widget = spec["widget"]
    if widget == "localized":
        for locale in INFO["locales"]:
            box = block.find_element(By.CSS_SELECTOR, '.loc[data-locale="%s"] input, .loc[data-locale="%s"] textarea' % (locale, locale))
            type_into(box, text if locale == INFO["defaultLocale"] else "NL " + text)
    elif widget in ("text", "textarea"):
        type_into(block.find_element(By.CSS_SELECTOR, "input, textarea"), text[: spec.get("maxLength", 200)])
    elif widget == "url":
        type_into(block.find_element(By.CSS_SELECTOR, "input"), "https://example.com/studio")
    elif widget == "number":
        type_into(block.find_element(By.CSS_SELECTOR, "input"), str(spec.get("min", 1)))
    elif widget == "select":
        from selenium.webdriver.support.ui import Select
        Select(block.find_element(By.CSS_SELECTOR, "select")).select_by_index(1)
    elif widget == "object":
        for child in spec.get("fields", []):
            if child["required"]:
                fill(child, path + "." + child["name"], text)
    elif widget in ("image", "audio"):
        if UPLOADED.get("path") is None:
            drop_file(block.find_element(By.CSS_SELECTOR, ".drop"), ARGS.photo)
            wait_for(lambda: "Uploaded" in DRIVER.find_element(By.ID, "status").text or "Not uploaded" in DRIVER.find_element(By.ID, "status").text, "the upload")
            status = DRIVER.find_element(By.ID, "status").text
            if "Uploaded" not in status:
                fail("upload refused: " + status)
            UPLOADED["path"] = block.find_element(By.CSS_SELECTOR, ".asset-row code").text
            if not os.path.exists(os.path.join(ARGS.dir, "assets", UPLOADED["path"])):
                fail("the uploaded photo is not in assets/: " + UPLOADED["path"])
            shown = block.find_element(By.CSS_SELECTOR, ".asset-row img").get_attribute("naturalWidth")
            if not shown or int(shown) == 0:
                fail("the dropped photo is not shown in the form")
            ok("photo dropped on the field, uploaded to assets/%s and shown (%s px wide)" % (UPLOADED["path"], shown))
        else:
            from selenium.webdriver.support.ui import Select
            Select(block.find_element(By.CSS_SELECTOR, "select")).select_by_index(1)
            ok("%s picked from the project's assets" % path)


UPLOADED = {}
INFO = {}
STATE = {}


def step_create():
    placeable = [t for t in TYPES if any(f["widget"] == "map" for f in t["fields"])]
    kind = placeable[0] if placeable else next((t for t in TYPES if any(f["widget"] == "image" for f in t["fields"])), TYPES[0])
    go("#/new/" + kind["name"])
    wait_for(lambda: DRIVER.find_element(By.ID, "create"), "the new item's form")
    name = "Studio Walk Point"
    geo = next((f for f in kind["fields"] if f["widget"] == "map"), None)
    if geo:
        block = field(geo["name"])
        svg = wait_for(lambda: block.find_element(By.CSS_SELECTOR, "svg.map"), "the map")
        ActionChains(DRIVER).move_to_element_with_offset(center(svg), 40, -30).click().perform()
        lat = wait_for(lambda: block.find_element(By.CSS_SELECTOR, "input[id$=-lat]").get_attribute("value"), "a point from the click")
        pin = wait_for(lambda: block.find_element(By.CSS_SELECTOR, "svg.map g.own"), "the placed pin")
        lon = float(block.find_element(By.CSS_SELECTOR, "input[id$=-lon]").get_attribute("value"))
        ok("clicked the map: placed at %s, %s" % (lat, lon))
        # Drag the pin 60 px east: the longitude grows.
        ActionChains(DRIVER).click_and_hold(center(pin)).move_by_offset(30, 0).move_by_offset(30, 0).release().perform()
        wait_for(lambda: float(block.find_element(By.CSS_SELECTOR, "input[id$=-lon]").get_attribute("value")) > lon + 1e-5, "the dragged pin's new longitude")
        ok("dragged the pin east: longitude %s → %s" % (lon, block.find_element(By.CSS_SELECTOR, "input[id$=-lon]").get_attribute("value")))
    for spec in kind["fields"]:
        if spec["name"] != "id" and spec["widget"] != "map" and (spec["required"] or spec["widget"] == "image"):
            fill(spec, spec["name"], name)
    if INFO["locales"][1:]:
        nl = field("name").find_element(By.CSS_SELECTOR, '.loc[data-locale="nl"]').get_attribute("data-status")
        if nl != "translated":
            fail("the Dutch name is marked %r after typing it" % nl)
    shot("create-form")
    axe("new item form")
    DRIVER.find_element(By.ID, "create").click()
    wait_for(lambda: re.match(r".*#/c/%s/[^/]+$" % kind["name"], DRIVER.current_url), "the created item")
    new_id = DRIVER.current_url.rsplit("/", 1)[1]
    wait_for(lambda: DRIVER.find_element(By.ID, "save"), "the created item's form")
    search = DRIVER.find_element(By.ID, "q")
    type_into(search, "walk point")
    # The list is drawn again as the search is typed: an entry found a moment ago may be gone
    # (stale) when its text is read, so find and read it in one go, again until it shows the name.
    def listed_entry():
        text = DRIVER.find_element(By.CSS_SELECTOR, '#items li[data-id="%s"]' % new_id).text
        return text if name in text else None

    listed = wait_for(listed_entry, "the new item %s, named %r, in the searched list" % (new_id, name))
    ok("created %s %s; the list, searched as typed, shows it: %r" % (kind["name"], new_id, listed.replace("\n", " ")))
    STATE.update(kind=kind["name"], id=new_id, name=name)
    shot("create")
    axe("item editor with list")


def step_duplicate():
    if "id" not in STATE:
        return "nothing was created to duplicate"
    kind, original = STATE["kind"], STATE["id"]
    go("#/c/%s/%s" % (kind, original))
    wait_for(lambda: DRIVER.find_element(By.ID, "duplicate"), "the item's toolbar")
    DRIVER.find_element(By.ID, "duplicate").click()
    wait_for(lambda: re.match(r".*#/c/%s/[^/]+$" % kind, DRIVER.current_url) and DRIVER.current_url.rsplit("/", 1)[1] != original, "the copy")
    copy_id = DRIVER.current_url.rsplit("/", 1)[1]
    wait_for(lambda: DRIVER.find_element(By.ID, "save"), "the copy's form")
    ids = [i["id"] for i in api("/api/collections/%s?limit=500" % kind)["items"]]
    if copy_id not in ids or original not in ids or len(set(ids)) != len(ids):
        fail("after duplicating %s the collection holds %s" % (original, ids[-5:]))
    copy, first = api("/api/items/%s/%s" % (kind, copy_id)), api("/api/items/%s/%s" % (kind, original))
    same = {k: v for k, v in first["values"].items() if k != "id"} == {k: v for k, v in copy["values"].items() if k != "id"}
    if not same:
        fail("the copy %s differs from %s beyond its id:\n%s\n%s" % (copy_id, original, first["values"], copy["values"]))
    ok("duplicated %s %s as %s (the project's next id); the copy's values equal the original's" % (kind, original, copy_id))
    shot("duplicate")
    DRIVER.find_element(By.ID, "delete").click()
    confirm = wait_for(lambda: DRIVER.find_element(By.ID, "confirm-delete"), "the delete question")
    question = DRIVER.find_element(By.CSS_SELECTOR, ".referrers").text
    axe("delete question")
    confirm.click()
    wait_for(lambda: re.match(r".*#/c/%s$" % kind, DRIVER.current_url), "the collection after deleting")
    ids = [i["id"] for i in api("/api/collections/%s?limit=500" % kind)["items"]]
    if copy_id in ids or original not in ids:
        fail("after deleting the copy %s the collection holds %s" % (copy_id, ids[-5:]))
    ok("deleted the copy after the question %r; the original stays" % question.replace("\n", " ")[:80])


def stops():
    return [li.get_attribute("data-id") for li in DRIVER.find_elements(By.CSS_SELECTOR, "#form ol.stops > li")]


def legs():
    return [li.get_attribute("data-meters") for li in DRIVER.find_elements(By.CSS_SELECTOR, "#form ol.stops > li")]


def check_legs():
    """Each leg's label against an independent haversine of the map's pins."""
    pins = DRIVER.find_elements(By.CSS_SELECTOR, '#form .field[data-widget="list"] svg.map g.pin')
    points = [(float(p.get_attribute("data-lat")), float(p.get_attribute("data-lon"))) for p in pins]
    labels = [li.find_element(By.CSS_SELECTOR, ".leg").text for li in DRIVER.find_elements(By.CSS_SELECTOR, "#form ol.stops > li")]
    if len(points) != len(labels):
        fail("%d pins for %d stops" % (len(points), len(labels)))
    for i in range(1, len(points)):
        want = describe(haversine(*points[i - 1], *points[i]))
        if not labels[i].startswith(want):
            fail("leg to stop %d is labelled %r, haversine gives %r" % (i + 1, labels[i], want))
    numbers = [p.find_element(By.TAG_NAME, "text").text for p in pins]
    if numbers != [str(i + 1) for i in range(len(points))]:
        fail("pins are numbered %r" % numbers)
    return labels


def step_route():
    route_type = next((t for t in TYPES if any(f["widget"] == "list" and f.get("geoPath") for f in t["fields"]) and t["items"] > 0), None)
    if route_type is None or "id" not in STATE:
        return "no type with a list of stops on a map"
    spec = next(f for f in route_type["fields"] if f["widget"] == "list" and f.get("geoPath"))
    route_id = api("/api/collections/%s?limit=1" % route_type["name"])["items"][0]["id"]
    go("#/c/%s/%s" % (route_type["name"], route_id))
    wait_for(lambda: len(legs()) > 1 and legs()[-1], "the route's stops and legs")
    before = stops()
    picker = field(spec["name"]).find_element(By.CSS_SELECTOR, ".picker input")
    picker.click()
    picker.send_keys("walk point")
    # The options are drawn again as answers come in: find and click in one try, retried.
    wait_for(lambda: DRIVER.find_element(By.CSS_SELECTOR, '.picker li[role=option][data-id="%s"]' % STATE["id"]).click() or True, "the new item in the picker")
    wait_for(lambda: stops() == before + [STATE["id"]], "the new stop at the end")
    wait_for(lambda: legs()[-1], "the new stop's leg")
    legs_before = legs()
    check_legs()
    ok("added %s to %s %s: stops %s, legs %s m" % (STATE["id"], route_type["name"], route_id, stops(), legs_before[1:]))
    rows = DRIVER.find_elements(By.CSS_SELECTOR, "#form ol.stops > li")
    center(rows[1])
    handle = rows[-1].find_element(By.CSS_SELECTOR, ".handle")
    second = rows[1]
    ActionChains(DRIVER).click_and_hold(handle).move_to_element_with_offset(second, 0, -second.size["height"] // 2 + 4).move_by_offset(0, -2).release().perform()
    wanted = [before[0], STATE["id"]] + before[1:]
    wait_for(lambda: stops() == wanted, "the dragged stop in second place (now %s)" % stops())
    wait_for(lambda: legs() != legs_before and all(legs()[1:]), "the legs to change")
    labels = check_legs()
    ok("dragged to second place: stops %s; legs %s → %s m; labels %s match the haversine" % (stops(), legs_before[1:], legs()[1:], labels[1:]))
    shot("route")
    axe("route editor with stops")
    saved()
    diff = git("diff", "-U0", "--", "content/%s" % route_type["name"]).stdout
    changed = [l for l in diff.splitlines() if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    if len(changed) != 2 or not all(spec["name"] in l for l in changed):
        fail("git diff of the saved route shows more than its %s line:\n%s" % (spec["name"], diff))
    ok("saved; git diff shows only the %s line: %s" % (spec["name"], changed))


def step_reference():
    holder = None
    for t in TYPES:
        for f in t["fields"]:
            if f["widget"] == "reference" and t["items"] > 0 and not f["required"]:
                holder = (t, f)
    if holder is None:
        for t in TYPES:
            for f in t["fields"]:
                if f["widget"] == "reference" and t["items"] > 0:
                    holder = holder or (t, f)
    if holder is None:
        return "no type has a reference field"
    kind, spec = holder
    item_id = api("/api/collections/%s?limit=1" % kind["name"])["items"][0]["id"]
    original = api("/api/items/%s/%s" % (kind["name"], item_id))["values"].get(spec["name"])
    go("#/c/%s/%s" % (kind["name"], item_id))
    box = wait_for(lambda: field(spec["name"]).find_element(By.CSS_SELECTOR, ".picker input"), "the reference picker")
    box.click()
    box.send_keys("9999" + Keys.ENTER)
    found = wait_for(lambda: findings_at(spec["name"]), "a finding at the broken reference")
    if not any("9999" in f for f in found):
        fail("the finding at %s does not name the missing target: %r" % (spec["name"], found))
    ok("broke %s.%s (→ 9999): finding at the field: %r" % (kind["name"], spec["name"], found[0].replace("\n", " ")))
    shot("reference-broken")
    axe("finding at a field")
    box.click()
    wait_for(lambda: DRIVER.find_element(By.CSS_SELECTOR, '.field[data-path="%s"] li[role=option][data-id="%s"]' % (spec["name"], original)).click() or True, "the original target in the picker")
    wait_for(lambda: not findings_at(spec["name"]), "the finding to go")
    ok("fixed: picked %s %s again; no finding at the field" % (spec["target"], original))
    shot("reference-fixed")
    saved()


def step_translate():
    others = [l for l in INFO["locales"] if l != INFO["defaultLocale"]]
    if not others:
        go("#/translate")
        wait_for(lambda: DRIVER.find_element(By.ID, "translate-count").get_attribute("data-count") == "0", "the translator's view")
        axe("translator view (one locale)")
        return "one locale only: the translator's view says there is nothing to translate"
    # Make a Dutch text stale: change the English it was translated from.
    kind = next(t for t in TYPES if t["items"] > 1 and any(f["widget"] == "localized" for f in t["fields"]))
    item_id = api("/api/collections/%s?limit=1" % kind["name"])["items"][0]["id"]
    go("#/c/%s/%s" % (kind["name"], item_id))
    english = wait_for(lambda: field("name").find_element(By.CSS_SELECTOR, '.loc[data-locale="%s"] input' % INFO["defaultLocale"]), "the name")
    english.send_keys(" (renewed)")
    saved()
    go("#/translate")
    wait_for(lambda: DRIVER.find_element(By.ID, "translate-count").get_attribute("data-count") not in (None, ""), "the translator's list")
    rows = DRIVER.find_elements(By.CSS_SELECTOR, ".translate-row")
    statuses = [r.get_attribute("data-status") for r in rows]
    if "stale" not in statuses:
        fail("the translator lists %r, no stale text after the English changed" % statuses)
    ok("translator lists %d texts: %s" % (len(rows), statuses))
    shot("translate-before")
    axe("translator view")
    for index, row in enumerate(rows):
        area = row.find_element(By.TAG_NAME, "textarea")
        source = row.find_element(By.CSS_SELECTOR, ".source").text
        if DRIVER.switch_to.active_element != area:
            area.click()
        type_into(area, "NL " + source)
        row.find_element(By.CSS_SELECTOR, "button.primary").click()
        wait_for(lambda: "done" in row.get_attribute("class"), "translation %d to be saved" % (index + 1))
        if index + 1 < len(rows) and DRIVER.switch_to.active_element != rows[index + 1].find_element(By.TAG_NAME, "textarea"):
            fail("after saving text %d the focus did not move to the next one" % (index + 1))
    wait_for(lambda: DRIVER.find_element(By.ID, "translate-count").get_attribute("data-count") == "0", "every text translated")
    shot("translate-after")
    status = gamepack("l10n", "status", ".").stdout
    line = next((l for l in status.splitlines() if l.startswith("nl ")), "")
    if "(100.0%)" not in line:
        fail("gamepack l10n status after translating: %s" % status)
    ok("translated %d texts one after the other; l10n status: %s" % (len(rows), line))


def step_commit():
    go("#/git")
    files = wait_for(lambda: DRIVER.find_elements(By.CSS_SELECTOR, "#git-files tbody tr"), "the changed files")
    listed = [r.find_elements(By.TAG_NAME, "td")[1].text for r in files]
    ok("git panel lists %s; %d domain changes" % (listed, len(DRIVER.find_elements(By.CSS_SELECTOR, ".diff-change"))))
    shot("git")
    axe("git panel")
    lint = gamepack("lint", ".")
    if lint.returncode != 0:
        fail("gamepack lint before the commit (exit %d):\n%s%s" % (lint.returncode, lint.stdout, lint.stderr))
    ok("gamepack lint is clean: %s" % (lint.stdout.strip().splitlines() or [""])[-1])
    message = ("Studio walk: new %s %s" % (STATE.get("kind", "item"), STATE.get("id", ""))).strip()
    type_into(DRIVER.find_element(By.ID, "commit-message"), message)
    start_branch = git("rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    start_head = git("rev-parse", "HEAD").stdout.strip()
    branch = None
    if ARGS.name == "gohike-amsterdam":
        # Decap's editorial workflow: the change on a branch of its own, named from the message.
        DRIVER.find_element(By.ID, "where-new").click()
        branch = DRIVER.find_element(By.ID, "new-branch").get_attribute("value")
        if not branch.startswith("studio/studio-walk-new-"):
            fail("the new branch is proposed as %r for the message %r" % (branch, message))
    DRIVER.find_element(By.ID, "commit").click()
    committed = wait_for(lambda: DRIVER.find_element(By.ID, "committed"), "the commit")
    log = git("log", "-1", "--format=%H %s").stdout.strip()
    if not log.endswith(message) or not log.startswith(committed.get_attribute("data-commit")):
        fail("git log shows %r after committing %r" % (log, message))
    on = git("rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    if branch:
        if on != branch or git("rev-parse", start_branch).stdout.strip() != start_head:
            fail("committed on %r (wanted the new branch %r; %s must stay at %s)" % (on, branch, start_branch, start_head[:7]))
        ok("committed to the new branch %s; %s stays at %s" % (branch, start_branch, start_head[:7]))
    elif on != start_branch:
        fail("committed on %r, not the current branch %r" % (on, start_branch))
    if git("status", "--porcelain").stdout.strip():
        fail("files left uncommitted: " + git("status", "--porcelain").stdout)
    ok("committed: git log -1: %s" % log)
    shot("committed")


def step_conflict():
    named = [t for t in TYPES if t["items"] > 1 and any(f["name"] == "name" for f in t["fields"])]
    kind = next((t for t in named if t["name"] == STATE.get("kind")), named[0])
    item_id = api("/api/collections/%s?limit=1" % kind["name"])["items"][0]["id"]
    item = api("/api/items/%s/%s" % (kind["name"], item_id))
    go("#/c/%s/%s" % (kind["name"], item_id))
    spec = next(f for f in kind["fields"] if f["name"] == "name")
    selector = '.loc[data-locale="%s"] input' % INFO["defaultLocale"] if spec["widget"] == "localized" else "input"
    name = wait_for(lambda: field("name").find_element(By.CSS_SELECTOR, selector), "the name field")
    name.send_keys(" edited in the studio")
    mine = name.get_attribute("value")
    path = os.path.join(ARGS.dir, item["file"])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    changed, count = re.subn(r"latitude: ([0-9.]+)", lambda m: "latitude: %.6f" % (float(m.group(1)) + 0.001), text, count=1)
    if not count:
        changed, count = re.subn(r"\n(firm|twitter|url): [^\n]*", r"\n\1: on-disk-change", text, count=1)
    if not count:
        fail("no line to change on disk in " + item["file"])
    theirs_line = next(l for l in changed.splitlines() if ("latitude: " in l or "on-disk-change" in l) and l not in text.splitlines())
    with open(path, "w", encoding="utf-8") as f:
        f.write(changed)
    DRIVER.find_element(By.ID, "save").click()
    panel = wait_for(lambda: DRIVER.find_element(By.ID, "conflict"), "the conflict view")
    yours = DRIVER.find_element(By.ID, "conflict-yours").text
    theirs = DRIVER.find_element(By.ID, "conflict-theirs").text
    if "edited in the studio" not in yours or theirs_line.strip() not in theirs:
        fail("the conflict view does not show both versions:\nyours: %s\ntheirs: %s" % (yours[:300], theirs[:300]))
    # Yours lists the user's one change, before and after, not every value of the item.
    changes = DRIVER.find_elements(By.CSS_SELECTOR, "#conflict-yours li")
    if len(changes) != 1 or not changes[0].text.startswith("name") or "\u2192" not in changes[0].text:
        fail("the conflict view should list the one change made in the form: %r" % [c.text for c in changes])
    with open(path, encoding="utf-8") as f:
        if f.read() != changed:
            fail("the stale save wrote the file")
    ok("changed %s on disk while open: save refused, both versions shown, the file untouched" % item["file"])
    shot("conflict")
    axe("save conflict")
    DRIVER.find_element(By.ID, "keep-both").click()
    wait_for(lambda: DRIVER.find_element(By.ID, "status").text.startswith("Saved"), "the merged save")
    with open(path, encoding="utf-8") as f:
        final = f.read()
    if theirs_line.strip() not in final or "edited in the studio" not in final:
        fail("after keeping both, the file lost an edit:\n" + final)
    ok("kept both: the file has the on-disk change (%s) and the studio's (%r)" % (theirs_line.strip(), mine))
    shot("conflict-resolved")
    lint = gamepack("lint", ".")
    if lint.returncode != 0:
        fail("gamepack lint after the merge (exit %d):\n%s" % (lint.returncode, lint.stdout))


def step_broken():
    """A file broken outside the studio: opening its item says where, header and banner alike."""
    kind = next(t for t in TYPES if t["items"] > 0)
    item_id = api("/api/collections/%s?limit=1" % kind["name"])["items"][0]["id"]
    path = os.path.join(ARGS.dir, api("/api/items/%s/%s" % (kind["name"], item_id))["file"])
    with open(path, encoding="utf-8") as f:
        original = f.read()
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write("id: %s\nname: [unclosed\n  more: x\n" % item_id)
        go("#/c/%s/%s" % (kind["name"], item_id))
        banner = wait_for(lambda: DRIVER.find_element(By.CSS_SELECTOR, "#main .banner[role=alert]"), "the banner")
        if not re.search(r"line 3, column \d+", banner.text) or "does not parse" not in banner.text:
            fail("the banner does not say where the file breaks: %r" % banner.text)
        status = DRIVER.find_element(By.ID, "status").text
        if not status.startswith("Could not open"):
            fail("the header still says %r after the error" % status)
        ok("broken file: banner %r; header %r" % (banner.text, status))
        shot("broken-file")
        axe("a file that does not parse")
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)


STEPS = [("create", step_create), ("duplicate", step_duplicate), ("route", step_route), ("reference", step_reference), ("translate", step_translate),
         ("commit", step_commit), ("conflict", step_conflict), ("broken", step_broken)]


def main():
    global ARGS, DRIVER, TYPES
    parser = argparse.ArgumentParser()
    for name in ["--url", "--dir", "--gamepack", "--photo", "--shots", "--name"]:
        parser.add_argument(name, required=True)
    parser.add_argument("--steps", default=",".join(s for s, _ in STEPS))
    ARGS = parser.parse_args()
    os.makedirs(ARGS.shots, exist_ok=True)
    INFO.update(api("/api/types"))
    TYPES = [t for t in INFO["types"] if not t["builtIn"] or t["items"] > 0]
    DRIVER = make_driver()
    try:
        for name, step in STEPS:
            if name not in ARGS.steps.split(","):
                continue
            skipped = step()
            problems = console_errors()
            if problems:
                fail("console errors during %s: %s" % (name, problems))
            print("step %s: %s" % (name, "n/a (%s)" % skipped if skipped else "passed"), flush=True)
    finally:
        DRIVER.quit()
    print("ALL STEPS PASSED", flush=True)


if __name__ == "__main__":
    main()
