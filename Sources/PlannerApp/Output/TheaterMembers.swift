import Foundation
import Theaters

/// The members of a theater's JSON object in a nearby answer that do not depend on the search: its address,
/// category, ids, name, place, links and tags, written once (`PrettyJSON.members(depth:_:)`) and copied between the
/// members that do (bearing, distance, times, rank, source).
struct TheaterMembers: Sendable {
    /// How deep a theater's object lies in the nearby document: in `theaters`, in the document.
    static let depth = 3

    let address: PrettyJSON.Members
    let category: PrettyJSON.Members
    /// `id` to `phone`.
    let identity: PrettyJSON.Members
    /// `tags` and `website`.
    let tagsAndWebsite: PrettyJSON.Members

    init(_ theater: Theater) {
        address = PrettyJSON.members(depth: Self.depth) { $0.member("address", theater.address) }
        category = PrettyJSON.members(depth: Self.depth) { $0.member("category", theater.category.tagValue) }
        identity = PrettyJSON.members(depth: Self.depth) { members in
            members.member("id", theater.id)
            members.member("lat", theater.coordinate.latitude)
            members.member("lon", theater.coordinate.longitude)
            members.member("name", theater.name)
            members.member("openstreetmap_url", theater.openStreetMapURL)
            members.member("osm_id", integer: theater.osmID)
            members.member("osm_type", theater.osmType?.rawValue)
            members.member("phone", theater.phone)
        }
        tagsAndWebsite = PrettyJSON.members(depth: Self.depth) { members in
            members.member("tags", strings: theater.tags)
            members.member("website", theater.website)
        }
    }
}

/// A server's `TheaterMembers` by theater, so that the same theaters are not written again for every answer.
///
/// An entry counts only for a theater equal to the one it was written for (the same id can come back from another
/// catalog, or from Overpass with new tags). It holds at most `capacity` theaters and starts afresh when full:
/// theaters found online have no bound.
package final class TheaterMembersCache: @unchecked Sendable {
    package static let capacity = 4_096
    private let lock = NSLock()
    private var entries: [String: (theater: Theater, members: TheaterMembers)] = [:]

    package init() {}

    /// The theater's members, written now when they are not known yet.
    func members(of theater: Theater) -> TheaterMembers {
        if let entry = lock.withLock({ entries[theater.id] }), entry.theater == theater { return entry.members }
        let members = TheaterMembers(theater)
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[theater.id] = (theater, members)
        }
        return members
    }

    /// How many theaters it holds.
    package var count: Int { lock.withLock { entries.count } }
}
