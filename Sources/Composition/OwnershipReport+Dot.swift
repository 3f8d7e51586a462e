extension OwnershipReport {
    /// The report as a Graphviz graph: one cluster per lifetime, an arrow from each service to
    /// what its factory receives; captive and cyclic arrows red, missing keys dashed.
    ///
    /// Render with `dot -Tsvg ownership.dot -o ownership.svg`.
    public var dot: String {
        var red: Set<[AnyDependencyKey]> = []
        for problem in problems {
            switch problem {
            case .captiveDependency(let path), .cycle(let path):
                for (from, to) in zip(path, path.dropFirst()) { red.insert([from.key, to.key]) }
            default: break
            }
        }
        var lines = ["digraph ownership {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        let clusters: [(Lifetime, String)] = [
            (.application, "application scope"), (.scene, "scene scope (one per scene)"),
            (.feature, "feature scope (one per feature)"), (.screen, "screen scope (one per screen)"),
            (.transient, "transient (held by whoever resolved it)"),
        ]
        for (lifetime, label) in clusters {
            let members = services.filter { $0.lifetime == lifetime }
            guard !members.isEmpty else { continue }
            lines.append("  subgraph cluster_\(lifetime) {")
            lines.append("    label=\(Self.quoted(label));")
            for service in members {
                let detail = service.hasTeardown ? "\\nteardown" : ""
                lines.append("    \(Self.quoted(service.key.description)) [label=\(Self.quoted(service.key.description, suffix: detail))];")
            }
            lines.append("  }")
        }
        for service in services where service.lifetime == nil {
            lines.append("  \(Self.quoted(service.key.description)) "
                + "[style=dashed, color=red, label=\(Self.quoted(service.key.description, suffix: "\\nnot registered"))];")
        }
        for service in services {
            for dependency in service.dependencies {
                let attributes = red.contains([service.key, dependency.key]) ? " [color=red]" : ""
                lines.append("  \(Self.quoted(service.key.description)) -> \(Self.quoted(dependency.key.description))\(attributes);")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A Graphviz string literal; `suffix` is appended unescaped (it may hold `\n`).
    private static func quoted(_ text: String, suffix: String = "") -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"\(escaped)\(suffix)\""
    }
}
