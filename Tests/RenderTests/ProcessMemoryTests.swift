#if canImport(Glibc)
import Glibc
#endif
import Platform
import Testing

/// SPEC §9 (memory): large transient blocks are mapped on their own and unmapped when
/// freed, whatever larger block was freed before (glibc would otherwise raise its mapping
/// threshold to that size and cut later ones from the heap, where their holes stay).
@Suite struct ProcessMemoryTests {
    /// glibc marks a block it mapped on its own with bit 1 (IS_MMAPPED) of the size word just
    /// before the block (malloc/malloc.c, "chunk representations"), the C library's layout.
    static func isMapped(_ p: UnsafeMutableRawPointer) -> Bool {
        (p.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2) != 0
    }

    @Test func largeBlocksAreMappedEvenAfterALargerOneWasFreed() throws {
        #if canImport(Glibc)
        #expect(ProcessMemory.returnLargeBlocks())
        // A 4 MB block mapped and freed: by default the threshold would rise to 4 MB here.
        let big = try #require(malloc(4 << 20))
        #expect(Self.isMapped(big))
        free(big)
        let large = try #require(malloc(200 * 1024)), small = try #require(malloc(64 * 1024))
        defer { free(large); free(small) }
        #expect(Self.isMapped(large), "a 200 KB block after a 4 MB one was freed: cut from the heap")
        #expect(!Self.isMapped(small), "a 64 KB block is under the 128 KB threshold")
        #endif
    }
}
