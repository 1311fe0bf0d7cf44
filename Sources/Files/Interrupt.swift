import Foundation
import Synchronization

/// The signal that asked this process to stop, 0 while none has.
private let receivedSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM as a request to stop (SPEC §13): the long commands (`record`,
/// `filmstrip`, `bench`, `run`) install this, look at it between frames, and stop within
/// a frame — the encoder stopped, temporaries removed, exit status 128 + the signal.
///
/// Without it SDL turns both signals into a quit event that only a window ever reads, so
/// an offline render ignored Ctrl+C (SDL installs its own handler only where the signal
/// still has the default one, so installing this first keeps it ours).
public enum Interrupt {
    /// Catches SIGINT and SIGTERM from now on. A second signal of either kind ends the
    /// process at once, for a user who does not want to wait for the clean-up.
    public static func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { sig in
                if receivedSignal.exchange(sig, ordering: .relaxed) != 0 { _exit(128 + sig) }
            }
        }
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
}

/// A command stopped by SIGINT or SIGTERM: exit status 130 or 143.
public struct Interrupted: Error, CustomStringConvertible, Sendable {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var exitCode: Int32 { 128 + signal }
    public var name: String { signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)" }
    public var description: String { "stopped by \(name)" }
}
