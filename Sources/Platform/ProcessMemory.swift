#if canImport(Glibc)
import Glibc
#endif

/// How this process's heap is kept (docs/behaviour.md §9: resident memory).
public enum ProcessMemory {
    /// glibc's `mallopt` parameters (malloc.h): M_TRIM_THRESHOLD is −1, M_MMAP_THRESHOLD −3.
    private static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3

    /// Blocks of 128 KB and more come from their own mappings and go back to the system
    /// when freed; the heap's free top is given back past 1 MB.
    ///
    /// By default glibc raises its mapping threshold to the size of the largest mapped
    /// block freed (up to 32 MB), so after the first frame every large transient array
    /// (a frame's primitives, the field's strips, llvmpipe's per-draw storage) is cut from
    /// the heap, and the holes they leave between longer-lived blocks stay resident: the
    /// liquid scene at 1× held 1.1–1.3 MB more after 600 frames of `bench` (150.5–150.8 MB
    /// against 149.2–149.8, three runs each) and kept creeping while it ran. Fixing both
    /// thresholds stops the raising; 1 MB of slack at the top keeps the heap from being
    /// shrunk and grown again every frame (with glibc's 128 KB, 12 system calls a frame).
    /// Returns false where the C library has no `mallopt` (not glibc).
    @discardableResult
    public static func returnLargeBlocks() -> Bool {
        #if canImport(Glibc)
        // (`mallopt` is declared in malloc.h, which Swift's Glibc module leaves out.)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(mmapThreshold, 128 * 1024) == 1 && mallopt(trimThreshold, 1024 * 1024) == 1
        #else
        return false
        #endif
    }
}
