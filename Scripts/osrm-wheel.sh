#!/usr/bin/env bash
# Sourced by the OSRM comparisons and benchmarks: fetch_osrm_wheel DIR downloads the PyPI wheel osrm-bindings==26.10.0
# into DIR, unpacks it and prints the directory holding bin/osrm-extract, bin/osrm-routed… and share/profiles/. A DIR
# that already holds the unpacked wheel is reused. The wheel is cp312-abi3; its programs run whatever the local
# Python is, so it is unpacked rather than installed.
fetch_osrm_wheel() {
    local dir=$1
    if [[ -x "$dir/unpacked/osrm/bin/osrm-extract" ]]; then echo "$dir/unpacked/osrm"; return; fi
    rm -rf "$dir"
    echo "== fetching osrm-bindings==26.10.0" >&2
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: --python-version 3.12 \
        --platform "manylinux_2_28_$(uname -m)" -d "$dir" 'osrm-bindings==26.10.0' >&2
    (cd "$dir" && python3 -m zipfile -e osrm_bindings-26.10.0-*.whl unpacked)
    chmod +x "$dir"/unpacked/osrm/bin/*
    echo "$dir/unpacked/osrm"
}
