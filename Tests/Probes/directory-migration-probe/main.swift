import Foundation
import ProcessHost
import Synchronization

// directory-migration-probe ROOT [DIE_AFTER_STEP]: migrates ROOT/legacy into ROOT/data/app,
// ROOT/state/app and ROOT/cache/app (entries named state-* go to state, cache-* are discarded,
// the rest to data). With DIE_AFTER_STEP it sends itself SIGKILL right after that file operation;
// without, it prints the outcome and the number of steps (`migrated(entries: 5) steps 31`).

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: directory-migration-probe ROOT [DIE_AFTER_STEP]\n".utf8))
    exit(64)
}
let root = arguments[1]
let dieAfter = arguments.count > 2 ? Int(arguments[2]) : nil
let steps = Atomic(0)
var migration = LegacyDirectoryMigration(
    legacy: root + "/legacy",
    directories: ApplicationDirectories(data: root + "/data/app", state: root + "/state/app", cache: root + "/cache/app")
) { name in
    if name.hasPrefix("state-") { return .state }
    if name.hasPrefix("cache-") { return .discard }
    return .data
}
migration.afterEachStep = {
    let step = steps.add(1, ordering: .relaxed).newValue
    if step == dieAfter { kill(getpid(), SIGKILL) }
}
do {
    let outcome = try migration.run()
    print("\(outcome) steps \(steps.load(ordering: .relaxed))")
} catch {
    print("error \(error)")
    exit(1)
}
