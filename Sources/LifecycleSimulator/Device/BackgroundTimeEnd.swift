/// The end of the live incarnation's background time: the background task, lease or push that
/// was the last to end (as the runtime names it), the device time in milliseconds, and for a task
/// the name of its scope. A value.
struct BackgroundTimeEnd {
    var work: String
    var milliseconds: Int64
    var scope: String?
}
