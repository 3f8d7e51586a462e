// shared-store-probe: one of two processes of one app (an app and its extension) writing the same
// store at once, for the tests of which DurableState stores may be shared between processes.
//
// Usage: shared-store-probe sqlite <database> <tag> <count>
//        shared-store-probe file <path> <tag> <count>
// `sqlite` inserts `count` rows (`tag`, n) into table `entry`, one transaction each, with a busy
// timeout so that it waits for the other process's write lock. `file` replaces the file `count`
// times with a whole value naming `tag` and n, by DurableState's durable recipe. Each waits for
// a line on standard input before it starts, so that two are started together; prints "done"
// and exits 0, or prints the failure to standard error and exits 1.
import DurableState
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("shared-store-probe: " + message + "\n").utf8))
    exit(1)
}

/// The value `file` writes: its writer and number, and padding whose length varies, so a torn or
/// mixed file would not decode.
struct SharedRecord: Codable, Sendable {
    var tag: String
    var number: Int
    var padding: String
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[4]) else {
    fail("usage: shared-store-probe sqlite|file <path> <tag> <count>")
}
let (mode, path, tag) = (arguments[1], arguments[2], arguments[3])
_ = readLine()

@MainActor
func run() {
    switch mode {
    case "sqlite":
        var configuration = DatabaseConfiguration()
        configuration.busyTimeout = .seconds(10)
        do {
            let database = try Database(path: path, configuration: configuration)
            try database.execute("CREATE TABLE IF NOT EXISTS entry (tag TEXT NOT NULL, number INTEGER NOT NULL)")
            for number in 0..<count {
                try database.transaction { database in
                    try database.execute("INSERT INTO entry (tag, number) VALUES (?, ?)", [tag, number])
                }
            }
            database.close()
        } catch {
            fail("\(error)")
        }
    case "file":
        let codec = StoredCodec(sizeLimit: 1024 * 1024)
        let file = DurableFile(fileSystem: POSIXFileSystem(root: FilePaths.directory(of: path)), path: path)
        for number in 0..<count {
            do {
                let record = SharedRecord(tag: tag, number: number, padding: String(repeating: "p", count: (number &* 977) % 3000))
                try file.replace(with: try codec.encode(record, writtenAt: Date()))
            } catch {
                fail("\(error)")
            }
        }
    default:
        fail("unknown mode \(mode)")
    }
    print("done")
}

MainActor.assumeIsolated { run() }
