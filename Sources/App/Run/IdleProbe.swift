import Foundation
import Inspector
import Workbench

/// `bench --idle SECONDS` (docs/behaviour.md §9: idle is free): once the window first comes to rest,
/// counts the frames drawn and the CPU time the whole process uses (every thread, the
/// GL driver's included) for `seconds`, then ends the run.
struct IdleProbe {
    let seconds: Double
    /// When the measurement began (app wall seconds), the frames drawn and CPU seconds then.
    private(set) var start: (wall: Double, frames: Int, cpu: Double)?
    private(set) var result: (seconds: Double, frames: Int, cpuSeconds: Double)?

    init(seconds: Double) { self.seconds = seconds }

    /// Called every turn of the frame loop; returns true once the measurement is over.
    mutating func tick(wall: Double, atRest: Bool, framesDrawn: Int) -> Bool {
        guard let s = start else {
            if atRest { start = (wall, framesDrawn, Self.cpuSeconds()) }
            return false
        }
        guard wall - s.wall >= seconds else { return false }
        result = (wall - s.wall, framesDrawn - s.frames, Self.cpuSeconds() - s.cpu)
        return true
    }

    /// User and system CPU time of this process so far, seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }
}
