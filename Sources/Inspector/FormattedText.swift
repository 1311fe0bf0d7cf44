import Foundation
import Scenes
import Synchronization

/// Text the inspector makes from numbers every frame, remembered by what it is made from.
/// Building a spring's group formatted its slider values and its derived line with
/// Foundation's `NumberText.format()` each frame — a quarter of the group's time — while the
/// numbers change only when a designer moves one.
package enum FormattedText {
    /// What a text is made from: how (a format, or the name of a function of the numbers)
    /// and the numbers' bits (−0 and +0, or two NaNs, are not the same numbers here).
    package struct Key: Hashable, Sendable {
        package var how: String
        package var numbers: [UInt64]

        package init(_ how: String, _ numbers: [Double]) {
            self.how = how
            self.numbers = numbers.map(\.bitPattern)
        }
    }

    /// The most texts remembered: a drag through a slider's range makes a new value each
    /// frame; past this many, all are forgotten and remembered again as they are asked for.
    package static let capacity = 1_024

    private static let memo = Mutex<[Key: String]>([:])

    /// `make()`'s text for `key`: made on the first ask, remembered after.
    package static func text(_ key: Key, _ make: () -> String) -> String {
        if let known = memo.withLock({ $0[key] }) { return known }
        let made = make()
        memo.withLock { texts in
            if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
            texts[key] = made
        }
        return made
    }

    /// `String(format: format, value)` without a negative zero (NumberText.format), remembered.
    package static func format(_ format: String, _ value: Double) -> String {
        text(Key(format, [value])) { NumberText.format(format, value) }
    }

    /// How many texts are remembered (for tests).
    package static var count: Int { memo.withLock { $0.count } }
}
