/// GLSL for the one instanced pipeline. Each instance is a `Primitive`; the fragment
/// shader is `Shading.shade` line for line (keep the two in step — RenderTests compare
/// them pixel by pixel). Written once, prefixed with `#version 330 core` or
/// `#version 300 es` depending on the context.
enum Shaders {
    /// GLSL shared by both programs: the rounded-rectangle distance (`SDF.roundedRect` in
    /// Canvas/Shape.swift, line for line), pixel coverage and the erf for soft shadows.
    static let sdfFunctions = """
        const float SPAN = 1.28;
        const float EXPONENT = 2.67;

        // SDF.roundedRect in Canvas/Shape.swift.
        float sdRoundRect(vec2 p, vec4 rect, float radius, bool continuous) {
            vec2 h = max(rect.zw * 0.5, vec2(0.0));
            vec2 c = rect.xy + rect.zw * 0.5;
            float shortHalf = min(h.x, h.y);
            float r = min(max(radius, 0.0), shortHalf);
            bool superellipse = continuous && r > 0.0 && r < shortHalf * 0.999;
            float span = superellipse ? min(r * SPAN, shortHalf) : r;
            vec2 q = abs(p - c) - (h - vec2(span));
            float inside = min(max(q.x, q.y), 0.0);
            vec2 o = max(q, vec2(0.0));
        #ifdef STRAIGHT_CORNERS
            // Drawn only where no continuous corner's curve is nearest (`straightColumns`).
            return length(o) + inside - span;
        #else
            if (!superellipse || o.x <= 0.0 || o.y <= 0.0) {
                return length(o) + inside - span;
            }
            // |o|ₙ and its gradient's length, with three logarithms and three powers of two
            // (pow(x, y) is both): oⁿ⁻¹ = oⁿ / o and normⁿ⁻¹ = sum / norm.
            float n = EXPONENT;
            vec2 on = exp2(n * log2(o));
            float sum = on.x + on.y;
            float norm = exp2(log2(sum) / n);
            float grad = length(on / o) * norm / sum;
            return (norm - span) / max(grad, 1e-6);
        #endif
        }

        float coverage(float d) { return clamp(0.5 - d, 0.0, 1.0); }

        float erfApprox(float x) {
            float s = x < 0.0 ? -1.0 : 1.0;
            float ax = abs(x);
            float t = 1.0 / (1.0 + 0.3275911 * ax);
            float y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-ax * ax);
            return s * y;
        }
        """

    /// `flat`: the instance's values passed flat to the fragment shader; else interpolated
    /// (`GLRenderer.interpolatesInstances`: llvmpipe draws a quad's two triangles as one
    /// rectangle only when no input is flat — else each 4×4 block the diagonal crosses is
    /// shaded twice, and along a thin piece that is every block).
    static func vertex(_ header: String, flat: Bool = true) -> String {
        let q = flat ? "flat " : ""
        return header + """
        layout(location = 0) in vec2 aCorner;
        layout(location = 1) in vec4 iRect;
        layout(location = 2) in vec4 iShape;    // radius, kind, strokeWidth, shadowBlur
        layout(location = 3) in vec4 iFill;
        layout(location = 4) in vec4 iStroke;
        layout(location = 5) in vec4 iClip;
        layout(location = 6) in vec4 iRound;    // round clip rect
        layout(location = 7) in vec4 iRoundP;   // radius, mode (0 none, 1 circular, 2 continuous), shadow ox, oy
        layout(location = 8) in vec4 iExtra;    // atlas x, y, shadow alpha, shadow reach (Shadow.reach)
        uniform vec2 uViewport;
        out vec2 vPos;
        \(q)out vec4 fRect; \(q)out vec4 fShape; \(q)out vec4 fFill; \(q)out vec4 fStroke;
        \(q)out vec4 fClip; \(q)out vec4 fRound; \(q)out vec4 fRoundP; \(q)out vec4 fExtra;
        void main() {
            // How far past its rect a primitive can colour a pixel centre: a shape's
            // antialiasing, 1; a glyph's texels, none; a blurred glyph's taps, their longest
            // offset, floor(radius + ½) (the fragment shader rounds them so).
            float spread = iShape.y > 5.5 ? floor(iShape.x + 0.5) : (iShape.y > 1.5 && iShape.y < 2.5 ? 0.0 : 1.0);
            vec2 lo = iRect.xy - vec2(spread);
            vec2 hi = iRect.xy + iRect.zw + vec2(spread);
            if (iShape.y > 2.5 && iShape.y < 3.5) {  // segment: rect holds both endpoints
                float r = iShape.x + 1.0;
                lo = min(iRect.xy, iRect.zw) - vec2(r);
                hi = max(iRect.xy, iRect.zw) + vec2(r);
            }
            if (iExtra.z > 0.0) {
                float s = iExtra.w + 1.0;
                lo = min(lo, iRect.xy + iRoundP.zw - vec2(s));
                hi = max(hi, iRect.xy + iRect.zw + iRoundP.zw + vec2(s));
            }
            lo = max(lo, iClip.xy - vec2(1.0));
            hi = min(hi, iClip.xy + iClip.zw + vec2(1.0));
            if (iRoundP.y < -0.5) {  // a piece of the shape (`ShapeCores`): the part of its quad in iRound
                lo = max(lo, iRound.xy);
                hi = max(lo, min(hi, iRound.xy + iRound.zw));
            }
            vec2 p = mix(lo, hi, aCorner);
            vPos = p;
            gl_Position = vec4(p.x / uViewport.x * 2.0 - 1.0, 1.0 - p.y / uViewport.y * 2.0, 0.0, 1.0);
            fRect = iRect; fShape = iShape; fFill = iFill; fStroke = iStroke;
            fClip = iClip; fRound = iRound; fRoundP = iRoundP; fExtra = iExtra;
        }
        """
    }

    /// `Primitive.blurTaps` as a GLSL table: offset for a radius of 1 (x, y) and weight (z).
    static var blurTapTable: String {
        let taps = Primitive.blurTaps.map { t in
            "vec3(" + [t.offset.x, t.offset.y, t.weight].map { String(format: "%.9g", Float($0)) }.joined(separator: ", ") + ")"
        }
        return "const vec3 TAPS[\(taps.count)] = vec3[\(taps.count)](\(taps.joined(separator: ", ")));"
    }

    /// The classes of primitive drawn by separate programs: each compiles only its own
    /// branch (on llvmpipe a program carrying every kind's code shades a rounded rectangle
    /// about a third slower and a glyph half again slower than one with its own alone).
    enum Program: Int, CaseIterable {
        case shape, glyph, segment, layer, blurredGlyph
        /// The one-colour core of a shape (`ShapeCores`), and of an opaque one: drawn with
        /// blending off and no discard, which llvmpipe writes without reading the target.
        case flat, opaque
        /// A piece of a shape's quad away from its continuous corners (`ShapeCores`): the
        /// shape's program without the superellipse, which gives there what it gives.
        case edge

        /// Whether the program can draw a shape's shadow (with or without its code).
        var drawsShadow: Bool { self == .shape || self == .edge }

        init(_ kind: Primitive.Kind) {
            switch kind {
            case .glyph: self = .glyph
            case .segment: self = .segment
            case .layer: self = .layer
            case .blurredGlyph: self = .blurredGlyph
            case .continuous, .circular, .liquid: self = .shape
            }
        }
    }

    /// `roundClip`: for primitives under a rounded clip; `shadow`: for shapes with a shadow.
    /// Without them the program leaves that code out (llvmpipe would run a rounded clip's
    /// superellipse, or a shadow's second distance and erf, for every pixel even where no
    /// primitive has one).
    static func fragment(_ header: String, program: Program, roundClip: Bool = true, shadow: Bool = true, flat: Bool = true) -> String {
        let q = flat ? "flat " : ""
        let define = ["KIND_SHAPE", "KIND_GLYPH", "KIND_SEGMENT", "KIND_LAYER", "KIND_BLURRED", "KIND_FLAT", "KIND_OPAQUE",
                      "KIND_SHAPE 1\n#define STRAIGHT_CORNERS"][program.rawValue]
        return header + "#define \(define) 1\n" + (roundClip ? "#define ROUND_CLIP 1\n" : "") + (shadow ? "#define SHAPE_SHADOW 1\n" : "")
            + """
        precision highp float;
        in vec2 vPos;
        \(q)in vec4 fRect; \(q)in vec4 fShape; \(q)in vec4 fFill; \(q)in vec4 fStroke;
        \(q)in vec4 fClip; \(q)in vec4 fRound; \(q)in vec4 fRoundP; \(q)in vec4 fExtra;
        uniform sampler2D uAtlas;
        uniform sampler2D uLayer;
        uniform float uFlipRows;
        uniform vec2 uViewport;
        out vec4 outColor;

        \(sdfFunctions)
        vec4 premul(vec4 c, float k) { float a = c.a * k; return vec4(c.rgb * a, a); }
        \(blurTapTable)

        void main() {
        #if defined(KIND_OPAQUE)
            // An opaque core: what the flat program blends over the target is this, whatever
            // the target held (its alpha is 1), so nothing is blended or discarded.
            outColor = vec4(fFill.rgb, 1.0);
            return;
        #endif
        #if defined(KIND_FLAT)
            // Where the shape covers the pixel whole and its clip does too, the shape's
            // program below gives exactly this.
            outColor = premul(fFill, 1.0);
            if (outColor.a <= 0.0) discard;
            return;
        #endif
        #if defined(KIND_SHAPE)
            // The pixel's centre, exact whichever piece of the shape's quad drew it.
            vec2 p = vec2(gl_FragCoord.x, uViewport.y - gl_FragCoord.y);
        #else
            vec2 p = vPos;
        #endif
            float clip = coverage(sdRoundRect(p, fClip, 0.0, false));
        #ifdef ROUND_CLIP
            if (fRoundP.y > 0.5) clip *= coverage(sdRoundRect(p, fRound, fRoundP.x, fRoundP.y > 1.5));
        #endif
            if (clip <= 0.0) discard;
            float kind = fShape.y;
            vec4 color;
        #if defined(KIND_BLURRED)
            // A blurred glyph, or a run of them at once: the glyph at each tap, composited in
            // order ("over").
            vec4 acc = vec4(0.0);
            for (int i = 0; i < \(Primitive.blurTaps.count); i++) {
                vec2 local = floor(p - fRect.xy - floor(TAPS[i].xy * fShape.x + 0.5));
                // Off the glyph's bitmap a tap adds nothing: it reads a texel of it anyway
                // (clamped, so never a neighbour's) and is weighed 0 — no branch per tap.
                bool on = local.x >= 0.0 && local.y >= 0.0 && local.x < fRect.z && local.y < fRect.w;
                vec2 texel = fExtra.xy + clamp(local, vec2(0.0), fRect.zw - vec2(1.0));
                // A run's coverage (`drawBlurredRun`) has its top row last.
                if (uFlipRows > 0.0) texel.y = uFlipRows - 1.0 - texel.y;
                float a = on ? texelFetch(uAtlas, ivec2(texel), 0).r : 0.0;
                vec4 c = premul(fFill, a * TAPS[i].z * clip);
                acc = c + acc * (1.0 - c.a);
            }
            color = acc;
        #elif defined(KIND_LAYER)
            // A cached layer: premultiplied pixels, rows stored bottom-up by GL.
            vec2 uv = (p - fRect.xy) / fRect.zw;
            color = texture(uLayer, vec2(uv.x, 1.0 - uv.y)) * clip;
        #elif defined(KIND_SEGMENT)
            vec2 a = fRect.xy, b = fRect.zw;
            vec2 ab = b - a, ap = p - a;
            float len2 = dot(ab, ab);
            float h = len2 > 0.0 ? clamp(dot(ap, ab) / len2, 0.0, 1.0) : 0.0;
            color = premul(fFill, coverage(length(ap - ab * h) - fShape.x) * clip);
        #elif defined(KIND_GLYPH)
            vec2 local = floor(p - fRect.xy);
            if (local.x < 0.0 || local.y < 0.0 || local.x >= fRect.z || local.y >= fRect.w) discard;
            float a = texelFetch(uAtlas, ivec2(fExtra.xy + local), 0).r;
            color = premul(fFill, a * clip);
        #else
            float d = sdRoundRect(p, fRect, fShape.x, kind < 0.5);
            float inside = coverage(d);
            color = premul(fFill, inside);
            if (fShape.z > 0.0 && fStroke.a > 0.0) {
                float band = inside - coverage(d + fShape.z);
                color = premul(fStroke, band) + color * (1.0 - fStroke.a * band);
            }
            // Under an opaque fill the shadow adds exactly nothing (it is drawn
            // beneath): skip its erf where the shape covers the pixel whole.
        #ifdef SHAPE_SHADOW
            if (fExtra.z > 0.0 && color.a < 1.0) {
                float sigma = max(fShape.w * 0.5, 0.5);
                float ds = sdRoundRect(p, vec4(fRect.xy + fRoundP.zw, fRect.zw), fShape.x, kind < 0.5);
                float sa = fExtra.z * 0.5 * (1.0 - erfApprox(ds / (sigma * 1.41421356)));
                color = color + vec4(0.0, 0.0, 0.0, sa) * (1.0 - color.a);
            }
        #endif
            color *= clip;
        #endif
            if (color.a <= 0.0) discard;
            outColor = color;
        }
        """
    }
}
