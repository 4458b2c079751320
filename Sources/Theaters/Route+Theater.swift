import Geo

extension Theater: Locatable {}

extension Route where Destination == Theater {
    /// The theater the route leads to.
    public var theater: Theater { destination }
}
