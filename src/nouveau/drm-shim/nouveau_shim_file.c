/*
 * Per-file state (the file's channels), kept beside the core's shim_fd.
 *
 * The drm-shim core has no hook for "this file is closed", but it releases
 * every entry of shim_fd->handles then, through driver_bo_free.  So the file
 * state hangs off a sentinel entry in that table, under a key above 2^32 that
 * no GEM handle (a u32) can name: GEM_CLOSE cannot reach it, and its release
 * is our close hook.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/hash_table.h"
#include "nouveau_shim.h"

#define NOUVEAU_SHIM_FILE_KEY ((void *)(uintptr_t)(1ull << 40))

struct nouveau_shim_file *
nouveau_shim_file_get(int fd)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct nouveau_shim_file *file = NULL;

   if (!shim_fd)
      return NULL;

   mtx_lock(&shim_fd->handle_lock);
   struct hash_entry *entry =
      _mesa_hash_table_search(shim_fd->handles, NOUVEAU_SHIM_FILE_KEY);
   if (entry) {
      file = ((struct nouveau_shim_bo *)entry->data)->file;
   } else {
      struct nouveau_shim_bo *sentinel = calloc(1, sizeof(*sentinel));
      file = calloc(1, sizeof(*file));
      /* The core's release path returns the BO's range to its heap, so the
       * sentinel owns a page of the (address-only) shim memory. */
      if (sentinel && file &&
          drm_shim_bo_init(&sentinel->base, sysconf(_SC_PAGE_SIZE)) == 0) {
         mtx_init(&file->lock, mtx_plain);
         sentinel->kind = NOUVEAU_SHIM_BO_FILE;
         sentinel->file = file;
         /* refcount 0 is the core's "one reference" (drm_shim_bo_put frees
          * when the count drops below zero). */
         _mesa_hash_table_insert(shim_fd->handles, NOUVEAU_SHIM_FILE_KEY,
                                 sentinel);
      } else {
         free(sentinel);
         free(file);
         file = NULL;
      }
   }
   mtx_unlock(&shim_fd->handle_lock);
   return file;
}

struct nouveau_shim_channel *
nouveau_shim_channel_find(struct nouveau_shim_file *file, int id)
{
   for (struct nouveau_shim_channel *chan = file->channels; chan;
        chan = chan->next) {
      if (chan->id == id)
         return chan;
   }
   return NULL;
}

/* The last fd of the file is closed: its channels go, as the kernel's
 * abi16 teardown frees them. */
void
nouveau_shim_file_destroy(struct nouveau_shim_file *file)
{
   mtx_lock(&file->lock);
   while (file->channels) {
      struct nouveau_shim_channel *chan = file->channels;
      file->channels = chan->next;
      nouveau_shim_channel_unref(chan);
   }
   mtx_unlock(&file->lock);
   nouveau_shim_tesla_file_fini(file);
   mtx_destroy(&file->lock);
   free(file);
}
