/*
 * PNG reading and writing through libpng 1.6's simplified API, which does
 * every format conversion and reports errors in image.message instead of
 * longjmp-ing out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "nvdemo_png.h"

/* Limits on what we accept, so that a damaged header cannot make us ask for
 * gigabytes: far beyond any picture the demo writes (8192 x 8192 at most). */
#define MAX_SIDE 16384
#define MAX_PIXELS (8192u * 8192u)

int
nvdemo_png_read(const char *path, struct nvdemo_image *image, char *err,
                unsigned err_size)
{
   png_image png;
   unsigned char signature[8];

   image->width = image->height = 0;
   image->rgba = NULL;

   FILE *f = fopen(path, "rb");
   if (!f) {
      snprintf(err, err_size, "%s: %s", path, strerror(errno));
      return -1;
   }
   const size_t got = fread(signature, 1, sizeof(signature), f);
   fclose(f);
   if (got != sizeof(signature) || png_sig_cmp(signature, 0, sizeof(signature))) {
      snprintf(err, err_size, "%s: not a PNG file", path);
      return -1;
   }

   memset(&png, 0, sizeof(png));
   png.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&png, path)) {
      snprintf(err, err_size, "%s: damaged PNG: %s", path, png.message);
      png_image_free(&png);
      return -1;
   }
   if (png.width == 0 || png.height == 0 ||
       png.width > MAX_SIDE || png.height > MAX_SIDE ||
       (uint64_t)png.width * png.height > MAX_PIXELS) {
      snprintf(err, err_size, "%s: unsupported size %ux%u (at most %u pixels "
               "a side, %u in all)", path, png.width, png.height, MAX_SIDE,
               MAX_PIXELS);
      png_image_free(&png);
      return -1;
   }
   png.format = PNG_FORMAT_RGBA;
   const size_t size = (size_t)png.width * png.height * 4;
   image->rgba = malloc(size);
   if (!image->rgba) {
      snprintf(err, err_size, "%s: out of memory (%zu bytes)", path, size);
      png_image_free(&png);
      return -1;
   }
   if (!png_image_finish_read(&png, NULL, image->rgba, 0, NULL)) {
      snprintf(err, err_size, "%s: damaged PNG: %s", path, png.message);
      png_image_free(&png);
      nvdemo_image_free(image);
      return -1;
   }
   image->width = png.width;
   image->height = png.height;
   return 0;
}

int
nvdemo_png_write(const char *path, const uint8_t *rgba, unsigned width,
                 unsigned height, int bottom_up, char *err, unsigned err_size)
{
   png_image png;

   memset(&png, 0, sizeof(png));
   png.version = PNG_IMAGE_VERSION;
   png.width = width;
   png.height = height;
   png.format = PNG_FORMAT_RGBA;
   /* A negative row stride tells libpng that the rows are bottom-up. */
   const png_int_32 stride = (png_int_32)(width * 4) * (bottom_up ? -1 : 1);
   if (!png_image_write_to_file(&png, path, 0, rgba, stride, NULL)) {
      snprintf(err, err_size, "cannot write %s: %s", path, png.message);
      png_image_free(&png);
      return -1;
   }
   return 0;
}

void
nvdemo_image_free(struct nvdemo_image *image)
{
   free(image->rgba);
   image->rgba = NULL;
   image->width = image->height = 0;
}
