import Foundation

/// Direct I/O (`O_DIRECT`): reads and writes that move bytes between the disk and the process's
/// memory without a copy in the page cache. Glibc's Swift module does not export the flag (C
/// has it only with `_GNU_SOURCE`), so its value is given here per architecture.
enum DirectIO {
    #if os(Linux) && arch(x86_64)
        static let flag: Int32? = 0o40000
    #elseif os(Linux) && arch(arm64)
        static let flag: Int32? = 0o200000
    #else
        static let flag: Int32? = nil
    #endif

    /// The alignment of buffers, sizes and file offsets that every common file system accepts.
    static let alignment = 4096

    /// Turns direct I/O on for `fd`; false when the system or the file system has none (tmpfs).
    static func enable(_ fd: Int32) -> Bool {
        guard let flag else { return false }
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | flag) == 0
    }

    /// Turns direct I/O off for `fd` (for an unaligned tail, or after the kernel refused it).
    static func disable(_ fd: Int32) {
        guard let flag else { return }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~flag) }
    }

    /// A zeroed, aligned buffer of `size` bytes; free it with `free`.
    static func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        var pointer: UnsafeMutableRawPointer?
        guard posix_memalign(&pointer, alignment, size) == 0, let pointer else {
            fatalError("cannot allocate \(size) bytes")
        }
        return pointer
    }
}

/// The ZIP writer's output: bytes are gathered in aligned buffers, handed in order to `consume`
/// (the archive's BLAKE2b) on a serial queue, which also writes each full buffer (so that the
/// caller fills the next one meanwhile), to the file with direct I/O where the
/// file system allows it. A pack is written once and read rarely; a buffered write would copy
/// every byte into the page cache as well, which costs about a CPU-second per 400 MB on the
/// machines gamepack is measured on, and direct writes let the disk take the bytes from the
/// buffer instead. Three buffers rotate, so the next one fills while the last is hashed and
/// written. Files start in direct mode only at offset 0 (every write then stays aligned); the
/// unaligned tail of the last buffer is written in buffered mode.
final class PackOutput {
    /// A buffer and how much of it is filled and handed to `consume`.
    private struct Slot: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        var fill = 0
        var hashed = 0
        /// Signalled when the buffer has been hashed and written.
        let free = DispatchSemaphore(value: 1)
    }

    /// A buffer's bytes, for the hashing queue.
    private struct Chunk: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    static let bufferSize = 4 << 20

    /// The file and how it is written, touched only on `queue` once writing has begun (but
    /// for `failure`, which the writing thread reads under a lock).
    private final class FileWriter: @unchecked Sendable {
        let fd: Int32
        let path: String
        var direct: Bool
        private let lock = NSLock()
        private var firstFailure: Error?
        /// What stopped a write; thrown by the next `seal` or `flush`.
        var failure: Error? {
            get { lock.withLock { firstFailure } }
            set { lock.withLock { firstFailure = newValue } }
        }

        init(fd: Int32, path: String, direct: Bool) {
            (self.fd, self.path, self.direct) = (fd, path, direct)
        }

        /// Writes `count` bytes at `base`.
        func write(_ base: UnsafeMutableRawPointer, _ count: Int) throws {
            var done = 0
            while done < count {
                let written = Interruptible.retry { Glibc.write(fd, base + done, count - done) }
                if written < 0 && errno == EINVAL && direct {
                    // The file system refused this direct write after all: go on buffered.
                    DirectIO.disable(fd)
                    direct = false
                    continue
                }
                guard written > 0 else { throw PackError.io(path, "cannot write (\(String(cString: strerror(errno))))") }
                done += written
                if direct && done < count && done % DirectIO.alignment != 0 {
                    DirectIO.disable(fd)
                    direct = false
                }
            }
        }
    }

    private let file: FileWriter
    private var slots: [Slot]
    private var current = 0
    /// Bytes appended so far (written or in a buffer), counting from the start of the file.
    private(set) var offset: UInt64
    private let queue = DispatchQueue(label: "gamepack.zip.output")
    private let consume: @Sendable (UnsafeRawBufferPointer) -> Void

    /// Writes to `fd` (owned: closed on deinit), which is at `offset`; direct I/O is tried when
    /// `directIO` is true and `offset` is 0.
    init(fd: Int32, path: String, offset: UInt64, directIO: Bool, consume: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.offset = offset
        self.consume = consume
        file = FileWriter(fd: fd, path: path, direct: directIO && offset == 0 && DirectIO.enable(fd))
        slots = (0..<3).map { _ in Slot(base: DirectIO.allocate(Self.bufferSize)) }
        slots[0].free.wait()
    }

    deinit {
        queue.sync {}
        for index in slots.indices where index != current { slots[index].free.wait() }
        for slot in slots {
            slot.free.signal()  // libdispatch refuses to dispose of a semaphore below its initial value
            free(slot.base)
        }
        close(file.fd)
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            if slots[current].fill == Self.bufferSize { try seal() }
            let n = min(bytes.count - done, Self.bufferSize - slots[current].fill)
            (slots[current].base + slots[current].fill).copyMemory(from: bytes.baseAddress! + done, byteCount: n)
            slots[current].fill += n
            done += n
        }
        offset += UInt64(bytes.count)
    }

    func append(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try append($0) } }

    func append(_ data: Data) throws { try data.withUnsafeBytes { try append($0) } }

    /// Appends the next `size` bytes read from `input`, and returns their CRC-32 (zlib's).
    /// Throws when the file ends early.
    func append(from input: Int32, size: UInt64, path source: String) throws -> UInt32 {
        var crc = UInt32(0)
        var copied: UInt64 = 0
        while copied < size {
            if slots[current].fill == Self.bufferSize { try seal() }
            let target = slots[current].base + slots[current].fill
            let want = Int(min(UInt64(Self.bufferSize - slots[current].fill), size - copied))
            let got = Interruptible.retry { read(input, target, want) }
            guard got > 0 else {
                throw PackError.io(
                    source,
                    got == 0 ? "the file is shorter than when it was hashed" : "cannot read (\(String(cString: strerror(errno))))"
                )
            }
            crc = ZipWriter.crc32(UnsafeRawBufferPointer(start: target, count: got), seed: crc)
            slots[current].fill += got
            copied += UInt64(got)
        }
        offset += size
        return crc
    }

    /// Hands the bytes appended so far to `consume` and waits until it has taken them; the
    /// buffers are not written.
    func sync() {
        handOver()
        queue.sync {}
    }

    /// Writes everything appended; the output stays usable.
    func flush() throws {
        handOver()
        let slot = slots[current]
        let file = self.file
        try queue.sync {
            if let failure = file.failure { throw failure }
            if file.direct && slot.fill % DirectIO.alignment != 0 {
                DirectIO.disable(file.fd)
                file.direct = false
            }
            try file.write(slot.base, slot.fill)
        }
        slots[current].fill = 0
        slots[current].hashed = 0
    }

    /// Hands the current buffer's bytes not yet handed to `consume`.
    private func handOver() {
        let slot = slots[current]
        let chunk = Chunk(bytes: UnsafeRawBufferPointer(start: slot.base + slot.hashed, count: slot.fill - slot.hashed))
        slots[current].hashed = slot.fill
        let consume = self.consume
        if chunk.bytes.isEmpty { return }
        queue.async { consume(chunk.bytes) }
    }

    /// Hands the full current buffer to the queue, which hashes and writes it and then frees
    /// it, and moves on to the next free one.
    private func seal() throws {
        let file = self.file
        // Without waiting for the queue: the buffer before this one may still be on its way.
        if let failure = file.failure { throw failure }
        handOver()
        let slot = slots[current]
        queue.async {
            if file.failure == nil {
                do { try file.write(slot.base, slot.fill) } catch { file.failure = error }
            }
            slot.free.signal()
        }
        current = (current + 1) % slots.count
        slots[current].free.wait()
        slots[current].fill = 0
        slots[current].hashed = 0
    }
}
