/*
 * Tesla (G80:GF100): the table of operations nvsim uses for the NV50
 * family (nvsim_gen.h; chips.xml generation="tesla").  A channel runs in
 * a VM (nv50_vm.c) and reads IB entries (nv50_fifo_ib.c); its DMA
 * objects and notifiers address the VM (nv50_channel.c).
 */
#include "nv50_priv.h"

static const struct nvsim_class *
nv50_class_model(uint32_t oclass)
{
   switch (oclass) {
   case NV1_NULL_CLASS:
      return &nvsim_null_class;
   case G80_M2MF_CLASS:
      return &nvsim_g80_m2mf_class;
   case G80_2D_CLASS:
      return &nvsim_g80_2d_class;
   case G80_3D_CLASS:
   case G84_3D_CLASS:
   case G200_3D_CLASS:
   case GT215_3D_CLASS:
   case MCP89_3D_CLASS:
      return &nvsim_g80_3d_class;
   case G80_COMPUTE_CLASS:
   case GT215_COMPUTE_CLASS:
      return &nvsim_g80_compute_class;
   default:
      return NULL;
   }
}

static void
nv50_notifier_window(const struct nvsim_channel *chan, uint32_t offset,
                     enum nvsim_domain *domain, uint64_t *base)
{
   /* the block's range in the channel's VM (nouveau_abi16.c, ntfy_vma) */
   *domain = NVSIM_DOMAIN_VM;
   *base = nv50_channel_notifier_va(chan) + offset;
}

static void *
nv50_chan_vm_ptr(struct nvsim_channel *chan, uint64_t va, uint64_t len)
{
   return nv50_vm_ptr(nvsim_channel_vm(chan), va, len);
}

const struct nvsim_gen nv50_gen = {
   .generation = NVHWDB_GEN_TESLA,
   .name = "tesla",
   .class_model = nv50_class_model,
   .channel_init = nv50_channel_init,
   .channel_fini = nv50_channel_fini,
   .notifier_window = nv50_notifier_window,
   .vm_size = 1ull << G80_VM_ADDRESS_BITS,
   .vm_ptr = nv50_chan_vm_ptr,
   .run_push = nv50_fifo_ib_run,
   .puller_knows = nv50_puller_knows,
   .puller_method = nv50_puller_method,
   .serialize_mthd = G80_GRAPH_SERIALIZE,
};
