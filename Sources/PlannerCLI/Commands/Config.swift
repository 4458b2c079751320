import ArgumentParser
import Foundation
import Geo
import PlannerApp
import Settings

extension PlannerCommand {
    /// `planner config`: show and change saved settings.
    struct ConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show or change saved settings (home, region, online, contact).",
            discussion: "The file is $PLANNER_CONFIG, else $XDG_CONFIG_HOME/planner/config.json, else ~/.config/planner/config.json.",
            subcommands: [Show.self, Set.self, Unset.self, Path.self],
            defaultSubcommand: Show.self)

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the saved settings.")

            func run() throws {
                let settings = try Environment().settings()
                Console.out("home     \(settings.home.map { "\($0.label) (\($0.latitude),\($0.longitude))" } ?? "(not set)")")
                Console.out("region   \(settings.region ?? "(not set)")")
                Console.out("online   \(settings.online ?? "(not set: TMDb online, OpenStreetMap services only with --online)")")
                Console.out("contact  \(settings.contact ?? "(not set)")")
                Console.out("cache-lists    \(settings.cacheLists ?? "(not set: 6h)")")
                Console.out("cache-details  \(settings.cacheDetails ?? "(not set: 7d)")")
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Save a setting: home PLACE|LAT,LON, region CC, online never|auto|always, contact EMAIL|URL, cache-lists 6h, cache-details 7d.")

            @Argument(help: "The setting: home, region, online, contact, cache-lists or cache-details.")
            var key: String

            @Argument(parsing: .captureForPassthrough, help: "Its value.")
            var value: [String] = []

            func run() throws {
                let environment = Environment()
                var settings = try environment.settings()
                let text = value.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw ValidationError("'planner config set \(key)' needs a value") }
                switch key {
                case "home":
                    let origin = try Origin.resolve(near: text, settings: settings, gazetteer: environment.gazetteer)
                    settings.home = SavedLocation(
                        label: origin.label, latitude: origin.coordinate.latitude,
                        longitude: origin.coordinate.longitude, countryCode: origin.countryCode)
                case "region":
                    guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                        throw SettingsError.invalidValue(key: key, value: text, expected: "a two-letter country code such as FI")
                    }
                    // A country the gazetteer knows (every country with a town of 15,000 people): XX is a typo.
                    let code = text.uppercased()
                    if let places = try? environment.gazetteer().places, !places.contains(where: { $0.countryCode == code }) {
                        throw SettingsError.invalidValue(
                            key: key, value: text, expected: "an ISO 3166-1 country code such as FI, GB or US")
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
                default:
                    throw SettingsError.unknownKey(key)
                }
                try environment.settingsFile.save(settings)
                Console.out("saved \(key) in \(environment.settingsFile.url.path)")
            }
        }

        struct Unset: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Forget a setting.")

            @Argument(help: "The setting: home, region, online, contact, cache-lists or cache-details.")
            var key: String

            func run() throws {
                let environment = Environment()
                var settings = try environment.settings()
                switch key {
                case "home": settings.home = nil
                case "region": settings.region = nil
                case "online": settings.online = nil
                case "contact": settings.contact = nil
                case "cache-lists": settings.cacheLists = nil
                case "cache-details": settings.cacheDetails = nil
                default: throw SettingsError.unknownKey(key)
                }
                try environment.settingsFile.save(settings)
                Console.out("forgot \(key)")
            }
        }

        struct Path: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print where the settings file is.")

            func run() throws {
                Console.out(Environment().settingsFile.url.path)
            }
        }
    }
}
