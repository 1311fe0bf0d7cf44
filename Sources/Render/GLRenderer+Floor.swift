import CGL
import Canvas
import Foundation

/// The frame budget's floor (issue 16): what one plain full-window textured blit costs on
/// this GL — the least a frame that repaints every pixel can cost — measured beside a
/// benchmark's figures so they can be read as a ratio of it.
extension GLRenderer {
    /// The median of `count` blits of a `width`×`height` texture over the window's whole
    /// framebuffer (a quad sampling it, no blending), each waited for, in milliseconds.
    public func blitFloor(width: Int, height: Int, count: Int = 40, es: Bool) -> Double? {
        let header = es ? "#version 300 es\nprecision highp float;\n" : "#version 330 core\n"
        let vertex = header + """
            layout(location = 0) in vec2 aCorner;
            out vec2 vUV;
            void main() { vUV = aCorner; gl_Position = vec4(aCorner * 2.0 - 1.0, 0.0, 1.0); }
            """
        let fragment = header + """
            in vec2 vUV;
            uniform sampler2D uSource;
            out vec4 color;
            void main() { color = texture(uSource, vUV); }
            """
        guard let program = try? Self.link(vertex: vertex, fragment: fragment) else { return nil }
        defer { glDeleteProgram(program) }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        defer { glDeleteTextures(1, &texture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        // Not blank: a texture of one colour could be short-cut by the driver.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8(i / 4 % 251); pixels[i + 3] = 255 }
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), pixels)
        bindWindowTarget()
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "uSource"), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindVertexArray(vao)
        var times: [Double] = []
        for i in 0..<(count + 3) {
            let start = Date()
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
            glFinish()
            if i >= 3 { times.append(Date().timeIntervalSince(start) * 1000) }  // after the shader variant is built
        }
        glBindVertexArray(0)
        times.sort()
        return times[times.count / 2]
    }
}
