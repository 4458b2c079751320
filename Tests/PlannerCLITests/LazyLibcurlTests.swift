import Foundation
import Testing

/// libcurl is loaded on the first request, not at start: commands that ask no server start without it, and a
/// machine without it still runs them, and says so in one line when a command does need the network. A request
/// whose host name does not resolve fails before libcurl is loaded.
@Suite("libcurl, loaded when first needed")
struct LazyLibcurlTests {
    @Test func versionAndAnOfflineSearchNeverLoadLibcurl() async throws {
        // The dynamic loader lists every file it opens, dlopen's too, when LD_DEBUG=files.
        let planner = PlannerProcess(environment: ["LD_DEBUG": "files"])
        let version = try await planner.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stderr.contains("libcurl"))
        let offline = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--offline"])
        #expect(offline.status == 0)
        #expect(offline.stdout.contains("Kinopalatsi"))
        #expect(!offline.stderr.contains("libcurl"))
    }

    @Test func aSearchThatAsksOverpassLoadsLibcurl() async throws {
        let planner = PlannerProcess(environment: ["LD_DEBUG": "files"])
        // The README's search runs past the bundled data, so it asks Overpass (here a closed port on loopback).
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--radius", "0.5", "--keyword", "movie theatre"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("libcurl.so"))
    }

    @Test func servicesWhoseNamesDoNotResolveFailWithoutLoadingLibcurl() async throws {
        // A machine with no network: the services' names do not resolve. Here a label longer than DNS allows (64
        // characters), which the resolver refuses without asking the network.
        let nowhere = "http://" + String(repeating: "x", count: 64) + ".invalid"
        let planner = PlannerProcess(environment: [
            "LD_DEBUG": "files", "OVERPASS_URL": nowhere + "/api/interpreter", "NOMINATIM_URL": nowhere,
        ])
        let result = try await planner.run([
            "nearby", "--near", "Helsinki", "--radius", "0.5", "--keyword", "movie theatre",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Kinopalatsi"))
        #expect(result.stdout.contains("Overpass failed: Overpass could not be reached"))
        #expect(result.stdout.contains("Nominatim could not be reached"))
        #expect(!result.stderr.contains("libcurl"))
    }

    @Test func withoutLibcurlOfflineWorkStillRunsAndTheNetworkSaysWhyNot() async throws {
        // TMDb on loopback: a name that resolves, so that the request gets as far as loading libcurl (a name that
        // does not resolve fails before that, as unreachable).
        let planner = PlannerProcess(environment: [
            "PLANNER_LIBCURL": "/nonexistent/libcurl.so.4", "TMDB_API_KEY": "k",
            "TMDB_BASE_URL": "http://127.0.0.1:9/3",
        ])
        let offline = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--offline"])
        #expect(offline.status == 0)
        let online = try await planner.run(["now-playing", "--region", "FI"])
        #expect(online.status != 0)
        let lines = online.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("planner: error: HTTP is unavailable: libcurl could not be loaded (/nonexistent/libcurl.so.4")
                == true)
        #expect(online.stderr.contains("apt-get install libcurl4"))
    }
}
