import Foundation

/// BLAKE2b (RFC 7693), unkeyed, with a digest of 1 to 64 bytes, fed in pieces.
///
/// Written by hand because swift-crypto has no BLAKE2b, and minisign needs it: prehashed
/// ("ED") signatures sign the BLAKE2b-512 of the file, and secret key files carry a
/// BLAKE2b-256 checksum. Packs are hundreds of MB, so the compression function keeps the
/// whole state in `UInt64` locals with all twelve rounds unrolled; see
/// `benchmarks/blake2b-speed.sh` for its throughput.
public struct BLAKE2b: Sendable {
    /// The block size in bytes: input is compressed 128 bytes at a time.
    public static let blockByteCount = 128

    /// The digest length in bytes (1...64) that `finalize()` returns.
    public let outputByteCount: Int

    private var h0: UInt64, h1: UInt64, h2: UInt64, h3: UInt64
    private var h4: UInt64, h5: UInt64, h6: UInt64, h7: UInt64
    /// Bytes compressed so far, as a 128-bit counter (low, high).
    private var t0: UInt64 = 0, t1: UInt64 = 0
    /// Input not yet compressed: up to one full block, kept back because the last block
    /// is compressed differently.
    private var pending = [UInt8](repeating: 0, count: BLAKE2b.blockByteCount)
    private var pendingCount = 0

    private static let iv: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179
    )

    /// Starts a hash whose digest is `outputByteCount` bytes (1...64; 64 is BLAKE2b-512,
    /// 32 is BLAKE2b-256). Other lengths are a programming error.
    public init(outputByteCount: Int = 64) {
        precondition((1...64).contains(outputByteCount), "BLAKE2b digests are 1 to 64 bytes")
        self.outputByteCount = outputByteCount
        let iv = Self.iv
        // Parameter block: digest length, no key, fanout 1, depth 1.
        h0 = iv.0 ^ 0x0101_0000 ^ UInt64(outputByteCount)
        h1 = iv.1
        h2 = iv.2
        h3 = iv.3
        h4 = iv.4
        h5 = iv.5
        h6 = iv.6
        h7 = iv.7
    }

    /// The running state as bytes (digest length, chaining value, counter, pending input), so
    /// that hashing can resume later from the same point: a warm build hashes only the part of
    /// a pack that changed. Little-endian; 210 bytes.
    public var stateBytes: [UInt8] {
        var bytes: [UInt8] = [UInt8(outputByteCount)]
        for word in [h0, h1, h2, h3, h4, h5, h6, h7, t0, t1] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        bytes.append(UInt8(pendingCount))
        bytes += pending
        return bytes
    }

    /// Resumes a hash from `stateBytes`; nil when the bytes are not such a state.
    public init?(stateBytes bytes: [UInt8]) {
        guard bytes.count == 1 + 80 + 1 + Self.blockByteCount, (1...64).contains(Int(bytes[0])),
            Int(bytes[81]) <= Self.blockByteCount
        else { return nil }
        func word(_ index: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[1 + index * 8 + $1]) << UInt64($1 * 8) }
        }
        self.init(outputByteCount: Int(bytes[0]))
        (h0, h1, h2, h3, h4, h5, h6, h7) = (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7))
        (t0, t1) = (word(8), word(9))
        pendingCount = Int(bytes[81])
        pending = Array(bytes[82...])
    }

    /// Adds bytes to the hash.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let count = bytes.count
        var offset = 0
        let block = Self.blockByteCount
        if pendingCount > 0 {
            let take = min(block - pendingCount, count)
            pending.withUnsafeMutableBytes { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            offset = take
            // The buffered block is compressed only once more input is known to follow.
            guard offset < count else { return }
            addToCounter(block)
            pending.withUnsafeBytes { compress(block: $0.baseAddress!, isLast: false) }
            pendingCount = 0
        }
        // Whole blocks straight from the input, keeping back the last one (full or not).
        while count - offset > block {
            addToCounter(block)
            compress(block: base + offset, isLast: false)
            offset += block
        }
        let rest = count - offset
        pending.withUnsafeMutableBytes { buffer in
            buffer.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
        }
        pendingCount = rest
    }

    /// Adds bytes to the hash.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Ends the hash and returns the `outputByteCount`-byte digest. The value must not be
    /// updated afterwards.
    public mutating func finalize() -> [UInt8] {
        addToCounter(pendingCount)
        pending.withUnsafeMutableBytes { buffer in
            for index in pendingCount..<Self.blockByteCount { buffer[index] = 0 }
        }
        pending.withUnsafeBytes { compress(block: $0.baseAddress!, isLast: true) }
        pendingCount = 0
        var digest = [UInt8]()
        digest.reserveCapacity(64)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            withUnsafeBytes(of: word.littleEndian) { digest.append(contentsOf: $0) }
        }
        return Array(digest.prefix(outputByteCount))
    }

    /// The `outputByteCount`-byte BLAKE2b digest of `data`.
    public static func hash(_ data: Data, outputByteCount: Int = 64) -> [UInt8] {
        var hasher = BLAKE2b(outputByteCount: outputByteCount)
        hasher.update(data)
        return hasher.finalize()
    }

    @inline(__always)
    private mutating func addToCounter(_ byteCount: Int) {
        let (sum, overflow) = t0.addingReportingOverflow(UInt64(byteCount))
        t0 = sum
        if overflow { t1 &+= 1 }
    }

    /// The compression function F of RFC 7693 section 3.2 on one 128-byte block.
    /// code-size: allow: its twelve rounds are unrolled by hand, the hot loop of every pack hash.
    private mutating func compress(block: UnsafeRawPointer, isLast: Bool) {
        let m0 = block.loadUnaligned(fromByteOffset: 0, as: UInt64.self).littleEndian
        let m1 = block.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
        let m2 = block.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian
        let m3 = block.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian
        let m4 = block.loadUnaligned(fromByteOffset: 32, as: UInt64.self).littleEndian
        let m5 = block.loadUnaligned(fromByteOffset: 40, as: UInt64.self).littleEndian
        let m6 = block.loadUnaligned(fromByteOffset: 48, as: UInt64.self).littleEndian
        let m7 = block.loadUnaligned(fromByteOffset: 56, as: UInt64.self).littleEndian
        let m8 = block.loadUnaligned(fromByteOffset: 64, as: UInt64.self).littleEndian
        let m9 = block.loadUnaligned(fromByteOffset: 72, as: UInt64.self).littleEndian
        let m10 = block.loadUnaligned(fromByteOffset: 80, as: UInt64.self).littleEndian
        let m11 = block.loadUnaligned(fromByteOffset: 88, as: UInt64.self).littleEndian
        let m12 = block.loadUnaligned(fromByteOffset: 96, as: UInt64.self).littleEndian
        let m13 = block.loadUnaligned(fromByteOffset: 104, as: UInt64.self).littleEndian
        let m14 = block.loadUnaligned(fromByteOffset: 112, as: UInt64.self).littleEndian
        let m15 = block.loadUnaligned(fromByteOffset: 120, as: UInt64.self).littleEndian

        let iv = Self.iv
        var v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7
        var v8 = iv.0, v9 = iv.1, v10 = iv.2, v11 = iv.3
        var v12 = iv.4 ^ t0, v13 = iv.5 ^ t1
        var v14 = isLast ? ~iv.6 : iv.6
        var v15 = iv.7

        // Twelve rounds; round r mixes the message words in the order of SIGMA[r mod 10].
        // round 1
        mix(&v0, &v4, &v8, &v12, m0, m1)
        mix(&v1, &v5, &v9, &v13, m2, m3)
        mix(&v2, &v6, &v10, &v14, m4, m5)
        mix(&v3, &v7, &v11, &v15, m6, m7)
        mix(&v0, &v5, &v10, &v15, m8, m9)
        mix(&v1, &v6, &v11, &v12, m10, m11)
        mix(&v2, &v7, &v8, &v13, m12, m13)
        mix(&v3, &v4, &v9, &v14, m14, m15)
        // round 2
        mix(&v0, &v4, &v8, &v12, m14, m10)
        mix(&v1, &v5, &v9, &v13, m4, m8)
        mix(&v2, &v6, &v10, &v14, m9, m15)
        mix(&v3, &v7, &v11, &v15, m13, m6)
        mix(&v0, &v5, &v10, &v15, m1, m12)
        mix(&v1, &v6, &v11, &v12, m0, m2)
        mix(&v2, &v7, &v8, &v13, m11, m7)
        mix(&v3, &v4, &v9, &v14, m5, m3)
        // round 3
        mix(&v0, &v4, &v8, &v12, m11, m8)
        mix(&v1, &v5, &v9, &v13, m12, m0)
        mix(&v2, &v6, &v10, &v14, m5, m2)
        mix(&v3, &v7, &v11, &v15, m15, m13)
        mix(&v0, &v5, &v10, &v15, m10, m14)
        mix(&v1, &v6, &v11, &v12, m3, m6)
        mix(&v2, &v7, &v8, &v13, m7, m1)
        mix(&v3, &v4, &v9, &v14, m9, m4)
        // round 4
        mix(&v0, &v4, &v8, &v12, m7, m9)
        mix(&v1, &v5, &v9, &v13, m3, m1)
        mix(&v2, &v6, &v10, &v14, m13, m12)
        mix(&v3, &v7, &v11, &v15, m11, m14)
        mix(&v0, &v5, &v10, &v15, m2, m6)
        mix(&v1, &v6, &v11, &v12, m5, m10)
        mix(&v2, &v7, &v8, &v13, m4, m0)
        mix(&v3, &v4, &v9, &v14, m15, m8)
        // round 5
        mix(&v0, &v4, &v8, &v12, m9, m0)
        mix(&v1, &v5, &v9, &v13, m5, m7)
        mix(&v2, &v6, &v10, &v14, m2, m4)
        mix(&v3, &v7, &v11, &v15, m10, m15)
        mix(&v0, &v5, &v10, &v15, m14, m1)
        mix(&v1, &v6, &v11, &v12, m11, m12)
        mix(&v2, &v7, &v8, &v13, m6, m8)
        mix(&v3, &v4, &v9, &v14, m3, m13)
        // round 6
        mix(&v0, &v4, &v8, &v12, m2, m12)
        mix(&v1, &v5, &v9, &v13, m6, m10)
        mix(&v2, &v6, &v10, &v14, m0, m11)
        mix(&v3, &v7, &v11, &v15, m8, m3)
        mix(&v0, &v5, &v10, &v15, m4, m13)
        mix(&v1, &v6, &v11, &v12, m7, m5)
        mix(&v2, &v7, &v8, &v13, m15, m14)
        mix(&v3, &v4, &v9, &v14, m1, m9)
        // round 7
        mix(&v0, &v4, &v8, &v12, m12, m5)
        mix(&v1, &v5, &v9, &v13, m1, m15)
        mix(&v2, &v6, &v10, &v14, m14, m13)
        mix(&v3, &v7, &v11, &v15, m4, m10)
        mix(&v0, &v5, &v10, &v15, m0, m7)
        mix(&v1, &v6, &v11, &v12, m6, m3)
        mix(&v2, &v7, &v8, &v13, m9, m2)
        mix(&v3, &v4, &v9, &v14, m8, m11)
        // round 8
        mix(&v0, &v4, &v8, &v12, m13, m11)
        mix(&v1, &v5, &v9, &v13, m7, m14)
        mix(&v2, &v6, &v10, &v14, m12, m1)
        mix(&v3, &v7, &v11, &v15, m3, m9)
        mix(&v0, &v5, &v10, &v15, m5, m0)
        mix(&v1, &v6, &v11, &v12, m15, m4)
        mix(&v2, &v7, &v8, &v13, m8, m6)
        mix(&v3, &v4, &v9, &v14, m2, m10)
        // round 9
        mix(&v0, &v4, &v8, &v12, m6, m15)
        mix(&v1, &v5, &v9, &v13, m14, m9)
        mix(&v2, &v6, &v10, &v14, m11, m3)
        mix(&v3, &v7, &v11, &v15, m0, m8)
        mix(&v0, &v5, &v10, &v15, m12, m2)
        mix(&v1, &v6, &v11, &v12, m13, m7)
        mix(&v2, &v7, &v8, &v13, m1, m4)
        mix(&v3, &v4, &v9, &v14, m10, m5)
        // round 10
        mix(&v0, &v4, &v8, &v12, m10, m2)
        mix(&v1, &v5, &v9, &v13, m8, m4)
        mix(&v2, &v6, &v10, &v14, m7, m6)
        mix(&v3, &v7, &v11, &v15, m1, m5)
        mix(&v0, &v5, &v10, &v15, m15, m11)
        mix(&v1, &v6, &v11, &v12, m9, m14)
        mix(&v2, &v7, &v8, &v13, m3, m12)
        mix(&v3, &v4, &v9, &v14, m13, m0)
        // round 11
        mix(&v0, &v4, &v8, &v12, m0, m1)
        mix(&v1, &v5, &v9, &v13, m2, m3)
        mix(&v2, &v6, &v10, &v14, m4, m5)
        mix(&v3, &v7, &v11, &v15, m6, m7)
        mix(&v0, &v5, &v10, &v15, m8, m9)
        mix(&v1, &v6, &v11, &v12, m10, m11)
        mix(&v2, &v7, &v8, &v13, m12, m13)
        mix(&v3, &v4, &v9, &v14, m14, m15)
        // round 12
        mix(&v0, &v4, &v8, &v12, m14, m10)
        mix(&v1, &v5, &v9, &v13, m4, m8)
        mix(&v2, &v6, &v10, &v14, m9, m15)
        mix(&v3, &v7, &v11, &v15, m13, m6)
        mix(&v0, &v5, &v10, &v15, m1, m12)
        mix(&v1, &v6, &v11, &v12, m0, m2)
        mix(&v2, &v7, &v8, &v13, m11, m7)
        mix(&v3, &v4, &v9, &v14, m5, m3)

        h0 ^= v0 ^ v8
        h1 ^= v1 ^ v9
        h2 ^= v2 ^ v10
        h3 ^= v3 ^ v11
        h4 ^= v4 ^ v12
        h5 ^= v5 ^ v13
        h6 ^= v6 ^ v14
        h7 ^= v7 ^ v15
    }
}

/// The mixing function G of RFC 7693 section 3.1, with its rotations 32, 24, 16 and 63.
@inline(__always)
private func mix(
    _ a: inout UInt64, _ b: inout UInt64, _ c: inout UInt64, _ d: inout UInt64, _ x: UInt64, _ y: UInt64
) {
    a = a &+ b &+ x
    d ^= a
    d = (d &>> 32) | (d &<< 32)
    c = c &+ d
    b ^= c
    b = (b &>> 24) | (b &<< 40)
    a = a &+ b &+ y
    d ^= a
    d = (d &>> 16) | (d &<< 48)
    c = c &+ d
    b ^= c
    b = (b &>> 63) | (b &<< 1)
}
