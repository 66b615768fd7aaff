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
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import axe_run  # noqa: E402  (Fixtures/axe_run.py, shared with the studio walk)


def make_driver():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,1000", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


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
            result = axe_run.run(driver)
            if "error" in result:
                print("FAIL: %s: axe did not run: %s" % (name, result["error"]))
                failed = True
                continue
            counts = axe_run.counts(result)
            print("page %s (axe %s): critical %d serious %d moderate %d minor %d" % (
                name, result["version"], counts["critical"], counts["serious"], counts["moderate"], counts["minor"]))
            for line in axe_run.details(result):
                print(line)
            if axe_run.fails(counts):
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
