// The liquid glass's shaders: the field, the paint and the backdrop blur (see Shaders.swift
// for the shared distance functions).

/// The liquid pass. Where float targets render, in two steps: `field` writes the merged
/// distance of every pixel of a group's region into a texture (in strips, each with only
/// the shapes that can reach it), then `shade` paints glass from that texture — one
/// distance evaluation per pixel instead of four (its own, two neighbours for the normal,
/// and the shadow's). Elsewhere `direct` does both in one pass. The fold is that of
/// `LiquidGroup.distance` and the paint that of `Shading.shadeLiquid` (RenderTests compare).
enum LiquidShaders {
    static let maxShapes = 16
    /// The most shapes a rectangle of an instanced field pass carries in its own record.
    static let instanceShapes = 4
    /// The fold's steps for the shapes such a rectangle carries, written out (no loop):
    /// each taken while it has that many, the same steps in the same order as the loop's,
    /// so the same field (measured on the liquid bench drive, frames drawn both ways in one
    /// process: 0.3 ms a frame less at 1×, 0.7 at 2×).
    static let unrolledFold = (0..<instanceShapes).map { "if (SHAPE_COUNT > \($0)) FOLD_STEP(\($0))" }
        .joined(separator: "\n    ")

    /// `plain`: glass deeper than anything but the tinted backdrop (`LiquidCores`);
    /// `shadow`: outside the glass, where only its shadow can fall (`LiquidCores.outside`).
    enum Pass { case direct, field, shade, plain, shadow }

    /// Each instance is a rectangle of the pass (its x, y, width, height in the first
    /// four floats of the shared instance record). `instanced`: a field pass whose
    /// rectangles carry their shapes too (`GLRenderer.drawFieldRects`): up to four rects,
    /// their radii and kinds, and how many — passed on unchanged (flat).
    static func vertex(_ header: String, instanced: Bool = false) -> String {
        header + (instanced ? "#define INSTANCED_SHAPES 1\n" : "") + """
        layout(location = 0) in vec2 aCorner;
        layout(location = 1) in vec4 iBounds;
        uniform vec2 uViewport;
        #ifdef INSTANCED_SHAPES
        layout(location = 2) in vec4 iRect0;
        layout(location = 3) in vec4 iRect1;
        layout(location = 4) in vec4 iRect2;
        layout(location = 5) in vec4 iRect3;
        layout(location = 6) in vec4 iRadii01;   // radius, continuous of shapes 0 and 1
        layout(location = 7) in vec4 iRadii23;
        layout(location = 8) in vec4 iCount;
        flat out vec4 fRect0, fRect1, fRect2, fRect3, fRadii01, fRadii23;
        flat out int fCount;
        #endif
        void main() {
            vec2 p = iBounds.xy + aCorner * iBounds.zw;
            gl_Position = vec4(p.x / uViewport.x * 2.0 - 1.0, 1.0 - p.y / uViewport.y * 2.0, 0.0, 1.0);
        #ifdef INSTANCED_SHAPES
            fRect0 = iRect0; fRect1 = iRect1; fRect2 = iRect2; fRect3 = iRect3;
            fRadii01 = iRadii01; fRadii23 = iRadii23;
            fCount = int(iCount.x);
        #endif
        }
        """
    }

    /// `straight`: a field pass for where no continuous corner's curve is nearest.
    /// `general`: a paint that may be clipped and may draw the field's iso-lines; without
    /// it the paint has neither (llvmpipe runs both sides of every branch, so a clip's
    /// distance costs every pixel even where the uniforms say there is none).
    /// `single`: a paint (`shade`) of a group of one shape, which computes the field where it
    /// reads it — that shape's distance, cut to a half float as the field pass stores it —
    /// instead of reading the field pass's texture (no full field pass is drawn for it).
    /// `instanced`: a field pass whose shapes come with each rectangle (`vertex`), not
    /// from the uniforms: one draw for strips with different shapes.
    static func fragment(_ header: String, pinched: Bool, pass: Pass, straight: Bool = false, general: Bool = true,
                         single: Bool = false, instanced: Bool = false) -> String {
        let defines = (single ? "#define SINGLE_SHAPE 1\n" : "") + (pinched ? "#define PINCHED 1\n" : "")
            + (instanced ? "#define INSTANCED_SHAPES 1\n" : "")
            + (straight ? "#define STRAIGHT_CORNERS 1\n" : "")
            + (general ? "#define GENERAL 1\n" : "")
            + (pass == .field ? "#define FIELD_PASS 1\n" : pass == .shade || pass == .shadow ? "#define FROM_TEXTURE 1\n" : "")
            + (pass == .shadow ? "#define SHADOW_PASS 1\n" : "")
            + (pass == .plain ? "#define PLAIN_PASS 1\n" : "")
        return header + defines + """
        precision highp float;
        uniform vec2 uViewport;
        uniform vec4 uRects[\(maxShapes)];
        uniform vec2 uRadii[\(maxShapes)];   // radius, continuous (1) or circular (0)
        uniform int uCount;
        uniform float uK;
        uniform int uKernel;                 // 0 quadratic, 1 cubic, 2 pinched
        uniform float uDeep;                 // the field pass stops at a shape this deep
        uniform vec4 uTint;
        uniform vec4 uRim;
        uniform float uRimWidth;
        uniform vec4 uShadow;                // alpha, radius, offset x, offset y
        uniform float uOpacity;
        uniform vec4 uClip;                  // width < 0: none
        uniform vec4 uRoundClip;             // the innermost rounded clip, if any
        uniform vec2 uRoundClipP;            // radius, mode (0 none, 1 circular, 2 continuous)
        uniform sampler2D uBackdrop;         // the blurred region behind the group
        uniform vec4 uRegion;                // its frame in pixels (top-left origin)
        uniform vec2 uBackdropScale;         // the part of the texture the region fills
        uniform sampler2D uField;            // the field pass's output
        uniform vec4 uFieldRegion;           // its frame in pixels (top-left origin)
        uniform vec2 uFieldCapacity;         // the texture's size (the region fills a corner)
        uniform vec4 uShadowRegion;          // the shadow's field in that texture: x, _, width, height
        uniform vec3 uShadowGrid;            // its first texel's corner in the window, and its spacing
        uniform float uBezel;
        uniform float uRefraction;
        uniform float uEdgeDepth;            // Shading.edgeDepth: deeper, glass is plain
        uniform vec4 uSpecular;              // the highlight's colour, alpha its peak
        uniform vec4 uFarRim;                // what the rim away from the light catches
        uniform float uSpecularWidth;        // the band both fill, px
        uniform vec2 uLight;                 // LiquidPaint.lightDirection
        uniform float uFieldStep;            // > 0: debug iso-lines every that many pixels
        uniform float uMerge;
        out vec4 outColor;

        \(Shaders.sdfFunctions)
        float smin(float a, float b, float k) {
            if (k <= 0.0) return min(a, b);
            if (uKernel == 1) {
                float K = 6.0 * k;
                float h = max(K - abs(a - b), 0.0) / K;
                return min(a, b) - h * h * h * K / 6.0;
            }
            float K = 4.0 * k;
            float h = max(K - abs(a - b), 0.0) / K;
            return min(a, b) - h * h * K / 4.0;
        }

        // LiquidGroup.pinch: 1 on the line through the centres, 0 half the shorter side away.
        float pinch(vec2 p, vec4 a, vec4 b) {
            vec2 ca = a.xy + a.zw * 0.5, cb = b.xy + b.zw * 0.5;
            vec2 axis = cb - ca;
            float len = length(axis);
            float extent = 0.5 * min(min(a.z, a.w), min(b.z, b.w));
            if (len <= 0.0 || extent <= 0.0) return 1.0;
            float x = abs((p.x - ca.x) * axis.y - (p.y - ca.y) * axis.x) / len / extent;
            return clamp(1.0 - x * x, 0.0, 1.0);
        }

        // Shape i of those the pass takes: from the rectangle's own record, or the uniforms.
        #ifdef INSTANCED_SHAPES
        flat in vec4 fRect0, fRect1, fRect2, fRect3, fRadii01, fRadii23;
        flat in int fCount;
        #define SHAPE_LIMIT \(instanceShapes)
        #define SHAPE_COUNT fCount
        vec4 shapeRect(int i) { return i == 0 ? fRect0 : i == 1 ? fRect1 : i == 2 ? fRect2 : fRect3; }
        vec2 shapeRadius(int i) { return i == 0 ? fRadii01.xy : i == 1 ? fRadii01.zw : i == 2 ? fRadii23.xy : fRadii23.zw; }
        #else
        #define SHAPE_LIMIT \(maxShapes)
        #define SHAPE_COUNT uCount
        vec4 shapeRect(int i) { return uRects[i]; }
        vec2 shapeRadius(int i) { return uRadii[i]; }
        #endif

        // One shape's step of the fold below: its distance, kept among the three nearest.
        #ifdef PINCHED
        #define KEEP_INDEX(i, j) j = i;
        #else
        #define KEEP_INDEX(i, j)
        #endif
        #define FOLD_STEP(i) { \\
                float d = sdRoundRect(p, shapeRect(i), shapeRadius(i).x, shapeRadius(i).y > 0.5); \\
                if (d < deep) return d; \\
                if (d < m1) { m3 = m2; m2 = m1; KEEP_INDEX(i1, i2) m1 = d; KEEP_INDEX(i, i1) } \\
                else if (d < m2) { m3 = m2; m2 = d; KEEP_INDEX(i, i2) } \\
                else if (d < m3) { m3 = d; } }

        // LiquidGroup.distance: the three nearest distances folded nearest first. The fold is
        // never above the nearest distance, so once one shape is deeper than `deep` the
        // union is too and its exact value no longer matters: that distance is returned.
        float field(vec2 p, float deep) {
            float m1 = 1e9, m2 = 1e9, m3 = 1e9;
        #ifdef PINCHED
            int i1 = 0, i2 = 0;
        #endif
        #ifdef INSTANCED_SHAPES
        \(unrolledFold)
        #else
            for (int i = 0; i < SHAPE_LIMIT; i++) {
                if (i >= SHAPE_COUNT) break;
                FOLD_STEP(i)
            }
        #endif
            float acc = m1;
            if (m2 < 1e8) {
        #ifdef PINCHED
                acc = smin(acc, m2, uK * pinch(p, shapeRect(i1), shapeRect(i2)));
        #else
                acc = smin(acc, m2, uK);
        #endif
            }
            if (m3 < 1e8) acc = smin(acc, m3, uK);
            return acc;
        }

        // The blurred backdrop at q (bilinear), clamped to the region's outer texel centres
        // as the reference samples it: the texture beyond the region holds other groups'
        // blurs (glass at the window's edge, whose region the window cuts, reached into them).
        // Within the region the clamp changes nothing.
        vec4 backdropAt(vec2 q) {
            vec2 uv = vec2((q.x - uRegion.x) / uRegion.z, (uRegion.y + uRegion.w - q.y) / uRegion.w) * uBackdropScale;
            vec2 halfTexel = 0.5 / vec2(textureSize(uBackdrop, 0));
            return texture(uBackdrop, clamp(uv, halfTexel, uBackdropScale - halfTexel));
        }

        // The pixel's centre, top-left origin: exact, whichever rectangle drew it, so a
        // group drawn in parts shades every pixel as one quad would.
        vec2 pixelCentre() { return vec2(gl_FragCoord.x, uViewport.y - gl_FragCoord.y); }

        #ifdef FIELD_PASS
        void main() {
            // Half floats hold ±65504: far from every shape the field only has to stay far.
            outColor = vec4(min(field(pixelCentre(), uDeep), 1e4), 0.0, 0.0, 1.0);
        }
        #elif defined(PLAIN_PASS)
        // Glass deeper than the bezel, rim, highlight and shadow, inside any clip: the main
        // paint below with its slope, rim and highlight all zero, term for term.
        void main() {
            vec2 p = pixelCentre();
            vec4 behind = backdropAt(p);
            vec4 glass = behind * (1.0 - uTint.a) + vec4(uTint.rgb * uTint.a, uTint.a);
            vec4 color = glass * uOpacity;
            if (color.a <= 0.0) discard;
            outColor = color;
        }
        #else
        #ifdef SINGLE_SHAPE
        // The field pass's value at pixel centre p, computed here: the one shape's distance
        // (uRects[0] in the field region's coordinates, as that pass has it), clamped, and
        // cut to a half float as its texture keeps it. llvmpipe converts to half floats by
        // truncating (a nearest rounding here differed from its texture by a level at a
        // few pixels a frame; this one by none): 10 bits of mantissa kept, or below 2⁻¹⁴
        // whole multiples of 2⁻²⁴.
        float fieldAt(vec2 p) {
            float d = min(sdRoundRect(p - uFieldRegion.xy, uRects[0], uRadii[0].x, uRadii[0].y > 0.5), 1e4);
            return abs(d) < 6.103515625e-05 ? trunc(d * 16777216.0) / 16777216.0
                : uintBitsToFloat(floatBitsToUint(d) & 0xFFFFE000u);
        }
        #endif
        #ifdef FROM_TEXTURE
        #ifndef SINGLE_SHAPE
        // The field at pixel centre p, as the field pass stored it (rows bottom-up).
        float fieldAt(vec2 p) {
            vec2 local = p - uFieldRegion.xy;
            ivec2 t = ivec2(floor(vec2(local.x, uFieldRegion.w - local.y)));
            return texelFetch(uField, clamp(t, ivec2(0), ivec2(uFieldRegion.zw) - 1), 0).r;
        }
        #endif
        // The field the shadow reads, anywhere: between texel centres it is interpolated (it
        // is smooth there). Its texels lie every `spacing` pixels (`GLRenderer.shadowSpacing`;
        // 1: the field pass's own) in a region of the texture, clamped to it (the texture
        // beyond holds other groups' fields).
        float shadowFieldAt(vec2 x) {
            vec2 q = (x - uShadowGrid.xy) / uShadowGrid.z;
            vec2 t = vec2(uShadowRegion.x + clamp(q.x, 0.5, uShadowRegion.z - 0.5),
                          clamp(uShadowRegion.w - q.y, 0.5, uShadowRegion.w - 0.5));
            return texture(uField, t / uFieldCapacity).r * uShadowGrid.z;
        }
        #else
        float fieldAt(vec2 p) { return field(p, -1e9); }
        float shadowFieldAt(vec2 p) { return field(p, -1e9); }
        #endif

        vec4 premul(vec4 c, float k) { float a = c.a * k; return vec4(c.rgb * a, a); }
        vec4 over(vec4 top, vec4 under) { return top + under * (1.0 - top.a); }

        void main() {
            vec2 p = pixelCentre();
        #ifdef GENERAL
            // A clip that holds the whole group is not evaluated (uClip.z < 0).
            float clip = uClip.z < 0.0 ? 1.0 : coverage(sdRoundRect(p, uClip, 0.0, false));
            if (uRoundClipP.y > 0.5) clip *= coverage(sdRoundRect(p, uRoundClip, uRoundClipP.x, uRoundClipP.y > 1.5));
            if (clip <= 0.0) discard;
        #else
            // Drawn only where the clip holds the whole group and there is no rounded one:
            // what the lines above give then.
            float clip = 1.0;
        #endif
        #if defined(SHADOW_PASS)
            float d = 2.0;  // outside the glass, where the full field need not be computed
        #elif defined(FROM_TEXTURE)
            float d = fieldAt(p);
        #else
            // Deeper than the bezel, the rim and the highlight, glass is plain: no shadow,
            // slope, rim or field line depends on how deep, so the first shape that deep
            // settles it.
            float d = field(p, -uEdgeDepth - 0.5);
        #endif
            vec4 color = vec4(0.0);
            // (SHADOW_PASS: outside the glass, d ≥ 1, the paint below is its shadow alone —
            // its coverage, rim and highlight are 0 — and this program stops after it.)
            // Under fully covered glass the shadow cannot show, nor (the field changes by at
            // most the distance moved) further out than its offset and 3.6 sigmas, where it
            // is below a ten-thousandth: skip its second field.
            float sigma = max(uShadow.y * 0.5, 0.5);
        #ifdef SHADOW_PASS
            // (Outside the glass d ≥ 2, and where d is past the cut below the shadow's alpha
            // is under a twentieth of a level: it moves no byte. So d is not read here.)
            if (uShadow.x > 0.0) {
        #else
            if (uShadow.x > 0.0 && d > -0.5 && d < length(uShadow.zw) + 3.6 * sigma) {
        #endif
                float ds = shadowFieldAt(p - uShadow.zw);
                color = vec4(0.0, 0.0, 0.0, uShadow.x * 0.5 * (1.0 - erfApprox(ds / (sigma * 1.41421356))));
            }
        #ifdef SHADOW_PASS
            color *= uOpacity * clip;
            if (color.a <= 0.0) discard;
            outColor = color;
            return;
        #endif
            float inside = coverage(d);
            // Shading.shadeLiquid: the field's gradient is the glass's slope (at most 1): a
            // unit normal at a plain edge, fading to nothing at a neck's saddle.
            vec2 slope = vec2(0.0);
            if (d > -uEdgeDepth && d < 1.0) {
                // Forward differences to the next pixel centres.
                vec2 n = vec2(fieldAt(p + vec2(1.0, 0.0)) - d, fieldAt(p + vec2(0.0, 1.0)) - d);
                float len = length(n);
                if (len > 0.0) slope = n / len * min(len, 1.0);
            }
            if (inside > 0.0) {
                float t = uBezel > 0.0 ? clamp(1.0 + d / uBezel, 0.0, 1.0) : 0.0;
                vec2 q = p + slope * (uRefraction * t * t);
                vec4 behind = backdropAt(q);
                vec4 glass = behind * (1.0 - uTint.a) + vec4(uTint.rgb * uTint.a, uTint.a);
                color = over(glass * inside, color);
                float facing = dot(slope, uLight);
                float band = inside - coverage(d + uRimWidth);
                if (band > 0.0) {
                    color = over(premul(uRim, band * (0.35 + 0.65 * max(facing, 0.0))), color);
                }
                if (uSpecularWidth > 0.0) {
                    float s = clamp(1.0 + d / uSpecularWidth, 0.0, 1.0);
                    float lit = max(facing, 0.0), far = max(-facing, 0.0);
                    float toward = lit * lit * lit * s * s, away = far * far * far * s * s;
                    if (uSpecular.a > 0.0 && toward > 0.0) color = over(premul(uSpecular, toward * inside), color);
                    if (uFarRim.a > 0.0 && away > 0.0) color = over(premul(uFarRim, away * inside), color);
                }
            }
        #ifdef GENERAL
            if (uFieldStep > 0.0 && d >= -1.0 && d <= uMerge + uRimWidth) {
                float x = d / uFieldStep;
                float nearest = floor(x + 0.5);
                float line = clamp(1.0 - abs(x - nearest) * uFieldStep, 0.0, 1.0);
                vec4 c = nearest == 0.0 ? vec4(0.039, 0.518, 1.0, 1.0) : vec4(1.0, 0.624, 0.039, 1.0);
                color = over(premul(c, line * 0.6), color);
            }
        #endif
            color *= uOpacity * clip;
            if (color.a <= 0.0) discard;
            outColor = color;
        }
        #endif
        """
    }
}

/// Separable Gaussian blur for the glass backdrop: one direction per pass, clamped to the
/// region, with the weights of `SoftwareRasterizer.gaussian` (one side; they are symmetric).
enum BlurShaders {
    /// The most taps either side of the centre (σ up to 10 texels, `backdropSigma`).
    static let maxRadius = 32

    static func vertex(_ header: String) -> String {
        header + """
        layout(location = 0) in vec2 aCorner;
        void main() { gl_Position = vec4(aCorner * 2.0 - 1.0, 0.0, 1.0); }
        """
    }

    /// The blur over taps either side: with `radius`, written out for it — without the loop's
    /// bound test and its taps' indexing, which llvmpipe runs per 4×4 block (measured on the
    /// liquid bench drive: a pass about 30 % less time than the loop's); without, a loop to
    /// `uRadius`. Both take each tap through `TAP`: the same fetches, products and sums in
    /// the same order, so the same bytes.
    static func fragment(_ header: String, radius: Int? = nil) -> String {
        let taps = radius.map { r in r < 1 ? "" : (1...r).map { "    TAP(\($0))\n" }.joined() } ?? """
                for (int i = 1; i <= \(maxRadius); i++) {
                    if (i > uRadius) break;
                    TAP(i)
                }

            """
        return header + """
        precision highp float;
        uniform sampler2D uSource;
        uniform ivec2 uDirection;
        uniform float uWeights[\((radius ?? maxRadius) + 1)];
        uniform int uRadius;                 // (the loop's bound)
        uniform ivec2 uSize;                 // the region, in the corner of a larger texture
        out vec4 outColor;
        #define TAP(i) acc += (texelFetch(uSource, clamp(base + uDirection * (i), ivec2(0), last), 0) \\
                               + texelFetch(uSource, clamp(base - uDirection * (i), ivec2(0), last), 0)) * uWeights[i];
        void main() {
            ivec2 last = uSize - ivec2(1);
            ivec2 base = ivec2(gl_FragCoord.xy);
            vec4 acc = texelFetch(uSource, base, 0) * uWeights[0];
        \(taps)    outColor = acc;
        }
        """
    }
}
