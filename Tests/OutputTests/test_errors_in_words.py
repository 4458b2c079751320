"""Errors in words: one line, no Foundation internals, and echoed input cut short, whatever the input."""

import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PLANNER = Path(os.environ.get("PLANNER") or REPO / ".build" / "debug" / "planner").resolve()
INTERNALS = re.compile(r"Error Domain=|\(null\)|DecodingError|NSError|Swift\.|keyNotFound|typeMismatch")


@pytest.fixture
def env(tmp_path):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PLANNER_", "TMDB_"))
               or k == "PLANNER_ERROR_LOG"}
    environment.update({"PLANNER_DATA_DIR": str(REPO / "Data"), "PLANNER_CONFIG": str(tmp_path / "config.json"),
                        "PLANNER_DB": str(tmp_path / "planner.sqlite"), "XDG_DATA_HOME": str(tmp_path / "data"),
                        "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter", "NOMINATIM_URL": "http://127.0.0.1:9"})
    return environment


def error_line(env, *arguments):
    result = subprocess.run([str(PLANNER), *arguments], env=env, capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode != 0, result.stdout[:300]
    lines = [line for line in result.stderr.splitlines() if line.startswith("planner: error:")]
    assert len(lines) == 1, result.stderr[:1000]
    assert not INTERNALS.search(lines[0]), lines[0]
    return lines[0]


@pytest.mark.parametrize("arguments", [
    ["nearby", "--near", "x" * 100_000],
    ["nearby", "--near", "1" * 100_000],
    ["nearby", "--near", "x " * 50_000],
    ["nearby", "--near", "x" * 100_000, "--online"],
    ["nearby", "--near", "Helsinki", "--radius", "9" * 100_000],
    ["nearby", "--near", "Helsinki", "--keyword", "k" * 100_000],
    ["route", "--near", "Helsinki", "--to", "k" * 100_000],
    ["config", "set", "region", "q" * 100_000],
])
def test_a_100_kb_argument_gives_an_error_line_under_300_characters(env, arguments):
    assert len(error_line(env, *arguments)) < 300


def test_an_osm_xml_with_a_doctype_and_entities_is_refused_in_plain_words(env, tmp_path):
    extract = tmp_path / "entities.osm"
    extract.write_text("""<?xml version="1.0"?>
<!DOCTYPE osm [
<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY ext SYSTEM "file:///etc/passwd">
]>
<osm version="0.6"><node id="1" lat="60.1" lon="24.9"/><node id="2" lat="60.101" lon="24.901"/>
<way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="&b;&ext;"/></way></osm>
""")
    line = error_line(env, "areas", "import", str(extract))
    assert "DOCTYPE" in line and "does not expand" in line


def test_an_undefined_entity_is_an_xml_error_in_words(env, tmp_path):
    extract = tmp_path / "undefined.osm"
    extract.write_text('<?xml version="1.0"?>\n<osm version="0.6"><node id="1" lat="1" lon="2"/>'
                       '<way id="2"><nd ref="1"/><tag k="a" v="&zz;"/></way></osm>\n')
    assert "not well-formed XML" in error_line(env, "areas", "import", str(extract))


def test_json_nested_past_64_levels_is_refused_by_name_in_a_catalog_and_an_import(env, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    catalog = tmp_path / "deep.geojson"
    catalog.write_text('{"type":"FeatureCollection","features":' + deep + "}")
    assert "more than 64 deep" in error_line(env, "nearby", "--near", "60.1699,24.9384", "--catalog", str(catalog))
    export = tmp_path / "deep.json"
    export.write_text('{"format_version":1,"films":' + deep + "}")
    assert "more than 64 deep" in error_line(env, "watchlist", "import", str(export))


# ------------------------------------------------------------------------------------------------ limits


def sparse_file(path, size_bytes: int):
    """A file of `size_bytes` that takes no disk: a hole."""
    with open(path, "wb") as handle:
        handle.truncate(size_bytes)
    return path


@pytest.mark.parametrize("arguments, limit_words", [
    (["nearby", "--near", "Helsinki", "--catalog", "{file}.csv"], "catalogs are read whole into memory, at most"),
    (["watchlist", "import", "{file}.json"], "watchlist imports are read whole into memory, at most"),
    (["showtimes", "import", "{file}.csv"], "showtimes imports are read whole into memory, at most"),
])
def test_a_file_larger_than_memory_allows_is_refused_before_it_is_read_with_the_limit(env, tmp_path, arguments,
                                                                                       limit_words):
    big = tmp_path / "big"
    arguments = [a.replace("{file}", str(big)) for a in arguments]
    sparse_file(next(a for a in arguments if a.startswith(str(big))), 3 * 1024 ** 3)
    line = error_line(env, *arguments)
    assert "3 GB" in line and limit_words in line, line


def test_a_catalog_theater_named_with_over_1_kb_is_refused_naming_the_field_and_row(env, tmp_path):
    catalog = tmp_path / "long-name.csv"
    catalog.write_text("name,lat,lon\nKino,60.17,24.94\n" + "N" * 2000 + ",60.17,24.94\n")
    line = error_line(env, "nearby", "--near", "Helsinki", "--catalog", str(catalog))
    assert "row 2" in line and "its name is" in line and "names are at most 1 KB" in line, line


def test_a_catalog_field_over_64_kb_is_refused_naming_the_field(env, tmp_path):
    catalog = tmp_path / "long-address.csv"
    catalog.write_text("name,lat,lon,addr:street\nKino,60.17,24.94," + "a" * 70_000 + "\n")
    line = error_line(env, "nearby", "--near", "Helsinki", "--catalog", str(catalog))
    assert "'addr:street'" in line and "fields are at most 64 KB" in line, line


@pytest.mark.parametrize("key, length, words", [
    ("name", 2000, "names of at most 1024 bytes"),
    ("note", 70_000, "tag values of at most 65536 bytes"),
])
def test_an_osm_tag_past_its_limit_is_refused_with_its_key(env, tmp_path, key, length, words):
    extract = tmp_path / "long-tag.osm"
    extract.write_text(f"""<?xml version="1.0"?>
<osm version="0.6"><node id="1" lat="60.1" lon="24.9"><tag k="amenity" v="cinema"/><tag k="{key}" v="{'x' * length}"/></node>
<node id="2" lat="60.101" lon="24.901"/></osm>
""")
    line = error_line(env, "areas", "import", str(extract))
    assert f"a '{key}' tag is {length} bytes long" in line and words in line, line


def test_a_letterboxd_title_over_1_kb_is_refused_with_its_line(env, tmp_path):
    export = tmp_path / "watchlist.csv"
    export.write_text("Date,Name,Year,Letterboxd URI\n2026-01-01,Fight Club,1999,\n2026-01-02," + "T" * 1500 + ",2000,\n")
    line = error_line(env, "watchlist", "import", str(export), "--offline")
    assert "line 3" in line and "its Name is" in line and "names are at most 1 KB" in line, line
