import Composition

/// Benchmarks of the Composition area (issue 4). Each measures a resolution against the same work
/// done by hand in the same run: direct initializer calls, or a read of an already-built instance
/// from a stored property.
///
/// Both sides hand their result to a ``CompositionSink`` that keeps it until the next iteration, as
/// a view controller keeps its view model. Without that, the optimizer sees the hand-written
/// objects die at once and allocates them on the stack, which no resolved service (and no real
/// view model) ever gets.
enum CompositionBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "composition.resolve-transient") { try resolveTransient() },
        Benchmark(name: "composition.resolve-cached") { try resolveCached() },
        Benchmark(name: "composition.resolve-graph-10") { try resolveGraph10() },
    ]

    /// A transient with one dependency, itself transient: two initializer calls each way.
    @MainActor
    static func resolveTransient() throws -> BenchmarkResult {
        var registry = Registry()
        registry.register(BenchClock.self, lifetime: .transient) { BenchClock() }
        registry.register(BenchFormatter.self, lifetime: .transient, BenchFormatter.init(clock:))
        let root = CompositionRoot(registry)
        try root.validate()
        let scope = try root.makeApplicationScope()
        let sink = CompositionSink()
        let times = try Measure.sideBySide(iterations: 200_000) {
            sink.keep(try scope.resolve(BenchFormatter.self))
        } baseline: {
            sink.keep(BenchFormatter(clock: BenchClock()))
        }
        return BenchmarkResult(value: times.value, baseline: times.baseline, unit: "ns/resolution")
    }

    /// An application-scope service already created, against a stored property read.
    @MainActor
    static func resolveCached() throws -> BenchmarkResult {
        var registry = Registry()
        registry.register(BenchClock.self, lifetime: .application) { BenchClock() }
        registry.register(BenchFormatter.self, lifetime: .application, BenchFormatter.init(clock:))
        let root = CompositionRoot(registry)
        try root.validate()
        let scope = try root.makeApplicationScope()
        let holder = BenchHolder(formatter: try scope.resolve(BenchFormatter.self))
        let sink = CompositionSink()
        let times = try Measure.sideBySide(iterations: 1_000_000) {
            sink.keep(try scope.resolve(BenchFormatter.self))
        } baseline: {
            sink.keep(holder.formatter)
        }
        return BenchmarkResult(value: times.value, baseline: times.baseline, unit: "ns/resolution")
    }

    /// A ten-node graph: three application services already created (the leaves) under seven
    /// transient nodes, one of them needed twice, so eight objects are built per resolution.
    @MainActor
    static func resolveGraph10() throws -> BenchmarkResult {
        var registry = Registry()
        registry.register(GraphLeafA.self, lifetime: .application) { GraphLeafA() }
        registry.register(GraphLeafB.self, lifetime: .application) { GraphLeafB() }
        registry.register(GraphLeafC.self, lifetime: .application) { GraphLeafC() }
        registry.register(GraphM1.self, lifetime: .transient, GraphM1.init(a:b:))
        registry.register(GraphM2.self, lifetime: .transient, GraphM2.init(b:c:))
        registry.register(GraphM3.self, lifetime: .transient, GraphM3.init(c:))
        registry.register(GraphU1.self, lifetime: .transient, GraphU1.init(m1:m2:))
        registry.register(GraphU2.self, lifetime: .transient, GraphU2.init(m2:m3:))
        registry.register(GraphV.self, lifetime: .transient, GraphV.init(u1:u2:))
        registry.register(GraphRoot.self, lifetime: .transient, GraphRoot.init(v:a:))
        let root = CompositionRoot(registry)
        try root.validate()
        let scope = try root.makeApplicationScope()
        let leaves = GraphLeaves(a: try scope.resolve(GraphLeafA.self), b: try scope.resolve(GraphLeafB.self),
                                 c: try scope.resolve(GraphLeafC.self))
        let sink = CompositionSink()
        let times = try Measure.sideBySide(iterations: 50_000) {
            sink.keep(try scope.resolve(GraphRoot.self))
        } baseline: {
            let (a, b, c) = (leaves.a, leaves.b, leaves.c)
            let u1 = GraphU1(m1: GraphM1(a: a, b: b), m2: GraphM2(b: b, c: c))
            let u2 = GraphU2(m2: GraphM2(b: b, c: c), m3: GraphM3(c: c))
            sink.keep(GraphRoot(v: GraphV(u1: u1, u2: u2), a: a))
        }
        return BenchmarkResult(value: times.value, baseline: times.baseline, unit: "ns/resolution")
    }
}

/// Keeps the last result alive until the next one, so both sides of a benchmark heap-allocate.
final class CompositionSink {
    private var last: AnyObject?

    @inline(never)
    func keep(_ object: AnyObject) {
        last = object
    }
}

final class BenchClock {}

final class BenchFormatter {
    let clock: BenchClock

    init(clock: BenchClock) {
        self.clock = clock
    }
}

/// Where hand-written code keeps an already-built instance.
final class BenchHolder {
    var formatter: BenchFormatter

    init(formatter: BenchFormatter) {
        self.formatter = formatter
    }
}

final class GraphLeafA {}
final class GraphLeafB {}
final class GraphLeafC {}

final class GraphLeaves {
    var a: GraphLeafA
    var b: GraphLeafB
    var c: GraphLeafC

    init(a: GraphLeafA, b: GraphLeafB, c: GraphLeafC) {
        (self.a, self.b, self.c) = (a, b, c)
    }
}

final class GraphM1 {
    let a: GraphLeafA, b: GraphLeafB
    init(a: GraphLeafA, b: GraphLeafB) { (self.a, self.b) = (a, b) }
}

final class GraphM2 {
    let b: GraphLeafB, c: GraphLeafC
    init(b: GraphLeafB, c: GraphLeafC) { (self.b, self.c) = (b, c) }
}

final class GraphM3 {
    let c: GraphLeafC
    init(c: GraphLeafC) { self.c = c }
}

final class GraphU1 {
    let m1: GraphM1, m2: GraphM2
    init(m1: GraphM1, m2: GraphM2) { (self.m1, self.m2) = (m1, m2) }
}

final class GraphU2 {
    let m2: GraphM2, m3: GraphM3
    init(m2: GraphM2, m3: GraphM3) { (self.m2, self.m3) = (m2, m3) }
}

final class GraphV {
    let u1: GraphU1, u2: GraphU2
    init(u1: GraphU1, u2: GraphU2) { (self.u1, self.u2) = (u1, u2) }
}

final class GraphRoot {
    let v: GraphV, a: GraphLeafA
    init(v: GraphV, a: GraphLeafA) { (self.v, self.a) = (v, a) }
}
