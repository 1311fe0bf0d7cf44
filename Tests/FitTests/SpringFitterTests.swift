import Foundation
import Testing

@testable import Fit

/// The fit against motions written here from the textbook solution of
/// x'' + 2ζω0 x' + ω0² x = 0 (ω0 = 2π / response), not from `Spring`: what the samples
/// are is known independently of the code under test (docs/behaviour.md §16's accuracy).
struct SpringFitterTests {
    /// Position at t of a motion from x0 to x1 starting at t0 with velocity v0.
    static func truth(_ t: Double, response: Double, ratio z: Double, t0: Double, x0: Double, x1: Double, v0: Double) -> Double {
        let tau = t - t0
        guard tau > 0 else { return x0 }
        let w0 = 2 * Double.pi / response
        let y0 = x0 - x1
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return x1 + exp(-z * w0 * tau) * (y0 * cos(wd * tau) + (v0 + z * w0 * y0) / wd * sin(wd * tau))
        } else if z == 1 {
            return x1 + exp(-w0 * tau) * (y0 + (v0 + w0 * y0) * tau)
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + s, r2 = -z * w0 - s
            // y = A e^{r1 t} + B e^{r2 t}, A + B = y0, r1 A + r2 B = v0
            let a = (v0 - r2 * y0) / (r1 - r2)
            return x1 + a * exp(r1 * tau) + (y0 - a) * exp(r2 * tau)
        }
    }

    /// Deterministic Gaussian noise (a linear congruential generator and Box–Muller).
    struct Noise {
        var state: UInt64
        mutating func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        mutating func gaussian(_ sigma: Double) -> Double {
            sigma * (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
        }
    }

    static func samples(response: Double, ratio: Double, t0: Double = 0.3, x0: Double = 100, x1: Double = 400, v0: Double = 0,
                        rate: Double = 60, length: Double = 2.5, noise sigma: Double = 0, seed: UInt64 = 1) -> [MotionSample] {
        var noise = Noise(state: seed)
        return (0..<Int(length * rate)).map { i in
            let t = Double(i) / rate
            return MotionSample(time: t, position: truth(t, response: response, ratio: ratio, t0: t0, x0: x0, x1: x1, v0: v0)
                                + (sigma > 0 ? noise.gaussian(sigma) : 0))
        }
    }

    @Test(arguments: [(0.5, 0.7), (0.6, 0.3), (0.35, 1.0), (0.8, 1.6), (0.5, 0.9)])
    func exactSamplesGiveBackTheirSpring(_ response: Double, _ ratio: Double) throws {
        let fit = try MotionFit.fit(Self.samples(response: response, ratio: ratio))
        #expect(abs(fit.motion.spring.response / response - 1) < 1e-3)
        #expect(abs(fit.motion.spring.dampingRatio - ratio) < 1e-3)
        #expect(abs(fit.motion.from - 100) < 0.01 && abs(fit.motion.to - 400) < 0.05)
        #expect(abs(fit.motion.start - 0.3) < 2e-3)
        #expect(fit.isSpring && fit.rmsErrorPercent < 0.01)
    }

    /// docs/behaviour.md §16: a CSV with 0.5 px noise, within 1 % and 0.01.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func halfAPixelOfNoiseStaysWithinOnePercent(_ seed: UInt64) throws {
        let fit = try MotionFit.fit(Self.samples(response: 0.55, ratio: 0.75, noise: 0.5, seed: seed))
        #expect(abs(fit.motion.spring.response / 0.55 - 1) < 0.01)
        #expect(abs(fit.motion.spring.dampingRatio - 0.75) < 0.01)
        #expect(fit.isSpring)
    }

    @Test func aThrownStartIsRecovered() throws {
        // Thrown away from the target first, then sprung to it.
        let fit = try MotionFit.fit(Self.samples(response: 0.5, ratio: 0.8, v0: -1500, noise: 0.3))
        #expect(abs(fit.motion.spring.response / 0.5 - 1) < 0.01)
        #expect(abs(fit.motion.spring.dampingRatio - 0.8) < 0.01)
        #expect(abs(fit.motion.velocity / -1500 - 1) < 0.05, "velocity \(fit.motion.velocity)")
    }

    @Test func aMoveDownTheAxisFitsAsWell() throws {
        let fit = try MotionFit.fit(Self.samples(response: 0.4, ratio: 0.6, x0: 500, x1: 180))
        #expect(abs(fit.motion.spring.response / 0.4 - 1) < 1e-3)
        #expect(fit.motion.to < fit.motion.from)
    }

    /// CSS's ease-in-out reaches its end in finite time with zero velocity: no spring does.
    @Test func anEaseInOutIsNotASpring() throws {
        let duration = 0.5
        func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u
        }
        let samples = (0..<120).map { i -> MotionSample in
            let t = Double(i) / 60
            let x = min(max((t - 0.2) / duration, 0), 1)
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
            }
            return MotionSample(time: t, position: 100 + 300 * bezier((lo + hi) / 2, 0, 1))
        }
        let fit = try MotionFit.fit(samples)
        #expect(!fit.isSpring, "rms \(fit.rmsErrorPercent) %")
        #expect(fit.maxErrorPercent >= fit.rmsErrorPercent)
    }

    @Test func aSmallMoveThenABigOneFitsTheBigOne() throws {
        let small = Self.samples(response: 0.3, ratio: 1, t0: 0.2, x0: 100, x1: 140, length: 1.2)
        let big = Self.samples(response: 0.5, ratio: 0.7, t0: 0.3, x0: 140, x1: 440, length: 2.5).map {
            MotionSample(time: $0.time + 1.2, position: $0.position)
        }
        let fit = try MotionFit.fit(small + big)
        #expect(fit.moves.count == 2)
        #expect(abs(fit.motion.spring.response / 0.5 - 1) < 1e-3)
        #expect(abs(fit.motion.start - 1.5) < 2e-3)
    }

    @Test func stillSamplesAreNoMotion() {
        let still = (0..<60).map { MotionSample(time: Double($0) / 60, position: 120) }
        #expect(throws: FitError.self) { try MotionFit.fit(still) }
        let few = Array(Self.samples(response: 0.5, ratio: 0.7).prefix(5))
        #expect(throws: FitError.self) { try MotionFit.fit(few) }
    }

    @Test func aCSVNamesItsColumnsAndRefusesWhatIsNotANumber() throws {
        let table = try PositionTable.csv("# a comment\nt_ms,x,y\n0,1,10\n16.7,2,10\n", name: "a.csv")
        #expect(table.times == [0, 0.0167] && table.x == [1, 2] && table.y == [10, 10])
        #expect(try table.axis(preferring: nil) == .x)
        #expect(throws: FitError.self) { try PositionTable.csv("t,z\n0,1\n", name: "a.csv") }
        #expect(throws: FitError.self) { try PositionTable.csv("t,x\n0,1\n0.1,nan\n", name: "a.csv") }
        #expect(throws: FitError.self) { try PositionTable.csv("t,x\n0,1\n0,2\n", name: "a.csv") }
        #expect(throws: FitError.self) { try PositionTable.csv("", name: "a.csv") }
    }
}

extension SpringFitterTests {
    /// A move up the screen (to a smaller coordinate) is no runaway: the guard against fits
    /// that end far from where the samples rested compares signed travels.
    @Test func aMoveTowardSmallerCoordinatesIsFittedNotRefused() throws {
        let fit = try MotionFit.fit(Self.samples(response: 0.55, ratio: 0.75, x0: 50, x1: -250, noise: 0.5))
        #expect(abs(fit.motion.spring.response / 0.55 - 1) < 0.01)
        #expect(fit.travel < -290)
    }
}
