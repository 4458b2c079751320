import Foundation
import Geo
import Settings
import Testing
import Theaters

@testable import PlannerApp

/// `planner config set`, `unset` and `show` in process: ``Environment/setSetting(_:to:)`` and
/// ``Environment/unsetSetting(_:)`` check and save each setting in the environment's settings file, and
/// ``Environment/settings()`` with ``SearchRequest/savedDefaults(_:)`` read them back as `config show` prints them.
/// The same scenarios as ConfigCommandTests, which runs the `planner` executable.
@Suite("Settings edited in process: config set, unset and show through the core, in a temporary config home")
struct SettingsEditingTests {
    /// The saved search defaults as `config show` lists them: "radius 800m (setting)".
    static func shown(_ settings: Settings) -> [String] {
        SearchRequest.savedDefaults(settings).map { "\($0.key) \($0.value) (\($0.origin.rawValue))" }
    }

    @Test func aSettingIsSavedInTheXDGConfigHomeAndReadBack() throws {
        // Given no $PLANNER_CONFIG, and a config home of its own
        let home = AppHome(without: ["PLANNER_CONFIG"])
        defer { home.remove() }
        let expected = home.folder.appendingPathComponent("xdg-config/planner/config.json").path

        // When a region is saved, in lower case
        let path = try home.environment.setSetting("region", to: "fi")

        // Then it went to $XDG_CONFIG_HOME/planner/config.json, in upper case
        #expect(path == expected)
        #expect(home.environment.settingsFile.url.path == expected)
        #expect(FileManager.default.fileExists(atPath: expected))
        #expect(try home.environment.settings() == Settings(region: "FI"))
        // And a second environment on the same variables reads it from the file
        #expect(try Environment(variables: home.environment.variables).settings().region == "FI")

        // And unsetting it forgets it
        try home.environment.unsetSetting("region")
        #expect(try home.environment.settings() == Settings())
    }

    @Test func savedSearchDefaultsChangeTheSearchAndShowSaysWhereEachCameFrom() throws {
        let home = AppHome()
        defer { home.remove() }
        let environment = home.environment
        // Given nothing saved, every default is the built-in one
        #expect(
            Self.shown(try environment.settings()) == [
                "radius 0.5 (default)", "keyword movie theatre (default)", "mode walk (default)", "limit 10 (default)",
            ])

        // When a radius and a keyword are saved
        try environment.setSetting("radius", to: "800m")
        try environment.setSetting("keyword", to: "theatre")

        // Then show says they are settings, and the rest defaults
        let settings = try environment.settings()
        #expect(
            Self.shown(settings) == [
                "radius 800m (setting)", "keyword theatre (setting)", "mode walk (default)", "limit 10 (default)",
            ])
        // And a search without flags takes them, while a flag still wins
        let saved = SearchRequest.resolving(radius: nil, keyword: nil, limit: nil, mode: nil, settings: settings)
        #expect(saved.radius == "800m")
        #expect(saved.keyword == "theatre")
        #expect(try saved.parsedRadius().meters == 800)
        let flagged = SearchRequest.resolving(radius: "0.5", keyword: nil, limit: nil, mode: nil, settings: settings)
        #expect(flagged.radius == "0.5")
    }

    @Test func aHomeIsResolvedInTheGazetteerAndBecomesTheOriginOfASearchWithoutNear() throws {
        let home = AppHome()
        defer { home.remove() }

        // When Helsinki is saved as home
        try home.environment.setSetting("home", to: "Helsinki")

        // Then the saved home is the gazetteer's Helsinki, with its country
        let saved = try #require(try home.environment.settings().home)
        #expect(saved.label == "Helsinki, FI")
        #expect(saved.countryCode == "FI")
        #expect(abs(saved.latitude - 60.16952) < 0.001)
        #expect(abs(saved.longitude - 24.93545) < 0.001)
        // And a search with no --near starts there
        let search = try TheaterSearch(near: nil, search: SearchRequest(), environment: home.environment)
        #expect(search.origin.label == "Helsinki, FI")
        #expect(search.hits.contains { $0.theater.name == "Kinopalatsi" })
        // And an unknown place is refused, leaving the home as it was
        #expect(describe(thrown { try home.environment.setSetting("home", to: "Xyzzyville") }) != nil)
        #expect(try home.environment.settings().home == saved)
    }

    @Test func aContactWithALineBreakIsRefusedBecauseItGoesIntoAHeader() throws {
        let home = AppHome()
        defer { home.remove() }
        #expect(
            throws: SettingsError.invalidValue(
                key: "contact", value: "me@example.org\r\nX-Evil: 1", expected: "an email address or URL on one line")
        ) {
            try home.environment.setSetting("contact", to: "me@example.org\r\nX-Evil: 1")
        }
        #expect(try home.environment.settings().contact == nil)
        // And one on one line is saved
        try home.environment.setSetting("contact", to: "me@example.org")
        #expect(try home.environment.settings().contact == "me@example.org")
    }

    @Test func aRegionMustBeATwoLetterCountryTheGazetteerKnows() throws {
        let home = AppHome()
        defer { home.remove() }
        #expect(
            throws: SettingsError.invalidValue(
                key: "region", value: "XX", expected: "an ISO 3166-1 country code such as FI, GB or US")
        ) {
            try home.environment.setSetting("region", to: "XX")
        }
        #expect(
            throws: SettingsError.invalidValue(
                key: "region", value: "FIN", expected: "a two-letter country code such as FI")
        ) {
            try home.environment.setSetting("region", to: "FIN")
        }
        #expect(try home.environment.settings().region == nil)
    }

    @Test func aSavedRadiusBeyondHalfTheEarthSaysWhyAsTheFlagDoes() throws {
        let home = AppHome()
        defer { home.remove() }
        // Given the reason --radius 200 is refused
        let flag = UseCaseError.invalidArgument(thrown { try SearchRequest(radius: "200").parsedRadius() })
        let reason = try #require(flag)

        // When the same radius is saved
        let saved = thrown { try home.environment.setSetting("radius", to: "200") }

        // Then the setting's error gives the same reason, and nothing is saved
        #expect(
            saved as? SettingsError
                == SettingsError.invalidValue(
                    key: "radius", value: "200",
                    expected: "a radius such as 0.5 (degrees), 800m, 5km or 3mi (\(reason))"))
        #expect(try home.environment.settings().radius == nil)
    }

    @Test(arguments: [
        ["mode", "fly", "walk, bike or drive"], ["limit", "0", "a whole number from 1 to 1000"],
        ["limit", "x", "a whole number from 1 to 1000"],
        ["cache-details", "forever", "a duration such as 30m, 6h or 7d"],
        ["cache-lists", "1.5h", "a duration such as 30m, 6h or 7d"], ["online", "sometimes", "never, auto or always"],
        ["showtimes.websites", "always", "never or auto"],
    ])
    func aValueASettingCannotTakeIsRefusedAndNothingIsSaved(_ refusal: [String]) throws {
        let home = AppHome()
        defer { home.remove() }
        let (key, value, expected) = (refusal[0], refusal[1], refusal[2])
        #expect(throws: SettingsError.invalidValue(key: key, value: value, expected: expected)) {
            try home.environment.setSetting(key, to: value)
        }
        #expect(try home.environment.settings() == Settings())
        #expect(!Self.shown(try home.environment.settings()).contains { $0.hasSuffix("(setting)") })
    }

    @Test(arguments: ["90s", "30m", "1h30m", "2d12h"])
    func cacheTimesTakeCompoundDurations(_ value: String) throws {
        let home = AppHome()
        defer { home.remove() }
        try home.environment.setSetting("cache-lists", to: value)
        #expect(try home.environment.settings().cacheLists == value)
    }

    @Test func anUnknownKeyOrAnEmptyValueIsRefused() throws {
        let home = AppHome()
        defer { home.remove() }
        #expect(throws: SettingsError.unknownKey("colour")) { try home.environment.setSetting("colour", to: "blue") }
        #expect(throws: SettingsError.unknownKey("colour")) { try home.environment.unsetSetting("colour") }
        let empty = thrown { try home.environment.setSetting("region", to: "") }
        #expect(UseCaseError.invalidArgument(empty) == "'planner config set region' needs a value")
        // And the message names every key there is
        #expect(describe(SettingsError.unknownKey("colour"))?.contains(Settings.keys.joined(separator: ", ")) == true)
        #expect(try home.environment.settings() == Settings())
    }

    @Test func everyKeySetCanBeUnsetAndOnlyThatOneIsForgotten() throws {
        let home = AppHome()
        defer { home.remove() }
        let environment = home.environment
        let values = [
            "region": "SE", "online": "never", "contact": "me@example.org", "cache-lists": "1h",
            "cache-details": "2d", "radius": "5km", "keyword": "theatre", "mode": "bike", "limit": "25",
            "showtimes.websites": "never",
        ]
        for (key, value) in values { try environment.setSetting(key, to: value) }
        #expect(
            try environment.settings()
                == Settings(
                    region: "SE", online: "never", contact: "me@example.org", cacheLists: "1h", cacheDetails: "2d",
                    radius: "5km", keyword: "theatre", mode: "bike", limit: 25, showtimesWebsites: "never"))

        // When the mode is unset
        try environment.unsetSetting("mode")

        // Then only the mode is back to its default
        let settings = try environment.settings()
        #expect(settings.mode == nil)
        #expect(settings.limit == 25)
        #expect(Self.shown(settings).contains("mode walk (default)"))
        #expect(Self.shown(settings).contains("limit 25 (setting)"))
        // And every key `config set` takes can be unset
        for key in Settings.keys { try environment.unsetSetting(key) }
        #expect(try environment.settings() == Settings())
    }
}
