#!/usr/bin/env python3
"""Write the starter projects of `gamepack init DIR --template NAME` under templates/.

    python3 scripts/make-templates.py

Templates: gohike, whackavc, dealhunter, blank; and ci/, the CI workflows `gamepack init --ci`
adds. Each templates/<name>/ is deleted and written again (deterministic). In gamepack.yaml, `{{id}}` and `{{name}}` are placeholders that
`gamepack init` replaces. Python 3 standard library only.
"""

import importlib.util
import os
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genlib import badge_png, flat_shape_png, q, sine_wav, write_bytes, write_text  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "templates")


def fresh(name):
    root = os.path.join(OUT, name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    return root


def lines_file(root, rel, lines):
    write_text(os.path.join(root, rel), "\n".join(lines) + "\n")


def config(root, locales, targets):
    lines_file(root, "gamepack.yaml", [
        "id: {{id}}",
        "name: {{name}}",
        f"locales: [{', '.join(locales)}]",
        f"targets: [{', '.join(targets)}]",
    ])


NEXT_STEPS = """\
## Next steps

```sh
gamepack lint .      # check every item, reference, translation and asset
gamepack build .     # (later) write the files the game's backend and apps read
```

`gamepack lint` reports each problem with its file, line and rule id; rules can be tuned under
`lint:` in `gamepack.yaml`. The format is described in gamepack's `docs/source-format.md`, and
`gamepack schema` prints the built-in content types.
"""


def readme(root, title, intro, layout):
    write_text(os.path.join(root, "README.md"),
               f"# {title}\n\n{intro}\n\n## Layout\n\n```\n{layout}\n```\n\n{NEXT_STEPS}")


def gohike():
    root = fresh("gohike")
    config(root, ["en", "nl"], ["gohike", "canonical"])
    write_bytes(os.path.join(root, "assets/profiles/city-walker.png"),
                flat_shape_png(64, (70, 130, 180), "circle"))
    write_bytes(os.path.join(root, "assets/routes/jordaan-loop.png"),
                flat_shape_png(64, (46, 139, 87), "diamond"))
    write_bytes(os.path.join(root, "assets/photos/westerkerk.png"),
                flat_shape_png(64, (178, 34, 34), "triangle"))
    write_bytes(os.path.join(root, "assets/photos/noorderkerk.png"),
                flat_shape_png(64, (205, 133, 63), "square"))
    write_bytes(os.path.join(root, "assets/rewards/jordaan-explorer.png"),
                badge_png(64, outer=(212, 175, 55), inner=(46, 139, 87)))
    lines_file(root, "content/profiles/1.yaml", [
        "id: 1",
        "name:",
        f"  en: {q('City Walker')}",
        f"  nl: {q('Stadswandelaar')}",
        "description:",
        f"  en: {q('Short walks through the old centre, for anyone with an hour to spare.')}",
        f"  nl: {q('Korte wandelingen door de oude binnenstad, voor wie een uurtje over heeft.')}",
        "image: profiles/city-walker.png",
    ])
    lines_file(root, "content/routes/1.yaml", [
        "id: 1",
        "profile: 1",
        "name:",
        f"  en: {q('Jordaan Loop')}",
        f"  nl: {q('Jordaanrondje')}",
        "description:",
        f"  en: {q('From the Westerkerk along the Prinsengracht to the Noorderkerk.')}",
        f"  nl: {q('Van de Westerkerk langs de Prinsengracht naar de Noorderkerk.')}",
        "image: routes/jordaan-loop.png",
        "reward: 1",
        "waypoints: [1, 2]",
    ])
    lines_file(root, "content/locations/1.yaml", [
        "id: 1",
        "name:",
        f"  en: {q('Westerkerk (West Church)')}",
        f"  nl: {q('Westerkerk')}",
        "description:",
        f"  en: {q('Protestant church from 1631 with the tallest church tower in Amsterdam.')}",
        f"  nl: {q('Protestantse kerk uit 1631 met de hoogste kerktoren van Amsterdam.')}",
        "position: {latitude: 52.374620, longitude: 4.883990}",
        "image: photos/westerkerk.png",
    ])
    lines_file(root, "content/locations/2.yaml", [
        "id: 2",
        "name:",
        f"  en: {q('Noorderkerk (North Church)')}",
        f"  nl: {q('Noorderkerk')}",
        "description:",
        f"  en: {q('Church from 1623 on the Noordermarkt, where a market is held on Mondays and Saturdays.')}",
        f"  nl: {q('Kerk uit 1623 aan de Noordermarkt, waar op maandag en zaterdag markt is.')}",
        "position: {latitude: 52.378850, longitude: 4.884800}",
        "image: photos/noorderkerk.png",
    ])
    lines_file(root, "content/rewards/1.yaml", [
        "id: 1",
        "name:",
        f"  en: {q('Jordaan Explorer')}",
        f"  nl: {q('Jordaanverkenner')}",
        "description:",
        f"  en: {q('Walked the whole Jordaan Loop.')}",
        f"  nl: {q('Het hele Jordaanrondje gelopen.')}",
        "image: rewards/jordaan-explorer.png",
    ])
    readme(root, "A Go Take a Hike! project",
           "A starter project for the Go Take a Hike! city-walk game: one profile with one route "
           "of two\nwaypoints (about 470 m apart in the Jordaan), and the reward for finishing "
           "it. Texts are in English\nand Dutch; the images are 64x64 placeholders to replace.",
           """\
gamepack.yaml               project id, name, locales (en, nl), build targets
content/profiles/1.yaml     a player profile; it offers routes
content/routes/1.yaml       a walk: its profile, reward and waypoints in walking order
content/locations/1.yaml    the places a route visits, with a position (latitude/longitude)
content/locations/2.yaml
content/rewards/1.yaml      the badge for finishing a route (PNG image)
assets/                     images, referred to from items by their path under assets/""")
    return root


def whackavc():
    root = fresh("whackavc")
    config(root, ["en"], ["kinvey", "canonical"])
    lines_file(root, "content/phrases/phrases.yaml", [
        "- id: 1",
        "  text: Have you tried being lean?",
        "- id: 2",
        "  text: Always be selling",
    ])
    write_bytes(os.path.join(root, "assets/vcs/jane-doe-profile.png"),
                flat_shape_png(64, (100, 149, 237), "circle"))
    write_bytes(os.path.join(root, "assets/vcs/jane-doe-game.png"),
                flat_shape_png(128, (100, 149, 237), "square", foreground=(33, 49, 79),
                               border=(255, 255, 255)))
    lines_file(root, "content/vcs/1.yaml", [
        "id: 1",
        "name: Jane Doe",
        "firm: Example Ventures",
        "profile_image: vcs/jane-doe-profile.png",
        "game_image: vcs/jane-doe-game.png",
    ])
    lines_file(root, "schema/sounds.yaml", [
        "description: Sound effects played during a game.",
        "fields:",
        "  name: {type: string, required: true, max_length: 40}",
        "  file: {type: audio, required: true, formats: [wav], max_bytes: 2000000}",
    ])
    sine_wav(os.path.join(root, "assets/sounds/hit.wav"), 440.0, seconds=0.1)
    lines_file(root, "content/sounds/sounds.yaml", [
        "- id: hit",
        "  name: Hit",
        "  file: sounds/hit.wav",
    ])
    readme(root, "A Whack-A-VC project",
           "A starter project for Whack-A-VC: two phrases, one VC with its profile and game "
           "images, and one\nsound effect. `sounds` is not a built-in type: `schema/sounds.yaml` "
           "defines it, which is how a\nproject adds a collection of its own. A VC may also "
           "have a `twitter` handle (without the @)\nand a `sound`. The images and the sound "
           "are placeholders to replace.",
           """\
gamepack.yaml                  project id, name, locales (en), build targets
content/phrases/phrases.yaml   the phrases shown during play; one file holding a list of items
content/vcs/1.yaml             a VC: name, firm, profile_image and game_image
schema/sounds.yaml             a content type of this project: the fields of a sound
content/sounds/sounds.yaml     the sounds, items of that type
assets/                        images and sounds, referred to by their path under assets/""")
    return root


def generated_deals(count, first_id):
    """Deals from scripts/make-deals.py (the example's generator), with its header line."""
    spec = importlib.util.spec_from_file_location("make_deals", os.path.join(REPO, "scripts", "make-deals.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    header = ["# Made up by gamepack's scripts/make-deals.py: shops, streets and offers from word lists."]
    return header + [line for deal in module.deals(count, first_id, "amsterdam") for line in deal]


def dealhunter():
    root = fresh("dealhunter")
    config(root, ["en"], ["canonical"])
    lines_file(root, "content/deals/1.yaml", [
        "id: 1",
        f"name: {q('Two coffees for the price of one')}",
        "location: {latitude: 52.372560, longitude: 4.900850}",
        "category: drinks",
        "details:",
        f"  store_name: {q('Koffiebar Nieuwmarkt')}",
        f"  address: {q('Nieuwmarkt 17, 1011 MA Amsterdam')}",
        f"  text: {q('Every weekday before 10:00, the second coffee is on the house.')}",
        "url: https://koffiebar-nieuwmarkt.example/deals",
        "valid_from: 2026-01-01",
        "valid_until: 2026-06-30",
        "featured: true",
    ])
    lines_file(root, "content/deals/2.yaml", [
        "id: 2",
        f"name: {q('Bike service for €19.50')}",
        "location: {latitude: 52.366050, longitude: 4.910890}",
        "category: services",
        "details:",
        f"  store_name: {q('Fietsmakerij Plantage')}",
        f"  address: {q('Plantage Middenlaan 34, 1018 DG Amsterdam')}",
        f"  text: {q('Brakes, gears, tyres and lights checked, chain cleaned and oiled. Parts extra.')}",
        "url: https://fietsmakerij-plantage.example/onderhoud",
        "valid_from: 2026-03-01",
        "valid_until: 2026-09-30",
    ])
    # A few hundred more, as the example has, so that a search within 5 km leaves some out.
    lines_file(root, "content/deals/generated.yaml", generated_deals(300, first_id=101))
    readme(root, "A DealHunter project",
           "A starter project for DealHunter: daily deals in Amsterdam. A deal has a name, "
           "a location\n(latitude/longitude), a category, the store's details, a link and the "
           "dates it is valid; the app\nlists the deals within 5 km of the player. The shops are "
           "made up; replace them with yours.",
           """\
gamepack.yaml                project id, name, locales (en), build targets
content/deals/1.yaml         one deal per file (a file may also hold a list of deals)
content/deals/2.yaml
content/deals/generated.yaml 300 more deals in one list, made up around Amsterdam""")
    return root


def blank():
    root = fresh("blank")
    config(root, ["en", "nl"], ["canonical"])
    write_text(os.path.join(root, "content/.gitkeep"), "")
    write_text(os.path.join(root, "assets/.gitkeep"), "")
    readme(root, "A gamepack project",
           "An empty project with English and Dutch as its locales (the first, `en`, is the "
           "default). Add a\ncollection by making a folder under `content/`: its name picks the "
           "content type, one of the\nbuilt-in types (`phrases`, `vcs`, `profiles`, `routes`, "
           "`locations`, `rewards`, `deals`) or a\ntype of your own in `schema/<collection>.yaml`.",
           """\
gamepack.yaml                 project id, name, locales (en, nl), build targets
content/<collection>/*.yaml   the items: one per file, or a list of items in one file
schema/<collection>.yaml      (optional) content types of this project
assets/                       images and sounds, referred to by their path under assets/""")
    return root


# The CI workflows `gamepack init --ci github|gitlab` copies into a project (templates/ci/, not a
# template of its own: it has no gamepack.yaml). `{{id}}` is the project id. Every `gamepack`
# command in them is run by a test (Tests/GamePackCLITests/CIWorkflowTests.swift), and both
# files validate against the GitHub and GitLab schemas (check-jsonschema --builtin-schema).
GITHUB_ACTIONS = """\
# gamepack CI for {{id}}, written by `gamepack init --ci github`.
#
# Pull requests: lint (annotations on the changed lines, SARIF uploaded to code scanning),
# the translation gate, and what changed against the base branch as a Markdown summary.
# The main branch: build, sign with the key in a secret, verify, publish to a channel.
#
# Set up once (Settings → Secrets and variables → Actions):
#   secret   GAMEPACK_SECRET_KEY   the text of release.key (`gamepack keygen --out release`)
#   secret   GAMEPACK_TOKEN        an upload token of your server (`gamepack serve token create`)
#   variable GAMEPACK_SERVER       the server's URL, e.g. https://packs.example.com
#   variable GAMEPACK_REPOSITORY   the git URL gamepack is built from (cached after the first run)
# and commit release.pub, the public key that verifies the packs.
name: gamepack

on:
  pull_request:
  push:
    branches: [main]

permissions:
  contents: read

env:
  GAMEPACK_PROJECT: .                 # the project folder in the repository
  GAMEPACK_CHANNEL: staging           # the channel the main branch publishes to
  GAMEPACK_MIN_TRANSLATED: "100"      # the share of texts every locale must have translated
  GAMEPACK_PUBLIC_KEY: release.pub    # the public key, from the repository's root
  GAMEPACK_REPOSITORY: ${{ vars.GAMEPACK_REPOSITORY }}
  GAMEPACK_REF: ${{ vars.GAMEPACK_REF || 'main' }}
  NO_COLOR: "1"

jobs:
  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-24.04
    container: swift:6.3-noble
    permissions:
      contents: read
      security-events: write          # upload SARIF to code scanning
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0              # `gamepack diff --git` reads the base branch
      - uses: actions/cache@v4
        with:
          path: ~/.local/gamepack
          key: gamepack-${{ runner.os }}-${{ env.GAMEPACK_REF }}
      - name: Install gamepack
        run: |
          if [ ! -x "$HOME/.local/gamepack/bin/gamepack" ]; then
            git clone --depth 1 --branch "$GAMEPACK_REF" "$GAMEPACK_REPOSITORY" "$RUNNER_TEMP/gamepack-src"
            bash "$RUNNER_TEMP/gamepack-src/scripts/install.sh" "$HOME/.local/gamepack"
          fi
          echo "$HOME/.local/gamepack/bin" >> "$GITHUB_PATH"
      - name: Lint
        run: gamepack lint "$GAMEPACK_PROJECT" --format github
      - name: Lint for code scanning
        if: always()
        run: gamepack lint "$GAMEPACK_PROJECT" --format sarif --out gamepack.sarif || [ $? -eq 1 ]
      - uses: github/codeql-action/upload-sarif@v3
        if: always()
        with:
          sarif_file: gamepack.sarif
          category: gamepack
      - name: Translations
        if: always()
        run: |
          status=0
          gamepack l10n status "$GAMEPACK_PROJECT" --format markdown --out gamepack-l10n.md --fail-under "$GAMEPACK_MIN_TRANSLATED" || status=$?
          cat gamepack-l10n.md >> "$GITHUB_STEP_SUMMARY"
          exit "$status"
      - name: Changes against the base branch
        if: always()
        run: |
          gamepack diff --git "origin/$GITHUB_BASE_REF" --project "$GAMEPACK_PROJECT" --format markdown --out gamepack-diff.md
          cat gamepack-diff.md >> "$GITHUB_STEP_SUMMARY"

  release:
    if: github.event_name == 'push' && github.ref == 'refs/heads/main'
    runs-on: ubuntu-24.04
    container: swift:6.3-noble
    concurrency: gamepack-release     # one publish at a time
    env:
      GAMEPACK_SECRET_KEY: ${{ secrets.GAMEPACK_SECRET_KEY }}
      GAMEPACK_TOKEN: ${{ secrets.GAMEPACK_TOKEN }}
      GAMEPACK_SERVER: ${{ vars.GAMEPACK_SERVER }}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/cache@v4
        with:
          path: ~/.local/gamepack
          key: gamepack-${{ runner.os }}-${{ env.GAMEPACK_REF }}
      - name: Install gamepack
        run: |
          if [ ! -x "$HOME/.local/gamepack/bin/gamepack" ]; then
            git clone --depth 1 --branch "$GAMEPACK_REF" "$GAMEPACK_REPOSITORY" "$RUNNER_TEMP/gamepack-src"
            bash "$RUNNER_TEMP/gamepack-src/scripts/install.sh" "$HOME/.local/gamepack"
          fi
          echo "$HOME/.local/gamepack/bin" >> "$GITHUB_PATH"
      - name: Build and sign
        run: gamepack build "$GAMEPACK_PROJECT" --out gamepack-packs
      - name: Verify
        run: gamepack verify gamepack-packs/*.gamepack --pubkey "$GAMEPACK_PUBLIC_KEY"
      - name: Publish
        run: gamepack publish gamepack-packs/*.gamepack --server "$GAMEPACK_SERVER" --channel "$GAMEPACK_CHANNEL"
      - uses: actions/upload-artifact@v4
        with:
          name: gamepack-pack
          path: gamepack-packs/
"""

GITLAB_CI = """\
# gamepack CI for {{id}}, written by `gamepack init --ci gitlab`.
#
# Merge requests: lint (a JUnit report in the merge request, SARIF kept as an artifact), the
# translation gate, and what changed against the target branch in Markdown (an artifact on
# the merge request, and a comment when GAMEPACK_GITLAB_TOKEN is set).
# The default branch: build, sign with the key in a variable, verify, publish to a channel.
#
# Set up once (Settings → CI/CD → Variables):
#   GAMEPACK_SECRET_KEY    masked: the text of release.key (`gamepack keygen --out release`)
#   GAMEPACK_TOKEN         masked: an upload token of your server (`gamepack serve token create`)
#   GAMEPACK_SERVER        the server's URL, e.g. https://packs.example.com
#   GAMEPACK_REPOSITORY    the git URL gamepack is built from (cached after the first run)
#   GAMEPACK_GITLAB_TOKEN  optional, masked: a token with the api scope, to comment the changes
# and commit release.pub, the public key that verifies the packs.

default:
  image: swift:6.3-noble

variables:
  GAMEPACK_PROJECT: "."              # the project folder in the repository
  GAMEPACK_CHANNEL: staging          # the channel the default branch publishes to
  GAMEPACK_MIN_TRANSLATED: "100"     # the share of texts every locale must have translated
  GAMEPACK_PUBLIC_KEY: release.pub   # the public key, from the repository's root
  GAMEPACK_REF: main
  GIT_DEPTH: "0"                     # `gamepack diff --git` reads the target branch
  NO_COLOR: "1"

stages: [check, release]

.gamepack:
  cache:
    key: gamepack-$GAMEPACK_REF
    paths: [.gamepack-tool/]
  before_script:
    - |
      if [ ! -x .gamepack-tool/bin/gamepack ]; then
        git clone --depth 1 --branch "$GAMEPACK_REF" "$GAMEPACK_REPOSITORY" /tmp/gamepack-src
        bash /tmp/gamepack-src/scripts/install.sh "$PWD/.gamepack-tool"
      fi
    - export PATH="$PWD/.gamepack-tool/bin:$PATH"

lint:
  extends: .gamepack
  stage: check
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - gamepack lint "$GAMEPACK_PROJECT" --format junit --out gamepack-lint.xml || [ $? -eq 1 ]
    - gamepack lint "$GAMEPACK_PROJECT" --format sarif --out gamepack.sarif || [ $? -eq 1 ]
    - gamepack lint "$GAMEPACK_PROJECT"
  artifacts:
    when: always
    reports:
      junit: gamepack-lint.xml
    paths: [gamepack.sarif]

translations:
  extends: .gamepack
  stage: check
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - gamepack l10n status "$GAMEPACK_PROJECT" --format markdown --out gamepack-l10n.md --fail-under "$GAMEPACK_MIN_TRANSLATED"
  artifacts:
    when: always
    expose_as: translations
    paths: [gamepack-l10n.md]

changes:
  extends: .gamepack
  stage: check
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - git fetch origin "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"
    - gamepack diff --git "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" --project "$GAMEPACK_PROJECT" --format markdown --out gamepack-diff.md
    - cat gamepack-diff.md
    - |
      if [ -n "${GAMEPACK_GITLAB_TOKEN:-}" ]; then
        curl --fail --silent --show-error --request POST --header "PRIVATE-TOKEN: $GAMEPACK_GITLAB_TOKEN" \\
          --data-urlencode "body@gamepack-diff.md" \\
          "$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes" > /dev/null
      fi
  artifacts:
    when: always
    expose_as: content changes
    paths: [gamepack-diff.md]

release:
  extends: .gamepack
  stage: release
  resource_group: gamepack-release   # one publish at a time
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
  script:
    - gamepack build "$GAMEPACK_PROJECT" --out gamepack-packs
    - gamepack verify gamepack-packs/*.gamepack --pubkey "$GAMEPACK_PUBLIC_KEY"
    - gamepack publish gamepack-packs/*.gamepack --server "$GAMEPACK_SERVER" --channel "$GAMEPACK_CHANNEL"
  artifacts:
    paths: [gamepack-packs/]
"""


def ci():
    root = os.path.join(OUT, "ci")
    if os.path.isdir(root):
        shutil.rmtree(root)
    write_text(os.path.join(root, "github-actions.yml"), GITHUB_ACTIONS)
    write_text(os.path.join(root, "gitlab-ci.yml"), GITLAB_CI)
    return root


def main():
    for make in (gohike, whackavc, dealhunter, blank, ci):
        print("wrote", os.path.relpath(make(), REPO))


if __name__ == "__main__":
    main()
