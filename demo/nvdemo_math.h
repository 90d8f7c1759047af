/*
 * Small 4x4 matrix helpers for the demo scene.  Matrices are column-major
 * float[16], the layout glUniformMatrix4fv expects with transpose = GL_FALSE.
 */
#ifndef NVDEMO_MATH_H
#define NVDEMO_MATH_H

struct nvdemo_mat4 {
   float m[16];
};

void nvdemo_mat4_identity(struct nvdemo_mat4 *out);
/* out = a * b (b is applied to a vertex first); out may alias a or b. */
void nvdemo_mat4_multiply(struct nvdemo_mat4 *out, const struct nvdemo_mat4 *a,
                          const struct nvdemo_mat4 *b);
void nvdemo_mat4_translation(struct nvdemo_mat4 *out, float x, float y, float z);
/* Rotation by angle (radians) about the unit axis (x, y, z), right-handed. */
void nvdemo_mat4_rotation(struct nvdemo_mat4 *out, float angle,
                          float x, float y, float z);
/* The glFrustum-style perspective matrix for a vertical field of view. */
void nvdemo_mat4_perspective(struct nvdemo_mat4 *out, float fovy, float aspect,
                             float znear, float zfar);
/* Upper-left 3x3 (column-major float[9]): the normal matrix of a transform
 * made of rotations and translations only (no scale, no shear). */
void nvdemo_mat4_upper3x3(float out[9], const struct nvdemo_mat4 *a);

#endif
