/*
 * Matrix helpers for the demo scene (column-major, as OpenGL expects).
 */
#include <math.h>
#include <string.h>

#include "nvdemo_math.h"

#define M(c, r) m[(c) * 4 + (r)]

void
nvdemo_mat4_identity(struct nvdemo_mat4 *out)
{
   memset(out, 0, sizeof(*out));
   out->M(0, 0) = out->M(1, 1) = out->M(2, 2) = out->M(3, 3) = 1.0f;
}

void
nvdemo_mat4_multiply(struct nvdemo_mat4 *out, const struct nvdemo_mat4 *a,
                     const struct nvdemo_mat4 *b)
{
   struct nvdemo_mat4 r;

   for (int c = 0; c < 4; c++) {
      for (int row = 0; row < 4; row++) {
         float sum = 0.0f;
         for (int k = 0; k < 4; k++)
            sum += a->M(k, row) * b->M(c, k);
         r.M(c, row) = sum;
      }
   }
   *out = r;
}

void
nvdemo_mat4_translation(struct nvdemo_mat4 *out, float x, float y, float z)
{
   nvdemo_mat4_identity(out);
   out->M(3, 0) = x;
   out->M(3, 1) = y;
   out->M(3, 2) = z;
}

void
nvdemo_mat4_rotation(struct nvdemo_mat4 *out, float angle,
                     float x, float y, float z)
{
   /* Rodrigues' rotation formula written as a matrix. */
   const float c = cosf(angle), s = sinf(angle), t = 1.0f - c;

   nvdemo_mat4_identity(out);
   out->M(0, 0) = t * x * x + c;
   out->M(0, 1) = t * x * y + s * z;
   out->M(0, 2) = t * x * z - s * y;
   out->M(1, 0) = t * x * y - s * z;
   out->M(1, 1) = t * y * y + c;
   out->M(1, 2) = t * y * z + s * x;
   out->M(2, 0) = t * x * z + s * y;
   out->M(2, 1) = t * y * z - s * x;
   out->M(2, 2) = t * z * z + c;
}

void
nvdemo_mat4_perspective(struct nvdemo_mat4 *out, float fovy, float aspect,
                        float znear, float zfar)
{
   const float f = 1.0f / tanf(fovy * 0.5f);

   memset(out, 0, sizeof(*out));
   out->M(0, 0) = f / aspect;
   out->M(1, 1) = f;
   out->M(2, 2) = (zfar + znear) / (znear - zfar);
   out->M(2, 3) = -1.0f;
   out->M(3, 2) = 2.0f * zfar * znear / (znear - zfar);
}

void
nvdemo_mat4_upper3x3(float out[9], const struct nvdemo_mat4 *a)
{
   for (int c = 0; c < 3; c++)
      for (int r = 0; r < 3; r++)
         out[c * 3 + r] = a->M(c, r);
}
