import Inspector
import Workbench

/// The machine's CPU time so far, from the first line of Linux's /proc/stat (clock ticks,
/// proc(5)): all of it, and the part a hypervisor spent running other guests while this
/// one waited ("steal"). `bench` reports the share stolen over its timed frames: on a
/// shared virtual machine it is why one run's figures are slower than another's (a busy
/// host made the blit floor 1.7 ms one hour and 6.5 the next).
struct MachineTicks: Equatable {
    var total: UInt64
    var steal: UInt64

    init(total: UInt64, steal: UInt64) {
        (self.total, self.steal) = (total, steal)
    }

    /// Reads the aggregate "cpu" line: user nice system idle iowait irq softirq steal
    /// [guest guest_nice]. The total is the first eight: the guest times are already
    /// counted in user and nice. Nil without the line or its eight numbers.
    init?(procStat text: String) {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().map { UInt64($0) }
        guard numbers.count >= 8, !numbers.prefix(8).contains(nil) else { return nil }
        let first = numbers.prefix(8).compactMap { $0 }
        total = first.reduce(0, &+)
        steal = first[7]
    }

    /// Now, or nil where there is no /proc/stat.
    static func now() -> MachineTicks? {
        (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)).flatMap { MachineTicks(procStat: $0) }
    }

    /// The percentage of the machine's CPU time stolen between `earlier` and this; nil
    /// when no tick passed (or the counters went back).
    func stealPercent(since earlier: MachineTicks) -> Double? {
        guard total > earlier.total, steal >= earlier.steal else { return nil }
        return 100 * Double(steal - earlier.steal) / Double(total - earlier.total)
    }
}
