import Foundation
import LifecycleSimulator

/// A run as a JUnit XML report (`--report FILE`), the format CI dashboards read: one test suite
/// for the app, one passing test case per kind of violation the run checked and found nothing
/// of (the simulator's own and one per app invariant), and one failing test case per distinct
/// bug, named by its ``BugSignature``, carrying a `failure` with the violation, the report text,
/// the repro's JSON and the repro file's path (also as a `[[ATTACHMENT|path]]` line in its
/// `system-out`, which Jenkins and GitLab attach). A value.
struct JUnitReport {
    var appName: String
    var kinds: [Violation.Kind]
    var summary: ExplorationSummary
    var configuration: SummaryFile.Configuration
    /// Where each bug's repro file was written, in the order of the bugs.
    var reproPaths: [String?]
    var seconds: Double
    var timestamp = Date()

    /// The report as an XML document.
    var xml: String {
        let bugs = summary.bugs
        let failedKinds = Set(bugs.map(\.signature.kind))
        let passing = kinds.filter { !failedKinds.contains($0) }
        let tests = passing.count + bugs.count
        let failures = bugs.count
        let time = String(format: "%.3f", seconds)
        let className = "lifecycle-check.\(appName)"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="lifecycle-check" tests="\#(tests)" failures="\#(failures)" errors="0" time="\#(time)">"#,
            #"  <testsuite name="\#(Self.escaped(appName))" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0" time="\#(time)" timestamp="\#(Self.timestamp(timestamp))" hostname="\#(Self.escaped(ProcessInfo.processInfo.hostName))">"#,
            "    <properties>",
        ]
        var properties: [(String, String)] = [
            ("app", configuration.app), ("mode", configuration.mode), ("search", summary.mode), ("seed", "\(configuration.seed)"),
            ("schedules", "\(configuration.schedules)"), ("depth", "\(configuration.depth)"),
            ("schedules run", "\(summary.schedules)"), ("crash replays", "\(summary.crashReplays)"),
            ("combined trace hash", SummaryFile.hex(summary.combinedTraceHash)), ("distinct bugs", "\(bugs.count)"),
        ]
        if let first = summary.firstFailureSchedule { properties.append(("first failure at schedule", "\(first)")) }
        for assumption in summary.assumptions { properties.append(("assumed", assumption)) }
        for (name, value) in properties {
            lines.append(#"      <property name="\#(Self.escaped(name))" value="\#(Self.escaped(value))"/>"#)
        }
        lines.append("    </properties>")
        for kind in passing {
            lines.append(#"    <testcase name="\#(Self.escaped(kind.rawValue))" classname="\#(Self.escaped(className))" time="0"/>"#)
        }
        for (index, bug) in bugs.enumerated() {
            let failure = bug.report
            let reproPath = index < reproPaths.count ? reproPaths[index] : nil
            let name = Self.escaped(bug.signature.description)
            lines.append(#"    <testcase name="\#(name)" classname="\#(Self.escaped(className))" time="\#(time)">"#)
            var body = "hit by \(bug.hits) schedules, first at schedule \(bug.firstSchedule)\n" + failure.text
            if let reproPath { body += "\n\nRepro file: \(reproPath)" }
            if let json = try? failure.repro.encoded() { body += "\n\n" + String(decoding: json, as: UTF8.self) }
            let message = "\(failure.violation) (seed \(failure.seed), \(failure.events.count) events" + (reproPath.map { "; repro \($0))" } ?? ")")
            lines.append(#"      <failure message="\#(Self.escaped(message))" type="\#(Self.escaped(bug.signature.kind.rawValue))">\#(Self.escaped(body))</failure>"#)
            if let reproPath { lines.append("      <system-out>[[ATTACHMENT|\(Self.escaped(reproPath))]]</system-out>") }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with XML's special characters escaped, and the characters XML 1.0 cannot hold
    /// (control characters but tab, newline and return) replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `date` as the ISO 8601 timestamp JUnit's schema wants (no time zone, UTC).
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
