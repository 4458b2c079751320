import Foundation
import Testing

@testable import NowPlaying

/// What the CLI hands the library from the environment.
@Suite struct TMDbConfigurationTests {
    @Test func theReadAccessTokenIsPreferredOverTheAPIKey() throws {
        let configuration = try TMDbConfiguration.fromEnvironment([
            "TMDB_READ_ACCESS_TOKEN": "tok", "TMDB_API_KEY": "key",
        ])
        #expect(configuration.credential == .bearer("tok"))
        #expect(configuration.baseURL == TMDbConfiguration.defaultBaseURL)
        #expect(configuration.baseURL.absoluteString == "https://api.themoviedb.org/3")
    }

    @Test func anAPIKeyAloneIsUsedAndBlankValuesCountAsAbsent() throws {
        let configuration = try TMDbConfiguration.fromEnvironment([
            "TMDB_READ_ACCESS_TOKEN": "  ", "TMDB_API_KEY": "key",
        ])
        #expect(configuration.credential == .apiKey("key"))
    }

    @Test func noCredentialIsNilSoOfflineUseStillWorks() throws {
        let configuration = try TMDbConfiguration.fromEnvironment([:])
        #expect(configuration.credential == nil)
    }

    @Test func theBaseURLCanPointElsewhere() throws {
        let configuration = try TMDbConfiguration.fromEnvironment(["TMDB_BASE_URL": "http://127.0.0.1:8080/3"])
        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:8080/3")
    }

    @Test func everyErrorDescribesItselfInOneLine() {
        let errors: [NowPlayingError] = [
            .missingCredentials, .invalidCredentials, .notFound("/movie/1"), .rateLimited, .timedOut,
            .unreachable(host: "api.themoviedb.org"), .malformedResponse(endpoint: "/movie/1"), .truncatedBody,
            .http(status: 502), .invalidPage(0), .emptyQuery, .offlineCacheMiss(endpoint: "/movie/1"),
            .invalidBaseURL("x"), .cacheFailure("disk full"), .omdb(message: "Request limit reached!"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasSuffix("."))
        }
    }
}
