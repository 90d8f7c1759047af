/*
 * nvcompare a.png b.png [--tolerance T] [--max-bad-fraction F] [--diff out.png]
 *           [--lower-left]
 *
 * Prints how far two pictures differ and exits 0 if they are within the
 * stated tolerance, 1 if not, 2 on bad input.  A pixel is "bad" when one of
 * its channels (R, G, B or A) differs by more than T (0..255, default 0);
 * the pictures match when at most the fraction F (0..1, default 0) of the
 * pixels are bad.  The defaults therefore ask for identical pictures.
 *
 * --lower-left: where b is larger than a in both directions, a is compared
 * with b's lower-left corner of a's size.  apitrace's retracers grow their
 * window at a glViewport larger than it when they see no framebuffer
 * object bound (a driver without ARB_framebuffer_object, drawing into an
 * EXT one); the program's own window is then that corner, GL's origin
 * being the lower left.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvcompare_stats.h"
#include "nvdemo_png.h"

enum { EXIT_MATCH = 0, EXIT_DIFFER = 1, EXIT_BAD_INPUT = 2 };

static void
usage(FILE *f)
{
   fprintf(f, "usage: nvcompare a.png b.png [--tolerance T] "
              "[--max-bad-fraction F] [--diff out.png] [--lower-left]\n"
              "  T: largest per-channel difference (0..255) a pixel may have "
              "and still count as equal (default 0)\n"
              "  F: largest fraction (0..1) of pixels allowed over T "
              "(default 0)\n"
              "  --lower-left: a larger b is compared by its lower-left "
              "corner of a's size\n"
              "exit status: 0 within tolerance, 1 not, 2 bad input\n");
}

static int
parse_number(const char *opt, const char *text, double lo, double hi,
             double *out)
{
   char *end;

   errno = 0;
   const double v = strtod(text, &end);
   if (errno || end == text || *end != '\0' || !(v >= lo && v <= hi)) {
      fprintf(stderr, "nvcompare: %s wants a number from %g to %g, got '%s'\n",
              opt, lo, hi, text);
      return -1;
   }
   *out = v;
   return 0;
}

int
main(int argc, char **argv)
{
   const char *files[2] = { NULL, NULL };
   const char *diff_path = NULL;
   double tolerance = 0.0, max_bad_fraction = 0.0;
   unsigned nfiles = 0;
   int lower_left = 0;
   char err[512];

   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
         usage(stdout);
         return EXIT_MATCH;
      } else if (!strcmp(arg, "--lower-left")) {
         lower_left = 1;
      } else if (!strcmp(arg, "--tolerance") || !strcmp(arg, "--max-bad-fraction") ||
                 !strcmp(arg, "--diff")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "nvcompare: %s needs a value\n", arg);
            return EXIT_BAD_INPUT;
         }
         const char *value = argv[++i];
         if (!strcmp(arg, "--diff"))
            diff_path = value;
         else if (!strcmp(arg, "--tolerance")) {
            if (parse_number(arg, value, 0, 255, &tolerance))
               return EXIT_BAD_INPUT;
            if (tolerance != floor(tolerance)) {
               fprintf(stderr, "nvcompare: --tolerance wants a whole number, "
                       "got '%s'\n", value);
               return EXIT_BAD_INPUT;
            }
         } else if (parse_number(arg, value, 0, 1, &max_bad_fraction))
            return EXIT_BAD_INPUT;
      } else if (arg[0] == '-' && arg[1] == '-') {
         fprintf(stderr, "nvcompare: unknown option '%s'\n", arg);
         usage(stderr);
         return EXIT_BAD_INPUT;
      } else if (nfiles < 2) {
         files[nfiles++] = arg;
      } else {
         fprintf(stderr, "nvcompare: more than two pictures given ('%s')\n", arg);
         return EXIT_BAD_INPUT;
      }
   }
   if (nfiles != 2) {
      fprintf(stderr, "nvcompare: two PNG files are needed\n");
      usage(stderr);
      return EXIT_BAD_INPUT;
   }

   struct nvdemo_image a, b;
   if (nvdemo_png_read(files[0], &a, err, sizeof(err))) {
      fprintf(stderr, "nvcompare: %s\n", err);
      return EXIT_BAD_INPUT;
   }
   if (nvdemo_png_read(files[1], &b, err, sizeof(err))) {
      fprintf(stderr, "nvcompare: %s\n", err);
      nvdemo_image_free(&a);
      return EXIT_BAD_INPUT;
   }
   if (lower_left && b.width >= a.width && b.height >= a.height &&
       (b.width > a.width || b.height > a.height)) {
      /* rows are stored top first: the lower-left corner is the last
       * a.height rows, their first a.width pixels */
      uint8_t *corner = malloc((size_t)a.width * a.height * 4);
      if (!corner) {
         fprintf(stderr, "nvcompare: out of memory for the corner\n");
         nvdemo_image_free(&a);
         nvdemo_image_free(&b);
         return EXIT_BAD_INPUT;
      }
      for (unsigned y = 0; y < a.height; y++)
         memcpy(corner + (size_t)y * a.width * 4,
                b.rgba + ((size_t)(b.height - a.height + y) * b.width) * 4,
                (size_t)a.width * 4);
      printf("lower-left corner: %ux%u of %s's %ux%u\n", a.width, a.height,
             files[1], b.width, b.height);
      free(b.rgba);
      b.rgba = corner;
      b.width = a.width;
      b.height = a.height;
   }
   if (a.width != b.width || a.height != b.height) {
      fprintf(stderr, "nvcompare: the pictures have different sizes: "
              "%s is %ux%u, %s is %ux%u\n", files[0], a.width, a.height,
              files[1], b.width, b.height);
      nvdemo_image_free(&a);
      nvdemo_image_free(&b);
      return EXIT_BAD_INPUT;
   }

   uint8_t *diff = NULL;
   if (diff_path) {
      diff = malloc((size_t)a.width * a.height * 4);
      if (!diff) {
         fprintf(stderr, "nvcompare: out of memory for the diff picture\n");
         nvdemo_image_free(&a);
         nvdemo_image_free(&b);
         return EXIT_BAD_INPUT;
      }
   }

   struct nvcompare_stats s;
   nvcompare_images(a.rgba, b.rgba, a.width, a.height, (unsigned)tolerance,
                    diff, &s);
   const double bad_fraction = (double)s.bad_pixels / (double)s.pixels;
   const int match = bad_fraction <= max_bad_fraction;

   printf("pictures: %s vs %s (%ux%u)\n", files[0], files[1], a.width, a.height);
   printf("max channel difference: %u\n", s.max_diff);
   printf("mean absolute difference: %.4f\n", s.mean_abs_diff);
   printf("pixels over tolerance %u: %llu of %llu (fraction %.6f, allowed %.6f)\n",
          (unsigned)tolerance, (unsigned long long)s.bad_pixels,
          (unsigned long long)s.pixels, bad_fraction, max_bad_fraction);
   if (isinf(s.psnr))
      printf("PSNR: inf dB (identical)\n");
   else
      printf("PSNR: %.2f dB\n", s.psnr);

   int status = match ? EXIT_MATCH : EXIT_DIFFER;
   if (diff) {
      if (nvdemo_png_write(diff_path, diff, a.width, a.height, 0, err,
                           sizeof(err))) {
         fprintf(stderr, "nvcompare: %s\n", err);
         status = EXIT_BAD_INPUT;
      } else {
         printf("diff picture: %s\n", diff_path);
      }
      free(diff);
   }
   printf("%s\n", match ? "MATCH: within tolerance" : "DIFFER: over tolerance");
   nvdemo_image_free(&a);
   nvdemo_image_free(&b);
   return status;
}
