#!/usr/bin/env python3
"""The architecture's import rules, checked against every `import` line in Sources/ (README: "How it is built").

    python3 Scripts/check-imports.py     # one line per broken rule, exit 1; silent and 0 when all hold

The rules are data, below: which modules may not import which. Arrows point one way, faces → core → domain → Geo;
faces reach storage and services only through the core; the domain imports no database driver.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

FACES = ["PlannerCLI", "PlannerServerCLI", "PlannerServer"]
BELOW_THE_CORE = ["Watchlist", "NowPlaying", "Showtimes", "OnlineLookup", "Routing", "RoadEngines", "Transport"]
DRIVERS = ["GRDB", "GRDBSQLite", "PostgresNIO"]
DOMAIN = ["NowPlaying", "Showtimes", "OnlineLookup", "Theaters", "Routing", "RoadEngines", "Geo", "Places", "Tabular",
          "XMLScan", "Basics", "OSM", "Planner", "Settings"]
FRAMEWORKS_OF_FACES = ["ArgumentParser", "Hummingbird", "HTTPTypes"]

# (modules, forbidden imports, why)
RULES = [
    (FACES, DRIVERS + ["PostgresStore", "SQLiteStore"] + BELOW_THE_CORE,
     "a face reaches storage and services through the core (PlannerApp, PlannerService)"),
    (DOMAIN, DRIVERS + ["PostgresStore", "SQLiteStore"], "the domain names storage ports; adapters implement them"),
    (DOMAIN, ["PlannerApp", "PlannerService"] + FACES, "arrows point one way: the domain does not know the core"),
    (["PlannerApp", "PlannerService"], FRAMEWORKS_OF_FACES + FACES, "the core speaks no face's framework"),
    (["Routing"], ["Theaters"], "an area file carries its places as the caller's payload"),
]

IMPORT = re.compile(
    r"^[ \t]*(?:@[\w()]+[ \t]+)*(?:(?:public|package|internal)[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?(\w+)", re.M)


def imports(module: str) -> dict[str, list[str]]:
    """Imported module → the files of `module` that import it."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        for name in IMPORT.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return found


def main() -> int:
    broken = []
    for modules, forbidden, why in RULES:
        for module in modules:
            if not (ROOT / "Sources" / module).is_dir():
                broken.append(f"check-imports.py: the rule '{why}' names {module}, which Sources/ lacks")
                continue
            for name, files in imports(module).items():
                if name in forbidden:
                    broken.append(f"{files[0]} imports {name}: {why}" + (f" (and {len(files) - 1} more)" if len(files) > 1 else ""))
    for line in broken:
        print(line, file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
