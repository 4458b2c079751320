import ArgumentParser

/// `--offline` and `--verbose` for the place commands that ask no TMDb (nearby, routes, map). Commands that also
/// ask TMDb or Finnkino take the `--offline` and `--verbose` of their cache options, which mean the same and more.
struct PlaceNetworkOptions: ParsableArguments {
    @Flag(name: .long, help: "Never ask OpenStreetMap's services; use the bundled data and imported areas only.")
    var offline = false

    @Flag(name: .long, help: "Report each request to Overpass and Nominatim on standard error: URL, status, time.")
    var verbose = false
}
