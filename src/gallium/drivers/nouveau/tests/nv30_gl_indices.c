/*
 * Indexed draws on the NV30/NV40 driver (issue 23): every index size from
 * a buffer and from client memory, base vertex, an index buffer written
 * between two draws that read it, a draw starting past index 65535 with
 * more than 256 indices, primitive restart, and restart turned off again.
 * The driver has the hardware read indices from a buffer where the class
 * has one (IDXBUF_OFFSET / VB_INDEX_BATCH) and sends them inline
 * elsewhere (NV44_3D, a base vertex on rankine): the pixels are the same.
 * EGL surfaceless, an RGBA8 FBO of 64x64 read back with glReadPixels.
 *
 * The FBO is 4x4 cells of 16x16 pixels; cell c (column c % 4, row c / 4)
 * holds a square from window (16 (c % 4) + 4, 16 (c / 4) + 4), 8 pixels
 * wide: pixel centres x0 + 0.5 .. x0 + 7.5 are inside (GL 2.1 3.5.1),
 * coloured by the cell's colour (exact: the colours are k / 255).  The
 * vertex buffer holds 4 corners a cell (vertex 4c + k: bottom-left,
 * bottom-right, top-right, top-left); each draw draws one cell:
 *   0  u32 buffer, after the restart draws (index 3 is a vertex again)
 *   1  u8 buffer, offset 1 byte      7  u16 buffer, basevertex 28
 *   2  u16 buffer, offset 10 bytes   8  u32 client, basevertex -16
 *   3  u32 buffer, offset 24 bytes   9  u16 buffer, drawn, then the same
 *   4  u8 client                        bytes rewritten to cell 10's
 *   5  u16 client                   10  the second draw of those bytes
 *   6  u32 client                   11  600 u16 indices from index 70000
 *  12, 13  u16 strip, restart 0xffff  14, 15  u32 strip, restart index 3
 * Restart (NV_primitive_restart): a strip through two cells with the
 * restart index between them leaves the gap between the cells clear;
 * without restart the strip's joining triangles cover (14, 56) (below
 * the line x + y = 72 from (4, 60) to (20, 52)) and (46, 56).  Cell 0's
 * second triangle (0, 2, 3) covers (x0 + 1, y0 + 6) only if index 3 is
 * not taken for a restart.  Cell 9: GL's buffer writes do not change what
 * a draw made before them reads (GL 2.1 2.9: commands run in order).
 * Expected values by hand above; run on nv30, nv40, nv44 and llvmpipe
 * (tests/gl/run.sh).
 */
#include <stdint.h>
#include <stdlib.h>

#include "nouveau_gl_util.h"

#define S 64
#define CELLS 16
/* cell 11's draw: indices from BIG_START on, BIG_COUNT of them */
#define BIG_START 70000
#define BIG_COUNT 600

/* cell c's colour, 0xRRGGBBAA */
static unsigned
cell_colour(unsigned c)
{
   return ((c * 41 + 30) & 0xff) << 24 | ((c * 83 + 11) & 0xff) << 16 |
          ((c * 59 + 190) & 0xff) << 8 | 0xff;
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

/* cell c's quad as two triangles of vertex numbers */
static void
quad(unsigned c, uint32_t *out)
{
   static const unsigned k[6] = { 0, 1, 2, 0, 2, 3 };
   for (unsigned i = 0; i < 6; i++)
      out[i] = 4 * c + k[i];
}

int
main(int argc, char **argv)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   GLuint prog = nvgl_program(
      "#version 120\n"
      "attribute vec2 pos; attribute vec4 col;\n"
      "varying vec4 c;\n"
      "void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "varying vec4 c;\n"
      "void main() { gl_FragColor = c; }\n", "pos", "col", NULL);
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

   /* the index buffer: sections at byte offsets (see the header) */
   static uint8_t ib[160];
   uint32_t q[6];
   uint8_t u8[7] = { 0xaa };
   uint16_t u16[7] = { 0xbbbb }, bv[6], c9[6], c10[6];
   uint32_t u32[6], c0[6];
   quad(1, q);
   for (unsigned i = 0; i < 6; i++)
      u8[1 + i] = q[i];
   quad(2, q);
   for (unsigned i = 0; i < 6; i++)
      u16[1 + i] = q[i];
   quad(3, u32);
   quad(0, q);                 /* cell 7 from vertex 0 + 28 */
   for (unsigned i = 0; i < 6; i++)
      bv[i] = q[i];
   quad(9, q);
   for (unsigned i = 0; i < 6; i++)
      c9[i] = q[i];
   quad(10, q);
   for (unsigned i = 0; i < 6; i++)
      c10[i] = q[i];
   quad(0, c0);
   static const uint16_t strip16[] = { 48, 49, 51, 50, 0xffff,
                                       52, 53, 55, 54 };
   static const uint32_t strip32[] = { 56, 57, 59, 58, 3, 60, 61, 63, 62 };
   memcpy(ib + 0, u8, sizeof(u8));
   memcpy(ib + 8, u16, sizeof(u16));
   memcpy(ib + 24, u32, sizeof(u32));
   memcpy(ib + 48, bv, sizeof(bv));
   memcpy(ib + 60, c9, sizeof(c9));
   memcpy(ib + 72, strip16, sizeof(strip16));
   memcpy(ib + 92, strip32, sizeof(strip32));
   memcpy(ib + 128, c0, sizeof(c0));
   GLuint eb;
   glGenBuffers(1, &eb);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(ib), ib, GL_STATIC_DRAW);

   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)1);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)10);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)24);
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)48,
                            28);
   /* the same bytes twice, rewritten in between */
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)60);
   glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 60, sizeof(c10), c10);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)60);

   /* client memory */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   uint8_t c8[6];
   uint16_t cl16[6];
   uint32_t cl32[6], cbv[6];
   quad(4, q);
   for (unsigned i = 0; i < 6; i++)
      c8[i] = q[i];
   quad(5, q);
   for (unsigned i = 0; i < 6; i++)
      cl16[i] = q[i];
   quad(6, cl32);
   quad(12, cbv);              /* cell 8 from vertex 48 - 16 */
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, c8);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, cl16);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, cl32);
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, cbv, -16);

   /* past index 65535, more than 256 indices: cell 11's quad 100 times */
   uint16_t *big = calloc(BIG_START + BIG_COUNT, sizeof(*big));
   if (!big)
      return 2;
   quad(11, q);
   for (unsigned i = 0; i < BIG_COUNT; i++)
      big[BIG_START + i] = q[i % 6];
   GLuint bigb;
   glGenBuffers(1, &bigb);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bigb);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                (BIG_START + BIG_COUNT) * sizeof(*big), big, GL_STATIC_DRAW);
   free(big);
   glDrawElements(GL_TRIANGLES, BIG_COUNT, GL_UNSIGNED_SHORT,
                  (void *)(BIG_START * sizeof(uint16_t)));

   /* primitive restart, then off again */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glEnableClientState(GL_PRIMITIVE_RESTART_NV);
   glPrimitiveRestartIndexNV(0xffff);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)72);
   glPrimitiveRestartIndexNV(3);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, (void *)92);
   glDisableClientState(GL_PRIMITIVE_RESTART_NV);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)128);

   static const char *const what[CELLS] = {
      "u32 buffer, restart off", "u8 buffer", "u16 buffer", "u32 buffer",
      "u8 client", "u16 client", "u32 client", "basevertex 28",
      "basevertex -16", "before the rewrite", "after the rewrite",
      "600 indices from 70000", "restart u16", "restart u16", "restart u32",
      "restart u32",
   };
   for (unsigned c = 0; c < CELLS; c++)
      check_cell(what[c], c, cell_colour(c));
   check("restart u16, gap", 14, 56, 0);
   check("restart u32, gap", 46, 56, 0);
   return nvgl_done();
}
