#!/usr/bin/env python3
"""Checks every error line the test suite provoked (the file PLANNER_ERROR_LOG named during the run).

Each line is `FACE<TAB>TEXT`, where FACE is `cli` (a `planner: error:` line) or `serve STATUS` (a problem
document's detail), written by planner itself (PlannerApp's ErrorRecord). A line fails when it shows internals
(`Error Domain=`, `(null)`, a `DecodingError` dump, a Swift type or enum case name such as
`PlannerAppError.notFound` or `Optional(`) or runs past 600 characters. Prints how many lines were checked and
each failing line (cut to 300 characters); exits 1 if any failed, and also if the file is missing or empty, since
a suite that provoked no error at all did not run.

    python3 Scripts/check-error-lines.py FILE
"""

import re
import sys
from collections import Counter

INTERNALS = re.compile(
    r"Error Domain=|\(null\)|DecodingError|NSError|NSCocoaErrorDomain|CocoaError|POSIXError|"
    r"\bSwift\.[A-Z]|\bFoundation\.[A-Z]|keyNotFound|typeMismatch|valueNotFound|dataCorrupted|CodingKeys|"
    r"Optional\(|\b[A-Z][A-Za-z]*(Error|Failure)\.[a-z][A-Za-z]*\b|\b[A-Z][A-Za-z]*(Error|Failure)\(|"
    r"_GenericObjCError|Fatal error|SQLite error \d")
LONGEST = 600


def main(path: str) -> int:
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    except FileNotFoundError:
        print(f"check-error-lines: {path} does not exist: no test provoked an error, or the log was not passed on")
        return 1
    lines = [line for line in lines if line]
    if not lines:
        print(f"check-error-lines: {path} is empty: no test provoked an error, or the log was not passed on")
        return 1
    failures = []
    for line in lines:
        face, _, text = line.partition("\t")
        if INTERNALS.search(text):
            failures.append(f"{face}: shows internals ({INTERNALS.search(text).group(0)}): {text[:300]}")
        elif len(text) > LONGEST:
            failures.append(f"{face}: {len(text)} characters long: {text[:300]}…")
    faces = Counter(line.partition("\t")[0].split(" ")[0] for line in lines)
    distinct = len(set(lines))
    print(f"check-error-lines: {len(lines)} error lines ({distinct} distinct; "
          + ", ".join(f"{count} from {face}" for face, count in sorted(faces.items()))
          + f"), {len(failures)} failing")
    for failure in sorted(set(failures)):
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
