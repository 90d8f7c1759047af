/*
 * A GL window on EGL's gbm platform with the Tesla driver (issue 11):
 * the winsys buffers are resources the gbm frontend asks the driver to
 * name (resource_get_handle / resource_get_param: a KMS handle, the
 * stride, the offset), which nv50_handle.c answers; without them the
 * first eglCreateWindowSurface on gbm crashed (wflinfo -p gbm: SIGSEGV
 * in the frontend, no handle to give the gbm_bo).
 *
 * Frame 1: a 70x37 window (no multiple of a gob or block) cleared to
 * (0.25, 0.5, 0.75, 1) with a scissored red clear over x 10..29, y 5..14,
 * read back with glReadPixels; eglSwapBuffers; the front gbm_bo locked
 * has a KMS handle, the window's size, a stride that holds a row of 70
 * ARGB8888 pixels; mapped through gbm_bo_map (the driver's transfer of
 * that resource) it holds the same pixels.  gbm buffers are stored top
 * row first (scanout order) while GL's window origin is the lower left
 * (GL 2.1 2.11.1), so GL's row y is the map's row 36 - y.  Frame 2: a
 * green clear, swapped and locked while frame 1's buffer is still held,
 * so gbm has to give a second buffer with its own handle.
 * Expected values by hand: UNORM8 conversion round(c * 255) (GL 2.1
 * 2.14.9): 0.25 -> 64, 0.75 -> 191, 0.5 -> 127.5 (either neighbour);
 * ARGB8888 is B, G, R, A in memory (drm_fourcc.h: [31:0] A:R:G:B little
 * endian).
 *
 * Runs on the simulated G80 and GT215 only (tests/gl/run.sh): gbm needs
 * a DRM device, which only nvsim's shim gives this machine; llvmpipe
 * has none to run on here.  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -Ibuild/install/include -Ibuild/mesa-src/include -o /tmp/nv50_gl_gbm \
 *      nv50_gl_gbm.c -L$L -lEGL -lGL -lgbm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_gbm      (prints PASSED)
 */
#include <fcntl.h>
#include <gbm.h>
#include <stdint.h>
#include <unistd.h>

#include "nouveau_gl_util.h"

#define W 70
#define H 37

/* The pixel of a mapped ARGB8888 buffer at GL's (x, y) is want
 * (0xRRGGBBAA), each channel within tol. */
static void
check_map(const char *what, const uint8_t *map, uint32_t stride, int x, int y,
          unsigned want, int tol)
{
   const uint8_t *p = map + (size_t)stride * (H - 1 - y) + 4 * x;
   unsigned got = p[2] << 24 | p[1] << 16 | p[0] << 8 | p[3];
   bool bad = false;
   for (int c = 0; c < 4; c++) {
      int d = (int)((got >> (8 * c)) & 0xff) - (int)((want >> (8 * c)) & 0xff);
      bad |= d > tol || d < -tol;
   }
   if (bad) {
      printf("FAIL %s map (%d,%d): got %08x want %08x\n", what, x, y, got, want);
      fails++;
   } else {
      printf("ok   %s map (%d,%d) = %08x\n", what, x, y, got);
   }
}

/* The locked front buffer: a handle, the window's size, room for a row;
 * then its pixels through gbm_bo_map (lo: a pixel inside the scissored
 * clear, hi: one outside). */
static void
check_bo(const char *what, struct gbm_bo *bo, unsigned lo, unsigned hi)
{
   if (!bo) {
      printf("FAIL %s: no front buffer\n", what);
      fails++;
      return;
   }
   printf("%s: handle %u stride %u\n", what, gbm_bo_get_handle(bo).u32,
          gbm_bo_get_stride(bo));
   if (gbm_bo_get_handle(bo).u32 == 0) {
      printf("FAIL %s: no KMS handle\n", what);
      fails++;
   }
   check_u("bo width", gbm_bo_get_width(bo), W);
   check_u("bo height", gbm_bo_get_height(bo), H);
   check_u("bo stride holds a row", gbm_bo_get_stride(bo) >= 4 * W, 1);
   check_u("bo offset", gbm_bo_get_offset(bo, 0), 0);

   uint32_t stride = 0;
   void *data = NULL;
   const uint8_t *map = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_READ,
                                   &stride, &data);
   if (!map) {
      printf("FAIL %s: gbm_bo_map\n", what);
      fails++;
      return;
   }
   check_map(what, map, stride, 15, 8, lo, 1);
   check_map(what, map, stride, 50, 30, hi, 1);
   check_map(what, map, stride, 0, 0, hi, 1);
   check_map(what, map, stride, W - 1, H - 1, hi, 1);
   gbm_bo_unmap(bo, data);
}

int
main(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR);
   struct gbm_device *gbm = fd >= 0 ? gbm_create_device(fd) : NULL;
   if (!gbm) {
      printf("no gbm device\nFAILED\n");
      return 1;
   }
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = gpd ? gpd(EGL_PLATFORM_GBM_MESA, gbm, NULL)
                        : EGL_NO_DISPLAY;
   EGLint maj, min;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &maj, &min)) {
      printf("eglInitialize on gbm failed\nFAILED\n");
      return 1;
   }
   eglBindAPI(EGL_OPENGL_API);

   /* a window config of ARGB8888 (the gbm format is the native visual) */
   static const EGLint attr[] = {
      EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_NONE
   };
   EGLConfig cfgs[64], cfg = NULL;
   EGLint n = 0;
   eglChooseConfig(dpy, attr, cfgs, 64, &n);
   for (int i = 0; i < n && !cfg; i++) {
      EGLint vid;
      if (eglGetConfigAttrib(dpy, cfgs[i], EGL_NATIVE_VISUAL_ID, &vid) &&
          vid == GBM_FORMAT_ARGB8888)
         cfg = cfgs[i];
   }
   if (!cfg) {
      printf("no ARGB8888 window config\nFAILED\n");
      return 1;
   }
   struct gbm_surface *gs = gbm_surface_create(gbm, W, H, GBM_FORMAT_ARGB8888,
                                               GBM_BO_USE_RENDERING);
   EGLSurface surf = gs ? eglCreateWindowSurface(dpy, cfg,
                                                 (EGLNativeWindowType)gs, NULL)
                        : EGL_NO_SURFACE;
   static const EGLint cattr[] = { EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, cattr);
   if (surf == EGL_NO_SURFACE || !ctx ||
       !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("window surface or context failed (0x%x)\nFAILED\n",
             eglGetError());
      return 1;
   }
   printf("GL_RENDERER %s\n", (const char *)glGetString(GL_RENDERER));

   /* frame 1 */
   glViewport(0, 0, W, H);
   glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(10, 5, 20, 10);
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   check("frame 1 scissored", 15, 8, 0xff0000ff);
   check_tol("frame 1 clear", 50, 30, 0x4080bfff, 1);
   check_tol("frame 1 clear corner", W - 1, H - 1, 0x4080bfff, 1);
   if (!eglSwapBuffers(dpy, surf)) {
      printf("FAIL eglSwapBuffers 1 (0x%x)\n", eglGetError());
      fails++;
   }
   struct gbm_bo *bo1 = gbm_surface_lock_front_buffer(gs);
   check_bo("frame 1", bo1, 0xff0000ff, 0x4080bfff);

   /* frame 2, while frame 1's buffer is held */
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   check("frame 2 clear", 15, 8, 0x00ff00ff);
   if (!eglSwapBuffers(dpy, surf)) {
      printf("FAIL eglSwapBuffers 2 (0x%x)\n", eglGetError());
      fails++;
   }
   struct gbm_bo *bo2 = gbm_surface_lock_front_buffer(gs);
   check_bo("frame 2", bo2, 0x00ff00ff, 0x00ff00ff);
   if (bo1 && bo2 && gbm_bo_get_handle(bo1).u32 == gbm_bo_get_handle(bo2).u32) {
      printf("FAIL two held buffers share handle %u\n",
             gbm_bo_get_handle(bo1).u32);
      fails++;
   }
   int ret = nvgl_done();
   if (bo1)
      gbm_surface_release_buffer(gs, bo1);
   if (bo2)
      gbm_surface_release_buffer(gs, bo2);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   gbm_surface_destroy(gs);
   gbm_device_destroy(gbm);
   close(fd);
   return ret;
}
