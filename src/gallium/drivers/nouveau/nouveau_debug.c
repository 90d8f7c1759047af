/*
 * NV_DEBUG: what the driver prints while it runs.
 *    NV_DEBUG=push      every method written to a pushbuffer, decoded
 *    NV_DEBUG=shaders   shader binaries handed to the GPU
 *    NV_DEBUG=flush     every submission
 *    NV_DEBUG=fallback  operations done on the CPU instead of the GPU
 */

#include "util/u_debug.h"

#include "nvhwdb_names.h"

#include "nouveau_debug.h"

uint32_t nouveau_debug;

static const struct debug_named_value nouveau_debug_options[] = {
   { "push", NOUVEAU_DEBUG_PUSH, "print every method emitted" },
   { "shaders", NOUVEAU_DEBUG_SHADERS, "print shader binaries" },
   { "flush", NOUVEAU_DEBUG_FLUSH, "print every submission" },
   { "fallback", NOUVEAU_DEBUG_FALLBACK, "print CPU fallbacks" },
   DEBUG_NAMED_VALUE_END
};

void
nouveau_debug_init(void)
{
   nouveau_debug = debug_get_flags_option("NV_DEBUG", nouveau_debug_options, 0);
}

void
nouveau_debug_method(uint32_t oclass, unsigned subc, uint32_t mthd,
                     uint32_t data)
{
   char name[96];

   nvhwdb_method_name(oclass, mthd, name, sizeof(name));
   fprintf(stderr, "nouveau: push: [%u] %04x %-32s 0x%08x\n", subc, mthd,
           name, data);
}
