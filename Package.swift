// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "planner",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "planner", targets: ["PlannerCLI"]),
        .library(name: "Geo", targets: ["Geo"]),
        .library(name: "Theaters", targets: ["Theaters"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "NowPlaying", targets: ["NowPlaying"]),
        .library(name: "Watchlist", targets: ["Watchlist"]),
        .library(name: "Planner", targets: ["Planner"]),
        .library(name: "OSM", targets: ["OSM"]),
        .library(name: "Routing", targets: ["Routing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        // Coordinates, distances, bearings, bounding boxes, the spatial index, travel modes, GeoJSON.
        .target(name: "Geo"),
        // Theater model, catalogs (bundled, CSV, GeoJSON) and keyword resolution.
        .target(name: "Theaters", dependencies: ["Geo"]),
        // Offline geocoding from the bundled GeoNames gazetteer.
        .target(name: "Places", dependencies: ["Geo"]),
        // The user's saved settings (home, region, online policy), in an XDG config file.
        .target(name: "Settings"),
        // TMDb v3 client over an injectable HTTP transport, with a SQLite response cache.
        .target(name: "NowPlaying", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The SQLite store: watchlist, favorites, ratings, reviews.
        .target(name: "Watchlist", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The join of places, films and the watchlist: suggestions, routes, maps, calendars. No I/O of its own.
        .target(name: "Planner", dependencies: ["Geo", "Theaters"]),
        // The system zlib (zlib1g-dev), for PBF blobs and gzipped OSM XML.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // OpenStreetMap extract readers: streaming PBF and OSM XML (plain or gzipped).
        .target(name: "OSM", dependencies: ["Geo", "CZlib"]),
        // Road graphs from OSM extracts, routing profiles, snapping and shortest paths.
        .target(name: "Routing", dependencies: ["Geo", "OSM", "Theaters", "Planner"]),
        // Times graph import and queries on a real extract (release mode).
        .executableTarget(name: "RoutingBenchmark", dependencies: ["Geo", "Routing", "Theaters"]),
        // The thin `planner` executable.
        .executableTarget(
            name: "PlannerCLI",
            dependencies: [
                "Geo", "Theaters", "Places", "Settings", "NowPlaying", "Watchlist", "Planner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "TheatersTests", dependencies: ["Theaters"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places"]),
        .testTarget(
            name: "NowPlayingTests",
            dependencies: ["NowPlaying", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(name: "WatchlistTests", dependencies: ["Watchlist"]),
        .testTarget(name: "PlannerTests", dependencies: ["Planner"]),
        .testTarget(name: "OSMTests", dependencies: ["OSM", "Geo"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "OSM", "Geo", "Theaters", "Planner"]),
        .testTarget(name: "PlannerCLITests", dependencies: ["PlannerCLI"]),
    ]
)
