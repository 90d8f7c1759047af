/*
 * Uniform blocks on the Tesla driver (issue 11: GL 3.1): GLSL 1.40
 * programs (the driver reports GL 3.1 / GLSL 1.40 since nv50_gl_gl30),
 * an RGBA8 FBO of 16x16 read
 * back with glReadPixels.  A quad from ndc l to r covers the pixels whose
 * centres are inside; pixel x's centre is at ndc (x + 0.5) / 8 - 1.
 *
 * Blocks (std140: a vec4 is 16 bytes, a vec4 array's stride is 16, GL 3.1
 * 2.11.4), bound by glUniformBlockBinding:
 *   VS "Place" at binding 1: scale, offs - the quad's ndc is pos * scale
 *      + offs; bound by glBindBufferRange at offset 2 * GL_UNIFORM_BUFFER_
 *      OFFSET_ALIGNMENT of its buffer (what lies before is all 4.0: a
 *      wrong offset throws the quad off the window).
 *   VS and FS "Shared" at binding 2: a, arr[3].
 *   FS "Frag" at binding 3: k, farr[4].
 *   (GLSL 1.40 blocks have no instance names: members are global.)
 *   FS default-block uniforms u and fi (c0[] beside the blocks).
 * The FS writes vcol + farr[fi] + k * a.x + u (fi 1: a variable index,
 * c[$a + offset]) with vcol = arr[2] from the VS (a constant index).
 * farr[0], farr[2] and arr[0..1] are 1.0 everywhere, farr[3] is
 * (0, 0.25, 0, 0): a wrong element saturates a channel.
 *
 * Draw 1: scale 0.5, offs -0.5 (pixels 0..7 each way), a.x 0.5,
 *   arr[2] (0.25, 0, 0, 0), farr[1] (0, 0.5, 0, 0), k (0, 0, 1, 0),
 *   u (0, 0, 0, 1): (0.25, 0.5, 0.5, 1) = 40 80 80 ff (x 255 rounded,
 *   +-1) at (3, 3); (12, 12) and (12, 3) stay clear.
 * Draw 2, no clear: glBufferSubData of the Place buffer (offs +0.5:
 *   pixels 8..15) and of Shared (a.x 0, arr[2] (0.75, 0, 0, 0)):
 *   (0.75, 0.5, 0, 1) = bf 80 00 ff at (12, 12); (3, 3) keeps draw 1's.
 * Draw 3, no clear: fi 3: (0.75, 0.25, 0, 1) = bf 40 00 ff at (12, 12).
 * GL_MAX_VERTEX/FRAGMENT_UNIFORM_BLOCKS at least 12 (GL 3.1 table 6.44).
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include "nouveau_gl_util.h"

#define S 16

static const char *vs_src =
   "#version 140\n"
   "in vec2 pos; out vec4 vcol;\n"
   "layout(std140) uniform Place { vec4 scale; vec4 offs; };\n"
   "layout(std140) uniform Shared { vec4 a; vec4 arr[3]; };\n"
   "void main() {\n"
   "   gl_Position = vec4(pos * scale.xy + offs.xy, 0.0, 1.0);\n"
   "   vcol = arr[2];\n"
   "}\n";
static const char *fs_src =
   "#version 140\n"
   "in vec4 vcol; out vec4 c;\n"
   "uniform vec4 u; uniform int fi;\n"
   "layout(std140) uniform Shared { vec4 a; vec4 arr[3]; };\n"
   "layout(std140) uniform Frag { vec4 k; vec4 farr[4]; };\n"
   "void main() { c = vcol + farr[fi] + k * a.x + u; }\n";

/* a block's vec4s, the unused ones 1.0 */
static void
fill(float *v, unsigned vec4s)
{
   for (unsigned i = 0; i < 4 * vec4s; i++)
      v[i] = 1.0f;
}

static void
set4(float *v, float x, float y, float z, float w)
{
   v[0] = x; v[1] = y; v[2] = z; v[3] = w;
}

int
main(void)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   GLint max_vs = 0, max_fs = 0, align = 0;
   glGetIntegerv(GL_MAX_VERTEX_UNIFORM_BLOCKS, &max_vs);
   glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, &max_fs);
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   printf("max VS blocks %d, FS blocks %d, offset alignment %d\n", max_vs,
          max_fs, align);
   check_u("at least 12 VS blocks", max_vs >= 12, 1);
   check_u("at least 12 FS blocks", max_fs >= 12, 1);
   if (align <= 0 || align > 4096) {
      printf("FAIL offset alignment %d\n", align);
      return 1;
   }

   GLuint vao;
   if (!nvgl_fbo(GL_RGBA8, S, S))
      return 1;
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   if (!nvgl_link(p))
      return 1;
   glUseProgram(p);
   glUniformBlockBinding(p, glGetUniformBlockIndex(p, "Place"), 1);
   glUniformBlockBinding(p, glGetUniformBlockIndex(p, "Shared"), 2);
   glUniformBlockBinding(p, glGetUniformBlockIndex(p, "Frag"), 3);
   glUniform4f(glGetUniformLocation(p, "u"), 0, 0, 0, 1);
   glUniform1i(glGetUniformLocation(p, "fi"), 1);

   /* Place at 2 * align: 4.0 before it */
   unsigned place_off = 2 * align;
   unsigned place_size = place_off + 2 * 16;
   float place[(2 * 4096 + 32) / 4];
   for (unsigned i = 0; i < place_size / 4; i++)
      place[i] = 4.0f;
   float *pl = place + place_off / 4;
   set4(pl, 0.5, 0.5, 1, 1);
   set4(pl + 4, -0.5, -0.5, 0, 0);
   float shared[4 * 4], frag[5 * 4];
   fill(shared, 4);
   set4(shared, 0.5, 0, 0, 0);
   set4(shared + 3 * 4, 0.25, 0, 0, 0);
   fill(frag, 5);
   set4(frag, 0, 0, 1, 0);
   set4(frag + 2 * 4, 0, 0.5, 0, 0);
   set4(frag + 4 * 4, 0, 0.25, 0, 0);

   GLuint ub[3];
   glGenBuffers(3, ub);
   glBindBuffer(GL_UNIFORM_BUFFER, ub[0]);
   glBufferData(GL_UNIFORM_BUFFER, place_size, place, GL_DYNAMIC_DRAW);
   glBindBufferRange(GL_UNIFORM_BUFFER, 1, ub[0], place_off, 32);
   glBindBuffer(GL_UNIFORM_BUFFER, ub[1]);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(shared), shared, GL_DYNAMIC_DRAW);
   glBindBufferBase(GL_UNIFORM_BUFFER, 2, ub[1]);
   glBindBuffer(GL_UNIFORM_BUFFER, ub[2]);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(frag), frag, GL_STATIC_DRAW);
   glBindBufferBase(GL_UNIFORM_BUFFER, 3, ub[2]);

   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   GLuint vb;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);

   /* draw 1 */
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_tol("draw 1: the quad", 3, 3, 0x408080ff, 1);
   check("draw 1: right of it", 12, 3, 0);
   check("draw 1: above right", 12, 12, 0);

   /* draw 2: the buffers updated in place */
   const float offs2[4] = { 0.5, 0.5, 0, 0 };
   glBindBuffer(GL_UNIFORM_BUFFER, ub[0]);
   glBufferSubData(GL_UNIFORM_BUFFER, place_off + 16, 16, offs2);
   const float a2[4] = { 0, 0, 0, 0 }, arr2[4] = { 0.75, 0, 0, 0 };
   glBindBuffer(GL_UNIFORM_BUFFER, ub[1]);
   glBufferSubData(GL_UNIFORM_BUFFER, 0, 16, a2);
   glBufferSubData(GL_UNIFORM_BUFFER, 3 * 16, 16, arr2);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_tol("draw 2: the moved quad", 12, 12, 0xbf8000ff, 1);
   check_tol("draw 2: draw 1's quad kept", 3, 3, 0x408080ff, 1);
   check("draw 2: lower right", 12, 3, 0);

   /* draw 3: farr[3] by the variable index */
   glUniform1i(glGetUniformLocation(p, "fi"), 3);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_tol("draw 3: farr[fi], fi 3", 12, 12, 0xbf4000ff, 1);
   check_tol("draw 3: draw 1's quad kept", 3, 3, 0x408080ff, 1);
   return nvgl_done();
}
