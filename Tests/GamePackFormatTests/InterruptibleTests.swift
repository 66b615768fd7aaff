import Foundation
import GamePackFormat
import Testing

/// `Interruptible`: reads and writes that go on across a signal (`EINTR`), short reads and
/// partial writes.
@Suite("System calls made again after a signal")
struct InterruptibleTests {
    /// A handler for SIGUSR2 installed without `SA_RESTART`, so that a blocked `read` the
    /// signal reaches fails with `EINTR` instead of being restarted by the C library.
    static let handlerInstalled: Bool = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return sigaction(SIGUSR2, &action, nil) == 0
    }()

    @Test("a read a signal interrupts is made again: every byte arrives, no EINTR is thrown")
    func readAcrossSignal() throws {
        try #require(Self.handlerInstalled)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let reader = ThreadBox()
        let result = DataBox()
        // The read runs on a thread of its own that lets SIGUSR2 in: the test's own thread is
        // one of libdispatch's, which block signals.
        let readerThread = Thread {
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            reader.thread = pthread_self()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
            defer { buffer.deallocate() }
            do {
                let count = try Interruptible.readFully(readEnd, into: buffer)
                result.data = Data(buffer[0..<count])
            } catch {
                result.failure = "\(error)"
            }
            result.done = true
        }
        readerThread.start()
        // Wait until the reader blocks, interrupt it twice, then give it its bytes.
        while reader.thread == nil { usleep(1000) }
        usleep(50_000)
        for _ in 0..<2 {
            #expect(pthread_kill(reader.thread!, SIGUSR2) == 0)
            usleep(20_000)
        }
        let text = Array("hello, interrupted world".utf8)
        _ = text.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        close(writeEnd)
        while !result.done { usleep(1000) }
        #expect(result.failure == nil)
        #expect(String(decoding: result.data, as: UTF8.self) == "hello, interrupted world")
    }

    @Test("readFully from an offset reads to the end of a short file; from a descriptor's position too")
    func readShortFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("interruptible-\(UUID().uuidString)").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try Interruptible.readFully(fd, into: buffer, at: 6) == 4)
        #expect(String(decoding: buffer[0..<4], as: UTF8.self) == "6789")
        #expect(try Interruptible.readFully(fd, into: buffer) == 8)
        #expect(String(decoding: buffer[0..<8], as: UTF8.self) == "01234567")
        #expect(throws: SystemCallError(errno: EBADF)) { try Interruptible.readFully(-1, into: buffer) }
    }

    @Test("writeAll writes more than a pipe holds at once, in as many writes as it takes")
    func writeLarge() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let size = 1 << 20  // a pipe holds 64 KiB: the writes are partial
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let received = DataBox()
        let reader = Thread {
            var all = Data()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                all.append(contentsOf: chunk[0..<count])
            }
            close(readEnd)
            received.data = all
            received.done = true
        }
        reader.start()
        try bytes.withUnsafeBytes { try Interruptible.writeAll(writeEnd, $0) }
        close(writeEnd)
        while !received.done { usleep(1000) }
        #expect(received.data == Data(bytes))
    }

    @Test("a full device is an error in the system's words, not a loop")
    func fullDevice() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "/dev/full is missing")
        defer { close(fd) }
        let error = #expect(throws: SystemCallError.self) {
            try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try Interruptible.writeAll(fd, $0) }
        }
        #expect(error?.code == ENOSPC)
        #expect(error?.description == String(cString: strerror(ENOSPC)))
    }
}

/// A value one thread sets and another reads, for these tests' hand-offs.
private final class ThreadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: pthread_t?
    var thread: pthread_t? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private var finished = false
    private var problem: String?
    var failure: String? {
        get { lock.withLock { problem } }
        set { lock.withLock { problem = newValue } }
    }
    var data: Data {
        get { lock.withLock { bytes } }
        set { lock.withLock { bytes = newValue } }
    }
    var done: Bool {
        get { lock.withLock { finished } }
        set { lock.withLock { finished = newValue } }
    }
}
