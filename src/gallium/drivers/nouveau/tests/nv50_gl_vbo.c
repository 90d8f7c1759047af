/*
 * Vertex and index streams on the Tesla driver (issue 11): indexed draws
 * of every index size from a buffer and from client memory, base vertex,
 * instancing with divisors and a base instance, primitive restart, and
 * many programs created and deleted.  EGL surfaceless, an RGBA8 FBO of
 * 64x64 read back with glReadPixels.
 *
 * The FBO is 4x4 cells of 16x16 pixels; cell c (column c % 4, row c / 4)
 * holds a square from window (16 (c % 4) + 4, 16 (c / 4) + 4), 8 pixels
 * wide: pixel centres x0 + 0.5 .. x0 + 7.5 are inside (GL 2.1 3.5.1),
 * coloured by the cell's colour (exact: the colours are k / 255).  The
 * vertex buffer holds 4 corners a cell (vertex 4c + k: bottom-left,
 * bottom-right, top-right, top-left); each test draws one cell:
 *   0  glDrawArrays fan                   8  u32 client, basevertex -16
 *   1  u8 buffer, offset 1 byte           9  instanced x3 (see below)
 *   2  u16 buffer, offset 2 bytes        10  instance 2 of cell 9's draw
 *   3  u32 buffer                        11  base instance 2
 *   4  u8 client   5 u16 client          12, 13  u16 strip, restart 0xffff
 *   6  u32 client  7 u16, basevertex 28  14, 15  u32 strip, restart index 3
 * Instancing (GL 3.3 2.8.3, ARB_instanced_arrays, ARB_base_instance):
 * attribute off (added to the position) and col come from one buffer of
 * records r0 = {(0, 0), red}, r1 = {(0.5, 0), green}, r2 = {(0, 0), blue}
 * with divisors 2 and 1: instance i reads off from record i / 2 + base
 * and col from record i + base.  Cell 9's 3 instances: red then green at
 * cell 9 (the later instance is drawn over the earlier: green), the third
 * blue moved 16 pixels right, to cell 10.  Cell 11, base instance 2: r2,
 * blue, in place.
 * Restart (NV_primitive_restart): a strip through two cells with the
 * restart index between them leaves the gap between the cells clear;
 * without restart the strip's joining triangles cover (14, 56) (below
 * the line x + y = 72 from (4, 60) to (20, 52)) and (46, 56).
 * Programs: NPROGS programs of 4 KiB of code or more each, each drawn
 * into cell 0 and deleted: more code than a 512 KiB code segment holds
 * unless deleted programs' space is reused; every 40th is read back.
 * Program i starts from a uniform s = u = 0 and repeats s = s / 2 + t / 2
 * with its colour t = (k0, k1, k2, 255) / 255: s = t (1 - 2^-j) after j
 * steps, t exactly once 2^-j is below half a float's ulp (j > 25: each
 * fused or separately rounded step rounds to the nearest float, and t is
 * the fixed point), so the pixel is (k0, k1, k2, 255).
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 64
#define CELLS 16
/* programs of NTERMS multiply-adds of a vec4 (4 scalar instructions of
 * 8 bytes or more each: 4 KiB of code a program); enough of them for
 * more than the 512 KiB segment */
#define NTERMS 128
#define NPROGS 160

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", "col", "off", NULL);
}

/* cell c's colour, 0xRRGGBBAA */
static unsigned
cell_colour(unsigned c)
{
   return ((c * 37 + 40) & 0xff) << 24 | ((c * 91 + 7) & 0xff) << 16 |
          ((c * 53 + 200) & 0xff) << 8 | 0xff;
}

static void
check_cell(const char *what, unsigned c, unsigned want)
{
   int x0 = 16 * (c % 4) + 4, y0 = 16 * (c / 4) + 4;
   /* the centre, and a pixel of each triangle of the quad */
   check(what, x0 + 4, y0 + 4, want);
   check(what, x0 + 1, y0 + 6, want);
   check(what, x0 + 6, y0 + 1, want);
   /* outside: the pixel column left of the square */
   check(what, x0 - 1, y0 + 4, 0);
}

int
main(int argc, char **argv)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   GLuint prog = program(
      "#version 120\n"
      "attribute vec2 pos; attribute vec4 col; attribute vec2 off;\n"
      "varying vec4 c;\n"
      "void main() { c = col; gl_Position = vec4(pos + off, 0.0, 1.0); }\n",
      "#version 120\n"
      "varying vec4 c;\n"
      "void main() { gl_FragColor = c; }\n");
   glUseProgram(prog);

   /* the cells' corners: position (ndc = w / 32 - 1), colour */
   static float vtx[CELLS * 4][6];
   for (unsigned c = 0; c < CELLS; c++) {
      static const int corner[4][2] = { {0, 0}, {8, 0}, {8, 8}, {0, 8} };
      unsigned rgba = cell_colour(c);
      for (unsigned k = 0; k < 4; k++) {
         float *v = vtx[4 * c + k];
         v[0] = (16 * (c % 4) + 4 + corner[k][0]) / 32.0f - 1;
         v[1] = (16 * (c / 4) + 4 + corner[k][1]) / 32.0f - 1;
         for (unsigned i = 0; i < 4; i++)
            v[2 + i] = ((rgba >> (24 - 8 * i)) & 0xff) / 255.0f;
      }
   }
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(vtx), vtx, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glVertexAttrib2f(2, 0, 0);

   /* the index buffer: sections at byte offsets (see the header) */
   static uint8_t ib[128];
   static const uint8_t u8[] = { 0xaa, 4, 5, 6, 4, 6, 7 };
   static const uint16_t u16[] = { 0xbbbb, 8, 9, 10, 8, 10, 11 };
   static const uint32_t u32[] = { 12, 13, 14, 12, 14, 15 };
   static const uint16_t bv[] = { 0, 1, 2, 0, 2, 3 };
   static const uint16_t inst[] = { 36, 37, 38, 36, 38, 39 };
   static const uint16_t strip16[] = { 48, 49, 51, 50, 0xffff,
                                       52, 53, 55, 54 };
   static const uint32_t strip32[] = { 56, 57, 59, 58, 3, 60, 61, 63, 62 };
   memcpy(ib + 0, u8, sizeof(u8));
   memcpy(ib + 8, u16, sizeof(u16));
   memcpy(ib + 24, u32, sizeof(u32));
   memcpy(ib + 48, bv, sizeof(bv));
   memcpy(ib + 60, inst, sizeof(inst));
   memcpy(ib + 72, strip16, sizeof(strip16));
   memcpy(ib + 92, strip32, sizeof(strip32));
   GLuint eb;
   glGenBuffers(1, &eb);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(ib), ib, GL_STATIC_DRAW);

   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)1);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)10);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)24);
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)48,
                            28);

   /* client memory */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   static const uint8_t c8[] = { 16, 17, 18, 16, 18, 19 };
   static const uint16_t c16[] = { 20, 21, 22, 20, 22, 23 };
   static const uint32_t c32[] = { 24, 25, 26, 24, 26, 27 };
   static const uint32_t cbv[] = { 48, 49, 50, 48, 50, 51 };
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, c8);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, c16);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, c32);
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, cbv, -16);

   /* instancing: off and col from one buffer, divisors 2 and 1 */
   static const float rec[3][6] = {
      { 0, 0, 1, 0, 0, 1 }, { 0.5f, 0, 0, 1, 0, 1 }, { 0, 0, 0, 0, 1, 1 },
   };
   GLuint rb2;
   glGenBuffers(1, &rb2);
   glBindBuffer(GL_ARRAY_BUFFER, rb2);
   glBufferData(GL_ARRAY_BUFFER, sizeof(rec), rec, GL_STATIC_DRAW);
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(2);
   glVertexAttribDivisorARB(2, 2);
   glVertexAttribDivisorARB(1, 1);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glDrawElementsInstancedARB(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)60,
                              3);
   glDrawArraysInstancedBaseInstance(GL_TRIANGLE_FAN, 44, 4, 1, 2);
   glVertexAttribDivisorARB(2, 0);
   glVertexAttribDivisorARB(1, 0);
   glDisableVertexAttribArray(2);
   glVertexAttrib2f(2, 0, 0);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);

   /* primitive restart */
   glEnableClientState(GL_PRIMITIVE_RESTART_NV);
   glPrimitiveRestartIndexNV(0xffff);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)72);
   glPrimitiveRestartIndexNV(3);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, (void *)92);
   glDisableClientState(GL_PRIMITIVE_RESTART_NV);

   static const char *const what[CELLS] = {
      "arrays", "u8 buffer", "u16 buffer", "u32 buffer", "u8 client",
      "u16 client", "u32 client", "basevertex 28", "basevertex -16",
      "instances 0, 1", "instance 2", "base instance", "restart u16",
      "restart u16", "restart u32", "restart u32",
   };
   for (unsigned c = 0; c < CELLS; c++) {
      unsigned want = cell_colour(c);
      if (c == 9)
         want = 0x00ff00ff;
      else if (c == 10 || c == 11)
         want = 0x0000ffff;
      check_cell(what[c], c, want);
   }
   check("restart u16, gap", 14, 56, 0);
   check("restart u32, gap", 46, 56, 0);

   /* many programs, each drawn into cell 0 and deleted */
   glClear(GL_COLOR_BUFFER_BIT);
   static char fs[16384];
   for (unsigned i = 0; i < NPROGS; i++) {
      int n = snprintf(fs, sizeof(fs),
                       "#version 120\n"
                       "uniform vec4 u;\n"
                       "void main() {\n"
                       "   vec4 t = vec4(%u.0, %u.0, %u.0, 255.0) / 255.0;\n"
                       "   vec4 s = u;\n",
                       i % 256, (i * 7) % 256, 255 - i % 256);
      for (unsigned j = 0; j < NTERMS; j++)
         n += snprintf(fs + n, sizeof(fs) - n,
                       "   s = s * 0.5 + t * 0.5;\n");
      snprintf(fs + n, sizeof(fs) - n, "   gl_FragColor = s;\n}\n");
      GLuint p = program(
         "#version 120\n"
         "attribute vec2 pos;\n"
         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n", fs);
      glUseProgram(p);
      glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
      glUseProgram(0);
      glDeleteProgram(p);
      if (i % 40 == 39) {
         char name[64];
         snprintf(name, sizeof(name), "program %u of %u", i + 1, NPROGS);
         check(name, 8, 8, (i % 256) << 24 | ((i * 7) % 256) << 16 |
                           (255 - i % 256) << 8 | 0xff);
      }
      if (fails > 8)
         break;
   }
   return nvgl_done();
}
