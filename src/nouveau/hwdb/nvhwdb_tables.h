/*
 * Layout of the generated tables in nvhwdb_names.c (private to libnvhwdb).
 */
#ifndef NVHWDB_TABLES_H
#define NVHWDB_TABLES_H

#include "nvhwdb_names.h"

/* one method address of a class: which method it is, and which element */
struct nvhwdb_slot {
   uint16_t mthd;
   uint16_t index;
   const struct nvhwdb_method *method;
};

struct nvhwdb_class {
   uint32_t oclass;
   const char *name;
   const struct nvhwdb_slot *slots;     /* sorted by mthd */
   unsigned num_slots;
   const uint16_t *chipsets;            /* sorted chipset ids */
   unsigned num_chipsets;
};

extern const struct nvhwdb_class nvhwdb_classes[];   /* sorted by oclass */
extern const unsigned nvhwdb_num_classes;
extern const struct nvhwdb_slot *const nvhwdb_fifo_slots;
extern const unsigned nvhwdb_num_fifo_slots;

#endif /* NVHWDB_TABLES_H */
