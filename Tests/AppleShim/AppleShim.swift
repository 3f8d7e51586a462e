// AppleShim: the UIKit, SwiftUI, UserNotifications, BackgroundTasks and Foundation declarations
// AppleHost uses, with the signatures Apple documents, so that AppleHost compiles on Linux
// (target `AppleHostOnShim`) and a change to Lifeline's API that breaks it fails the build.
//
// Each declaration cites the documented signature it mirrors. Apple's Objective-C `optional`
// delegate methods are protocol requirements here, so an implementation whose signature drifts
// from the documented one fails to compile instead of silently never being called. Nothing here
// behaves like the frameworks: methods that would ask the system for something do nothing, and
// initializers marked "not in UIKit" exist only so that a test can build what UIKit would hand
// the app. Compiled on Linux only.
