import Foundation
import Synchronization

/// The signal that asked this process to stop, 0 while none has.
private let receivedSignal = Atomic<Int32>(0)
/// The self-pipe the signal handler writes one byte to (write(2) is async-signal-safe),
/// waking the watchdog. Made by `install()` before any handler can run.
private let wakeup: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, -1) }
    return (fds[0], fds[1])
}()
private let watchdogStarted = Atomic<Bool>(false)
/// How many stop signals have arrived: the first asks, the second hurries, a third ends.
private let signalCount = Atomic<Int>(0)
/// What must be undone if the process is ended from outside its own loop: temporaries to
/// unlink, encoders to kill. Keyed by registration.
private let cleanups = Mutex<[Int: @Sendable () -> Void]>([:])
private let nextCleanup = Atomic<Int>(0)
/// What to call, on the watchdog's thread, as soon as a stop is asked for.
private let wakers = Mutex<[@Sendable () -> Void]>([])

/// SIGINT and SIGTERM as a request to stop (docs/behaviour.md §13): the long commands (`record`,
/// `filmstrip`, `bench`, `run`) install this, look at it between frames, and stop within
/// a frame — the encoder stopped, temporaries removed, exit status 128 + the signal.
///
/// Some work cannot look between frames (one large contact sheet drawn, a 16k PNG
/// encoded): a watchdog thread, woken by the signal, gives the command 0.25 s to stop by
/// itself, then runs the registered clean-ups and ends the process with the same status,
/// so a stop is never slower than half a second.
///
/// Without this SDL turns both signals into a quit event that only a window reads, and
/// an offline render ignored Ctrl+C. (SDL installs its own handler only where a signal
/// still has the default one, so installing this first keeps it ours.)
public enum Interrupt {
    /// How long the command has to stop by itself before the watchdog ends it.
    static let grace: useconds_t = 250_000

    /// Catches SIGINT and SIGTERM from now on. A second signal cuts the grace short — the
    /// clean-ups still run, so no temporary is left (two quick Ctrl+C's had left
    /// `.x.mp4-springlab-XXXXXX` behind) — and only a third ends the process at once.
    public static func install() {
        let fds = wakeup
        if !watchdogStarted.exchange(true, ordering: .relaxed) && fds.read >= 0 {
            Thread.detachNewThread { watch(fds.read) }
        }
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { sig in
                let count = signalCount.add(1, ordering: .relaxed).newValue
                if count >= 3 { _exit(128 + (receivedSignal.load(ordering: .relaxed) == 0 ? sig : receivedSignal.load(ordering: .relaxed))) }
                if count == 1 { receivedSignal.store(sig, ordering: .relaxed) }
                var byte: UInt8 = 1
                _ = write(wakeup.write, &byte, 1)
            }
        }
    }

    private static func watch(_ fd: Int32) {
        var byte: UInt8 = 0
        while read(fd, &byte, 1) < 0 && errno == EINTR {}
        for wake in wakers.withLock({ $0 }) { wake() }
        // The grace, or until a second signal says not to wait.
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace) * 1000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            let left = Int32((deadline - DispatchTime.now().uptimeNanoseconds) / 1_000_000) + 1
            if poll(&waiting, 1, left) > 0 { break }
        }
        let sig = receivedSignal.load(ordering: .relaxed)
        for cleanup in cleanups.withLock({ Array($0.values) }) { cleanup() }
        let name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "signal \(sig)"
        let text = Array("springlab: stopped by \(name)\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(128 + sig)
    }

    /// Calls `wake` (on the watchdog's thread, not in the signal handler) as soon as a stop
    /// is asked for: a loop asleep in a wait the signal does not end — the window's event
    /// wait, up to a second at rest — is woken to stop by itself, well within the grace,
    /// instead of being ended from outside without its last words (the session written,
    /// the `quit` event).
    public static func onStop(_ wake: @escaping @Sendable () -> Void) {
        wakers.withLock { $0.append(wake) }
    }

    /// The signal received, if any.
    public static var received: Int32? {
        let s = receivedSignal.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Throws `Interrupted` once a stop was asked for.
    public static func check() throws(Interrupted) {
        if let s = received { throw Interrupted(signal: s) }
    }

    /// Registers what to undo if the watchdog ends the process; returns its key for
    /// `unregister` once the work is committed or cleaned up normally.
    public static func register(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        let key = nextCleanup.add(1, ordering: .relaxed).newValue
        cleanups.withLock { $0[key] = cleanup }
        return key
    }

    public static func unregister(_ key: Int) {
        _ = cleanups.withLock { $0.removeValue(forKey: key) }
    }
}

/// A command stopped by SIGINT or SIGTERM: exit status 130 or 143.
public struct Interrupted: Error, CustomStringConvertible, Sendable {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var exitCode: Int32 { 128 + signal }
    public var name: String { signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)" }
    public var description: String { "stopped by \(name)" }
}
