#ifndef NOUVEAU_DEBUG_H
#define NOUVEAU_DEBUG_H

#include <stdint.h>
#include <stdio.h>

/* NV_DEBUG=flag,flag,... (see nouveau_debug.c for the list). */
enum nouveau_debug_flags {
   NOUVEAU_DEBUG_PUSH   = 1 << 0, /* every method emitted, decoded */
   NOUVEAU_DEBUG_SHADERS = 1 << 1, /* shader binaries handed to the GPU */
   NOUVEAU_DEBUG_FLUSH  = 1 << 2, /* every submission */
   NOUVEAU_DEBUG_FALLBACK = 1 << 3, /* CPU paths taken instead of the GPU */
};

extern uint32_t nouveau_debug;

void nouveau_debug_init(void);

/* Prints one method of the pushbuffer, with its hwdb name when known. */
void nouveau_debug_method(uint32_t oclass, unsigned subc, uint32_t mthd,
                          uint32_t data);

#define NOUVEAU_ERR(fmt, ...) \
   fprintf(stderr, "nouveau: " fmt, ##__VA_ARGS__)

#define NOUVEAU_FALLBACK(fmt, ...) do { \
   if (nouveau_debug & NOUVEAU_DEBUG_FALLBACK) \
      fprintf(stderr, "nouveau: fallback: " fmt, ##__VA_ARGS__); \
} while (0)

#endif
