#!/usr/bin/env python3
"""Draws the package's module diagram into README.md, from Package.swift and the `import` lines in Sources/.

The targets are the `.target`, `.executableTarget` and `.systemLibrary` entries of Package.swift (names, and a
`path:` if given); their dependency lists are not read, because the code's `import` lines are what it uses. For
each target whose folder is under Sources/, every .swift file in it (recursively) is read for its imports
(`import X`, `@testable import X`, `@_spi(S) import X`, `public import X`, `import struct X.Y`, ...), comments and
string literals left out. Imports of other targets of the package are the diagram's arrows; other modules are
listed in brackets, without the system's own (Foundation, Glibc, ...).

The layers come from the import graph alone, top to bottom:
  faces        the executables, and the modules that import the core (PlannerApp) and are imported only by
               executables (PlannerServer)
  core         PlannerApp, and every other module that imports it (PlannerService)
  domain       the rest, above the foundations
  foundations  the modules no higher than Geo: no longer a chain of imports below them than below Geo
Within a layer, a module that imports another of the same layer is drawn above it (longest chain of imports
inside the layer), then names are sorted (ignoring case), so the output depends only on the graph.

    python3 Scripts/module-diagram.py            # rewrites the block between the markers in README.md
    python3 Scripts/module-diagram.py --check    # exits 1 when README.md's block is not what it would write
    python3 Scripts/module-diagram.py --print    # prints the block

Python 3 and its standard library only.
"""

import argparse
import os
import re
import sys

BEGIN = "<!-- modules:begin -->"
END = "<!-- modules:end -->"
CORE = "PlannerApp"
GROUND = "Geo"
WIDTH = 100

# Modules of the platform, not worth naming: every module imports some of them.
SYSTEM = {
    "Android", "Bionic", "CoreFoundation", "Darwin", "Dispatch", "Distributed", "Foundation",
    "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Glibc",
    "Musl", "ObjectiveC", "Observation", "RegexBuilder", "Swift", "Synchronization", "Testing", "WASILibc",
    "WinSDK", "XCTest", "_Concurrency", "_StringProcessing", "os", "ucrt",
}

DRAWN_KINDS = {"target", "executableTarget", "systemLibrary", "macro"}
TARGET_CALL = re.compile(r"\.(target|executableTarget|systemLibrary|macro|testTarget|plugin|binaryTarget)\s*\(")
RAW_STRING = re.compile(r'#+"')
IMPORT = re.compile(
    r"^\s*(?:(?:@[A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?|public|package|internal|fileprivate|private|open)\s+)*"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


class Failure(Exception):
    """A problem with the inputs, said in one line."""


def blank_comments_and_strings(text, keep_strings):
    """Returns `text` with its comments (and, unless `keep_strings`, the contents of its string literals) replaced
    by spaces, newlines kept, so that what is left can be read line by line."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2  # Swift's block comments nest
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and RAW_STRING.match(text, i)):
            start = RAW_STRING.match(text, i).end() - 1 if c == "#" else i
            hashes = start - i
            triple = text.startswith('"""', start)
            quote = '"""' if triple else '"'
            closing = quote + "#" * hashes
            j = start + len(quote)
            while j < n and not text.startswith(closing, j):
                if text[j] == "\\" and hashes == 0:
                    j += 1
                elif text[j] == "\n" and not triple:
                    break
                j += 1
            j = min(n, j + len(closing))
            literal = text[i:j]
            out.append(literal if keep_strings else re.sub(r"[^\n]", " ", literal))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def call_arguments(text, open_index):
    """The text between the parenthesis at `open_index` and its match (strings already kept intact)."""
    depth, i = 0, open_index
    while i < len(text):
        c = text[i]
        if c == '"':
            j = text.find('"', i + 1)
            while j > 0 and text[j - 1] == "\\":
                j = text.find('"', j + 1)
            i = j if j > 0 else len(text)
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return text[open_index + 1:i]
        i += 1
    raise Failure("Package.swift: a target's parenthesis is never closed")


def top_level_label(arguments, label):
    """The string value of `label:` among a call's own arguments (not inside nested calls), or None."""
    depth = 0
    for match in re.finditer(r'[()\[\]{}]|"(?:\\.|[^"\\])*"|\b' + label + r'\s*:\s*"((?:\\.|[^"\\])*)"', arguments):
        token = match.group(0)
        if token in "([{":
            depth += 1
        elif token in ")]}":
            depth -= 1
        elif match.group(1) is not None and depth == 0:
            return match.group(1)
    return None


def read_targets(root):
    """[(name, kind, folder)] in Package.swift's order, test targets, plugins and binaries left out."""
    path = os.path.join(root, "Package.swift")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as error:
        raise Failure(f"cannot read {path}: {error.strerror}")
    text = blank_comments_and_strings(text, keep_strings=True)
    targets, seen = [], set()
    for match in TARGET_CALL.finditer(text):
        kind = match.group(1)
        arguments = call_arguments(text, match.end() - 1)
        name = re.match(r'\s*name\s*:\s*"([^"]+)"', arguments)
        if not name:
            raise Failure(f"Package.swift: a .{kind}( without a name: first")
        name = name.group(1)
        if kind not in DRAWN_KINDS or name in seen:
            continue
        seen.add(name)
        folder = top_level_label(arguments, "path") or os.path.join("Sources", name)
        targets.append((name, kind, os.path.normpath(folder)))
    if not targets:
        raise Failure("Package.swift declares no targets")
    return targets


def read_imports(root, folder):
    """Every module a .swift file under `folder` imports."""
    modules = set()
    for directory, subdirectories, files in os.walk(os.path.join(root, folder)):
        subdirectories.sort()
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            with open(os.path.join(directory, file), encoding="utf-8", errors="replace") as handle:
                code = blank_comments_and_strings(handle.read(), keep_strings=False)
            for line in code.split("\n"):
                for statement in line.split(";"):
                    match = IMPORT.match(statement)
                    if match:
                        modules.add(match.group(1))
    return modules


def by_name(name):
    """Sorts names as a reader would (`Settings` before `SQLiteStore`), and the same way on every machine."""
    return (name.lower(), name)


def build_graph(root):
    targets = read_targets(root)
    drawn = [(name, kind, folder) for name, kind, folder in targets
             if folder.split(os.sep)[0] == "Sources" and os.path.isdir(os.path.join(root, folder))]
    names = {name for name, _, _ in drawn}
    left_out = sorted((f"{name} ({folder})" for name, _, folder in targets if name not in names), key=by_name)
    imports, outside, executables = {}, {}, set()
    for name, kind, folder in drawn:
        found = read_imports(root, folder)
        imports[name] = sorted(found & names - {name}, key=by_name)
        outside[name] = sorted(found - names - SYSTEM - {name}, key=by_name)
        if kind == "executableTarget":
            executables.add(name)
    return imports, outside, executables, left_out


def longest_chains(imports, within):
    """For each module of `within`: the longest chain of imports below it that stays inside `within`."""
    heights, visiting = {}, set()

    def height(module):
        if module in heights:
            return heights[module]
        if module in visiting:
            raise Failure(f"the imports go round in a circle through {module}")
        visiting.add(module)
        below = [height(other) + 1 for other in imports[module] if other in within]
        visiting.discard(module)
        heights[module] = max(below, default=0)
        return heights[module]

    for module in sorted(within):
        height(module)
    return heights


def layers(imports, executables):
    modules = set(imports)
    if CORE not in modules:
        raise Failure(f"there is no {CORE} under Sources/: the diagram's layers are drawn around it")
    importers = {module: {other for other in modules if module in imports[other]} for module in modules}
    above, stack = set(), [CORE]
    while stack:
        for importer in importers[stack.pop()]:
            if importer not in above:
                above.add(importer)
                stack.append(importer)
    faces = executables | {module for module in above if importers[module] <= executables}
    core = (above - faces) | {CORE}
    rest = modules - faces - core
    heights = longest_chains(imports, modules)
    ground = heights.get(GROUND, 0)
    foundations = {module for module in rest if heights[module] <= ground}
    return [
        ("faces", "the executables, and what only they import", faces),
        ("core", f"{CORE}, and what builds on it below the faces", core),
        ("domain", "everything in between", rest - foundations),
        ("foundations", f"{GROUND}, and the modules no higher than it", foundations),
    ]


def wrap(words, width):
    """Lines of at most `width` characters, the words separated by spaces (a longer word stands alone)."""
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def listed(names):
    """`names` as words of a comma-separated list."""
    return [name + ("," if index < len(names) - 1 else "") for index, name in enumerate(names)]


def diagram(root):
    imports, outside, executables, left_out = build_graph(root)
    column = max(len(module) for module in imports) + 2
    indent = " " * (column + 2)
    room = WIDTH - len(indent)
    out = ["A → B, C [X]: A imports B and C of this package, and X from outside it (the system's modules left",
           "out). Layers from the top; within one, a module sits above those of its layer that it imports."]
    for title, gloss, members in layers(imports, executables):
        if not members:
            continue
        header = f"── {title}" + (f" ({gloss}) " if gloss else " ")
        out += ["", header + "─" * max(3, WIDTH - len(header))]
        heights = longest_chains(imports, members)
        previous = None
        for module in sorted(members, key=lambda m: (-heights[m], by_name(m))):
            if previous is not None and heights[module] != previous:
                out.append("")
            previous = heights[module]
            lines = wrap(listed(imports[module]) or ["(none)"], room)
            if outside[module]:
                extra = listed(outside[module])
                extra[0] = "[" + extra[0]
                extra[-1] = extra[-1] + "]"
                whole = " ".join(extra)
                if len(lines[-1]) + 1 + len(whole) <= room:
                    lines[-1] += " " + whole
                else:
                    lines += wrap(extra, room)
            out.append(f"{module.ljust(column)}→ {lines[0]}".rstrip())
            out += [f"{indent}{line}" for line in lines[1:]]
    if left_out:
        out += [""] + wrap(["Not", "drawn,", "being", "outside", "Sources/:"] + listed(left_out), WIDTH)
        out[-1] += "."
    return "```text\n" + "\n".join(out) + "\n```"


def block(root):
    note = "<!-- Generated by python3 Scripts/module-diagram.py from Package.swift and Sources/: not by hand. -->"
    return f"{BEGIN}\n{note}\n{diagram(root)}\n{END}"


def readme_with_block(readme, new_block):
    begin, end = readme.find(BEGIN), readme.find(END)
    if begin < 0 or end < begin or readme.count(BEGIN) != 1 or readme.count(END) != 1:
        raise Failure(f"README.md needs one {BEGIN} line and one {END} line after it")
    return readme[:begin] + new_block + readme[end + len(END):]


def main(argv):
    parser = argparse.ArgumentParser(description="Draws the module diagram into README.md.")
    parser.add_argument("--check", action="store_true", help="exit 1 if README.md's diagram is stale")
    parser.add_argument("--print", action="store_true", help="print the diagram's block instead of writing")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the package's folder (default: the one this script is in)")
    options = parser.parse_args(argv)
    try:
        new_block = block(options.root)
        if options.print:
            print(new_block)
            return 0
        path = os.path.join(options.root, "README.md")
        try:
            readme = open(path, encoding="utf-8").read()
        except OSError as error:
            raise Failure(f"cannot read {path}: {error.strerror}")
        updated = readme_with_block(readme, new_block)
        if options.check:
            if updated != readme:
                print("README.md's module diagram is stale: run python3 Scripts/module-diagram.py")
                return 1
            return 0
        if updated != readme:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(updated)
        return 0
    except Failure as failure:
        print(f"module-diagram: {failure}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
