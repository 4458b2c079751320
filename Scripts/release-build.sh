# Sourced: `release_build`, the one release build of the Quick start, install.sh, the benchmarks and
# startup-order.sh. They share its scratch folder and its flags, so that none rebuilds what another built.
#
# The Swift runtime linked in (--static-swift-stdlib). Every Swift module, the dependencies' too, reaches generic
# types' metadata through accessors rather than by mangled name: a mangled name's requirements are checked at run
# time, each new pair of type and protocol a scan of every conformance in the binary (Package.swift sets the same
# for the package's own targets, for a plain `swift build -c release`). Figures: docs/benchmarks-history.md, #30.
# shellcheck disable=SC2034  # used by the scripts that source this file
release_build=(swift build -c release --static-swift-stdlib --scratch-path .build-install
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)

# The C++ runtime linked in too: the Swift runtime is written in C++, and the toolchain links it against
# libstdc++.so, whose loading and relocating every process pays for at start (BENCHMARKS.md, #30). swiftc names
# `-lstdc++` itself, so a folder holding only the static library, searched before the compiler's own, makes the
# linker take libstdc++.a (GCC's runtime library exception allows it). Without one (no libstdc++-12-dev), the shared
# library is linked, as before.
release_build_cxx=$(clang -print-file-name=libstdc++.a 2>/dev/null || true)
if [[ $release_build_cxx == /* && -f $release_build_cxx ]]; then
    mkdir -p .build-install/static-libstdc++
    ln -sfn "$release_build_cxx" .build-install/static-libstdc++/libstdc++.a
    release_build+=(-Xswiftc "-L$PWD/.build-install/static-libstdc++")
fi
