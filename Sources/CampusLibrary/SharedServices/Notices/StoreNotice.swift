import DurableState
import Foundation

/// What the student is told about a store's load (DurableState's `LoadOutcome`), in their words:
/// what they will see, what may be missing, and where a damaged file is kept. A namespace; the
/// composition root posts each text to ``AppNotices`` once, at launch.
public enum StoreNotice {
    /// The stores whose loads the student hears about (notes say it in their editor).
    public enum Store: Sendable {
        /// The library service's records on this computer: sign-ins and the basket.
        case libraryRecords
        /// The windows restored at launch.
        case windows
        /// The app's settings: analytics consent, the basket's record, the last account.
        case preferences
    }

    /// The text for `outcome` of `store`, or `nil` when it loaded as expected.
    public static func text(for outcome: LoadOutcome, of store: Store) -> String? {
        let words = Words(store)
        switch outcome {
        case .loaded:
            return nil
        case .restoredOlderGeneration(let writtenAt, _):
            let copy = writtenAt.map { "an older copy (saved \(ReadingListView.day($0)))" } ?? "an older copy"
            return "\(words.subject) could not be read, so \(copy) is used: \(words.missing)." + kept(outcome)
        case .startedEmpty:
            return "\(words.subject) were damaged and no earlier copy could be read, so \(words.fresh)." + kept(outcome)
        case let .unreadable(path, cause):
            return "\(words.subject) (\(path)) cannot be read right now (\(cause)). \(words.meanwhile), "
                + "and nothing is saved there until it can be read: check the file's permissions."
        }
    }

    /// What is said of one store: what it is, what may be missing from an older copy, what a
    /// fresh start means, what happens while it cannot be read.
    private struct Words {
        let subject: String
        let missing: String
        let fresh: String
        let meanwhile: String

        init(_ store: Store) {
            switch store {
            case .libraryRecords:
                subject = "The library's records on this computer (your sign-in and basket)"
                missing = "your basket and sign-in may be missing your latest changes"
                fresh = "they start again: your basket is empty and you may need to sign in again"
                meanwhile = "Signing in and the basket wait until then"
            case .windows:
                subject = "Your windows"
                missing = "the windows may not be as you last left them"
                fresh = "one new window is open"
                meanwhile = "One new window is open meanwhile"
            case .preferences:
                subject = "Your settings"
                missing = "your latest settings may be missing"
                fresh = "the defaults are used (analytics off)"
                meanwhile = "The defaults are used meanwhile"
            }
        }
    }

    /// Where the damaged copies are kept, and which older ones were deleted.
    private static func kept(_ outcome: LoadOutcome) -> String {
        var text = ""
        let paths = outcome.quarantinedPaths
        if !paths.isEmpty { text += " The damaged file is kept at \(paths.joined(separator: " and "))." }
        return text + removedCopies(outcome.removedCopies)
    }

    /// What is said of older damaged copies deleted to keep the newest few (empty for none).
    static func removedCopies(_ removed: [String]) -> String {
        guard !removed.isEmpty else { return "" }
        return " \(removed.count) older damaged \(removed.count == 1 ? "copy was" : "copies were") deleted to save space."
    }
}
