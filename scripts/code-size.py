#!/usr/bin/env python3
"""Checks that no Swift source file is over 400 lines and no function, initializer,
closure-valued property or accessor body is over 80 lines.

A file or function may stay longer when it carries a comment with the words
`code-size: allow` and the reason (data such as an embedded schema, or an unrolled hot loop).
For a file, the comment goes in its first 20 lines; for a function, in the 3 lines above it.

    python3 scripts/code-size.py [--quiet] [--max-file N] [--max-function N] [PATHS...]

Exits 1 when something is over its limit, listing each with its length.
"""
import os
import re
import sys

MAX_FILE = 400
MAX_FUNCTION = 80
ALLOW = "code-size: allow"
DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|open|static|class|final|"
    r"override|mutating|nonmutating|nonisolated|convenience|required|isolated|consuming|borrowing|"
    r"dynamic|lazy|indirect)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+|case\s+\w+)")


def strip_strings(line, in_block):
    """Removes string literals and comments from one line, tracking /* */ across lines."""
    out = []
    i = 0
    in_string = False
    while i < len(line):
        if in_block:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i = end + 2
            in_block = False
            continue
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block = True
            i += 2
            continue
        if c == '"':
            in_string = True
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block


def functions(lines):
    """Yields (name, first line, length) for each declaration whose body opens with `{`."""
    in_block = False
    in_multiline = False
    code = []
    for raw in lines:
        if in_multiline:
            if '"""' in raw:
                in_multiline = False
            code.append("")
            continue
        if raw.count('"""') % 2 == 1:
            in_multiline = True
            code.append(raw.split('"""')[0])
            continue
        stripped, in_block = strip_strings(raw, in_block)
        code.append(stripped)
    for index, line in enumerate(code):
        match = DECL.match(line)
        if not match:
            continue
        if match.group(1).startswith(("var", "case")) and "{" not in line:
            continue
        depth = 0
        opened = False
        for end in range(index, len(code)):
            for c in code[end]:
                if c == "{":
                    depth += 1
                    opened = True
                elif c == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and end > index + 12:
                break
        if opened:
            yield match.group(1), index, end - index + 1


def allowed(lines, index):
    return any(ALLOW in lines[i] for i in range(max(0, index - 3), index + 1))


def main(argv):
    quiet = "--quiet" in argv
    args = [a for a in argv if a != "--quiet"]
    max_file, max_function = MAX_FILE, MAX_FUNCTION
    if "--max-file" in args:
        i = args.index("--max-file")
        max_file = int(args[i + 1])
        del args[i:i + 2]
    if "--max-function" in args:
        i = args.index("--max-function")
        max_function = int(args[i + 1])
        del args[i:i + 2]
    roots = args or ["Sources", "examples"]
    problems = []
    files = 0
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                files += 1
                with open(path, encoding="utf-8") as handle:
                    lines = handle.read().split("\n")
                if lines and lines[-1] == "":
                    lines.pop()
                if len(lines) > max_file and not any(ALLOW in l for l in lines[:20]):
                    problems.append(f"{path}: {len(lines)} lines (limit {max_file})")
                for decl, index, length in functions(lines):
                    if length > max_function and not allowed(lines, index):
                        problems.append(f"{path}:{index + 1}: {decl} is {length} lines (limit {max_function})")
    for problem in problems:
        print(problem)
    if not quiet or problems:
        print(f"code-size: {files} files, {len(problems)} over the limits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
