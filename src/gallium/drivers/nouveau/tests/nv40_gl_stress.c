/*
 * Many GL contexts on many threads, every frame's pixels checked
 * (`make stress`, tests/stress/).
 *
 *   nv40_gl_stress --ref FILE                  render every scene once, write FILE
 *   nv40_gl_stress --check FILE [-t T] [-c C] [-f F] [--trap | --traps]
 *                  [--channels N]
 *
 * --ref is run on llvmpipe: it renders each distinct frame the check can
 * produce (context key x variant x texture x shared-buffer version, 800
 * frames of 32x32) in one context and writes them.  --check makes T
 * threads with C contexts each (contexts made in the main thread, in
 * share groups of about T*C/8: every even context is in one of 4 groups
 * whose first member owns a texture and a vertex buffer that the others
 * use), and each thread draws F frames with each of its contexts in turn
 * (eglMakeCurrent between them), reading back every frame and comparing
 * it with the reference frame of the same scene.  A group's first member
 * re-specifies (orphans, glBufferData) the shared vertex buffer once the
 * other members have drawn with the last version; a member that finds a
 * new version waits for its fence (glClientWaitSync) and draws with it.
 *
 * --trap adds one context made with reset notification (EGL
 * LOSE_CONTEXT_ON_RESET) drawn by thread 0; a quarter of the way through,
 * the main thread submits an illegal method on that context's channel
 * through libdrm, on the same DRM file, without the driver's help: the
 * channel is the one that appeared when the context was made.  Run under
 * NVSIM_STRICT=1 (the trap kills the channel, as the kernel kills one it
 * cannot recover), the context must then report GL_GUILTY_CONTEXT_RESET,
 * later GL calls on it must return, and every other context must keep
 * drawing correctly.
 *
 * --traps makes the same context and submits on its channel, the same
 * way, one of each kind of trap in turn, at a fifth, two fifths, three
 * and four fifths of its frames: an illegal method, a valid method with
 * a value it refuses, a report written outside its DMA object, and a
 * vertex program that never ends (run on one immediate vertex).  Run
 * with traps going on (nvsim's default, as Linux's nouveau lets PGRAPH go
 * on after an error): each trapping method is dropped and the channel
 * goes on, so the context must report no reset and draw every one of its
 * frames right too, as every other context must.  (tests/stress/run.sh
 * checks that each kind's line is on stderr.)
 *
 * --channels N: once the contexts exist, the process's DRM files must
 * have exactly N FIFO channels between them (found by asking the kernel,
 * see channels_of): on NV40, whose kernel gives out 31, 256 contexts must
 * all exist and draw on those 31 (docs/decisions.md).
 *
 * The expected frames come from llvmpipe rather than from pixels worked
 * out by hand (as the other nv40_gl_* programs do): a frame is three
 * overlapping depth-tested, textured and blended quads, mirrored by the
 * VP for odd keys, under per-key scissor, colour mask, depth and blend
 * functions, and there are 800 of them.  Each context's key state is set
 * once and never again, so a context that finds another context's state
 * in the hardware after it shared the channel draws a wrong frame.
 * tests/stress/run.sh runs the check on llvmpipe too, threads and all:
 * it passing shows every frame is a function of its scene alone.
 *
 * At the end every context is destroyed (the lost one first) and the
 * process must have no FIFO channel left.
 *
 * The result line: "N frames checked, N wrong" (+ the traps' verdict);
 * the exit status is 0 only if nothing was wrong.
 *
 * Why this harness makes contexts in each thread correctly: eglBindAPI
 * is per thread (EGL 1.5 section 3.7), so a thread that did not call it
 * creates OpenGL ES contexts, on which glBegin is "unsupported function
 * called".  Here contexts are made in the main thread after
 * eglBindAPI(EGL_OPENGL_API) and only made current in the workers.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kcmp.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <nouveau.h>
#include <nouveau_drm.h>
#include <nvif/class.h>
#include <nvif/cl0080.h>
#include <xf86drm.h>

/* hwdb (methods, the chip table) and the NV40 VP encoder, from our tree */
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv40_vp.h"

#define W 32
#define NKEY 8        /* context keys: colours, private vertex data */
#define NVAR 4        /* frame variants: offsets, colours */
#define NGROUP 4      /* share groups */
#define NTEX (1 + NGROUP)   /* private texture, or one group's */
#define NVER (1 + NVAR)     /* no shared-buffer draw, or one version */
#define NSCENE (NKEY * NVAR * NTEX * NVER)
#define TOL 2         /* per channel, for blending's rounding */

static EGLDisplay dpy;

struct scene { int key, var, tex, ver; };

static int
scene_index(struct scene s)
{
   return ((s.key * NVAR + s.var) * NTEX + s.tex) * NVER + s.ver;
}

/* Pixel rectangle to NDC. */
static float ndc(int px) { return px / (W / 2.0f) - 1.0f; }

static void
quad_verts(float *v, int x0, int y0, int x1, int y1, float z)
{
   float q[4][3] = {
      { ndc(x0), ndc(y0), z }, { ndc(x1), ndc(y0), z },
      { ndc(x0), ndc(y1), z }, { ndc(x1), ndc(y1), z },
   };
   memcpy(v, q, sizeof(q));
}

/* The shared buffer's data for version ver (1..NVAR). */
static void
shared_verts(float *v, int ver)
{
   quad_verts(v, 2 + 3 * ver, 20, 10 + 3 * ver, 28, -0.9f);
}

/* Odd keys mirror x in the vertex program itself (MIRROR -1.0), so that
 * contexts sharing a channel run different VP code. */
static const char *vs_fmt =
   "#version 120\n"
   "attribute vec3 pos;\n"
   "uniform vec2 offset;\n"
   "varying vec2 uv;\n"
   "void main() {\n"
   "   uv = (pos.xy + 1.0) * 0.5;\n"
   "   gl_Position = vec4((pos.xy + offset) * vec2(%s, 1.0), pos.z, 1.0);\n"
   "}\n";
static const char *fs_src =
   "#version 120\n"
   "uniform sampler2D tex;\n"
   "uniform vec4 color;\n"
   "uniform float texmix;\n"
   "varying vec2 uv;\n"
   "void main() {\n"
   "   gl_FragColor = mix(color, texture2D(tex, uv * 2.0), texmix);\n"
   "}\n";

/* Per-context GL objects. */
struct ctx {
   EGLContext egl;
   int index, key, group;      /* group -1: not shared */
   bool leader, robust;
   GLuint fb, rb[2], prog, vbo, tex;
   GLint u_offset, u_color, u_mix;
   int seen_ver;
   long frames, wrong;
   bool lost;
};

/* A share group's shared objects and the re-specification protocol. */
struct group {
   pthread_mutex_t lock;
   GLuint tex, vbo;            /* names, valid in every member */
   int ver;                    /* 1..: the published version */
   GLsync fence;               /* signalled when ver's data is there */
   int members, acks;          /* followers that drew with ver */
};
static struct group groups[NGROUP];

static const unsigned char *ref_frames;   /* NSCENE frames of W*W*4 */

static GLuint
make_texture(int seed)
{
   unsigned char t[8 * 8 * 4];
   for (int i = 0; i < 64; i++) {
      t[4 * i + 0] = (unsigned char)(37 * (i + seed) + 11 * seed);
      t[4 * i + 1] = (unsigned char)(91 * i + 53 * seed);
      t[4 * i + 2] = ((i ^ seed) & 1) ? 255 : 16 * seed;
      t[4 * i + 3] = 255;
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, t);
   return tex;
}

static GLuint
make_shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

/* The context's own objects (it is current). */
static bool
ctx_setup(struct ctx *c)
{
   glGenFramebuffers(1, &c->fb);
   glGenRenderbuffers(2, c->rb);
   glBindRenderbuffer(GL_RENDERBUFFER, c->rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, W);
   glBindRenderbuffer(GL_RENDERBUFFER, c->rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, W);
   glBindFramebuffer(GL_FRAMEBUFFER, c->fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, c->rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, c->rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("context %d: framebuffer incomplete\n", c->index);
      return false;
   }
   glViewport(0, 0, W, W);

   char vs[512];
   snprintf(vs, sizeof(vs), vs_fmt, c->key % 2 ? "-1.0" : "1.0");
   c->prog = glCreateProgram();
   glAttachShader(c->prog, make_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(c->prog, make_shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(c->prog, 0, "pos");
   glLinkProgram(c->prog);
   GLint ok = 0;
   glGetProgramiv(c->prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      printf("context %d: program does not link\n", c->index);
      return false;
   }
   c->u_offset = glGetUniformLocation(c->prog, "offset");
   c->u_color = glGetUniformLocation(c->prog, "color");
   c->u_mix = glGetUniformLocation(c->prog, "texmix");
   glUseProgram(c->prog);
   glUniform1i(glGetUniformLocation(c->prog, "tex"), 0);

   /* private vertex data: quads A (solid), B (textured), C (blended) */
   float v[3][12];
   int k = c->key;
   quad_verts(v[0], 4 + k, 4, 16 + k, 16, 0.2f);
   quad_verts(v[1], 8, 8 + k / 2, 24, 24 + k / 2, 0.6f);
   quad_verts(v[2], 12, 2, 28 - k, 14, -0.5f);
   glGenBuffers(1, &c->vbo);
   glBindBuffer(GL_ARRAY_BUFFER, c->vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   c->tex = make_texture(k);

   /* State set once and never again, different per key: what a context
    * finds in the hardware after another one drew on its channel is
    * wrong unless the driver sent it all again. */
   glDepthFunc(k % 4 == 1 ? GL_LEQUAL : GL_LESS);
   if (k % 2)
      glBlendFunc(GL_ONE, GL_ONE);
   else
      glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   if (k % 4 >= 2) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(2 + k, 3, 24, 26 - k);
   } else {
      glDisable(GL_SCISSOR_TEST);
   }
   glColorMask(GL_TRUE, k != 5, GL_TRUE, GL_TRUE);
   return glGetError() == GL_NO_ERROR;
}

static void
draw_quad(struct ctx *c, GLuint vbo, int first)
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, first, 4);
}

/* Draws scene s in the current context c; the shared objects of group g
 * (s.tex, s.ver) are already synchronised. */
static void
draw_scene(struct ctx *c, struct scene s, GLuint tex, GLuint shared_vbo)
{
   float kf = s.key / (float)NKEY, vf = s.var / (float)NVAR;

   glBindFramebuffer(GL_FRAMEBUFFER, c->fb);
   glViewport(0, 0, W, W);
   glClearColor(kf, 0.25f, vf, 1.0f);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glUseProgram(c->prog);
   glEnable(GL_DEPTH_TEST);
   glDisable(GL_BLEND);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUniform2f(c->u_offset, s.var * 2.0f / (W / 2), 0.0f);

   /* A: solid, in front of B */
   glUniform4f(c->u_color, 1.0f - kf, vf, 0.5f, 1.0f);
   glUniform1f(c->u_mix, 0.0f);
   draw_quad(c, c->vbo, 0);
   /* B: textured, behind A */
   glUniform1f(c->u_mix, 1.0f);
   draw_quad(c, c->vbo, 4);
   /* C: blended over both */
   glEnable(GL_BLEND);
   glUniform4f(c->u_color, 0.0f, 1.0f - vf, kf, 0.5f);
   glUniform1f(c->u_mix, 0.0f);
   draw_quad(c, c->vbo, 8);
   glDisable(GL_BLEND);
   /* D: the shared buffer's quad, its version's place */
   if (s.ver) {
      glUniform2f(c->u_offset, 0.0f, 0.0f);
      glUniform4f(c->u_color, 0.9f, 0.9f, 0.1f * s.ver, 1.0f);
      draw_quad(c, shared_vbo, 0);
   }
}

/* --- reference mode --- */

static int
write_ref(const char *path)
{
   struct ctx c = { .egl = eglCreateContext(dpy, EGL_NO_CONFIG_KHR,
                                            EGL_NO_CONTEXT,
                                            (EGLint[]){ EGL_NONE }) };
   if (!c.egl || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c.egl))
      return 1;
   FILE *f = fopen(path, "wb");
   if (!f) {
      perror(path);
      return 1;
   }
   GLuint gtex[NGROUP], svbo[NVER];
   for (int g = 0; g < NGROUP; g++)
      gtex[g] = make_texture(NKEY + g);
   glGenBuffers(NVER, svbo);
   for (int v = 1; v < NVER; v++) {
      float d[12];
      shared_verts(d, v);
      glBindBuffer(GL_ARRAY_BUFFER, svbo[v]);
      glBufferData(GL_ARRAY_BUFFER, sizeof(d), d, GL_STATIC_DRAW);
   }
   static unsigned char px[W * W * 4];
   for (int key = 0; key < NKEY; key++) {
      c.key = key;
      /* each key's context objects; names leak, it is one run */
      if (!ctx_setup(&c))
         return 1;
      for (int i = 0; i < NVAR * NTEX * NVER; i++) {
         struct scene s = { key, i / (NTEX * NVER), i / NVER % NTEX, i % NVER };
         draw_scene(&c, s, s.tex ? gtex[s.tex - 1] : c.tex, svbo[s.ver]);
         glReadPixels(0, 0, W, W, GL_RGBA, GL_UNSIGNED_BYTE, px);
         fseek(f, (long)scene_index(s) * sizeof(px), SEEK_SET);
         fwrite(px, 1, sizeof(px), f);
      }
   }
   fclose(f);
   printf("%d reference frames written to %s (GL_RENDERER %s)\n", NSCENE,
          path, glGetString(GL_RENDERER));
   return glGetError() != GL_NO_ERROR;
}

/* --- the rogue: an illegal method on a channel, through libdrm --- */

/* The DRM files of the process (the shim's or the kernel's): fds that
 * answer a nouveau GETPARAM. */
static int
drm_fds(int *fds, int max)
{
   int n = 0;
   for (int fd = 3; fd < 1024 && n < max; fd++) {
      struct drm_nouveau_getparam gp = { .param = NOUVEAU_GETPARAM_CHIPSET_ID };
      if (drmCommandWriteRead(fd, DRM_NOUVEAU_GETPARAM, &gp, sizeof(gp)) == 0)
         fds[n++] = fd;
   }
   return n;
}

/* Channels of fd (an empty GEM_PUSHBUF is refused for unknown ones). */
static void
channels_of(int fd, bool *live, int max)
{
   for (int id = 0; id < max; id++) {
      struct drm_nouveau_gem_pushbuf req = { .channel = id };
      live[id] = drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                     sizeof(req)) == 0;
   }
}

/* Do two fds share one open file (kcmp; if the kernel will not say, the
 * same channels answering on both stands in)? */
static bool
same_file(int a, int b)
{
   pid_t pid = getpid();
   long r = syscall(SYS_kcmp, pid, pid, KCMP_FILE, a, b);
   if (r >= 0)
      return r == 0;
   bool la[64], lb[64];
   channels_of(a, la, 64);
   channels_of(b, lb, 64);
   return !memcmp(la, lb, sizeof(la));
}

#define MAX_FDS 8
#define MAX_CHID 512
struct chanset { int nfd, fds[MAX_FDS]; bool live[MAX_FDS][MAX_CHID]; };

static void
chanset_read(struct chanset *s)
{
   s->nfd = drm_fds(s->fds, MAX_FDS);
   for (int i = 0; i < s->nfd; i++)
      channels_of(s->fds[i], s->live[i], MAX_CHID);
}

/* The kinds of trap the rogue raises, in the order --traps submits them. */
enum trap_kind {
   TRAP_ILLEGAL_MTHD,
   TRAP_INVALID_VALUE,
   TRAP_DMA_FAULT,
   TRAP_RUNAWAY,
   NUM_TRAP_KINDS,
};

static const char *const trap_kind_name[NUM_TRAP_KINDS] = {
   "illegal method", "invalid value", "DMA fault", "runaway vertex program",
};

/* Room for one submission of each kind in the rogue's buffer. */
#define ROGUE_STRIDE 1024

/* What the rogue holds: libdrm objects on the shared DRM file, made once
 * (not deleted: nouveau_drm_del would close the shared fd; they go at
 * exit), and the chip's row of the hwdb table for its limits. */
static struct {
   struct nouveau_drm *drm;
   struct nouveau_device *dev;
   struct nouveau_client *client;
   struct nouveau_bo *bo;
   const struct nvhwdb_chip *chip;
} rogue;

static int
rogue_init(int fd)
{
   struct drm_nouveau_getparam gp = { .param = NOUVEAU_GETPARAM_CHIPSET_ID };
   int ret = drmCommandWriteRead(fd, DRM_NOUVEAU_GETPARAM, &gp, sizeof(gp));
   if (!ret && !(rogue.chip = nvhwdb_chip_find((uint32_t)gp.value)))
      ret = -ENODEV;
   if (!ret)
      ret = nouveau_drm_new(fd, &rogue.drm);
   if (!ret)
      ret = nouveau_device_new(&rogue.drm->client, NV_DEVICE,
                               &(struct nv_device_v0) { .device = ~0ULL },
                               sizeof(struct nv_device_v0), &rogue.dev);
   if (!ret)
      ret = nouveau_client_new(rogue.dev, &rogue.client);
   if (!ret)
      ret = nouveau_bo_new(rogue.dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0,
                           NUM_TRAP_KINDS * ROGUE_STRIDE, NULL, &rogue.bo);
   if (!ret)
      ret = nouveau_bo_map(rogue.bo, NOUVEAU_BO_WR, rogue.client);
   return ret;
}

/* One method header on subchannel 0 (the driver binds its 3D object
 * there) and its data. */
static unsigned
rogue_mthd(uint32_t *p, unsigned n, uint32_t mthd, unsigned count,
           const uint32_t *data)
{
   p[n++] = NV4_DMA_CMD_COUNT(count) | NV4_DMA_CMD_SUBC(0) |
            NV4_DMA_CMD_METHOD(mthd);
   for (unsigned i = 0; i < count; i++)
      p[n++] = data[i];
   return n;
}

static unsigned
rogue_1(uint32_t *p, unsigned n, uint32_t mthd, uint32_t data)
{
   return rogue_mthd(p, n, mthd, 1, &data);
}

/* The words of one trap of each kind, each trapping on NV40's curie
 * (hwdb nv30-40_3d.xml; nvsim's checks are in nv40_3d_class.c), and
 * each leaving the state the driver set as it was, so that the context
 * draws right after it:
 *  - ILLEGAL_MTHD: LIGHT[0]'s first word, rankine's fixed-function
 *    lighting, which curie dropped (variants NV30_3D:NV40_3D);
 *  - INVALID_VALUE: VP_UPLOAD_CONST_ID of the first constant the chip
 *    does not have (hwdb chips.xml vp-consts); the driver sends the id
 *    before every constant it uploads (nv30_emit.c, nv30_shader.c);
 *  - DMA_ERROR: QUERY_GET of a report at the last offset its field holds,
 *    far past DMA_QUERY, the driver's notifier object of a few reports
 *    (nv30_query.c);
 *  - the step limit: a vertex program that branches to itself (BRA),
 *    uploaded at the chip's last VP slot (the driver's program is at
 *    slot 0, nv30_shader.c), started, and run on one immediate vertex
 *    (attribute 0 inside a begin/end, so that no vertex buffer of the
 *    driver is read); a card would spin in it, nvsim stops it at
 *    NVSIM_NV40_VP_MAX_STEPS.  Then VP_START_FROM_ID 0 puts back the
 *    driver's start, should the driver not send it again before its
 *    next draw.
 * Returns the number of words, 0 if the program could not be encoded. */
static unsigned
rogue_words(enum trap_kind kind, uint32_t *p)
{
   unsigned n = 0;
   switch (kind) {
   case TRAP_ILLEGAL_MTHD:
      return rogue_1(p, n, NV30_3D_LIGHT_FRONT_SIDE_PRODUCT_AMBIENT(0),
                     0x3f800000 /* 1.0f */);
   case TRAP_INVALID_VALUE:
      return rogue_1(p, n, NV30_3D_VP_UPLOAD_CONST_ID, rogue.chip->vp_consts);
   case TRAP_DMA_FAULT:
      return rogue_1(p, n, NV30_3D_QUERY_GET,
                     NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
                     (NV30_3D_QUERY_GET_OFFSET__MASK &
                      ~(uint32_t)(NV30_QUERY_REPORT__SIZE - 1)));
   case TRAP_RUNAWAY: {
      unsigned slot = rogue.chip->vp_slots - 1;
      struct nvisa_nv40_vp_insn insn;
      uint32_t w[4];
      static const uint32_t origin[4] = { 0, 0, 0, 0x3f800000 /* 1.0f */ };
      nvisa_nv40_vp_insn_init(&insn);
      insn.sca_op = NVISA_NV40_VP_SCA_OP_BRA;
      insn.branch_target = slot;
      if (nvisa_nv40_vp_encode(&insn, w))
         return 0;
      n = rogue_1(p, n, NV30_3D_VP_UPLOAD_FROM_ID, slot);
      n = rogue_mthd(p, n, NV30_3D_VP_UPLOAD_INST(0),
                     NV30_3D_VP_UPLOAD_INST__LEN, w);
      n = rogue_1(p, n, NV30_3D_VP_START_FROM_ID, slot);
      n = rogue_1(p, n, NV30_3D_VERTEX_BEGIN_END,
                  NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      n = rogue_mthd(p, n, NV30_3D_VTX_ATTR_4F_X(0), 4, origin);
      n = rogue_1(p, n, NV30_3D_VERTEX_BEGIN_END,
                  NV30_3D_VERTEX_BEGIN_END_STOP);
      return rogue_1(p, n, NV30_3D_VP_START_FROM_ID, 0);
   }
   default:
      return 0;
   }
}

/* Submits one trap of the kind on channel chid of fd: a pushbuffer of
 * our own in GART, through the kernel's GEM_PUSHBUF, as any client of the
 * channel could. */
static int
rogue_submit(int fd, int chid, enum trap_kind kind)
{
   int ret = rogue.bo ? 0 : rogue_init(fd);
   if (ret)
      return ret;
   uint32_t *p = (uint32_t *)((char *)rogue.bo->map + kind * ROGUE_STRIDE);
   unsigned n = rogue_words(kind, p);
   if (!n)
      return -EINVAL;
   struct drm_nouveau_gem_pushbuf_bo b = {
      .handle = rogue.bo->handle,
      .valid_domains = NOUVEAU_GEM_DOMAIN_GART,
      .read_domains = NOUVEAU_GEM_DOMAIN_GART,
   };
   struct drm_nouveau_gem_pushbuf_push push = {
      .bo_index = 0, .offset = kind * ROGUE_STRIDE, .length = 4 * n,
   };
   struct drm_nouveau_gem_pushbuf req = {
      .channel = chid, .nr_buffers = 1, .buffers = (uintptr_t)&b,
      .nr_push = 1, .push = (uintptr_t)&push,
   };
   return drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req));
}

/* FIFO channels of the process's DRM files. */
static int
count_channels(void)
{
   struct chanset *cs = calloc(1, sizeof(*cs));
   int live = 0;

   chanset_read(cs);
   for (int i = 0; i < cs->nfd; i++) {
      /* fds of one file (dup()s: EGL's, the winsys's) count once */
      bool seen = false;
      for (int j = 0; j < i; j++)
         seen |= same_file(cs->fds[i], cs->fds[j]);
      for (int id = 0; id < MAX_CHID && !seen; id++)
         live += cs->live[i][id];
   }
   free(cs);
   return live;
}

/* --- check mode --- */

static struct ctx *ctxs;
static int nthreads, nctx_per, nframes;
static struct ctx *victim;
/* --trap: one trap that kills the channel (NVSIM_STRICT=1), the victim
 * must report a guilty reset; --traps: every kind, the channel goes on */
enum trap_mode { TRAPS_NONE, TRAP_RESET, TRAPS_EACH_KIND };
static enum trap_mode trap_mode;
static int expect_channels = -1;
static atomic_long victim_frames;
static atomic_int victim_lost_seen;
static pthread_barrier_t start_barrier;

static bool
frame_matches(const unsigned char *got, const unsigned char *want,
              int *bad_x, int *bad_y)
{
   for (int i = 0; i < W * W * 4; i++) {
      int d = got[i] - want[i];
      if (d > TOL || d < -TOL) {
         *bad_x = i / 4 % W;
         *bad_y = i / 4 / W;
         return false;
      }
   }
   return true;
}

static void
ctx_frame(struct ctx *c, long f)
{
   struct scene s = { c->key, (int)((f + c->index) % NVAR), 0, 0 };
   GLuint tex = c->tex, svbo = 0;
   struct group *g = c->group >= 0 ? &groups[c->group] : NULL;
   unsigned char px[W * W * 4];

   if (c->lost)
      return;
   if (g) {
      s.tex = 1 + c->group;
      tex = g->tex;
      svbo = g->vbo;
      pthread_mutex_lock(&g->lock);
      if (c->leader) {
         if (g->acks >= g->members - 1) {
            /* every member drew with the last version: a new one */
            int ver = g->ver % NVAR + 1;
            GLsync old = g->fence;
            pthread_mutex_unlock(&g->lock);
            float d[12];
            shared_verts(d, ver);
            glBindBuffer(GL_ARRAY_BUFFER, g->vbo);
            glBufferData(GL_ARRAY_BUFFER, sizeof(d), d, GL_DYNAMIC_DRAW);
            GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
            glFlush();
            if (old)
               glDeleteSync(old);
            pthread_mutex_lock(&g->lock);
            g->ver = ver;
            g->fence = fence;
            g->acks = 0;
         }
         s.ver = g->ver;
         pthread_mutex_unlock(&g->lock);
      } else if (g->ver != c->seen_ver) {
         int ver = g->ver;
         GLsync fence = g->fence;
         pthread_mutex_unlock(&g->lock);
         glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT,
                          60ull * 1000000000ull);
         s.ver = ver;
         c->seen_ver = ver;
      } else {
         pthread_mutex_unlock(&g->lock);
      }
   }

   draw_scene(c, s, tex, svbo);
   glReadPixels(0, 0, W, W, GL_RGBA, GL_UNSIGNED_BYTE, px);

   if (g && !c->leader && s.ver) {
      pthread_mutex_lock(&g->lock);
      g->acks++;
      pthread_mutex_unlock(&g->lock);
   }

   if (c->robust) {
      GLenum st = glGetGraphicsResetStatusARB();
      if (st != GL_NO_ERROR) {
         printf("context %d: reset status 0x%x (%s) after %ld frames\n",
                c->index, st, st == GL_GUILTY_CONTEXT_RESET_ARB ? "guilty" :
                "not guilty", c->frames);
         c->lost = true;
         atomic_store(&victim_lost_seen, st == GL_GUILTY_CONTEXT_RESET_ARB ? 1 : 2);
         /* later calls on a lost context return (and do nothing) */
         glClear(GL_COLOR_BUFFER_BIT);
         glReadPixels(0, 0, W, W, GL_RGBA, GL_UNSIGNED_BYTE, px);
         glFinish();
         return;
      }
      atomic_fetch_add(&victim_frames, 1);
   }

   int bx, by;
   c->frames++;
   if (!frame_matches(px, ref_frames + (size_t)scene_index(s) * W * W * 4,
                      &bx, &by)) {
      /* The victim's frames after the trap and before it notices are
       * not the scene: the channel stopped drawing. */
      if (c->robust && trap_mode == TRAP_RESET &&
          atomic_load(&victim_lost_seen) == 0) {
         c->frames--;
         return;
      }
      if (c->wrong++ < 3) {
         const unsigned char *w = ref_frames +
            (size_t)scene_index(s) * W * W * 4 + (by * W + bx) * 4;
         const unsigned char *p = px + (by * W + bx) * 4;
         printf("context %d frame %ld (scene %d/%d/%d/%d): pixel (%d,%d) "
                "%02x%02x%02x%02x, llvmpipe %02x%02x%02x%02x\n", c->index, f,
                s.key, s.var, s.tex, s.ver, bx, by, p[0], p[1], p[2], p[3],
                w[0], w[1], w[2], w[3]);
      }
   }
}

static void *
worker(void *arg)
{
   long t = (long)arg;
   pthread_barrier_wait(&start_barrier);
   for (long f = 0; f < nframes; f++) {
      for (int i = 0; i < nctx_per; i++) {
         struct ctx *c = &ctxs[t * nctx_per + i];
         if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c->egl)) {
            printf("thread %ld: eglMakeCurrent failed (0x%x)\n", t,
                   eglGetError());
            c->wrong++;
            continue;
         }
         ctx_frame(c, f);
      }
      if (t == 0 && victim && !victim->lost) {
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, victim->egl);
         ctx_frame(victim, f);
      }
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return NULL;
}

static EGLContext
create_context(EGLContext share, bool robust)
{
   EGLint plain[] = { EGL_NONE };
   EGLint rob[] = {
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
      EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE,
   };
   return eglCreateContext(dpy, EGL_NO_CONFIG_KHR, share,
                           robust ? rob : plain);
}

static int
check(const char *ref_path)
{
   bool trap = trap_mode != TRAPS_NONE;
   FILE *f = fopen(ref_path, "rb");
   size_t size = (size_t)NSCENE * W * W * 4;
   unsigned char *ref = malloc(size);
   if (!f || !ref || fread(ref, 1, size, f) != size) {
      printf("cannot read %zu bytes of reference frames from %s "
             "(make them with --ref on llvmpipe)\n", size, ref_path);
      return 2;
   }
   fclose(f);
   ref_frames = ref;

   int n = nthreads * nctx_per;
   ctxs = calloc(n + 1, sizeof(*ctxs));
   int made = 0;
   for (int i = 0; i < n; i++) {
      struct ctx *c = &ctxs[i];
      c->index = i;
      c->key = i % NKEY;
      c->group = (i % 2 == 0) ? (i / 2) % NGROUP : -1;
      c->leader = c->group >= 0 && i / 2 < NGROUP;
      EGLContext share = c->group >= 0 && !c->leader ?
         ctxs[2 * c->group].egl : EGL_NO_CONTEXT;
      c->egl = create_context(share, false);
      if (!c->egl) {
         printf("context %d: eglCreateContext failed (0x%x)\n", i,
                eglGetError());
         return 2;
      }
      made++;
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c->egl);
      if (!ctx_setup(c))
         return 2;
      if (i == 0)
         printf("GL_RENDERER %s\n", glGetString(GL_RENDERER));
      if (c->leader) {
         struct group *g = &groups[c->group];
         pthread_mutex_init(&g->lock, NULL);
         g->tex = make_texture(NKEY + c->group);
         glGenBuffers(1, &g->vbo);
         glBindBuffer(GL_ARRAY_BUFFER, g->vbo);
         glBufferData(GL_ARRAY_BUFFER, 48, NULL, GL_DYNAMIC_DRAW);
         glFinish();
      }
      if (c->group >= 0)
         groups[c->group].members++;
      c->seen_ver = 0;
   }
   printf("%d contexts made on %d threads (%d in %d share groups)\n", made,
          nthreads, (n + 1) / 2, n >= 2 * NGROUP ? NGROUP : (n + 1) / 2);
   if (expect_channels >= 0) {
      int live = count_channels();
      printf("%d contexts on %d FIFO channels%s\n", made, live,
             live == expect_channels ? "" : ": WRONG");
      if (live != expect_channels) {
         printf("FAILED: expected %d channels\n", expect_channels);
         return 1;
      }
   }

   struct chanset *before = NULL, *after = NULL;
   int victim_fd = -1, victim_chid = -1;
   if (trap) {
      before = calloc(1, sizeof(*before));
      after = calloc(1, sizeof(*after));
      chanset_read(before);
      victim = &ctxs[n];
      victim->index = n;
      victim->key = n % NKEY;
      victim->group = -1;
      victim->robust = true;
      victim->egl = create_context(EGL_NO_CONTEXT, true);
      if (!victim->egl) {
         printf("robust context: eglCreateContext failed (0x%x)\n",
                eglGetError());
         return 2;
      }
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, victim->egl);
      if (!ctx_setup(victim))
         return 2;
      glFinish();
      chanset_read(after);
      for (int i = 0; i < after->nfd; i++) {
         for (int id = 0; id < MAX_CHID; id++) {
            bool was = false;
            for (int j = 0; j < before->nfd; j++)
               if (before->fds[j] == after->fds[i])
                  was = before->live[j][id];
            if (after->live[i][id] && !was) {
               victim_fd = after->fds[i];
               victim_chid = id;
            }
         }
      }
      if (victim_chid < 0) {
         printf("the robust context's channel was not found\n");
         return 2;
      }
      printf("robust context %d is on channel %d (fd %d)\n", n, victim_chid,
             victim_fd);
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);

   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   pthread_t *th = calloc(nthreads, sizeof(*th));
   pthread_barrier_init(&start_barrier, NULL, nthreads + 1);
   for (long t = 0; t < nthreads; t++)
      pthread_create(&th[t], NULL, worker, (void *)t);
   pthread_barrier_wait(&start_barrier);
   int rogue_failed = 0;
   if (trap) {
      int kinds = trap_mode == TRAP_RESET ? 1 : NUM_TRAP_KINDS;
      for (int k = 0; k < kinds; k++) {
         /* --trap: a quarter of the way; --traps: every fifth */
         long at = trap_mode == TRAP_RESET ? nframes / 4 :
                   (long)nframes * (k + 1) / (NUM_TRAP_KINDS + 1);
         /* (a lost victim draws no more frames) */
         while (atomic_load(&victim_frames) < at &&
                !atomic_load(&victim_lost_seen))
            usleep(1000);
         int ret = rogue_submit(victim_fd, victim_chid, k);
         printf("%s submitted on channel %d after %ld of its frames (%d)\n",
                trap_kind_name[k], victim_chid, atomic_load(&victim_frames),
                ret);
         rogue_failed += ret != 0;
      }
   }
   for (int t = 0; t < nthreads; t++)
      pthread_join(th[t], NULL);
   clock_gettime(CLOCK_MONOTONIC, &t1);

   long frames = 0, wrong = 0;
   for (int i = 0; i < n; i++) {
      frames += ctxs[i].frames;
      wrong += ctxs[i].wrong;
   }
   double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
   printf("%ld frames checked, %ld wrong (%d threads x %d contexts x %d "
          "frames, %.1f s)\n", frames, wrong, nthreads, nctx_per, nframes,
          secs);
   bool ok = wrong == 0 && frames == (long)n * nframes;
   if (trap_mode == TRAP_RESET) {
      bool guilty = atomic_load(&victim_lost_seen) == 1;
      printf("trap: robust context %s after %ld good frames; its wrong "
             "frames %ld\n", guilty ? "reported GL_GUILTY_CONTEXT_RESET" :
             "did NOT report a guilty reset", victim->frames, victim->wrong);
      ok = ok && guilty && victim->wrong == 0;
   } else if (trap_mode == TRAPS_EACH_KIND) {
      /* every submission taken, no reset, every frame of the trapping
       * context right as well */
      bool reset = atomic_load(&victim_lost_seen) != 0;
      printf("traps: %d kinds submitted (%d refused); robust context %s, "
             "%ld of %d frames checked, %ld wrong\n", NUM_TRAP_KINDS,
             rogue_failed, reset ? "REPORTED A RESET" : "reported no reset",
             victim->frames, nframes, victim->wrong);
      ok = ok && !rogue_failed && !reset && victim->frames == nframes &&
           victim->wrong == 0;
   }
   if (rogue_failed && trap_mode == TRAP_RESET)
      ok = false;

   /* Teardown, the lost context first: it must not wait for a channel
    * that will never run again, and every channel, shared or not, must
    * go with its last context. */
   clock_gettime(CLOCK_MONOTONIC, &t0);
   if (victim)
      eglDestroyContext(dpy, victim->egl);
   for (int i = n - 1; i >= 0; i--)
      eglDestroyContext(dpy, ctxs[i].egl);
   clock_gettime(CLOCK_MONOTONIC, &t1);
   int left = count_channels();
   printf("%d contexts destroyed in %.1f s, %d FIFO channels left\n",
          n + (victim != NULL),
          (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, left);
   ok = ok && left == 0;
   printf("%s\n", ok ? "PASSED" : "FAILED");
   return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
   const char *ref = NULL, *chk = NULL;
   nthreads = 4;
   nctx_per = 4;
   nframes = 20;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--ref") && i + 1 < argc)
         ref = argv[++i];
      else if (!strcmp(argv[i], "--check") && i + 1 < argc)
         chk = argv[++i];
      else if (!strcmp(argv[i], "-t") && i + 1 < argc)
         nthreads = atoi(argv[++i]);
      else if (!strcmp(argv[i], "-c") && i + 1 < argc)
         nctx_per = atoi(argv[++i]);
      else if (!strcmp(argv[i], "-f") && i + 1 < argc)
         nframes = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--trap"))
         trap_mode = TRAP_RESET;
      else if (!strcmp(argv[i], "--traps"))
         trap_mode = TRAPS_EACH_KIND;
      else if (!strcmp(argv[i], "--channels") && i + 1 < argc)
         expect_channels = atoi(argv[++i]);
      else {
         fprintf(stderr, "usage: %s --ref FILE | --check FILE [-t threads] "
                 "[-c contexts per thread] [-f frames] [--trap | --traps] "
                 "[--channels N]\n", argv[0]);
         return 2;
      }
   }
   if ((!ref && !chk) || nthreads < 1 || nctx_per < 1 || nframes < 1) {
      fprintf(stderr, "%s: --ref FILE or --check FILE\n", argv[0]);
      return 2;
   }

   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = gpd ? gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
             : EGL_NO_DISPLAY;
   EGLint maj, min;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &maj, &min)) {
      printf("eglInitialize failed\n");
      return 2;
   }
   eglBindAPI(EGL_OPENGL_API);
   int ret = ref ? write_ref(ref) : check(chk);
   fflush(stdout);
   /* (the contexts are gone; Mesa's exit handlers are not under test) */
   _exit(ret);
}
