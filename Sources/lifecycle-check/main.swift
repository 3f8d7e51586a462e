// lifecycle-check: explores Campus Library (the default) or the simulator's example app on the
// deterministic lifecycle simulator; `--bug NAME` plants one of the chosen app's bugs (a name
// only the example knows implies `--app example`). `lifecycle-check --help` lists the flags;
// the command itself is the LifecycleCheck library, which any app's package can use the same way.
import CampusLibrary
import CampusSimulation
import LifecycleCheck
import SimulatorExample

await LifecycleCheck.main(apps: [
    CheckableApp("campus", summary: "Campus Library", bugs: CampusBug.self) { CampusIncarnation.app(bugs: $0) },
    CheckableApp("example", summary: "the simulator's example app", bugs: PlantedBug.self) { LibraryExample.app(bugs: $0) },
])
