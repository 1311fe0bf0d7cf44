/// What a `GLRenderer` may skip, and what it counts while drawing.
extension GLRenderer {
    /// The renderer's shortcuts: each spares work that the slow path would do the same (or,
    /// for `coarseShadow`, within the golden images' tolerance). All are on unless turned
    /// off; `SPRINGLAB_<NAME>=off` in the environment turns one off at launch (the name is
    /// the raw value in capitals, dashes as underscores: `SPRINGLAB_LIQUID_CORES`).
    /// A new shortcut is one case here and a read of `options[.itsCase]` where it applies.
    public enum Shortcut: String, CaseIterable, Sendable {
        case liquidCores = "liquid-cores"
        case unrolledBlur = "unrolled-blur"
        case tightBlur = "tight-blur"
        case shapeCores = "shape-cores"
        case straightField = "straight-field"
        case shadowClass = "shadow-class"
        case roundClipClasses = "round-clip-classes"
        case shapeShadowClasses = "shape-shadow-classes"
        case unclippedPaint = "unclipped-paint"
        case coarseShadow = "coarse-shadow"
        case singleShapeField = "single-shape-field"
        case instancedField = "instanced-field"
        case damageTracking = "damage"
        case clearAroundCores = "clear-around-cores"
        case straightEdges = "straight-edges"
        case quadRectangles = "quad-rectangles"

        /// The environment variable that turns the shortcut off when it is `off`.
        public var environmentName: String {
            "SPRINGLAB_" + String(rawValue.uppercased().map { $0 == "-" ? "_" : $0 })
        }

        /// What the shortcut spares, in a line.
        public var summary: String {
            switch self {
            case .liquidCores: "paint glass cores deeper than the bezel with the plain program, computing no field there"
            case .unrolledBlur: "blur the backdrop through a program with its taps written out for the radius"
            case .tightBlur: "blur only the backdrop texels the glass can read"
            case .shapeCores: "draw a large one-colour shape's core with the flat program"
            case .straightField: "compute the field without the superellipse where no continuous corner is nearest"
            case .shadowClass: "paint the glass's shadow outside it with a program of its own"
            case .roundClipClasses: "draw primitives under no rounded clip with programs without its code"
            case .shapeShadowClasses: "draw shapes without a shadow with programs without its code"
            case .unclippedPaint: "paint glass no clip cuts and showing no iso-lines with programs without either"
            case .coarseShadow: "read the glass's shadow from a coarse field, the full one only where edges read it"
            case .singleShapeField: "paint a glass group of one shape computing its own field, with no field pass"
            case .instancedField: "draw the field's strips of up to four shapes one call a program"
            case .damageTracking: "repaint only what changed in a target that keeps its pixels"
            case .clearAroundCores: "clear a repainted rectangle only where no opaque shape's core paints over it"
            case .straightEdges: "draw a split shape's edges away from its continuous corners without the superellipse"
            case .quadRectangles: "on llvmpipe, pass a quad's values interpolated so it draws the quad as one rectangle"
            }
        }

        /// Whether turning the shortcut off leaves every byte of every frame the same
        /// (the coarse shadow stays within the golden images' tolerance instead).
        public var isExact: Bool { self != .coarseShadow }

        /// The counter of `Stats` that grows by the pixels (or texels) the shortcut was
        /// taken for; nil where there is none (damage: `repaintedPixels` counts both ways).
        public var taken: KeyPath<Stats, Int>? {
            switch self {
            case .liquidCores: \.plainPixels
            case .unrolledBlur: \.unrolledBlurTexels
            case .tightBlur: \.sparedBlurTexels
            case .shapeCores: \.flatPixels
            case .straightField: \.straightPixels
            case .shadowClass: \.shadowPixels
            case .roundClipClasses: \.unroundedPixels
            case .shapeShadowClasses: \.unshadowedPixels
            case .unclippedPaint: \.unclippedPixels
            case .coarseShadow: \.coarsePixels
            case .singleShapeField: \.singleShapePixels
            case .instancedField: \.instancedFieldPixels
            case .damageTracking: nil
            case .clearAroundCores: \.unclearedPixels
            case .straightEdges: \.straightEdgePixels
            case .quadRectangles: \.rectanglePixels
            }
        }
    }

    /// Which shortcuts a renderer takes: every one but those in `disabled`.
    public struct Options: Sendable, Equatable {
        public var disabled: Set<Shortcut>

        /// Every shortcut on but `disabled`.
        public init(disabled: Set<Shortcut> = []) {
            self.disabled = disabled
        }

        /// The shortcuts `environment` turns off (`SPRINGLAB_<NAME>=off`).
        public init(environment: [String: String]) {
            self.init(disabled: Set(Shortcut.allCases.filter { environment[$0.environmentName] == "off" }))
        }

        /// Whether `shortcut` is on; setting false turns it off.
        public subscript(_ shortcut: Shortcut) -> Bool {
            get { !disabled.contains(shortcut) }
            set { if newValue { disabled.remove(shortcut) } else { disabled.insert(shortcut) } }
        }
    }

    /// What the renderer counted since it was made or last reset (`resetStats`): work done
    /// and work spared, for tests that check a path was taken and for `springlab bench`.
    public struct Stats: Sendable {
        /// Layers redrawn, and the pixels of them redrawn.
        public internal(set) var layerRedraws = 0
        public internal(set) var layerPixelsRedrawn = 0
        /// Pixels of glass painted plain (`LiquidCores`), and of shapes' one-colour cores
        /// (`ShapeCores`), before scissoring.
        public internal(set) var plainPixels = 0
        public internal(set) var flatPixels = 0
        /// Backdrops blurred (a still backdrop is blurred once).
        public internal(set) var backdropBlurs = 0
        /// Texels the two blur passes left out, computed, and computed by an unrolled program.
        public internal(set) var sparedBlurTexels = 0
        public internal(set) var blurredTexels = 0
        public internal(set) var unrolledBlurTexels = 0
        /// Field pixels computed by the straight program.
        public internal(set) var straightPixels = 0
        /// Pixels of glass shadow painted by the shadow's own program.
        public internal(set) var shadowPixels = 0
        /// Pixels of the rects (a piece's quad) of primitives drawn without a rounded clip's
        /// code, and of shapes drawn without a shadow's.
        public internal(set) var unroundedPixels = 0
        public internal(set) var unshadowedPixels = 0
        /// Edge pixels of glass painted by a program without clip or iso-lines, and by one
        /// computing a single shape's field itself.
        public internal(set) var unclippedPixels = 0
        public internal(set) var singleShapePixels = 0
        /// Runs of blurred glyphs drawn (`drawBlurredRun`).
        public internal(set) var blurredRuns = 0
        /// Pixels of full field, texels of coarse field, and both drawn with the shapes in
        /// each strip's record.
        public internal(set) var fieldPixels = 0
        public internal(set) var coarsePixels = 0
        public internal(set) var instancedFieldPixels = 0
        /// Pixels an encoder's read-back read and converted (`RepaintedYUVReadBack`).
        public internal(set) var videoConvertedPixels = 0
        /// Pixels of split shapes' edges drawn without the superellipse (`ShapeCores.edges`).
        public internal(set) var straightEdgePixels = 0
        /// Pixels of the quads (a piece's, or a primitive's rect) drawn by the programs whose
        /// values are interpolated (`interpolatesInstances`).
        public internal(set) var rectanglePixels = 0
        /// Pixels of repainted rectangles left uncleared: an opaque core paints them.
        public internal(set) var unclearedPixels = 0
        /// Pixels repainted (a frame drawn whole counts all of its pixels).
        public internal(set) var repaintedPixels = 0
        /// Each pass's time and pixels while `passTiming` is on.
        public internal(set) var passes = PassTimes()

        public init() {}
    }

    /// Starts the counters from zero.
    public func resetStats() {
        stats = Stats()
    }
}
