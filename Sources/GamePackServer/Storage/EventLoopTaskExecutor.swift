import NIOCore

/// Runs a task's jobs on one NIO event loop: code that prefers this executor
/// (`withTaskExecutorPreference`) runs on the loop's thread, between the loop's own work, so
/// nothing the loop does (a channel closing) happens in the middle of it.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
