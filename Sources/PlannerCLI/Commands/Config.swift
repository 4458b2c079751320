import ArgumentParser
import Foundation
import Geo
import PlannerApp
import PlannerTerminal
import Settings

extension PlannerCommand {
    /// `planner config`: show and change saved settings.
    struct ConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show or change saved settings (home, region, online, contact, radius, keyword, mode, limit, cache times).",
            discussion: "The file is $PLANNER_CONFIG, else $XDG_CONFIG_HOME/planner/config.json, else ~/.config/planner/config.json.",
            subcommands: [Show.self, Set.self, Unset.self, Path.self],
            defaultSubcommand: Show.self)

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the saved settings.")

            func run() throws {
                let settings = try CompositionRoot.environment.settings()
                func origin(_ value: Any?) -> String { value == nil ? "" : "  (setting)" }
                Console.out("home     \(settings.home.map { "\($0.label) (\($0.latitude),\($0.longitude))" } ?? "(not set)")\(origin(settings.home))")
                Console.out("region   \(settings.region ?? "(not set)")\(origin(settings.region))")
                Console.out("online   \(settings.online ?? "(not set: auto: TMDb online, OpenStreetMap services where the local data falls short)")\(origin(settings.online))")
                Console.out("contact  \(settings.contact ?? "(not set)")\(origin(settings.contact))")
                Console.out("cache-lists    \(settings.cacheLists ?? "(not set: 6h)")\(origin(settings.cacheLists))")
                Console.out("cache-details  \(settings.cacheDetails ?? "(not set: 7d)")\(origin(settings.cacheDetails))")
                Console.out(
                    "showtimes.websites  \(settings.showtimesWebsites ?? "(not set: auto: cinemas' own pages are read)")"
                        + origin(settings.showtimesWebsites))
                for line in try CompositionRoot.environment.routingLines() {
                    Console.out("\(line.key)  \(line.value)  (\(line.origin))")
                }
                // The place commands' defaults: a flag given on the command line wins over these.
                for entry in SearchRequest.savedDefaults(settings) {
                    Console.out(entry.key.padding(toLength: 9, withPad: " ", startingAt: 0) + entry.value + "  (\(entry.origin.rawValue))")
                }
            }
        }

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "set", 
                abstract: "Save a setting: home PLACE|LAT,LON, region CC, online never|auto|always, contact EMAIL|URL, cache-lists 6h, cache-details 7d, radius 800m, keyword theatre, mode walk|bike|drive, limit N, showtimes.websites never|auto, routing.walk|bike|drive builtin|osrm:URL|valhalla:URL.")

            @Argument(help: "The setting: home, region, online, contact, cache-lists, cache-details, radius, keyword, mode, limit, showtimes.websites or routing.walk|bike|drive.")
            var key: String

            @Argument(parsing: .captureForPassthrough, help: "Its value.")
            var value: [String] = []

            func run() throws {
                let text = value.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw ValidationError("'planner config set \(key)' needs a value") }
                let path = try CompositionRoot.environment.setSetting(key, to: text)
                Console.out("saved \(key) in \(path)")
            }
        }

        struct Unset: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "unset", abstract: "Forget a setting.")

            @Argument(help: "The setting: home, region, online, contact, cache-lists, cache-details, radius, keyword, mode, limit, showtimes.websites or routing.walk|bike|drive.")
            var key: String

            func run() throws {
                try CompositionRoot.environment.unsetSetting(key)
                Console.out("forgot \(key)")
            }
        }

        struct Path: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "path", abstract: "Print where the settings file is.")

            func run() throws {
                Console.out(CompositionRoot.environment.settingsFile.url.path)
            }
        }
    }
}
