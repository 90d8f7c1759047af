/*
 * nouveau DRM winsys: one pipe_screen per device file description.
 *
 * pipe-loader (and st/dri for each drawable's screen) may call
 * nouveau_drm_screen_create() more than once for the same device; the
 * buffers of one device must then come from one nouveau_device, so screens
 * are kept in a table keyed by the file description, with a reference
 * count.  The pipe driver's own destroy is run when the last reference
 * goes.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pipe/p_screen.h"
#include "util/hash_table.h"
#include "util/os_file.h"
#include "util/u_memory.h"
#include "util/u_pointer.h"
#include "util/u_thread.h"

#include "drm-uapi/drm.h"
#include <nouveau.h>
#include <nvif/class.h>
#include <nvif/cl0080.h>

#include "nouveau_drm_public.h"
#include "nouveau/nouveau_screen.h"

static struct hash_table *nouveau_fd_table;
static mtx_t nouveau_fd_table_lock = _MTX_INITIALIZER_NP;

static uint32_t
nouveau_fd_hash(const void *key)
{
   struct stat st;

   /* Two fds of one file description name the same file. */
   if (fstat(pointer_to_intptr(key), &st) == -1)
      return 0;
   return st.st_dev ^ st.st_ino ^ st.st_rdev;
}

static bool
nouveau_fd_equal(const void *a, const void *b)
{
   int fa = pointer_to_intptr(a), fb = pointer_to_intptr(b);
   struct stat sa, sb;
   int same;

   if (fa == fb)
      return true;
   same = os_same_file_description(fa, fb);
   if (same >= 0)
      return same == 0;
   /* Without kcmp, the same device node is the best we can tell. */
   if (fstat(fa, &sa) || fstat(fb, &sb))
      return false;
   return sa.st_rdev == sb.st_rdev && sa.st_ino == sb.st_ino;
}

static void
nouveau_drm_screen_unref(struct pipe_screen *pscreen)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   bool last;

   mtx_lock(&nouveau_fd_table_lock);
   last = --screen->winsys_refcount == 0;
   if (last) {
      _mesa_hash_table_remove_key(nouveau_fd_table,
                                  intptr_to_pointer(screen->fd));
      if (!nouveau_fd_table->entries) {
         _mesa_hash_table_destroy(nouveau_fd_table, NULL);
         nouveau_fd_table = NULL;
      }
   }
   mtx_unlock(&nouveau_fd_table_lock);

   if (last) {
      int fd = screen->fd;
      screen->winsys_destroy(pscreen);
      close(fd);
   }
}

static struct pipe_screen *
nouveau_drm_screen_open(int fd)
{
   struct nouveau_drm *drm = NULL;
   struct nouveau_device *dev = NULL;
   struct nouveau_screen *screen;
   int dupfd, ret;

   /* The caller keeps its fd; ours lives as long as the screen. */
   dupfd = os_dupfd_cloexec(fd);
   if (dupfd < 0)
      return NULL;

   ret = nouveau_drm_new(dupfd, &drm);
   if (ret == 0)
      ret = nouveau_device_new(&drm->client, NV_DEVICE,
                               &(struct nv_device_v0) { .device = ~0ULL },
                               sizeof(struct nv_device_v0), &dev);
   if (ret) {
      fprintf(stderr, "nouveau: cannot open the device: %s\n", strerror(-ret));
      nouveau_drm_del(&drm);
      close(dupfd);
      return NULL;
   }

   screen = nouveau_screen_create(drm, dev);
   if (!screen) {
      nouveau_device_del(&dev);
      nouveau_drm_del(&drm);
      close(dupfd);
      return NULL;
   }
   screen->fd = dupfd;
   screen->winsys_refcount = 1;
   /* Our destroy runs the driver's when the last user lets go. */
   screen->winsys_destroy = screen->base.destroy;
   screen->base.destroy = nouveau_drm_screen_unref;
   return &screen->base;
}

struct pipe_screen *
nouveau_drm_screen_create(int fd)
{
   struct pipe_screen *pscreen = NULL;
   struct hash_entry *entry;

   mtx_lock(&nouveau_fd_table_lock);
   if (!nouveau_fd_table) {
      nouveau_fd_table = _mesa_hash_table_create(NULL, nouveau_fd_hash,
                                                 nouveau_fd_equal);
      if (!nouveau_fd_table)
         goto out;
   }

   entry = _mesa_hash_table_search(nouveau_fd_table, intptr_to_pointer(fd));
   if (entry) {
      pscreen = entry->data;
      nouveau_screen(pscreen)->winsys_refcount++;
   } else {
      pscreen = nouveau_drm_screen_open(fd);
      if (pscreen)
         _mesa_hash_table_insert(nouveau_fd_table,
                                 intptr_to_pointer(nouveau_screen(pscreen)->fd),
                                 pscreen);
   }
out:
   mtx_unlock(&nouveau_fd_table_lock);
   return pscreen;
}
