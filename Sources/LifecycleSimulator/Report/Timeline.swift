import Foundation

/// Renders a trace as a table a person can read: one row per step, one column (lane) per process,
/// scene and store, in the order lanes first appear.
///
/// A value built from trace records; rendering is deterministic.
public struct Timeline: Sendable {
    /// The records to render.
    public var records: [SimulationTrace.Record]
    /// The widest a cell may be before it is cut.
    public var cellWidth = 30

    /// Creates a timeline of `records`.
    public init(records: [SimulationTrace.Record]) {
        self.records = records
    }

    /// The table as text.
    public func render() -> String {
        let hidden: Set<String> = ["run", "step"]
        var lanes: [String] = []
        for record in records where !hidden.contains(record.lane) && !lanes.contains(Self.column(record.lane)) {
            lanes.append(Self.column(record.lane))
        }
        var rows: [(time: String, step: String, event: String, cells: [String: [String]])] = []
        for record in records where record.lane != "run" {
            if record.lane == "step" || rows.isEmpty || rows[rows.count - 1].step != Self.stepLabel(record.step) {
                rows.append(("t+\(record.milliseconds)ms", Self.stepLabel(record.step), record.lane == "step" ? record.text : "", [:]))
                if record.lane == "step" { continue }
            }
            let text = record.lane == "violation" ? "VIOLATION \(record.text)" : Self.short(record)
            rows[rows.count - 1].cells[Self.column(record.lane), default: []].append(text)
        }
        let header = ["time", "step", "event"] + lanes
        var table = [header]
        for row in rows {
            table.append([row.time, row.step, row.event] + lanes.map { (row.cells[$0] ?? []).joined(separator: "; ") })
        }
        let widths = header.indices.map { column in
            min(cellWidth, table.map { $0[column].count }.max() ?? 0)
        }
        return table.map { cells in
            cells.indices.map { index in
                let cell = cells[index].count > widths[index] ? String(cells[index].prefix(widths[index] - 1)) + "…" : cells[index]
                return cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: " | ")
        }.joined(separator: "\n")
    }

    /// Process-wide lanes (the app, the device, locks, the final check, violations) share the
    /// `process` column; scenes, stores and the history keep their own.
    static func column(_ lane: String) -> String {
        switch lane {
        case "app", "device", "locks", "final", "violation": "process"
        default: lane
        }
    }

    static func stepLabel(_ step: Int) -> String {
        "#\(step)"
    }

    static func short(_ record: SimulationTrace.Record) -> String {
        record.text
            .replacingOccurrences(of: "/Library/", with: "")
            .replacingOccurrences(of: "/Keychain/", with: "")
    }
}
