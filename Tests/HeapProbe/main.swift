// A process with a clean heap for ProcessMemoryTests: frees a mapped 4 MB block, then asks
// for 200 KB and says where glibc put it ("mapped" or "heap"). With --configured it first
// sets the process up as `springlab` does (`ProcessMemory.returnLargeBlocks`).
#if canImport(Glibc)
import Glibc
#endif
import Platform

#if canImport(Glibc)
if CommandLine.arguments.contains("--configured"), !ProcessMemory.returnLargeBlocks() { exit(3) }
// glibc marks a block it mapped on its own with bit 1 (IS_MMAPPED) of the size word just
// before the block (malloc/malloc.c, "chunk representations").
@_optimize(none)
func isMapped(_ p: UnsafeMutableRawPointer) -> Bool { (p.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2) != 0 }
/// Where glibc puts a 200 KB and a 64 KB block after a mapped 4 MB one was freed; nil when
/// the 4 MB block was not mapped. Not optimized: a release build would otherwise be free to
/// drop an allocation that is only looked at and freed.
@_optimize(none)
func probe() -> (large: Bool, small: Bool)? {
    guard let big = malloc(4 << 20), isMapped(big) else { return nil }
    free(big)
    guard let large = malloc(200 * 1024), let small = malloc(64 * 1024) else { exit(5) }
    return (isMapped(large), isMapped(small))
}
guard let found = probe() else { exit(4) }
print(found.large ? "mapped" : "heap", found.small ? "mapped" : "heap")
#else
print("unsupported")
#endif
