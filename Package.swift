// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "planner",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "planner", targets: ["PlannerCLI"]),
        .executable(name: "planner-bench", targets: ["PlannerBench"]),
        .library(name: "Geo", targets: ["Geo"]),
        .library(name: "Theaters", targets: ["Theaters"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "NowPlaying", targets: ["NowPlaying"]),
        .library(name: "Watchlist", targets: ["Watchlist"]),
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
        // TMDb v3 client over an injectable HTTP transport, with a SQLite response cache.
        .target(name: "NowPlaying", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The SQLite store: watchlist, favorites, ratings, reviews.
        .target(name: "Watchlist", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The thin `planner` executable.
        .executableTarget(
            name: "PlannerCLI",
            dependencies: [
                "Geo", "Theaters", "Places", "NowPlaying", "Watchlist",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Times the spatial index against a brute-force scan and SQLite's R*Tree (Scripts/bench-geo.sh).
        .executableTarget(
            name: "PlannerBench",
            dependencies: ["Geo", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "TheatersTests", dependencies: ["Theaters"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places"]),
        .testTarget(
            name: "NowPlayingTests",
            dependencies: ["NowPlaying", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(name: "WatchlistTests", dependencies: ["Watchlist"]),
        .testTarget(name: "PlannerCLITests", dependencies: ["PlannerCLI"]),
    ]
)
