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
func isMapped(_ p: UnsafeMutableRawPointer) -> Bool { (p.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2) != 0 }
guard let big = malloc(4 << 20), isMapped(big) else { exit(4) }
free(big)
guard let large = malloc(200 * 1024), let small = malloc(64 * 1024) else { exit(5) }
print(isMapped(large) ? "mapped" : "heap", isMapped(small) ? "mapped" : "heap")
#else
print("unsupported")
#endif
