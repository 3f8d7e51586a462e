import Foundation

extension Timeline {
    /// The short names of a timeline's lanes and the legend that explains them: `P` for the
    /// process (the app, the device, locks, the final check), `H` for the history, a scene by its
    /// session (`S1`), a store by its kind and order of appearance (`D1` for the first disk
    /// directory, `Q1` for the first SQLite database). A value built while rendering.
    struct LaneNames {
        private(set) var shortNames: [String: String] = [:]
        /// Stores in order of appearance, with their short names.
        private(set) var stores: [(short: String, lane: String)] = []
        private var scenes: [String] = []
        private var counts: [String: Int] = [:]
        /// The widest short name (at least two, so that lines line up as lanes appear).
        private(set) var width = 2

        mutating func register(_ lane: String) {
            guard shortNames[lane] == nil else { return }
            let short: String
            switch lane {
            case "app", "device", "locks", "final", "process": short = "P"
            case "violation": short = "!!"
            case "history": short = "H"
            default:
                if lane.hasPrefix("scene ") {
                    short = String(lane.dropFirst(6))
                    scenes.append(short)
                } else {
                    let kind = lane.prefix { $0 != " " }
                    let letter = switch kind {
                    case "disk": "D"
                    case "sqlite": "Q"
                    default: "X"
                    }
                    counts[letter, default: 0] += 1
                    short = "\(letter)\(counts[letter] ?? 1)"
                    stores.append((short, lane))
                }
            }
            shortNames[lane] = short
            width = max(width, short.count)
        }

        func short(_ lane: String) -> String {
            shortNames[lane] ?? lane
        }

        /// What the short names and storage records mean, wrapped to `width`.
        func legend(width: Int) -> [String] {
            var parts = ["P process (launches, app callbacks, device, deaths)", "H history (edits, acknowledgements)"]
            if !scenes.isEmpty { parts.append("\(scenes.joined(separator: " ")) \(scenes.count == 1 ? "scene" : "scenes")") }
            parts += stores.map { store in
                let name = store.lane.hasPrefix("disk ") ? String(store.lane.dropFirst(5)) : store.lane
                return "\(store.short) \(name)"
            }
            return Self.pack(parts, after: "lanes: ", width: width) + Self.pack(
                [
                    "write <bytes>", "fsync", "rename <from> -> <to>", "fsync dir", "mkdir", "remove",
                    "paths relative to the lane's directory", "⚠ what a power loss found not yet durable",
                ],
                after: "storage: ", width: width
            )
        }

        /// `parts` joined by ` · ` after `label`, as many on a line as fit in `width`; later lines
        /// are indented under the first part (a part is never split unless it is wider than a line).
        static func pack(_ parts: [String], after label: String, width: Int) -> [String] {
            var lines: [String] = []
            var line = label
            for part in parts {
                if line.count > label.count, line.count + 3 + part.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: label.count)
                }
                line += (line.count > label.count ? " · " : "") + part
            }
            lines.append(line)
            return lines.flatMap { Timeline.wrap($0, width: width, indent: label.count) }
        }
    }

    /// Follows the durable operations of a trace to say, at each power loss, what was written but
    /// not yet durable: data never fsynced, renames whose directory was not fsynced. A value
    /// updated record by record while rendering.
    struct PendingDurability {
        /// Paths with written data not yet fsynced, and the step of the write.
        private var unsynced: [String: Int] = [:]
        /// Renamed-to paths whose directory entry is not yet fsynced, with the source and step.
        private var unsyncedRenames: [String: (from: String, step: Int)] = [:]

        /// Notes `record`; returns what a power loss in it found not yet durable, if anything.
        mutating func note(after record: SimulationTrace.Record) -> String? {
            let text = record.text
            if record.lane.hasPrefix("disk ") {
                apply(text, step: record.step)
                return nil
            }
            guard record.lane == "process", text.contains("powerLoss(") else { return nil }
            defer {
                unsynced = [:]
                unsyncedRenames = [:]
            }
            var items = unsynced.sorted { $0.key < $1.key }.map { "\($0.key) written at #\($0.value), never fsynced" }
            items += unsyncedRenames.sorted { $0.key < $1.key }.map {
                "rename \($0.value.from) -> \($0.key) at #\($0.value.step), its directory never fsynced"
            }
            return items.isEmpty ? nil : "not durable at the power loss: " + items.joined(separator: "; ")
        }

        private mutating func apply(_ text: String, step: Int) {
            if let path = Self.argument(of: "fsync dir ", in: text) {
                let directory = path.hasSuffix("/") ? path : path + "/"
                unsyncedRenames = unsyncedRenames.filter { entry in
                    !(entry.key.hasPrefix(directory) && !entry.key.dropFirst(directory.count).contains("/"))
                }
            } else if let path = Self.argument(of: "fsync ", in: text) {
                unsynced[path] = nil
            } else if let rest = Self.argument(of: "rename ", in: text), let arrow = rest.range(of: " -> ") {
                let source = String(rest[..<arrow.lowerBound])
                let destination = String(rest[arrow.upperBound...])
                unsynced[destination] = unsynced.removeValue(forKey: source)
                unsyncedRenames[destination] = (source, step)
            } else if let rest = Self.argument(of: "write ", in: text), let space = rest.firstIndex(of: " ") {
                unsynced[String(rest[rest.index(after: space)...])] = step
            } else if let path = Self.argument(of: "remove ", in: text) {
                unsynced[path] = nil
                unsyncedRenames[path] = nil
            }
        }

        private static func argument(of operation: String, in text: String) -> String? {
            text.hasPrefix(operation) ? String(text.dropFirst(operation.count)) : nil
        }
    }
}
