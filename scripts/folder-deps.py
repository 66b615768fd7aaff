#!/usr/bin/env python3
"""Print which folder of a Swift target uses names declared in which other folder, and any cycles.

A folder is the first path component below the target (Sources/GamePackKit/Lint/Rules/X.swift
belongs to Lint); files directly in the target belong to "(root)", which every folder may use
and which is left out of the cycle check. A declared name is a type (struct, enum, class, actor,
protocol, typealias), a type's extension with a new member name is not counted, and a top-level
func. A folder uses a name when the name appears as an identifier in one of its files outside
comments and string literals, and no file of the folder itself declares that name.

Usage: scripts/folder-deps.py [Sources/<Target>] [--quiet]

Without a target it checks each of the targets GamePackKit was split into (LAYER_TARGETS). Between
those targets the compiler is the check (Package.swift lets each import only the ones below it);
inside each, this script.
Exit status: 0 when no folder depends on a folder that depends back on it (directly or through
others), 1 when there is a cycle, 2 on a usage error.
"""

import os
import re
import sys

# A top-level declaration: starts in column 0 (nested types and members are indented), after
# optional attributes and modifiers.
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?[ \t]+)*"
    r"(?:(?:public|internal|private|fileprivate|package|open|final|indirect|nonisolated)[ \t]+)*"
    r"(struct|enum|class|actor|protocol|typealias|func)[ \t]+([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
# Pairs of folders allowed to use each other for now (sorted names, such as ("Build", "Diff")).
# Issue 14 took the last ones apart: keep it empty. The check fails on any pair not listed, and
# on a pair listed here that no longer is one.
KNOWN_MUTUAL = set()

# An identifier not reached through a dot (so `x.Result` or `.collections` are members, not uses
# of a top-level name); group 2 is "(" when the identifier is called.
IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)[ \t]*(\(?)")


def strip_comments_and_strings(text):
    """The source with comments and string literal text left out; the code inside string
    interpolations is kept, since names used there are uses too."""
    out = []
    i, n = 0, len(text)
    depth = 0  # nesting of /* */ comments
    while i < n:
        c = text[i]
        if depth:
            if text.startswith("/*", i):
                depth += 1
                i += 2
            elif text.startswith("*/", i):
                depth -= 1
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth = 1
            i += 2
            continue
        if c == '"' or (c == "#" and text.startswith('#"', i)):
            hashes = 0
            while i < n and text[i] == "#":
                hashes += 1
                i += 1
            multiline = text.startswith('"""', i)
            quote = '"""' if multiline else '"'
            close = quote + "#" * hashes
            i += len(quote)
            escape = "\\" + "#" * hashes
            while i < n and not text.startswith(close, i):
                if text.startswith(escape + "(", i):
                    # An interpolation: keep its code (names used there are uses too).
                    i += len(escape) + 1
                    start, level = i, 1
                    while i < n and level:
                        level += {"(": 1, ")": -1}.get(text[i], 0)
                        i += 1
                    out.append(" " + strip_comments_and_strings(text[start:i - 1]) + " ")
                    continue
                if text.startswith(escape, i):
                    i += len(escape)
                if i < n and text[i] == "\n":
                    out.append("\n")
                i += 1
            i += len(close)
            out.append('""')
            continue
        out.append(c)
        i += 1
    return "".join(out)


def folder_of(target, path):
    rel = os.path.relpath(path, target)
    parts = rel.split(os.sep)
    return "(root)" if len(parts) == 1 else parts[0]


# The targets checked when none is named: the layers of CONTRIBUTING.md, bottom to top.
LAYER_TARGETS = ["GamePackContent", "GamePackLocalization", "GamePackLint", "GamePackBuild", "GamePackSite",
                 "GamePackKit"]


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    quiet = "--quiet" in argv
    unknown = [a for a in argv if a.startswith("--") and a != "--quiet"]
    if unknown or len(args) > 1:
        print("usage: scripts/folder-deps.py [Sources/<Target>] [--quiet]", file=sys.stderr)
        return 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if args:
        return check(args[0], quiet)
    status = 0
    for name in LAYER_TARGETS:
        print(f"== {name}")
        status = max(status, check(os.path.join(root, "Sources", name), quiet))
    return status


def check(target, quiet):
    """Checks the folders of one target; the exit status for it."""
    if not os.path.isdir(target):
        print(f"{target}: no such folder; pass a target folder such as Sources/GamePackLint",
              file=sys.stderr)
        return 2

    sources = {}  # folder -> list of stripped file texts
    declared = {}  # folder -> set of names
    functions = set()  # names declared as top-level functions (used only when called)
    for directory, _, files in os.walk(target):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as handle:
                text = strip_comments_and_strings(handle.read())
            folder = folder_of(target, path)
            sources.setdefault(folder, []).append(text)
            names = declared.setdefault(folder, set())
            for kind, ident in DECLARATION.findall(text):
                names.add(ident)
                if kind == "func":
                    functions.add(ident)

    owner = {}  # name -> folders declaring it
    for folder, names in declared.items():
        for ident in names:
            owner.setdefault(ident, set()).add(folder)

    uses = {}  # folder -> {other folder -> sorted names}
    for folder, texts in sources.items():
        idents = set()
        for text in texts:
            for ident, call in IDENTIFIER.findall(text):
                if ident not in functions or call:
                    idents.add(ident)
        for ident in idents:
            if ident in declared.get(folder, set()):
                continue
            for other in owner.get(ident, ()):
                if other != folder:
                    uses.setdefault(folder, {}).setdefault(other, set()).add(ident)

    graph = {f: {o for o in deps if o != "(root)"} for f, deps in uses.items() if f != "(root)"}
    if not quiet:
        for folder in sorted(sources):
            deps = uses.get(folder, {})
            listed = ", ".join(sorted(deps)) if deps else "(nothing)"
            print(f"{folder} -> {listed}")
            for other in sorted(deps):
                names = sorted(deps[other])
                shown = ", ".join(names[:8]) + (f", ... ({len(names)} names)" if len(names) > 8 else "")
                print(f"    {other}: {shown}")

    # Folders that use each other directly: the cycles this script fails on.
    mutual = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph.get(b, ())})
    for a, b in mutual:
        tag = "known" if (a, b) in KNOWN_MUTUAL else "new"
        stream = sys.stdout if tag == "known" else sys.stderr
        print(f"cycle ({tag}): {a} <-> {b}", file=stream)
        print(f"    {a} uses {b}: {', '.join(sorted(uses[a][b]))}", file=stream)
        print(f"    {b} uses {a}: {', '.join(sorted(uses[b][a]))}", file=stream)
    stale = sorted(KNOWN_MUTUAL - set(mutual))
    for a, b in stale:
        print(f"note: {a} <-> {b} is no longer a cycle; remove it from KNOWN_MUTUAL", file=sys.stderr)
    # Every folder may use the files directly in the target, so those use no folder.
    root_uses = uses.get("(root)", {})
    for other in sorted(root_uses):
        print(f"cycle (new): (root) uses {other}: {', '.join(sorted(root_uses[other]))}; every folder uses (root)",
              file=sys.stderr)
    # Longer cycles (A uses B, B uses C, C uses A): strongly connected components of more than
    # one folder that are not a known mutual pair.
    index, low, on_stack, stack, components = {}, {}, set(), [], []

    def connect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    longer = [c for c in components if not (len(c) == 2 and tuple(c) in KNOWN_MUTUAL) and len(c) > 2]
    for component in longer:
        print(f"cycle (new): {' -> '.join(component)} use each other through a longer loop", file=sys.stderr)
        for a in component:
            for b in sorted(graph[a] & set(component)):
                print(f"    {a} uses {b}: {', '.join(sorted(uses[a][b]))}", file=sys.stderr)
    new = [pair for pair in mutual if pair not in KNOWN_MUTUAL] + [("(root)", o) for o in root_uses] + longer
    if new:
        print("fix: move the names both folders need to Support/ or JSON/, or give each folder "
              "its own", file=sys.stderr)
        return 1
    if not mutual and not longer:
        print("no cycles between folders")
    return 0 if not stale else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
