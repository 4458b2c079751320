import ArgumentParser

/// `--offline` for the place commands that ask no TMDb (nearby, routes, map): the bundled data and imported areas
/// only, whatever `planner config set online` says. (Commands that also ask TMDb or Finnkino take the `--offline`
/// of their cache options, which means the same and more.)
struct PlaceOfflineOption: ParsableArguments {
    @Flag(name: .long, help: "Never ask OpenStreetMap's services; use the bundled data and imported areas only.")
    var offline = false
}
