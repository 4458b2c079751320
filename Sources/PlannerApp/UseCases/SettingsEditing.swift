import Foundation
import Geo
import RoadEngines
import Settings

/// `planner config set` and `unset`: each setting checked before it is saved.
extension Environment {
    /// Checks and saves one setting; returns the settings file's path.
    /// - Throws: `SettingsError` for an unknown key or a value it cannot take.
    @discardableResult
    package func setSetting(_ key: String, to text: String) throws -> String {
        var settings = try self.settings()
        guard !text.isEmpty else { throw PlannerAppError.invalidArgument("'planner config set \(key)' needs a value") }
        switch key {
        case "home":
            let origin = try Origin.resolve(near: text, settings: settings, gazetteer: gazetteer)
            settings.home = SavedLocation(
                label: origin.label, latitude: origin.coordinate.latitude, longitude: origin.coordinate.longitude,
                countryCode: origin.countryCode)
        case "region":
            guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "a two-letter country code such as FI")
            }
            // A country the gazetteer knows (every country with a town of 15,000 people): XX is a typo.
            let code = text.uppercased()
            if let places = try? gazetteer().places, !places.contains(where: { $0.countryCode == code }) {
                throw SettingsError.invalidValue(key: key, value: text, expected: "an ISO 3166-1 country code such as FI, GB or US")
            }
            settings.region = code
        case "online":
            guard ["never", "auto", "always"].contains(text) else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "never, auto or always")
            }
            settings.online = text
        case "contact":
            // It goes into a header: no control characters (a CR or LF would start a header of its own).
            guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }), text.count <= 200 else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "an email address or URL on one line")
            }
            settings.contact = text
        case "cache-lists", "cache-details":
            guard Settings.seconds(fromDuration: text) != nil else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "a duration such as 30m, 6h or 7d")
            }
            if key == "cache-lists" { settings.cacheLists = text } else { settings.cacheDetails = text }
        case "radius":
            do {
                _ = try Radius(parsing: text)
            } catch let error as GeoError {
                // The same reason --radius gives ("200 degrees is more than…"), not only that it is wrong.
                throw SettingsError.invalidValue(
                    key: key, value: PlannerAppError.shortened(text),
                    expected: "a radius such as 0.5 (degrees), 800m, 5km or 3mi (\(error.description))")
            }
            settings.radius = text
        case "keyword":
            guard text.count <= 200 else {
                throw SettingsError.invalidValue(key: key, value: PlannerAppError.shortened(text), expected: "at most 200 characters")
            }
            settings.keyword = text
        case "mode":
            guard TravelMode(rawValue: text) != nil else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "walk, bike or drive")
            }
            settings.mode = text
        case "limit":
            guard let limit = Int(text), (1...1000).contains(limit) else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "a whole number from 1 to 1000")
            }
            settings.limit = limit
        case "showtimes.websites":
            guard ["never", "auto"].contains(text) else {
                throw SettingsError.invalidValue(key: key, value: text, expected: "never or auto")
            }
            settings.showtimesWebsites = text
        case _ where Self.routingSetting(key) != nil:
            guard (try? RoutingEngine(parsing: text)) != nil else {
                throw SettingsError.invalidValue(key: key, value: PlannerAppError.shortened(text), expected: RoutingEngine.expected)
            }
            settings[keyPath: Self.routingSetting(key)!] = text.trimmingCharacters(in: .whitespaces)
        default:
            throw SettingsError.unknownKey(key)
        }
        try settingsFile.save(settings)
        return settingsFile.url.path
    }

    /// Forgets one setting.
    /// - Throws: `SettingsError.unknownKey`.
    package func unsetSetting(_ key: String) throws {
        var settings = try self.settings()
        switch key {
        case "home": settings.home = nil
        case "region": settings.region = nil
        case "online": settings.online = nil
        case "contact": settings.contact = nil
        case "cache-lists": settings.cacheLists = nil
        case "cache-details": settings.cacheDetails = nil
        case "radius": settings.radius = nil
        case "keyword": settings.keyword = nil
        case "mode": settings.mode = nil
        case "limit": settings.limit = nil
        case "showtimes.websites": settings.showtimesWebsites = nil
        case _ where Self.routingSetting(key) != nil: settings[keyPath: Self.routingSetting(key)!] = nil
        default: throw SettingsError.unknownKey(key)
        }
        try settingsFile.save(settings)
    }
}

extension Environment {
    /// Where `routing.walk|bike|drive` is kept in the settings; nil for any other key.
    static func routingSetting(_ key: String) -> WritableKeyPath<Settings, String?>? {
        key.hasPrefix("routing.") ? Settings.routing(String(key.dropFirst("routing.".count))) : nil
    }
}
