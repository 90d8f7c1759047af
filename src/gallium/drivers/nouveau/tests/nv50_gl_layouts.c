/*
 * ARB_enhanced_layouts' component qualifier on the Tesla driver (issue
 * 11): varyings sharing a location, each at its own components (GLSL 4.40
 * 4.4.1 "Input Layout Qualifiers", component).  EGL surfaceless, an RGBA8
 * FBO of 16x16, read back with glReadPixels.  The extension must be
 * listed (it was not before PIPE_CAP_SHADER_ARRAY_COMPONENTS: the program
 * failed there).
 *
 * Location 0 holds a vec2 at components 0..1 and two floats at 2 and 3;
 * location 1 a float at component 0 and a vec3 at 1..3.  The VP writes
 * the same values at every vertex, so every fragment reads them as
 * written: a = (0.2, 0.4), b = 0.6, c = 0.8; e = 0.2, f = (0.8, 0.6,
 * 0.4).  The FP writes (a, b, c) in the left half and (f, e) in the
 * right: round(255 v) 51, 102, 153, 204 -> 0x336699cc and 0xcc996633.
 */
#include "nouveau_gl_util.h"

#define S 16

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   if (!nvgl_has_ext("GL_ARB_enhanced_layouts")) {
      printf("FAIL GL_ARB_enhanced_layouts is not listed\n");
      fails++;
      return nvgl_done();
   }
   static const char *vs =
      "#version 330\n"
      "#extension GL_ARB_enhanced_layouts : require\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "in vec2 pos;\n"
      "layout(location = 0, component = 0) out vec2 a;\n"
      "layout(location = 0, component = 2) out float b;\n"
      "layout(location = 0, component = 3) out float c;\n"
      "layout(location = 1, component = 0) out float e;\n"
      "layout(location = 1, component = 1) out vec3 f;\n"
      "void main() {\n"
      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
      "   a = vec2(0.2, 0.4); b = 0.6; c = 0.8;\n"
      "   e = 0.2; f = vec3(0.8, 0.6, 0.4); }\n";
   static const char *fs =
      "#version 330\n"
      "#extension GL_ARB_enhanced_layouts : require\n"
      "#extension GL_ARB_separate_shader_objects : require\n"
      "layout(location = 0, component = 0) in vec2 a;\n"
      "layout(location = 0, component = 2) in float b;\n"
      "layout(location = 0, component = 3) in float c;\n"
      "layout(location = 1, component = 0) in float e;\n"
      "layout(location = 1, component = 1) in vec3 f;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = gl_FragCoord.x < 8.0 ? vec4(a, b, c) : vec4(f, e); }\n";
   GLuint p = nvgl_program(vs, fs, "pos", NULL);
   glUseProgram(p);
   nvgl_columns(0, S, S);
   check_tol("location 0: vec2, float, float", 3, 5, 0x336699cc, 1);
   check_tol("location 1: float, vec3", 12, 10, 0xcc996633, 1);
   glDeleteProgram(p);
   return nvgl_done();
}
