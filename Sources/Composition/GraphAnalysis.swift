/// Finds the problems of a composition graph from declared dependencies alone: missing
/// registrations, cycles, captive dependencies, async dependencies of synchronous factories and
/// transient provided values. Nothing is created or called.
///
/// A node marked external is owned by an enclosing scope's table (a scope opened with overrides
/// leaves the longer-lived services of its ancestors alone); it is trusted as a dependency and not
/// checked again. Deterministic: the same graph gives the same problems in the same order.
struct GraphAnalysis {
    struct Node {
        var key: AnyDependencyKey
        /// `nil` when nothing is registered for the key.
        var lifetime: Lifetime?
        var dependencies: [Int]
        var kind: RegistrationRecord.Kind?
        var isExternal: Bool

        var step: ResolutionStep { ResolutionStep(key: key, lifetime: lifetime) }
        var isMissing: Bool { lifetime == nil && !isExternal }
    }

    let nodes: [Node]
    private(set) var problems: [GraphProblem] = []
    /// What resolving each slot must throw, when a problem makes it impossible.
    private(set) var failures: [CompositionError?]
    private var dependents: [[Int]]

    init(nodes: [Node]) {
        self.nodes = nodes
        failures = Array(repeating: nil, count: nodes.count)
        dependents = Array(repeating: [], count: nodes.count)
        for (index, node) in nodes.enumerated() where !node.isExternal {
            for dependency in node.dependencies where !dependents[dependency].contains(index) {
                dependents[dependency].append(index)
            }
        }
        findMissing()
        findCycles()
        findCaptives()
        findAsyncDependencies()
        findTransientProvidedValues()
    }

    private mutating func findMissing() {
        for (slot, node) in nodes.enumerated() where node.isMissing {
            failures[slot] = .notRegistered(node.key, path: [node.step])
            guard !dependents[slot].isEmpty else { continue }
            var chain = [slot]
            var visited: Set<Int> = [slot]
            var current = slot
            while let parent = dependents[current].first(where: { !visited.contains($0) }) {
                chain.append(parent)
                visited.insert(parent)
                current = parent
            }
            problems.append(.missingRegistration(node.key, path: chain.reversed().map { nodes[$0].step }))
        }
    }

    private mutating func findCycles() {
        for component in stronglyConnectedComponents() {
            guard let start = component.min() else { continue }
            let members = Set(component)
            let isCycle = component.count > 1 || nodes[start].dependencies.contains(start)
            guard isCycle, let cycle = shortestCycle(from: start, within: members) else { continue }
            let steps = cycle.map { nodes[$0].step }
            problems.append(.cycle(steps))
            for slot in component.sorted() { failures[slot] = .cycle(steps, path: [nodes[slot].step]) }
        }
    }

    /// Tarjan's algorithm over checked nodes; components come out ordered by their smallest slot.
    private func stronglyConnectedComponents() -> [[Int]] {
        var index = 0
        var indices = [Int?](repeating: nil, count: nodes.count)
        var lowLinks = [Int](repeating: 0, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var stack: [Int] = []
        var components: [[Int]] = []

        func connect(_ node: Int) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack[node] = true
            for next in nodes[node].dependencies where !nodes[next].isExternal && !nodes[next].isMissing {
                if indices[next] == nil {
                    connect(next)
                    lowLinks[node] = min(lowLinks[node], lowLinks[next])
                } else if onStack[next], let nextIndex = indices[next] {
                    lowLinks[node] = min(lowLinks[node], nextIndex)
                }
            }
            guard lowLinks[node] == indices[node] else { return }
            var component: [Int] = []
            while let member = stack.popLast() {
                onStack[member] = false
                component.append(member)
                if member == node { break }
            }
            components.append(component)
        }

        for node in nodes.indices where indices[node] == nil && !nodes[node].isExternal && !nodes[node].isMissing {
            connect(node)
        }
        return components.sorted { ($0.min() ?? 0) < ($1.min() ?? 0) }
    }

    /// The shortest path `start → … → start` inside `members`, breadth first in declaration order.
    private func shortestCycle(from start: Int, within members: Set<Int>) -> [Int]? {
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in nodes[node].dependencies where members.contains(next) {
                if next == start {
                    var path = [start]
                    var current = node
                    while current != start {
                        path.append(current)
                        current = parent[current] ?? start
                    }
                    return [start] + Array(path[1...].reversed()) + [start]
                }
                guard parent[next] == nil, next != start else { continue }
                parent[next] = node
                queue.append(next)
            }
        }
        return nil
    }

    private mutating func findCaptives() {
        for (slot, node) in nodes.enumerated() where !node.isExternal {
            guard let lifetime = node.lifetime, lifetime.isScope else { continue }
            var found: [[Int]] = []
            var visited: Set<Int> = [slot]
            func walk(_ current: Int, path: [Int]) {
                for next in nodes[current].dependencies {
                    guard let held = nodes[next].lifetime else { continue }
                    if held == .transient, !nodes[next].isExternal {
                        guard visited.insert(next).inserted else { continue }
                        walk(next, path: path + [next])
                    } else if held < lifetime, !found.contains(where: { $0.last == next }) {
                        found.append(path + [next])
                    }
                }
            }
            walk(slot, path: [slot])
            for path in found {
                let steps = path.map { nodes[$0].step }
                problems.append(.captiveDependency(steps))
                if failures[slot] == nil { failures[slot] = .captiveDependency(steps, path: [node.step]) }
            }
        }
    }

    private mutating func findAsyncDependencies() {
        for node in nodes where !node.isExternal && node.kind == .factory {
            for next in node.dependencies where nodes[next].kind == .asyncFactory {
                problems.append(.asyncDependency([node.step, nodes[next].step]))
            }
        }
    }

    private mutating func findTransientProvidedValues() {
        for node in nodes where !node.isExternal && node.kind == .provided && node.lifetime == .transient {
            problems.append(.transientProvidedValue(node.key))
        }
    }
}
