/*
 * The simulated device: chip identity, memory sizes, GPU thread start/stop.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvsim_priv.h"
#include "nvhwdb_chips.h"
#include "nvsim_gen.h"

/* A positive number of MiB from the environment, else `def`. */
static uint64_t
env_size_mb(const char *name, uint64_t def)
{
   const char *v = getenv(name);
   if (!v || !*v)
      return def;
   char *end;
   unsigned long long mb = strtoull(v, &end, 0);
   if (*end || mb == 0 || mb > (1ull << 20)) {
      fprintf(stderr, "nvsim: ignoring %s=%s (want MiB, 1..1048576)\n",
              name, v);
      return def;
   }
   return mb * 1024 * 1024;
}

/* Set and not "0". */
static bool
env_flag(const char *name)
{
   const char *v = getenv(name);
   return v && *v && strcmp(v, "0") != 0;
}

struct nvsim_device *
nvsim_device_create(uint32_t chipset)
{
   const struct nvsim_chip *chip = nvsim_chip_lookup(chipset);
   if (!chip) {
      /* Say which it is: a chip we know but do not model (the "nvsim"
       * column of hwdb chips.xml), or no chip at all. */
      const struct nvhwdb_chip *hw = nvhwdb_chip_find(chipset);
      if (hw)
         fprintf(stderr, "nvsim: chipset 0x%02x (%s, %s) is not modelled by "
                 "nvsim (hwdb chips.xml)\n", chipset, hw->codename,
                 hw->marketing);
      else
         fprintf(stderr, "nvsim: chipset 0x%02x is no chip the hardware "
                 "database knows (hwdb chips.xml)\n", chipset);
      return NULL;
   }
   struct nvsim_device *dev = calloc(1, sizeof(*dev));
   if (!dev)
      return NULL;
   dev->chip = chip;
   dev->info = chip->info;
   dev->info.vram_size = env_size_mb("NVSIM_VRAM_MB", chip->info.vram_size);
   dev->info.gart_size = env_size_mb("NVSIM_GART_MB", chip->info.gart_size);
   dev->sync = env_flag("NVSIM_SYNC");
   dev->strict = env_flag("NVSIM_STRICT");
   dev->trap_abort = env_flag("NVSIM_TRAP_ABORT");
   dev->reference = env_flag("NVSIM_REFERENCE");
   /* Fuzzing finds jump loops at once; each would run 2^24 words. */
   const char *runaway = getenv("NVSIM_RUNAWAY_WORDS");
   dev->runaway_words = NVSIM_RUNAWAY_WORDS;
   if (runaway && *runaway) {
      char *end;
      unsigned long long n = strtoull(runaway, &end, 0);
      if (*end || n == 0 || n > NVSIM_RUNAWAY_WORDS)
         fprintf(stderr, "nvsim: ignoring NVSIM_RUNAWAY_WORDS=%s (want "
                 "1..%u)\n", runaway, NVSIM_RUNAWAY_WORDS);
      else
         dev->runaway_words = n;
   }

   pthread_mutex_init(&dev->lock, NULL);
   pthread_mutex_init(&dev->exec_lock, NULL);
   pthread_cond_init(&dev->work_cond, NULL);
   pthread_cond_init(&dev->done_cond, NULL);
   dev->vram.domain = NVSIM_DOMAIN_VRAM;
   dev->vram.size = dev->info.vram_size;
   dev->gart.domain = NVSIM_DOMAIN_GART;
   dev->gart.size = dev->info.gart_size;

   nvsim_trace_device_create(dev);
   if (!dev->sync)
      nvsim_thread_start(dev);
   return dev;
}

void
nvsim_device_destroy(struct nvsim_device *dev)
{
   if (!dev)
      return;
   nvsim_thread_stop(dev);
   for (unsigned i = 0; i < NVSIM_MAX_CHANNELS; i++) {
      if (dev->channels[i])
         nvsim_channel_destroy(dev->channels[i]);
   }
   nvsim_trace_device_destroy(dev);
   nvsim_mem_fini(dev);
   pthread_mutex_destroy(&dev->lock);
   pthread_mutex_destroy(&dev->exec_lock);
   pthread_cond_destroy(&dev->work_cond);
   pthread_cond_destroy(&dev->done_cond);
   free(dev);
}

const struct nvsim_chip_info *
nvsim_device_info(const struct nvsim_device *dev)
{
   return &dev->info;
}

static bool
chip_has_class(const struct nvsim_device *dev, uint32_t oclass)
{
   for (const uint32_t *c = dev->info.classes; *c; c++) {
      if (*c == oclass)
         return true;
   }
   return false;
}

bool
nvsim_device_has_class(const struct nvsim_device *dev, uint32_t oclass)
{
   return chip_has_class(dev, oclass) || nvsim_device_class(dev, oclass);
}

const struct nvsim_class *
nvsim_device_class(const struct nvsim_device *dev, uint32_t oclass)
{
   for (unsigned i = 0; i < dev->num_extra_classes; i++) {
      if (dev->extra_classes[i]->oclass == oclass)
         return dev->extra_classes[i];
   }
   if (chip_has_class(dev, oclass))
      return dev->chip->gen->class_model(oclass);
   return NULL;
}

int
nvsim_device_add_class(struct nvsim_device *dev, const struct nvsim_class *cls)
{
   if (!cls || !cls->method)
      return -EINVAL;
   if (dev->num_extra_classes == NVSIM_MAX_EXTRA_CLASSES)
      return -ENOSPC;
   for (unsigned i = 0; i < dev->num_extra_classes; i++) {
      if (dev->extra_classes[i]->oclass == cls->oclass)
         return -EEXIST;
   }
   dev->extra_classes[dev->num_extra_classes++] = cls;
   return 0;
}
