import Canvas
import Foundation
import Inspector
import Workbench

/// `springlab neck`: the neck between liquid shapes, measured with the same distance math
/// the renderer draws (docs/behaviour.md §5.1, §8). Prints `waist=… snap=… reach=…` in points.
enum NeckCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "shape", kind: .choice(NeckMeasure.Kind.allCases.map(\.rawValue))),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, each 16…8192, e.g. 80x30")),
        .number("gap", "a gap in points in [0, 1000]", { $0 >= 0 && $0 <= 1000 }),
        .number("merge", "a merge distance in points in (0, 200]", { $0 > 0 && $0 <= 200 }),
        .number("count", "2 or 3 shapes", { $0 == 2 || $0 == 3 }),
        FlagSpec(name: "kernel", kind: .choice(LiquidKernel.allCases.map(\.rawValue))),
    ]

    static func run(_ arguments: [String], output: inout String) throws(UsageError) {
        let a = try parseArguments(arguments, specs: specs, command: "neck", maxPositional: 0)
        guard let shape = a.words["shape"].flatMap(NeckMeasure.Kind.init(rawValue:)) else {
            throw UsageError("springlab neck: --shape is missing; accepts capsule, circle, card")
        }
        guard let sizeText = a.words["size"] else { throw UsageError("springlab neck: --size is missing; accepts WxH, e.g. 80x30") }
        let size = try parseSize(sizeText, flag: "size", command: "neck")
        guard let gap = a.numbers["gap"] else { throw UsageError("springlab neck: --gap is missing; accepts points >= 0") }
        let merge = a.numbers["merge"] ?? LiquidGroup.defaultMerge
        let count = Int(a.numbers["count"] ?? 2)
        let kernel = a.words["kernel"].flatMap(LiquidKernel.init(rawValue:)) ?? .quadratic
        let group = LiquidGroup(shapes: NeckMeasure.row(shape, size: size, gap: gap, count: count), merge: merge, kernel: kernel)
        let waist = NeckMeasure.waist(group, gap: gap)
        let snap = NeckMeasure.snapGap(shape, size: size, merge: merge, kernel: kernel, count: count)
        let reach = NeckMeasure.reach(group, gap: gap)
        output += String(format: "waist=%.3f snap=%.3f reach=%.3f\n", waist, snap, reach)
    }
}
