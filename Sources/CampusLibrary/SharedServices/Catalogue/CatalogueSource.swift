import Lifecycle

/// Where a catalogue's answers come from now: what the status line shows.
///
/// A `Sendable` value reported by each ``CatalogueService`` and mirrored, observably, by
/// ``LibraryCatalogue/source``.
public enum CatalogueSource: Hashable, Sendable {
    /// The catalogue has no remote part: every answer comes from the bundled catalogue.
    case bundled
    /// The remote catalogue answers.
    case remote
    /// The remote catalogue could not answer; the bundled catalogue stands in. The remote one is
    /// asked again from `retryAt` on (at once after ``CatalogueService/retryRemoteNow()``).
    case offline(retryAt: LifelineInstant)

    /// What the status line says about the source, or `nil` when there is nothing to say.
    public var statusMessage: String? {
        if case .offline = self { return "offline — showing the library's own catalogue" }
        return nil
    }
}
