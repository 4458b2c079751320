#!/usr/bin/env bash
# Sourced by the OSRM comparisons: fetch_osrm_wheel DIR downloads the PyPI wheel osrm-bindings==26.10.0 into DIR,
# unpacks it and prints the directory holding bin/osrm-extract… and share/profiles/car.lua. The wheel is
# cp312-abi3; its programs run whatever the local Python is, so it is unpacked rather than installed.
fetch_osrm_wheel() {
    local dir=$1
    echo "== fetching osrm-bindings==26.10.0" >&2
    pip download --quiet --no-deps --only-binary :all: --python-version 3.12 --platform manylinux_2_28_x86_64 \
        -d "$dir" 'osrm-bindings==26.10.0' >&2
    (cd "$dir" && python3 -m zipfile -e osrm_bindings-26.10.0-*.whl unpacked)
    chmod +x "$dir"/unpacked/osrm/bin/*
    echo "$dir/unpacked/osrm"
}
