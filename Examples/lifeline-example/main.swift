import Lifecycle
import ProcessHost

// A small terminal app on ProcessHost that shows its own lifecycle live. Run it with
// `swift run lifeline-example`, then press Ctrl-Z / `fg`, focus another window, resize, send
// `kill -USR1 <pid>`, press `w` for a second window and `q` to quit. The terminal is restored on
// every way out.

// The host's log reaches the app once it exists; records written before are dropped.
let appReference = WeakExampleApp()
let host = ProcessHost(
    configuration: ProcessHostConfiguration(terminal: .fullScreen),
    logger: LifelineLogger(
        category: "example", sink: ExampleLogSink { record in appReference.app?.recordHostLog(record) },
        minimumLevel: .info
    )
)
let app = ExampleApp(host: host)
appReference.app = app
host.run()
