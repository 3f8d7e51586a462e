import Foundation

/// Renders a trace so that a person can read it: what each step did, lane by lane (the process,
/// each scene, the history, each store), with the durable operations on the storage lanes.
///
/// ```swift
/// print(Timeline(records: outcome.trace).render())                  // fits 120 columns
/// print(Timeline(records: outcome.trace, layout: .wide).render())   // one column per lane
/// ```
///
/// ``Layout/lanes(width:)`` (the default) gives each step a heading and one line per lane it
/// touched, in the order things happened, with short lane names explained in a legend, storage
/// paths relative to their lane's directory, wrapped to the width; under each power loss it lists
/// what was written but not yet durable (no fsync, a rename whose directory was not synced).
/// ``Layout/wide`` is a table with one row per step and one column per lane, every cell in full.
///
/// A value built from trace records; rendering is deterministic.
public struct Timeline: Sendable {
    /// How a timeline is laid out.
    public enum Layout: Hashable, Sendable {
        /// A heading per step, then one line per lane touched, wrapped to `width` columns.
        case lanes(width: Int)
        /// A table with a column per lane; no cell is cut.
        case wide

        /// ``lanes(width:)`` for a 120-column terminal.
        public static let standard = Layout.lanes(width: 120)
    }

    /// The records to render.
    public var records: [SimulationTrace.Record]
    /// The layout.
    public var layout: Layout

    /// Creates a timeline of `records`.
    public init(records: [SimulationTrace.Record], layout: Layout = .standard) {
        self.records = records
        self.layout = layout
    }

    /// The timeline as text.
    public func render() -> String {
        switch layout {
        case .lanes(let width): renderLanes(width: max(width, 60))
        case .wide: renderWide()
        }
    }

    /// The steps of the trace: each step's heading record (if any) and its other records, in order.
    var steps: [(step: Int, milliseconds: Int64, event: String, records: [SimulationTrace.Record])] {
        var steps: [(step: Int, milliseconds: Int64, event: String, records: [SimulationTrace.Record])] = []
        for record in records where record.lane != "run" {
            if record.lane == "step" || steps.last?.step != record.step {
                steps.append((record.step, record.milliseconds, record.lane == "step" ? record.text : "", []))
                if record.lane == "step" { continue }
            }
            steps[steps.count - 1].records.append(record)
        }
        return steps
    }

    private func renderLanes(width: Int) -> String {
        var names = LaneNames()
        for record in records where record.lane != "run" && record.lane != "step" { names.register(record.lane) }
        var lines = names.legend(width: width)
        var storage = PendingDurability()
        for step in steps {
            lines.append("")
            let heading = "#\(step.step)".padding(toLength: 5, withPad: " ", startingAt: 0)
                + Self.time(step.milliseconds).padding(toLength: 12, withPad: " ", startingAt: 0) + step.event
            lines += Self.wrap(heading, width: width, indent: 17)
            var runs: [(lane: String, texts: [String])] = []
            var notes: [(after: Int, text: String)] = []
            for record in step.records {
                let text = Self.shown(record)
                if runs.last?.lane == record.lane {
                    runs[runs.count - 1].texts.append(text)
                } else {
                    runs.append((record.lane, [text]))
                }
                if let note = storage.note(after: record) { notes.append((runs.count - 1, note)) }
            }
            for (index, run) in runs.enumerated() {
                let label = names.short(run.lane).padding(toLength: names.width, withPad: " ", startingAt: 0)
                let prefix = "    \(label)  "
                lines += Self.wrap(prefix + run.texts.joined(separator: " · "), width: width, indent: prefix.count)
                for note in notes where note.after == index {
                    let notePrefix = "    " + "⚠".padding(toLength: names.width, withPad: " ", startingAt: 0) + "  "
                    lines += Self.wrap(notePrefix + note.text, width: width, indent: notePrefix.count)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A record's text as a lane line shows it: a violation marked, storage paths relative to the
    /// lane's directory.
    static func shown(_ record: SimulationTrace.Record) -> String {
        if record.lane == "violation" { return "VIOLATION " + record.text }
        guard record.lane.hasPrefix("disk "), record.lane != "disk /" else { return record.text }
        return record.text.replacingOccurrences(of: record.lane.dropFirst(5) + "/", with: "")
    }

    /// Virtual time since the device started: `850ms`, `12.300s`, `3h02m05s`.
    static func time(_ milliseconds: Int64) -> String {
        if milliseconds < 1_000 { return "t+\(milliseconds)ms" }
        let seconds = milliseconds / 1_000
        if seconds < 3_600 {
            let fraction = String(milliseconds % 1_000)
            return "t+\(seconds).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
        }
        let two = { (value: Int64) in value < 10 ? "0\(value)" : "\(value)" }
        return "t+\(seconds / 3_600)h\(two(seconds / 60 % 60))m\(two(seconds % 60))s"
    }

    /// `line` cut into lines of at most `width` characters at spaces, continuation lines indented
    /// by `indent` (a word longer than a line is cut).
    static func wrap(_ line: String, width: Int, indent: Int) -> [String] {
        guard line.count > width else { return [line] }
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        var rest = Substring(line)
        while !rest.isEmpty {
            let room = width - current.count
            if rest.count <= room {
                current += rest
                break
            }
            let window = rest.prefix(room + 1)
            // A space past the indentation (never one inside the lane's prefix).
            if let space = window.lastIndex(of: " "), current.count + rest.distance(from: rest.startIndex, to: space) > indent {
                current += rest[..<space]
                rest = rest[rest.index(after: space)...]
            } else {
                current += rest.prefix(room)
                rest = rest.dropFirst(room)
            }
            lines.append(current)
            current = padding
        }
        if current != padding { lines.append(current) }
        return lines
    }
}
