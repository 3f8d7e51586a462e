/// The latency models the explorer draws from a schedule's seed: an instant, a fast or a slow
/// disk; an instant, good, poor or flaky network.
extension LatencyModel {
    /// A model drawn from `random`: one of three disks and one of four networks.
    public static func random(_ random: inout SimulationRandom) -> LatencyModel {
        var model = LatencyModel.none
        switch random.int(below: 6) {
        case 0: break
        case 1, 2, 3: model.setDisk(scale: 1)
        default: model.setDisk(scale: 5)
        }
        switch random.int(below: 6) {
        case 0:
            break
        case 1, 2:
            model.network = LatencyDistribution(
                base: .milliseconds(30), spread: .milliseconds(120), slowTailPerMille: 20, slowTail: .milliseconds(1_500)
            )
            model.networkFailurePerMille = 10
        case 3, 4:
            model.network = LatencyDistribution(
                base: .milliseconds(150), spread: .milliseconds(450), slowTailPerMille: 50, slowTail: .milliseconds(3_000)
            )
            model.networkFailurePerMille = 50
        default:
            model.network = LatencyDistribution(
                base: .milliseconds(80), spread: .milliseconds(300), slowTailPerMille: 50, slowTail: .milliseconds(3_000)
            )
            model.networkFailurePerMille = 30
        }
        return model
    }

    /// A flash disk, `scale` times slower than a recent phone's (fsyncs of a few milliseconds,
    /// with a slow tail of up to 150 ms × `scale`).
    private mutating func setDisk(scale: Int) {
        func micro(_ value: Int) -> Duration { .microseconds(value * scale) }
        read = LatencyDistribution(base: micro(20), spread: micro(180))
        write = LatencyDistribution(base: micro(50), spread: micro(450), slowTailPerMille: 5, slowTail: micro(20_000))
        fsync = LatencyDistribution(base: micro(1_000), spread: micro(4_000), slowTailPerMille: 20, slowTail: micro(150_000))
        rename = LatencyDistribution(base: micro(50), spread: micro(250))
        directoryFsync = LatencyDistribution(base: micro(1_000), spread: micro(4_000), slowTailPerMille: 20, slowTail: micro(150_000))
        metadata = LatencyDistribution(base: micro(10), spread: micro(40))
    }
}
