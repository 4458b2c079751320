import Foundation
import Places
import Settings

/// A first run with no home and no `--near`: the place to offer, and saving the answer as home.
extension Environment {
    /// The system's time zone: `TZ`, else the zone `/etc/localtime` links to (`…/zoneinfo/Europe/Helsinki`).
    package var systemTimeZoneIdentifier: String? {
        if let tz = variables["TZ"]?.trimmingCharacters(in: CharacterSet(charactersIn: ": ")), tz.contains("/") {
            return tz
        }
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let range = target.range(of: "zoneinfo/")
        else { return nil }
        return String(target[range.upperBound...])
    }

    /// The principal city of the system's time zone: the most populous gazetteer place in that IANA zone
    /// (Europe/Helsinki → Helsinki). Nil when the zone is unknown or names no place (UTC).
    package func suggestedHome() -> Place? {
        guard let zone = systemTimeZoneIdentifier, let gazetteer = try? gazetteer() else { return nil }
        return gazetteer.places.filter { $0.timeZone == zone }.max { $0.population < $1.population }
    }

    /// Resolves `answer` as `--near` would, and saves it as home.
    /// - Returns: the saved place's label, e.g. "Helsinki, FI".
    /// - Throws: what ``Origin/resolve(near:settings:gazetteer:)`` throws for a place it cannot read.
    @discardableResult
    package func saveHome(_ answer: String) throws -> String {
        var settings = try self.settings()
        let origin = try Origin.resolve(near: answer, settings: settings, gazetteer: gazetteer)
        settings.home = SavedLocation(
            label: origin.label, latitude: origin.coordinate.latitude, longitude: origin.coordinate.longitude,
            countryCode: origin.countryCode)
        try settingsFile.save(settings)
        return origin.label
    }
}
