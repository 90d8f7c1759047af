/*
 * Fuzz harness, structured: the input is a list of 8-byte records that
 * become methods on channel A after the fixture's prologue, so that the
 * fuzzer spends its time in the class models' state (draws with fuzzed
 * vertex and fragment programs, vertex formats, textures) rather than in
 * finding valid command headers.
 *
 * Record: op (u8), aux (u8), mthd (u16 LE), data (u32 LE).
 *   op bits 0-2  subchannel
 *   op bits 3-5  kind:
 *     0, 4-7  method mthd & 0x1ffc with data, as one increasing command
 *     1       method with data = offset of buffer (aux & 31) % 6 +
 *             data % its size, or'ed with bit 0, 1, 31 when aux bit 5, 6,
 *             7 is set: what a relocation with libdrm's vor/tor gives
 *     2       write data into buffer (aux & 31) % 6 at dword mthd (the
 *             contents of programs, vertices, indices, textures)
 *     3       end the submission here and start another (host pointers
 *             are dropped between jobs)
 *   op bit 6    (kind 0) non-increasing command with aux + 1 data words,
 *               data, data+1, ...
 */
#include <string.h>

#include "fifo.xml.h"
#include "nvsim_fuzz.h"

#define RECORD 8
#define MAX_RECORDS 8192

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   size_t n = size / RECORD;
   if (n > MAX_RECORDS)
      n = MAX_RECORDS;

   struct nvsim_fuzz fz;
   nvsim_fuzz_init(&fz, n * 258);
   bool alive = true;
   for (size_t i = 0; i < n && alive; i++) {
      const uint8_t *r = data + RECORD * i;
      unsigned subc = r[0] & 7, kind = (r[0] >> 3) & 7, aux = r[1];
      uint32_t mthd = ((uint32_t)r[2] | (uint32_t)r[3] << 8) &
                      NV4_DMA_CMD_METHOD__MASK;
      uint32_t val;
      memcpy(&val, r + 4, 4);
      struct nvsim_bo *bo = fz.bufs[(aux & 31) % NVSIM_FUZZ_BUF_COUNT];
      uint32_t or = (aux & 0x20 ? 1u : 0) | (aux & 0x40 ? 2u : 0) |
                    (aux & 0x80 ? 0x80000000u : 0);

      switch (kind) {
      case 1:
         nvsim_fuzz_method(&fz, subc, mthd, ((uint32_t)nvsim_bo_offset(bo) +
                                             val % nvsim_bo_size(bo)) | or);
         break;
      case 2: {
         /* the GPU is idle between records' submissions (synchronous) */
         uint32_t *map = nvsim_bo_map(bo);
         map[(((uint32_t)r[2] | (uint32_t)r[3] << 8)) %
             (nvsim_bo_size(bo) / 4)] = val;
         break;
      }
      case 3:
         alive = nvsim_fuzz_submit(&fz);
         break;
      default:
         if (r[0] & 0x40) {
            unsigned count = aux + 1;
            nvsim_fuzz_out(&fz, NV4_DMA_CMD_TYPE_NON_INCREASING |
                                (count << NV4_DMA_CMD_COUNT__SHIFT) |
                                (subc << NV4_DMA_CMD_SUBC__SHIFT) | mthd);
            for (unsigned k = 0; k < count; k++)
               nvsim_fuzz_out(&fz, val + k);
         } else {
            nvsim_fuzz_method(&fz, subc, mthd, val);
            }
         break;
      }
   }
   if (alive)
      nvsim_fuzz_submit(&fz);
   nvsim_fuzz_fini(&fz);
   return 0;
}
