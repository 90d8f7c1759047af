/*
 * Channels and their objects: the per-channel handle table (the RAMHT of
 * the hardware, envytools-docs/hw/fifo/puller.rst "RAMHT and the FIFO
 * objects"), DMA objects, notifiers and graphics objects.
 *
 * Objects are never freed while the channel lives: a destroyed object
 * leaves the handle table at once but its memory stays (graveyard) because
 * PGRAPH may still have it bound, as the hardware keeps using an instance
 * it was given.  Everything goes with the channel.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvsim_priv.h"
#include "nvsim_gen.h"

#define SLOT_DELETED NVSIM_SLOT_DELETED

/* abi16 channel defaults (Mesa nv30_screen.c, struct nv04_fifo). */
#define DEFAULT_VRAM_CTXDMA 0xbeef0201
#define DEFAULT_GART_CTXDMA 0xbeef0202
/* The kernel's abi16 notifier block: one page of GART (nouveau_abi16.c). */
#define NOTIFIER_BLOCK_SIZE 4096

static uint32_t
hash_handle(uint32_t h)
{
   h ^= h >> 16;
   h *= 0x7feb352d;
   h ^= h >> 15;
   h *= 0x846ca68b;
   h ^= h >> 16;
   return h;
}

static struct nvsim_handle_slot *
slot_find(struct nvsim_channel *chan, uint32_t handle)
{
   if (!chan->slot_cap)
      return NULL;
   unsigned mask = chan->slot_cap - 1;
   for (unsigned i = hash_handle(handle) & mask, n = 0; n < chan->slot_cap;
        i = (i + 1) & mask, n++) {
      struct nvsim_handle_slot *s = &chan->slots[i];
      if (!s->obj)
         return NULL;
      if (s->obj != SLOT_DELETED && s->handle == handle)
         return s;
   }
   return NULL;
}

static bool
slot_insert(struct nvsim_channel *chan, struct nvsim_object *obj);

static bool
slots_grow(struct nvsim_channel *chan)
{
   struct nvsim_handle_slot *old = chan->slots;
   unsigned old_cap = chan->slot_cap;
   unsigned cap = old_cap ? old_cap * 2 : 64;
   struct nvsim_handle_slot *slots = calloc(cap, sizeof(*slots));
   if (!slots)
      return false;
   chan->slots = slots;
   chan->slot_cap = cap;
   chan->slot_used = 0;
   for (unsigned i = 0; i < old_cap; i++) {
      if (old[i].obj && old[i].obj != SLOT_DELETED)
         slot_insert(chan, old[i].obj);
   }
   free(old);
   return true;
}

static bool
slot_insert(struct nvsim_channel *chan, struct nvsim_object *obj)
{
   /* keep at most 3/4 of the slots used, tombstones included */
   if ((chan->slot_used + 1) * 4 > chan->slot_cap * 3 && !slots_grow(chan))
      return false;
   unsigned mask = chan->slot_cap - 1;
   unsigned i = hash_handle(obj->handle) & mask;
   while (chan->slots[i].obj && chan->slots[i].obj != SLOT_DELETED)
      i = (i + 1) & mask;
   if (!chan->slots[i].obj)
      chan->slot_used++;
   chan->slots[i].handle = obj->handle;
   chan->slots[i].obj = obj;
   return true;
}

struct nvsim_object *
nvsim_lookup_locked(struct nvsim_channel *chan, uint32_t handle)
{
   struct nvsim_handle_slot *s = slot_find(chan, handle);
   return s ? s->obj : NULL;
}

struct nvsim_object *
nvsim_lookup(struct nvsim_channel *chan, uint32_t handle)
{
   pthread_mutex_lock(&chan->lock);
   struct nvsim_object *obj = nvsim_lookup_locked(chan, handle);
   pthread_mutex_unlock(&chan->lock);
   return obj;
}

const struct nvsim_chip_info *
nvsim_object_chip(const struct nvsim_object *obj)
{
   return &obj->chan->dev->info;
}

/* Inserts a new object; -EEXIST when the handle is taken. */
static int
add_object(struct nvsim_channel *chan, struct nvsim_object *obj)
{
   int ret = 0;
   pthread_mutex_lock(&chan->lock);
   if (nvsim_lookup_locked(chan, obj->handle))
      ret = -EEXIST;
   else if (!slot_insert(chan, obj))
      ret = -ENOMEM;
   pthread_mutex_unlock(&chan->lock);
   return ret;
}

static void
free_object(struct nvsim_object *obj)
{
   if (obj->cls && obj->cls->destroy && obj->priv)
      obj->cls->destroy(obj->priv);
   free(obj);
}

static int
make_dma(struct nvsim_channel *chan, uint32_t handle, uint32_t oclass,
         enum nvsim_domain domain, uint64_t base, uint64_t size)
{
   struct nvsim_object *obj = calloc(1, sizeof(*obj));
   if (!obj)
      return -ENOMEM;
   obj->chan = chan;
   obj->handle = handle;
   obj->oclass = oclass;
   obj->is_dma = true;
   obj->dma_domain = domain;
   obj->dma_base = base;
   obj->dma_limit = size;
   int ret = add_object(chan, obj);
   if (ret)
      free(obj);
   nvsim_trace_dma_create(chan, handle, oclass, domain, base, size, ret);
   return ret;
}

/* The kernel's channel DMA objects cover all of VRAM and GART as
 * NV_DMA_IN_MEMORY (nouveau_chan.c, nouveau_channel_init): the NV04-family
 * nvsim_gen.channel_init. */
int
nvsim_dma_channel_init(struct nvsim_channel *chan,
                       struct nvsim_channel_info *info, uint32_t vram_handle,
                       uint32_t gart_handle)
{
   struct nvsim_device *dev = chan->dev;
   (void)info;
   int ret = make_dma(chan, vram_handle, NV3_DMA_IN_MEMORY_CLASS,
                      NVSIM_DOMAIN_VRAM, 0, dev->info.vram_size);
   if (!ret)
      ret = make_dma(chan, gart_handle, NV3_DMA_IN_MEMORY_CLASS,
                     NVSIM_DOMAIN_GART, 0, dev->info.gart_size);
   return ret;
}

/* A notifier is a DMA object over its bytes of the block, in the block's
 * aperture (nouveau_abi16.c, nouveau_abi16_ioctl_notifierobj_alloc). */
void
nvsim_dma_notifier_window(const struct nvsim_channel *chan, uint32_t offset,
                          enum nvsim_domain *domain, uint64_t *base)
{
   *domain = chan->notifier_bo->domain;
   *base = chan->notifier_bo->offset + offset;
}

struct nvsim_channel *
nvsim_channel_create(struct nvsim_device *dev, struct nvsim_channel_info *info)
{
   if (!dev || !info)
      return NULL;
   struct nvsim_channel *chan = calloc(1, sizeof(*chan));
   if (!chan)
      return NULL;
   chan->dev = dev;
   pthread_mutex_init(&chan->lock, NULL);
   chan->graph.last_subc = -1;

   /* The chip's PFIFO has so many channels and no more (hwdb
    * nv_fifo_channels); NVSIM_MAX_CHANNELS is only the array's room. */
   unsigned max = dev->info.channels < NVSIM_MAX_CHANNELS ?
                  dev->info.channels : NVSIM_MAX_CHANNELS;
   pthread_mutex_lock(&dev->lock);
   unsigned id = 0;
   while (id < max && dev->channels[id])
      id++;
   if (id < max)
      dev->channels[id] = chan;
   pthread_mutex_unlock(&dev->lock);
   if (id == max) {
      fprintf(stderr, "nvsim: all %u channels of the %s are in use\n", max,
              dev->info.name);
      pthread_mutex_destroy(&chan->lock);
      free(chan);
      return NULL;
   }
   chan->id = id;

   uint32_t vram_handle = info->vram_ctxdma ? info->vram_ctxdma
                                            : DEFAULT_VRAM_CTXDMA;
   uint32_t gart_handle = info->gart_ctxdma ? info->gart_ctxdma
                                            : DEFAULT_GART_CTXDMA;
   chan->notifier_bo = nvsim_bo_create(dev, NOTIFIER_BLOCK_SIZE,
                                       NVSIM_DOMAIN_GART, NULL);
   /* the channel's DMA objects, and what the generation adds (a VM) */
   if (!chan->notifier_bo ||
       dev->chip->gen->channel_init(chan, info, vram_handle, gart_handle)) {
      fprintf(stderr, "nvsim: channel %u: cannot create its notifier block "
              "or DMA objects (handles 0x%08x, 0x%08x)\n", id, vram_handle,
              gart_handle);
      nvsim_channel_destroy(chan);
      return NULL;
   }
   info->id = id;
   info->vram_ctxdma = vram_handle;
   info->gart_ctxdma = gart_handle;
   info->notifier_bo = chan->notifier_bo;
   nvsim_trace_channel_create(chan);
   return chan;
}

void
nvsim_channel_destroy(struct nvsim_channel *chan)
{
   if (!chan)
      return;
   struct nvsim_device *dev = chan->dev;

   nvsim_wait_seq(dev, chan->last_seq);
   nvsim_trace_channel_destroy(chan);
   pthread_mutex_lock(&dev->lock);
   if (dev->channels[chan->id] == chan)
      dev->channels[chan->id] = NULL;
   pthread_mutex_unlock(&dev->lock);

   for (unsigned i = 0; i < chan->slot_cap; i++) {
      if (chan->slots[i].obj && chan->slots[i].obj != SLOT_DELETED)
         free_object(chan->slots[i].obj);
   }
   for (unsigned i = 0; i < chan->num_graveyard; i++)
      free_object(chan->graveyard[i]);
   free(chan->slots);
   free(chan->graveyard);
   free(chan->ntfy);
   if (dev->chip->gen->channel_fini)
      dev->chip->gen->channel_fini(chan);
   if (chan->notifier_bo)
      nvsim_bo_destroy(chan->notifier_bo);
   free(chan->error);
   free(chan->last_trap);
   pthread_mutex_destroy(&chan->lock);
   free(chan);
}

int
nvsim_object_create(struct nvsim_channel *chan, uint32_t handle,
                    uint32_t oclass)
{
   if (!chan)
      return -EINVAL;
   if (nvsim_chan_dead(chan))
      return -ENODEV;
   struct nvsim_device *dev = chan->dev;
   char name[64];

   if (nvsim_class_is_dma(oclass)) {
      fprintf(stderr, "nvsim: ch%u: class 0x%04x (%s) is a DMA object: the "
              "kernel makes those (nvsim_dma_create, nvsim_notifier_create)\n",
              chan->id, oclass,
              nvsim_class_name(oclass, NULL, name, sizeof(name)));
      return -EINVAL;
   }
   const struct nvsim_class *cls = nvsim_device_class(dev, oclass);
   if (!cls || !cls->method) {
      /* real on this chip (rnndb variants, through hwdb) but no model,
       * or not a class of this chip at all */
      bool real = nvhwdb_class_on_chipset(oclass, dev->info.chipset);
      fprintf(stderr, "nvsim: ch%u: class 0x%04x (%s) %s %s (%s)\n",
              chan->id, oclass,
              nvsim_class_name(oclass, NULL, name, sizeof(name)),
              real ? "is not modelled by nvsim on" : "does not exist on",
              dev->info.name, dev->info.marketing);
      return -EINVAL;
   }

   struct nvsim_object *obj = calloc(1, sizeof(*obj));
   if (!obj)
      return -ENOMEM;
   obj->chan = chan;
   obj->handle = handle;
   obj->oclass = oclass;
   obj->cls = cls;
   if (cls->create && !(obj->priv = cls->create(obj))) {
      free(obj);
      return -ENOMEM;
   }
   int ret = add_object(chan, obj);
   if (ret)
      free_object(obj);
   nvsim_trace_object_create(chan, handle, oclass, ret);
   return ret;
}

int
nvsim_dma_create(struct nvsim_channel *chan, uint32_t handle, uint32_t oclass,
                 enum nvsim_domain domain, uint64_t base, uint64_t size)
{
   if (!chan || !nvsim_class_is_dma(oclass))
      return -EINVAL;
   if (nvsim_chan_dead(chan))
      return -ENODEV;
   uint64_t limit = domain == NVSIM_DOMAIN_VRAM ? chan->dev->info.vram_size :
                    domain == NVSIM_DOMAIN_GART ? chan->dev->info.gart_size :
                    domain == NVSIM_DOMAIN_VM ? chan->dev->chip->gen->vm_size :
                    0;
   if (!size || base > limit || size > limit - base) {
      fprintf(stderr, "nvsim: ch%u: DMA object 0x%08x [0x%llx, +0x%llx) is "
              "not inside %s\n", chan->id, handle, (unsigned long long)base,
              (unsigned long long)size, nvsim_domain_name(domain));
      return -EINVAL;
   }
   return make_dma(chan, handle, oclass, domain, base, size);
}

int
nvsim_notifier_create(struct nvsim_channel *chan, uint32_t handle,
                      uint32_t size, uint32_t *offset)
{
   if (!chan || !size || size > NOTIFIER_BLOCK_SIZE)
      return -EINVAL;
   if (nvsim_chan_dead(chan))
      return -ENODEV;

   pthread_mutex_lock(&chan->lock);
   /* First fit in the block, byte granular like the kernel's nvkm_mm
    * heap for abi16 notifiers (align 1). */
   uint32_t cursor = 0;
   unsigned pos = 0;
   for (; pos <= chan->num_ntfy; pos++) {
      uint32_t end = pos < chan->num_ntfy ? chan->ntfy[pos].offset
                                          : NOTIFIER_BLOCK_SIZE;
      if (end - cursor >= size)
         break;
      if (pos < chan->num_ntfy)
         cursor = chan->ntfy[pos].offset + chan->ntfy[pos].size;
   }
   int ret = 0;
   if (pos > chan->num_ntfy) {
      ret = -ENOMEM;
   } else if (chan->num_ntfy == chan->cap_ntfy) {
      unsigned cap = chan->cap_ntfy ? chan->cap_ntfy * 2 : 8;
      void *n = realloc(chan->ntfy, cap * sizeof(*chan->ntfy));
      if (!n) {
         ret = -ENOMEM;
      } else {
         chan->ntfy = n;
         chan->cap_ntfy = cap;
      }
   }
   if (!ret) {
      memmove(&chan->ntfy[pos + 1], &chan->ntfy[pos],
              (chan->num_ntfy - pos) * sizeof(*chan->ntfy));
      chan->ntfy[pos] = (struct nvsim_notifier_range) {
         .offset = cursor, .size = size, .handle = handle,
      };
      chan->num_ntfy++;
   }
   pthread_mutex_unlock(&chan->lock);
   if (ret)
      return ret;

   /* the block's range where the generation's DMA objects address it */
   enum nvsim_domain domain;
   uint64_t base;
   chan->dev->chip->gen->notifier_window(chan, cursor, &domain, &base);
   ret = make_dma(chan, handle, NV3_DMA_IN_MEMORY_CLASS, domain, base, size);
   pthread_mutex_lock(&chan->lock);
   if (ret) {
      for (unsigned i = 0; i < chan->num_ntfy; i++) {
         if (chan->ntfy[i].offset == cursor) {
            memmove(&chan->ntfy[i], &chan->ntfy[i + 1],
                    (chan->num_ntfy - i - 1) * sizeof(*chan->ntfy));
            chan->num_ntfy--;
            break;
         }
      }
   }
   pthread_mutex_unlock(&chan->lock);
   if (!ret && offset)
      *offset = cursor;
   return ret;
}

static bool
graveyard_reserve(struct nvsim_channel *chan)
{
   if (chan->num_graveyard < chan->cap_graveyard)
      return true;
   unsigned cap = chan->cap_graveyard ? chan->cap_graveyard * 2 : 16;
   void *g = realloc(chan->graveyard, cap * sizeof(*chan->graveyard));
   if (!g)
      return false;
   chan->graveyard = g;
   chan->cap_graveyard = cap;
   return true;
}

int
nvsim_object_destroy(struct nvsim_channel *chan, uint32_t handle)
{
   if (!chan)
      return -EINVAL;
   int ret = 0;
   pthread_mutex_lock(&chan->lock);
   struct nvsim_handle_slot *s = slot_find(chan, handle);
   if (!s) {
      ret = -ENOENT;
   } else if (!graveyard_reserve(chan)) {
      ret = -ENOMEM;
   } else {
      struct nvsim_object *obj = s->obj;
      s->obj = SLOT_DELETED;
      obj->dead = true;
      chan->graveyard[chan->num_graveyard++] = obj;
      /* a notifier gives its bytes back to the block: the range whose
       * window (where the generation's DMA objects see it) is the
       * object's */
      for (unsigned i = 0; obj->is_dma && i < chan->num_ntfy; i++) {
         enum nvsim_domain domain;
         uint64_t base;
         chan->dev->chip->gen->notifier_window(chan, chan->ntfy[i].offset,
                                               &domain, &base);
         if (chan->ntfy[i].handle == handle && domain == obj->dma_domain &&
             base == obj->dma_base) {
            memmove(&chan->ntfy[i], &chan->ntfy[i + 1],
                    (chan->num_ntfy - i - 1) * sizeof(*chan->ntfy));
            chan->num_ntfy--;
            break;
         }
      }
   }
   pthread_mutex_unlock(&chan->lock);
   nvsim_trace_object_destroy(chan, handle, ret);
   return ret;
}

const char *
nvsim_channel_error(const struct nvsim_channel *chan)
{
   struct nvsim_channel *c = (struct nvsim_channel *)chan;
   pthread_mutex_lock(&c->dev->lock);
   const char *err = c->error ? c->error :
                     c->num_traps ? "nvsim: channel trapped" : NULL;
   pthread_mutex_unlock(&c->dev->lock);
   return err;
}

const char *
nvsim_channel_last_trap(const struct nvsim_channel *chan)
{
   struct nvsim_channel *c = (struct nvsim_channel *)chan;
   pthread_mutex_lock(&c->dev->lock);
   const char *msg = c->last_trap ? c->last_trap :
                     c->num_traps ? "nvsim: channel trapped" : NULL;
   pthread_mutex_unlock(&c->dev->lock);
   return msg;
}

unsigned
nvsim_channel_traps(const struct nvsim_channel *chan)
{
   return __atomic_load_n(&chan->num_traps, __ATOMIC_ACQUIRE);
}

bool
nvsim_channel_dead(const struct nvsim_channel *chan)
{
   return nvsim_chan_dead(chan);
}

uint32_t
nvsim_channel_ref(struct nvsim_channel *chan)
{
   return __atomic_load_n(&chan->fifo.ref, __ATOMIC_ACQUIRE);
}

uint64_t
nvsim_channel_words_read(const struct nvsim_channel *chan)
{
   return chan->fifo.words_read;
}
