import Foundation

extension Timeline {
    /// ``Layout/wide``: one row per step, one column per lane (process-wide lanes share the
    /// `process` column), in the order lanes first appear; every cell in full.
    func renderWide() -> String {
        var lanes: [String] = []
        for record in records where record.lane != "run" && record.lane != "step" && !lanes.contains(Self.column(record.lane)) {
            lanes.append(Self.column(record.lane))
        }
        var table = [["time", "step", "event"] + lanes]
        for step in steps {
            var cells: [String: [String]] = [:]
            for record in step.records { cells[Self.column(record.lane), default: []].append(Self.shown(record)) }
            let laneCells = lanes.map { (cells[$0] ?? []).joined(separator: "; ") }
            table.append([Self.time(step.milliseconds), "#\(step.step)", step.event] + laneCells)
        }
        let widths = table[0].indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { cells in
            var line = cells.indices.map { cells[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// The column of a lane in the wide layout.
    static func column(_ lane: String) -> String {
        switch lane {
        case "app", "device", "locks", "final", "violation": "process"
        default: lane
        }
    }
}
