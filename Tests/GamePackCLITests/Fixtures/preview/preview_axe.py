#!/usr/bin/env python3
"""Runs axe-core (the copy axe-playwright-python bundles, run here through Selenium) in headless
Chromium over preview and diff pages, and checks that a keyboard user reaches the map's pins.

Usage: preview_axe.py --shots DIR NAME=URL [NAME=URL ...]
Prints, per page, `page NAME: critical C serious S moderate M minor N` and one line per
violation (`  IMPACT RULE (NODES): HELP`), text axe leaves undecided because it has its
background's colour counted as a serious `invisible-text`; then `map pins: …` for pages with a map. Exits 1 when a
page has a critical or serious violation or its map pins cannot be reached or have no name.
"""
import argparse
import json
import os
import sys

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

AXE = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")


def make_driver():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,1000", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def run_axe(driver):
    with open(AXE, encoding="utf-8") as f:
        driver.execute_script(f.read())
    # Every rule axe runs by default (WCAG 2.0-2.2 A and AA, best practices).
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify({"
        "version: axe.version, violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        "nodes: v.nodes.map(n => n.target.join(' '))})),"
        # Text in its background's own colour is no violation to axe but "incomplete" (it takes
        # it for text hidden on purpose): on these pages it is a badge no one can read.
        "invisible: r.incomplete.filter(v => v.id === 'color-contrast').flatMap(v => v.nodes.filter("
        "n => n.any.some(c => c.data && c.data.messageKey === 'equalRatio')).map(n => n.target.join(' ')))"
        "})), e => done(JSON.stringify({error: String(e)})));")


def check_pins(driver, name):
    """Tabs through the page; every map pin must take the focus and have an accessible name."""
    pins = driver.find_elements(By.CSS_SELECTOR, "svg.map a.pin-link, svg.map [data-pin]")
    if not pins:
        return True
    wanted = {p.get_attribute("data-pin") for p in pins}
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    reached = set()
    # Every link before the map, then the pins: at most that many presses.
    for _ in range(len(driver.find_elements(By.CSS_SELECTOR, "a, button, [tabindex]")) + 5):
        if wanted <= reached:
            break
        active = driver.switch_to.active_element
        pin = active.get_attribute("data-pin")
        if pin is not None:
            label = active.get_attribute("aria-label") or ""
            if not label.strip():
                print("FAIL: %s: map pin %s has no name" % (name, pin))
                return False
            reached.add(pin)
        active.send_keys(Keys.TAB)
    print("map pins on %s: %d reached by Tab of %d" % (name, len(reached & wanted), len(wanted)))
    if wanted - reached:
        print("FAIL: %s: map pins %s not reached by Tab" % (name, sorted(wanted - reached)))
        return False
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shots", required=True)
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    driver = make_driver()
    failed = False
    try:
        for page in args.pages:
            name, url = page.split("=", 1)
            driver.get(url)
            driver.implicitly_wait(0)
            result = json.loads(run_axe(driver))
            if "error" in result:
                print("FAIL: %s: axe did not run: %s" % (name, result["error"]))
                failed = True
                continue
            counts = {"critical": 0, "serious": 0, "moderate": 0, "minor": 0}
            for v in result["violations"]:
                counts[v["impact"] or "minor"] += 1
            if result["invisible"]:
                counts["serious"] += 1
            print("page %s (axe %s): critical %d serious %d moderate %d minor %d" % (
                name, result["version"], counts["critical"], counts["serious"], counts["moderate"], counts["minor"]))
            for v in result["violations"]:
                print("  %s %s (%d): %s; %s" % (v["impact"], v["id"], len(v["nodes"]), v["help"], ", ".join(v["nodes"][:3])))
            if result["invisible"]:
                print("  serious invisible-text (%d): text in the colour of its background; %s" % (
                    len(result["invisible"]), ", ".join(result["invisible"][:3])))
            if counts["critical"] or counts["serious"]:
                failed = True
            if not check_pins(driver, name):
                failed = True
            driver.save_screenshot(os.path.join(args.shots, "axe-%s.png" % name))
    finally:
        driver.quit()
    print("FAILED" if failed else "ALL PAGES PASSED")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
