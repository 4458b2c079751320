// swift-tools-version:6.1
import PackageDescription

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the C library the release `planner` is linked against reads packed relative relocations (DT_RELR:
/// glibc 2.36 and later). lld marks a packed binary as needing GLIBC_ABI_DT_RELR, which an older glibc refuses to
/// load, so Ubuntu 22.04 (2.35) links them unpacked.
let libcReadsPackedRelocations: Bool = {
    #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
        // "glibc 2.36"
        let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").last?.split(separator: ".").compactMap { Int($0) }
        guard let version, version.count >= 2 else { return false }
        return version[0] > 2 || (version[0] == 2 && version[1] >= 36)
    #else
        return false
    #endif
}()

let package = Package(
    name: "planner",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "planner", targets: ["PlannerCLI"]),
        .executable(name: "planner-server", targets: ["PlannerServerCLI"]),
        .executable(name: "planner-bench", targets: ["PlannerBench"]),
        .library(name: "Geo", targets: ["Geo"]),
        .library(name: "Theaters", targets: ["Theaters"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "NowPlaying", targets: ["NowPlaying"]),
        .library(name: "Watchlist", targets: ["Watchlist"]),
        .library(name: "Showtimes", targets: ["Showtimes"]),
        .library(name: "Planner", targets: ["Planner"]),
        .library(name: "OSM", targets: ["OSM"]),
        .library(name: "Routing", targets: ["Routing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C's snprintf for Swift, without a variadic list (`cFormat`).
        .target(name: "CPrintf"),
        // The string and number helpers every module may use: trimming spaces, C formatting, a seeded generator.
        .target(name: "Basics", dependencies: ["CPrintf"]),
        // Coordinates, distances, bearings, bounding boxes, the spatial index, travel modes, GeoJSON.
        // Optimised in debug builds too, as Routing is: the tests check the spatial index against a brute-force scan
        // of thousands of points, and every test measures distances.
        .target(
            name: "Geo", dependencies: ["Basics"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The one CSV reader and writer (RFC 4180).
        .target(name: "Tabular", dependencies: ["Basics"]),
        // The one XML reader: well-formedness, the predefined entities, no DTD (Finnkino's answers, OSM XML).
        // Optimised in debug builds too, as OSM's readers are: the tests read whole OSM extracts through both.
        .target(name: "XMLScan", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Theater model, catalogs (bundled, CSV, GeoJSON) and keyword resolution.
        .target(name: "Theaters", dependencies: ["Basics", "Geo", "Tabular"]),
        // Offline geocoding from the bundled GeoNames gazetteer.
        .target(name: "Places", dependencies: ["Basics", "Geo", "Tabular"]),
        // The user's saved settings (home, region, online policy), in an XDG config file.
        .target(name: "Settings"),
        // HTTP for every client: the transport protocol, libcurl's transport, retries, pacing, key redaction.
        .target(name: "Transport", dependencies: ["CCurl"]),
        // TMDb v3 and OMDb clients over an injectable HTTP transport, with a response cache behind a storage port.
        .target(name: "NowPlaying", dependencies: ["Basics", "Transport", "Tabular"]),
        // The system libcurl, loaded on the first request (dlopen), with non-variadic `curl_easy_setopt` wrappers, for
        // CurlTransport. Its header comes from libcurl4-openssl-dev.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // Overpass and Nominatim clients, with caching and request pacing as their usage policies ask.
        .target(name: "OnlineLookup", dependencies: ["Basics", "Geo", "Theaters", "Transport"]),
        // The lists' storage ports (`ListStorage`) and their SQLite store: watchlist, favorites, ratings, reviews.
        .target(
            name: "Watchlist",
            dependencies: [
                "Basics", "Tabular", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        // Showtimes: a provider-independent show model, the Finnkino XML provider, imports, and matching.
        .target(name: "Showtimes", dependencies: ["Basics", "Geo", "Theaters", "Transport", "Tabular", "XMLScan"]),
        // The caches' storage ports on SQLite (GRDB): the TMDb, online-lookup and showtimes tables, in the file the
        // watchlist store owns, and their migrations.
        .target(
            name: "SQLiteStore",
            dependencies: [
                "NowPlaying", "OnlineLookup", "Showtimes", "Watchlist", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The join of places, films and the watchlist: suggestions, routes, maps, calendars. No I/O of its own.
        .target(name: "Planner", dependencies: ["Geo", "Theaters", "Showtimes"]),
        // The system zlib (zlib1g-dev), for PBF blobs and gzipped OSM XML.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // OpenStreetMap extract readers: streaming PBF and OSM XML (plain or gzipped).
        // Optimised in debug builds too: the tests read real extracts (Helsinki, Columbus, Krems) many times over.
        .target(
            name: "OSM", dependencies: ["Basics", "Geo", "Tabular", "XMLScan", "CZlib"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Road graphs from OSM extracts, routing profiles, snapping and shortest paths.
        // Optimised in debug builds too: an import contracts the car graph's turns (TurnHierarchy), some 5 s for
        // Columbus optimised but 45 s unoptimised, which tests that import real extracts cannot wait for.
        .target(
            name: "Routing", dependencies: ["Basics", "Geo", "OSM"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Routing on the engines operators run for a country: OSRM's and Valhalla's HTTP APIs, behind `Router`,
        // with the planner's own router as the fallback.
        .target(name: "RoadEngines", dependencies: ["Geo", "Transport"]),
        // Times graph import and queries on a real extract (release mode).
        .executableTarget(name: "RoutingBenchmark", dependencies: ["Geo", "Planner", "Routing", "Theaters"]),
        // PostgreSQL behind the same storage ports as SQLite (lists, users, caches, pacing), for several
        // `planner serve` instances sharing one database (postgres-nio).
        .target(
            name: "PostgresStore",
            dependencies: [
                "Watchlist", "NowPlaying", "OnlineLookup", "Showtimes",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The application core: every use case (theater search, routes, films, lists, showtimes, plans, users),
        // each taking a plain request and returning a report or a typed error. Both faces call it.
        .target(
            name: "PlannerApp",
            dependencies: [
                "Basics", "Geo", "Theaters", "Places", "Settings", "NowPlaying", "Watchlist", "Showtimes", "Planner",
                "OnlineLookup", "Routing", "RoadEngines", "Tabular", "Transport", "SQLiteStore",
            ]
        ),
        // What both executables' command lines share: standard output and error, and how a failed command ends.
        // The core never ends the process; the faces do, through here.
        .target(name: "PlannerTerminal", dependencies: ["PlannerApp", "Transport"]),
        // What the service adds to the core: PostgreSQL behind `Storage`, users' tokens (SHA-256, swift-crypto), and
        // copying a SQLite store into PostgreSQL. Only `planner-server` links it, so that `planner` carries neither
        // postgres-nio nor BoringSSL (BENCHMARKS.md: every command paid for their start-up).
        .target(
            name: "PlannerService",
            dependencies: [
                "PlannerApp", "Watchlist", "NowPlaying", "OnlineLookup", "Showtimes", "PostgresStore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The web page's files and the OpenAPI document in the binary, by C23's #embed: SwiftPM's `embedInCode` writes
        // them as Swift array literals of every byte, which took the type checker longer than the rest of the server.
        .target(name: "CWebFiles"),
        // The second face: `planner serve`, the HTTP API, the web page, metrics and the access log (Hummingbird 2).
        .target(
            name: "PlannerServer",
            dependencies: [
                "PlannerApp", "PlannerService", "Basics", "Geo", "Theaters", "Planner", "Settings", "Tabular",
                "CWebFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Web/ and OpenAPI/ are built in by CWebFiles.
            exclude: ["Web", "OpenAPI"]
        ),
        // The thin `planner` executable: parse, call the core, format. `planner serve`, `users` and `db` run
        // `planner-server`, installed beside it.
        .executableTarget(
            name: "PlannerCLI",
            dependencies: [
                "Geo", "Theaters", "Settings", "Planner", "Tabular", "PlannerApp", "PlannerTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The toolchain links static executables with -export-dynamic (static-stdlib-args.lnk), which put the
            // packages' 50,000 public symbols in the dynamic symbol table: 4.5 MB of the binary, and the Swift
            // runtime's one dladdr at start scans them all (a twentieth of `planner --version`). Nothing looks
            // them up: backtraces read the full symbol table. Release only: the tests' debug binary keeps them.
            // The binary stays position-independent (ASLR), but its 142,000 relative relocations are packed
            // (DT_RELR, where glibc is 2.36 or later): 28 KB for the loader to read instead of 3.4 MB (BENCHMARKS.md).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xlinker", "--no-export-dynamic", "-use-ld=lld",
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Scripts/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ] + (libcReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
                    .when(configuration: .release))
            ]
        ),
        // `planner-server`: `planner serve`, `planner users` and `planner db`, which `planner` hands over to it.
        .executableTarget(
            name: "PlannerServerCLI",
            dependencies: [
                "PlannerApp", "PlannerService", "PlannerServer", "PlannerTerminal", "Geo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fake web services on loopback for the tests (never linked into the tool).
        .target(
            name: "TestSupport",
            dependencies: ["Transport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // What each fuzz target does with one input (FUZZING.md), for `planner-fuzz` and for the test command's
        // replay. It reaches the parsers' internals through `@testable import`, so its code is compiled in debug only
        // (`#if DEBUG`); no product needs it, so release builds of the products leave it out.
        .target(
            name: "FuzzTargets",
            dependencies: ["Geo", "OSM", "Tabular", "Theaters", "Showtimes", "NowPlaying", "OnlineLookup", "Routing"],
            path: "Fuzz/FuzzTargets"
        ),
        // Times the spatial index against a brute-force scan and SQLite's R*Tree (Scripts/bench-geo.sh).
        .executableTarget(
            name: "PlannerBench",
            dependencies: ["Basics", "Geo", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(name: "GeoTests", dependencies: ["Basics", "Geo", "TestSupport"]),
        .testTarget(name: "TabularTests", dependencies: ["Tabular"]),
        .testTarget(name: "XMLScanTests", dependencies: ["XMLScan"]),
        .testTarget(name: "TheatersTests", dependencies: ["Theaters"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places"]),
        .testTarget(
            name: "NowPlayingTests",
            dependencies: [
                "Basics", "NowPlaying", "SQLiteStore", "Transport", "TestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["CCurl", "Transport", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(name: "WatchlistTests", dependencies: ["Watchlist", "Tabular", "TestSupport"]),
        // The same storage tests on both back ends: SQLite, and a throwaway PostgreSQL cluster.
        .testTarget(
            name: "StorageTests",
            dependencies: ["Watchlist", "PostgresStore", "NowPlaying", "OnlineLookup", "Showtimes", "TestSupport"]
        ),
        .testTarget(
            name: "OnlineLookupTests",
            dependencies: [
                "OnlineLookup", "SQLiteStore", "Transport", "TestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ShowtimesTests",
            dependencies: [
                "Basics", "Showtimes", "SQLiteStore", "Geo", "Theaters", "NowPlaying", "Transport", "TestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(name: "PlannerTests", dependencies: ["Planner", "Showtimes", "Geo", "Theaters", "TestSupport"]),
        // Fixtures/Fuzz holds the inputs fuzzing found (FUZZING.md), read by the tests from the source tree.
        .testTarget(name: "OSMTests", dependencies: ["OSM", "Geo", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "RoutingTests",
            dependencies: ["Routing", "OSM", "Basics", "Geo", "Theaters", "Planner", "TestSupport"],
            exclude: ["Fixtures"]),
        // The engines' protocols and fall-backs against fakes on loopback; the real engines run in pytest.
        .testTarget(
            name: "RoadEnginesTests",
            dependencies: ["RoadEngines", "Geo", "Transport", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // The use cases called in process (lists, upcoming, plan, suggest, settings) against fakes on loopback.
        .testTarget(
            name: "PlannerAppTests",
            dependencies: [
                "PlannerApp", "Watchlist", "Showtimes", "Theaters", "Basics", "Geo", "Planner", "Settings", "NowPlaying",
                "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "PlannerServerTests",
            dependencies: [
                "PlannerServer", "PlannerService", "PlannerApp", "Basics", "Geo", "NowPlaying", "Watchlist", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "PlannerCLITests",
            dependencies: [
                "PlannerCLI", "SQLiteStore", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        // Every fuzz target fed its seeds (Fuzz/Corpus) and the inputs fuzzing found (Tests/*/Fixtures/Fuzz), each
        // target in a process of its own: the test command's fuzzing, with no sanitizer build. Scripts/fuzz.sh explores.
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzTargets"]),
    ]
)

// Release builds reach generic types' metadata through their accessors, not by mangled name. A mangled name's
// generic requirements (a dictionary key's Hashable) are checked at run time, and each new pair of type and
// protocol costs a scan of every protocol conformance in the binary: scans that were a large part of a command's
// time (BENCHMARKS.md, #30). C targets take no Swift settings. Scripts/release-build.sh passes the same flag to the
// dependencies' modules.
for target in package.targets where [.regular, .executable].contains(target.type) {
    guard !["CPrintf", "CCurl", "CWebFiles"].contains(target.name) else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(
            ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
    ]
}

// Fuzzing with libFuzzer (Scripts/fuzz.sh, FUZZING.md): `planner-fuzz TARGET`, one target per parser (FuzzTargets).
// It exists only when PLANNER_FUZZ=1, because it links only with `-sanitize=fuzzer` (libFuzzer's driver).
if Context.environment["PLANNER_FUZZ"] == "1" {
    package.products.append(.executable(name: "planner-fuzz", targets: ["PlannerFuzz"]))
    package.targets += [
        // libFuzzer's `LLVMFuzzerRunDriver`, declared for Swift (the symbol comes from `-sanitize=fuzzer`).
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "PlannerFuzz",
            dependencies: ["CLibFuzzer", "FuzzTargets"],
            path: "Fuzz/PlannerFuzz"
        ),
    ]
}
