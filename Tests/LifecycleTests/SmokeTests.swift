import Lifecycle
import LifelineTestSupport
import Testing

@Suite("LifecycleTestRig")
@MainActor
struct SmokeTests {
    @Test("a launched rig records the launch callbacks")
    func launch() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        #expect(rig.log.take() == ["appDelegate willFinishLaunching", "appDelegate didFinishLaunching"])
    }
}
