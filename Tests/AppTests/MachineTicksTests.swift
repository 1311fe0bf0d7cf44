import Testing
@testable import App
@testable import Inspector
@testable import Workbench

/// `bench`'s steal share (`MachineTicks`), read from /proc/stat lines as proc(5) lays them
/// out: "cpu" then user nice system idle iowait irq softirq steal guest guest_nice, in
/// clock ticks, guest time already counted in user and nice.
@Suite struct MachineTicksTests {
    /// Two samples of the aggregate line worked by hand: 1,000 ticks with 35 stolen, then
    /// 1,755 with 135 (the guest's 20 is in user, not added again): 100 of 755 ticks.
    @Test func stealIsTheStolenShareOfAllTicksBetweenTwoSamples() throws {
        let before = try #require(MachineTicks(procStat: "cpu  100 0 50 800 10 0 5 35 0 0\ncpu0 50 0 25 400 5 0 2 17 0 0\n"))
        let after = try #require(MachineTicks(procStat: "cpu  300 0 100 1200 10 0 10 135 20 0\nintr 1 2 3\n"))
        #expect(before == MachineTicks(total: 1_000, steal: 35))
        #expect(after == MachineTicks(total: 1_755, steal: 135))
        let share = try #require(after.stealPercent(since: before))
        #expect(abs(share - 100.0 * 100 / 755) < 1e-9)
        // A host that stole nothing, and one that ran nothing else.
        let quiet = try #require(MachineTicks(procStat: "cpu  400 0 100 1300 10 0 10 35 0 0"))
        #expect(quiet.stealPercent(since: before) == 0)
        let stolen = try #require(MachineTicks(procStat: "cpu  100 0 50 800 10 0 5 535 0 0"))
        #expect(stolen.stealPercent(since: before) == 100)
    }

    /// The line found among others (a real /proc/stat starts with it, but its order is not
    /// promised); no share without ticks passing or with counters going back.
    @Test func theCpuLineIsFoundAndNoTimeGivesNoShare() throws {
        let text = "intr 5\ncpu0 1 2 3 4 5 6 7 8 9 10\ncpu  1 2 3 4 5 6 7 8 9 10\n"
        let t = try #require(MachineTicks(procStat: text))
        #expect(t == MachineTicks(total: 36, steal: 8), "cpu0 is one CPU's line, not the machine's")
        #expect(t.stealPercent(since: t) == nil)
        #expect(MachineTicks(total: 10, steal: 0).stealPercent(since: MachineTicks(total: 20, steal: 0)) == nil)
    }

    /// A kernel line without the steal column (before Linux 2.6.11), words, or no line.
    @Test func aShortOrBrokenLineIsNotRead() {
        #expect(MachineTicks(procStat: "cpu  1 2 3 4 5 6 7\n") == nil)
        #expect(MachineTicks(procStat: "cpu  1 2 3 x 5 6 7 8\n") == nil)
        #expect(MachineTicks(procStat: "cpu  1 2 3 -4 5 6 7 8\n") == nil)
        #expect(MachineTicks(procStat: "") == nil)
        #expect(MachineTicks(procStat: "cpu0 1 2 3 4 5 6 7 8\n") == nil)
    }

    /// On Linux the machine's counters are there and only go forward.
    @Test func theMachinesOwnCountersRead() throws {
        let a = try #require(MachineTicks.now())
        let b = try #require(MachineTicks.now())
        #expect(b.total >= a.total && b.steal >= a.steal)
        #expect(a.steal <= a.total)
    }
}
