#!/usr/bin/env python3
"""Drives `gamepack preview` pages in headless Chromium through Selenium and checks what an
editor sees: the route map with every waypoint in order and the legs' distances (recomputed
here with an independent haversine), both locales, lint findings on their items, VC cards with
both images and playable sounds, deals on a map with the 5 km search, and, for a live server,
that saving a YAML file changes the open page without a reload and that a syntax error shows.

Usage: preview_browser.py --gohike URL --whackavc URL --dealhunter URL --shots DIR
       [--gohike-dir DIR] [--static] [--waypoints 3,1,2]
URLs are the site roots (http://127.0.0.1:PORT/ or file:///…/site/). Prints one line per check
and "ALL CHECKS PASSED" at the end; exits 1 on the first failure.
"""
import argparse
import math
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def ok(message):
    print("ok: " + message, flush=True)


def haversine(lat1, lon1, lat2, lon2):
    r = 6371008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = math.radians(lat2 - lat1), math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.atan2(math.sqrt(a), math.sqrt(1 - a))


def describe(meters):
    if meters < 1000:
        return "%d m" % round(meters)
    return "%.1f km" % (meters / 1000)


def wait_for(predicate, timeout, what):
    end = time.time() + timeout
    while time.time() < end:
        try:
            value = predicate()
            if value:
                return value
        except Exception:
            pass
        time.sleep(0.02)
    fail("timed out after %.1f s waiting for %s" % (timeout, what))


def make_driver():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,1600", "--autoplay-policy=no-user-gesture-required",
                 "--allow-file-access-from-files"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def console_problems(driver):
    problems = []
    for entry in driver.get_log("browser"):
        text = entry.get("message", "")
        if entry.get("level") == "SEVERE" and ("Content Security Policy" in text or "Refused" in text
                                               or "Uncaught" in text):
            problems.append(text)
    return problems


def shot(driver, shots, name):
    path = os.path.join(shots, name + ".png")
    height = driver.execute_script("return Math.min(document.documentElement.scrollHeight, 4000)")
    driver.set_window_size(1280, max(900, height))
    driver.save_screenshot(path)
    driver.set_window_size(1280, 1600)
    ok("screenshot " + path)


def check_route(driver, root, args):
    driver.get(root + "c/routes/1.html")
    # The map is drawn by the page's script after load: wait for its pins (on a busy machine
    # they came after the first look), then read them.
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "section.route svg.map g.pin"), 5, "the route map's pins")
    pins = driver.find_elements(By.CSS_SELECTOR, "section.route svg.map g.pin")
    labels = [p.find_element(By.TAG_NAME, "text").text for p in pins]
    expected = args.waypoints.split(",")
    if labels != [str(i + 1) for i in range(len(expected))]:
        fail("route map pins are %r, expected 1..%d in order" % (labels, len(expected)))
    ids = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "ol.waypoints > li")]
    if ids != expected:
        fail("waypoints listed as %r, expected %r" % (ids, expected))
    ok("route map shows waypoints %s in order, numbered %s" % (ids, labels))
    points = [(float(p.get_attribute("data-lat")), float(p.get_attribute("data-lon"))) for p in pins]
    legs = driver.find_elements(By.CSS_SELECTOR, "section.route svg.map g.leg")
    if len(legs) != len(points) - 1:
        fail("%d legs drawn for %d waypoints" % (len(legs), len(points)))
    total = 0
    for i, leg in enumerate(legs):
        meters = haversine(*points[i], *points[i + 1])
        total += meters
        label = leg.find_element(By.TAG_NAME, "text").text
        if label != describe(meters):
            fail("leg %d→%d is labelled %r, haversine gives %r" % (i + 1, i + 2, label, describe(meters)))
        listed = driver.find_element(By.CSS_SELECTOR, 'ol.waypoints li[data-waypoint="%d"] .leg-distance' % (i + 2)).text
        if not listed.startswith(describe(meters)):
            fail("waypoint %d lists %r, expected %r" % (i + 2, listed, describe(meters)))
        ok("leg %d→%d: %s on the map and in the list" % (i + 1, i + 2, label))
    total_text = driver.find_element(By.CSS_SELECTOR, "section.route .total").text
    if describe(total) not in total_text:
        fail("total walk reads %r, expected %s" % (total_text, describe(total)))
    ok("total walk: " + total_text)
    # The scale bar is to scale: its pixels per meter are the projection's.
    bar = driver.find_element(By.CSS_SELECTOR, "section.route svg.map g.scale-bar")
    svg = driver.find_element(By.CSS_SELECTOR, "section.route svg.map")
    scale = float(svg.get_attribute("data-scale"))
    if abs(float(bar.get_attribute("data-meters")) * scale - float(bar.get_attribute("data-pixels"))) > 0.2:
        fail("the scale bar is not to scale")
    ok("scale bar: " + bar.text)
    # Both locales.
    en = driver.find_elements(By.CSS_SELECTOR, 'section.texts .loc[data-locale="en"] .text')
    nl = driver.find_elements(By.CSS_SELECTOR, 'section.texts .loc[data-locale="nl"] .text')
    if not en or not nl or "Green Trail" not in en[0].text or "Groene Pad" not in nl[0].text:
        fail("route name not shown in both locales (en %r, nl %r)" % ([e.text for e in en], [n.text for n in nl]))
    ok("both locales side by side: %r | %r" % (en[0].text, nl[0].text))
    # The toggle shows the page as a Dutch player would see it.
    driver.find_element(By.CSS_SELECTOR, '.toggle button[data-view="nl"]').click()
    if driver.find_element(By.CSS_SELECTOR, 'section.texts .loc[data-locale="en"]').is_displayed():
        fail("the nl player view still shows English columns")
    ok("player view nl hides the English columns")
    driver.find_element(By.CSS_SELECTOR, '.toggle button[data-view="side"]').click()
    # The missing image shows a placeholder and its finding on this route.
    placeholder = driver.find_elements(By.CSS_SELECTOR, "section.media-card .placeholder")
    findings = driver.find_elements(By.CSS_SELECTOR, "#problems .finding")
    rules = [f.get_attribute("data-rule") for f in findings]
    if not placeholder or "asset-missing" not in rules:
        fail("missing route image: placeholder %d, findings %r" % (len(placeholder), rules))
    if args.static:
        # A published page names the file in the project, with no link into the machine that built it.
        if driver.find_elements(By.CSS_SELECTOR, "a.open-in-editor"):
            fail("the static page links into the editor of the machine that built it")
        where = driver.find_element(By.CSS_SELECTOR, '#problems .finding[data-rule="asset-missing"] .where .source')
        if not where.text.startswith("content/routes/1.yaml:"):
            fail("finding place is %r" % where.text)
        ok("missing image: placeholder and [asset-missing] at %s (no editor link)" % where.text)
    else:
        link = driver.find_element(By.CSS_SELECTOR, '#problems .finding[data-rule="asset-missing"] a.open-in-editor')
        href = link.get_attribute("href")
        if not href.startswith("vscode://file/") or "content/routes/1.yaml:" not in href:
            fail("finding link is %r" % href)
        ok("missing image: placeholder and [asset-missing] at %s (%s)" % (link.text, href))
    # A finding of a waypoint's location shows on that waypoint, and on the location's page.
    on_waypoint = driver.find_elements(By.CSS_SELECTOR, 'ol.waypoints li[data-id="%s"] .finding' % expected[0])
    if not on_waypoint:
        fail("the finding of location %s is not shown on its waypoint" % expected[0])
    ok("finding on waypoint location %s: %s" % (expected[0], on_waypoint[0].text.splitlines()[0]))
    problems = console_problems(driver)
    if problems:
        fail("console errors: %r" % problems)
    shot(driver, args.shots, ("static-" if args.static else "") + "gohike-route")
    driver.get(root + "c/locations/%s.html" % expected[0])
    finding = driver.find_elements(By.CSS_SELECTOR, '#problems .finding[data-rule="unknown-field"]')
    if not finding:
        fail("the unknown-field finding is not on location %s's page" % expected[0])
    ok("location %s page shows: %s" % (expected[0], finding[0].text.splitlines()[0]))
    driver.get(root + "index.html")
    coverage = driver.find_element(By.CSS_SELECTOR, '#coverage tr[data-locale="nl"]').text
    ok("index: nl coverage " + coverage)
    shot(driver, args.shots, ("static-" if args.static else "") + "gohike-index")


def check_live(driver, root, args):
    route_file = os.path.join(args.gohike_dir, "content/routes/1.yaml")
    with open(route_file, encoding="utf-8") as f:
        original = f.read()
    driver.get(root + "c/routes/1.html")
    wait_for(lambda: driver.execute_script("return document.documentElement.getAttribute('data-connected')") == "1",
             5, "the event stream to connect")
    driver.execute_script("window.__noReload = 42;")
    started = time.time()
    with open(route_file, "w", encoding="utf-8") as f:
        f.write(original.replace('en: "Green Trail"', 'en: "Green Trail by the Amstel"'))
    wait_for(lambda: "by the Amstel" in driver.find_element(By.TAG_NAME, "h1").text, 5, "the edited name on the page")
    elapsed = time.time() - started
    if driver.execute_script("return window.__noReload") != 42:
        fail("the page was reloaded instead of updated in place")
    ok("edit shown in the open page without a reload after %.0f ms" % (elapsed * 1000))
    with open(route_file, "w", encoding="utf-8") as f:
        f.write(original.replace('  en: "Green Trail"', '  en: "Green Trail\n  nl: [broken'))
    # The banner is read inside the wait: the page may redraw it (a second file event) between
    # finding it and reading it, which made the element stale.
    def banner_text():
        text = driver.find_element(By.ID, "broken-files").text
        return text if "content/routes/1.yaml" in text and "syntax" in text else None
    text = wait_for(banner_text, 5, "a syntax error banner naming content/routes/1.yaml")
    ok("syntax error shown in the page: " + (text.splitlines()[1] if len(text.splitlines()) > 1 else text))
    shot(driver, args.shots, "gohike-syntax-error")
    with open(route_file, "w", encoding="utf-8") as f:
        f.write(original)
    wait_for(lambda: not driver.find_elements(By.ID, "broken-files") and driver.find_elements(By.CSS_SELECTOR, "ol.waypoints li"),
             5, "the fixed file to show again")
    if driver.execute_script("return window.__noReload") != 42:
        fail("the page was reloaded")
    ok("fixed file shown again, still without a reload")


def check_vcs(driver, root, args):
    driver.get(root + "c/vcs/index.html")
    cards = driver.find_elements(By.CSS_SELECTOR, "article.vc-card")
    if len(cards) < 2:
        fail("only %d VC cards" % len(cards))
    for card in cards:
        images = card.find_elements(By.TAG_NAME, "img")
        loaded = [driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", i) for i in images]
        if len(images) != 2 or not all(loaded):
            fail("VC card %s shows %d images, loaded %r" % (card.get_attribute("data-id"), len(images), loaded))
    ok("%d VC cards, each with both images loaded" % len(cards))
    shot(driver, args.shots, ("static-" if args.static else "") + "whackavc-vcs")
    driver.get(root + "c/vcs/1.html")
    images = driver.find_elements(By.CSS_SELECTOR, "section.media-card img")
    if len(images) != 2 or not all(driver.execute_script("return arguments[0].naturalWidth", i) for i in images):
        fail("VC 1's page does not show both images")
    ok("VC page shows game_image and profile_image")
    shot(driver, args.shots, ("static-" if args.static else "") + "whackavc-vc")
    driver.get(root + "c/sounds/index.html")
    audios = driver.find_elements(By.TAG_NAME, "audio")
    if not audios:
        fail("no sound players")
    duration = driver.execute_async_script("""
        var audio = arguments[0], done = arguments[arguments.length - 1];
        audio.preload = 'auto';
        audio.addEventListener('loadedmetadata', function () { done(audio.duration); });
        audio.addEventListener('error', function () { done(-1); });
        audio.load();
    """, audios[0])
    if not duration or duration <= 0:
        fail("the first sound does not load (duration %r)" % duration)
    ok("%d sound players; the first plays %.2f s" % (len(audios), duration))
    driver.get(root + "c/phrases/index.html")
    if not driver.find_elements(By.CSS_SELECTOR, "table.items .loc .len"):
        fail("phrases do not show their length against the limit")
    ok("phrases listed with their lengths against max_length")
    problems = console_problems(driver)
    if problems:
        fail("console errors: %r" % problems)


def check_deals(driver, root, args):
    driver.get(root + "c/deals/index.html")
    svg = driver.find_element(By.CSS_SELECTOR, "svg.map[data-search-radius]")
    pins = svg.find_elements(By.CSS_SELECTOR, "g[data-lat]")
    if len(pins) < 2:
        fail("only %d deals on the map" % len(pins))
    # Click the empty spot of the map farthest from every pin (a click on a pin follows its link).
    box = svg.rect
    centers = [(p.rect["x"] + p.rect["width"] / 2, p.rect["y"] + p.rect["height"] / 2) for p in pins]
    candidates = [(box["x"] + box["width"] * i / 20, box["y"] + box["height"] * j / 20)
                  for i in range(4, 17) for j in range(4, 17)]
    x, y = max(candidates, key=lambda c: min((c[0] - px) ** 2 + (c[1] - py) ** 2 for px, py in centers))
    ActionChains(driver).move_to_element(svg).move_by_offset(
        x - box["x"] - box["width"] / 2, y - box["y"] - box["height"] / 2).click().perform()
    head = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "#search-result p"), 3, "the search result")
    count = int(head.get_attribute("data-count"))
    text = head.text
    lat, lon = [float(x) for x in text.split(" of ")[1].split(", ")]
    expected = sum(1 for p in pins if haversine(lat, lon, float(p.get_attribute("data-lat")), float(p.get_attribute("data-lon"))) <= 5000)
    if count != expected or count == 0:
        fail("search lists %d deals within 5 km, haversine counts %d" % (count, expected))
    ok("click on the map: " + text)
    shot(driver, args.shots, ("static-" if args.static else "") + "dealhunter-deals")
    driver.get(root + "c/deals/1.html")
    validity = driver.find_element(By.CSS_SELECTOR, ".validity")
    if validity.get_attribute("data-from") != "2026-02-02" or validity.get_attribute("data-until") != "2026-04-30":
        fail("validity reads %r" % validity.text)
    ok("deal 1: " + validity.text)
    if not driver.find_elements(By.CSS_SELECTOR, "section.place svg.map g.after"):
        fail("deal 1 has no pin")
    shot(driver, args.shots, ("static-" if args.static else "") + "dealhunter-deal")
    problems = console_problems(driver)
    if problems:
        fail("console errors: %r" % problems)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gohike", required=True)
    parser.add_argument("--whackavc", required=True)
    parser.add_argument("--dealhunter", required=True)
    parser.add_argument("--gohike-dir")
    parser.add_argument("--shots", required=True)
    parser.add_argument("--static", action="store_true")
    parser.add_argument("--waypoints", default="3,1,2")
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    driver = make_driver()
    try:
        check_route(driver, args.gohike, args)
        check_vcs(driver, args.whackavc, args)
        check_deals(driver, args.dealhunter, args)
        if not args.static:
            check_live(driver, args.gohike, args)
    finally:
        driver.quit()
    print("ALL CHECKS PASSED", flush=True)


if __name__ == "__main__":
    main()
