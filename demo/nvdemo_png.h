/*
 * PNG files as 8-bit RGBA pixels (libpng's simplified API), shared by the
 * demo (writing) and nvcompare (reading, writing the diff image).
 */
#ifndef NVDEMO_PNG_H
#define NVDEMO_PNG_H

#include <stdint.h>

struct nvdemo_image {
   unsigned width, height;
   uint8_t *rgba;          /* width * height * 4 bytes, top row first */
};

/* Reads any PNG (grey, palette, RGB, with or without alpha, 8 or 16 bits)
 * as 8-bit RGBA.  Returns 0, or -1 with a message in err (file missing, not
 * a PNG, damaged, too large). */
int nvdemo_png_read(const char *path, struct nvdemo_image *image,
                    char *err, unsigned err_size);

/* Writes width x height RGBA8 pixels; bottom_up says that the first row in
 * memory is the bottom one (as glReadPixels returns them). */
int nvdemo_png_write(const char *path, const uint8_t *rgba, unsigned width,
                     unsigned height, int bottom_up, char *err,
                     unsigned err_size);

void nvdemo_image_free(struct nvdemo_image *image);

#endif
