/* The test harness's runner (see nvsim_test.h). */
#include <stdlib.h>

#include "nvsim_test.h"

int nvt_failures;

int
nvt_main(int argc, char **argv, const struct nvt_case *cases)
{
   int failed_cases = 0, run = 0;
   for (const struct nvt_case *c = cases; c->name; c++) {
      bool wanted = argc < 2;
      for (int i = 1; i < argc; i++)
         wanted |= strcmp(argv[i], c->name) == 0;
      if (!wanted)
         continue;
      int before = nvt_failures;
      fprintf(stderr, "--- %s\n", c->name);
      c->fn();
      run++;
      if (nvt_failures != before) {
         failed_cases++;
         fprintf(stderr, "FAIL %s\n", c->name);
      } else {
         fprintf(stderr, "ok   %s\n", c->name);
      }
   }
   if (!run) {
      fprintf(stderr, "no test case matched\n");
      return 1;
   }
   fprintf(stderr, "%d of %d cases failed\n", failed_cases, run);
   return failed_cases ? 1 : 0;
}

bool
nvt_fx_init_chan(struct nvt_fx *fx, struct nvsim_device *dev)
{
   memset(fx, 0, sizeof(*fx));
   fx->dev = dev;
   fx->chan = nvsim_channel_create(dev, &fx->info);
   fx->push_bo = nvsim_bo_create(dev, NVT_PUSH_BYTES, NVSIM_DOMAIN_GART, NULL);
   CHECK(fx->chan && fx->push_bo);
   if (!fx->chan || !fx->push_bo)
      return false;
   fx->push.map = nvsim_bo_map(fx->push_bo);
   fx->push.cap = NVT_PUSH_BYTES / 4;
   fx->push.len = 0;
   return true;
}

bool
nvt_fx_init(struct nvt_fx *fx, uint32_t chipset)
{
   struct nvsim_device *dev = nvsim_device_create(chipset);
   CHECK(dev);
   if (!dev)
      return false;
   return nvt_fx_init_chan(fx, dev);
}

void
nvt_fx_fini_chan(struct nvt_fx *fx)
{
   if (fx->push_bo)
      nvsim_bo_destroy(fx->push_bo);
   if (fx->chan)
      nvsim_channel_destroy(fx->chan);
   fx->push_bo = NULL;
   fx->chan = NULL;
}

void
nvt_fx_fini(struct nvt_fx *fx)
{
   struct nvsim_device *dev = fx->dev;
   nvt_fx_fini_chan(fx);
   nvsim_device_destroy(dev);
}

int64_t
nvt_fx_submit(struct nvt_fx *fx, struct nvsim_bo *const *bos, unsigned num_bos)
{
   CHECK(fx->push.len <= fx->push.cap);
   struct nvsim_push push = {
      .bo = fx->push_bo,
      .offset = (uint64_t)fx->push_seg * 4,
      .length = (fx->push.len - fx->push_seg) * 4,
   };
   fx->push_seg = fx->push.len;
   return nvsim_submit(fx->chan, &push, 1, bos, num_bos);
}

uint32_t
nvt_fx_addr(const struct nvt_fx *fx, unsigned index)
{
   return (uint32_t)(nvsim_bo_offset(fx->push_bo) + index * 4ull);
}
