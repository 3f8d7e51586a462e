import Lifecycle

/// The tasks of one simulation run, each with the process it belongs to: learned from their jobs
/// (a task's job is the task itself), kept alive until the run ends, so that a process's death can
/// cancel every task it started and its tasks unwind instead of waiting forever.
///
/// A task belongs to the process whose code ran when its first job was enqueued: for `Task {}`,
/// `Task.detached`, `async let` and task groups that is the creator's. Registration order is
/// kept, so that a death cancels its tasks in the same order on every run. A value owned by its
/// ``RunScheduler``, under the scheduler's lock.
struct SimulatedTasks: ~Copyable {
    /// One task: its address (its job's), its process, and the tracked task that was running when
    /// it was learned (where it started, for reports).
    struct Record {
        let address: UInt
        let process: Int
        let origin: TrackedTask?
    }

    /// Each task's position in ``records`` by address.
    private var positions: [UInt: Int] = [:]
    /// Every task learned, in registration order.
    private(set) var records: [Record] = []

    /// The record of the task at `address`, if learned.
    func record(of address: UInt) -> Record? {
        positions[address].map { records[$0] }
    }

    /// Learns the task of `job`, which belongs to `process`, and keeps it alive until
    /// ``releaseAll()``; returns its record.
    mutating func register(_ job: UnownedJob, process: Int, origin: TrackedTask?) -> Record {
        let address = Self.address(of: job)
        let record = Record(address: address, process: process, origin: origin)
        positions[address] = records.count
        records.append(record)
        RuntimeTask.retain(address)
        return record
    }

    /// The addresses of `process`'s tasks, in registration order.
    func addresses(of process: Int) -> [UInt] {
        var addresses: [UInt] = []
        for record in records where record.process == process { addresses.append(record.address) }
        return addresses
    }

    /// Lets go of every task (they were kept alive since registration).
    mutating func releaseAll() {
        for record in records { RuntimeTask.release(record.address) }
        records.removeAll()
        positions.removeAll()
    }

    /// A job's address: for a task's job, the task's.
    static func address(of job: UnownedJob) -> UInt {
        UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self))
    }
}

/// A task known only by its address (its job's), handled as a reference: kept alive, let go,
/// cancelled. A namespace.
///
/// A task is a reference-counted heap object: a `Task` handle is one reference to it, so a task
/// that is kept alive can be viewed as a `Task` handle to cancel it, as `Task.cancel()` does.
enum RuntimeTask {
    static func retain(_ address: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
    }

    static func release(_ address: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }

    /// Cancels the task at `address`, which must be kept alive (``retain(_:)``): runs its
    /// cancellation handlers on the calling thread and marks it cancelled.
    static func cancel(_ address: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        // A strong reference to the task (retained for the duration of this scope), seen as the
        // handle it is the payload of; its success and failure types do not matter to `cancel()`.
        let reference = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        unsafeBitCast(reference, to: Task<Never, Never>.self).cancel()
    }
}
