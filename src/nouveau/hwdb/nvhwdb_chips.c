/*
 * Lookups in the chip table (nvhwdb_chips_table.c, generated from
 * chips.xml).
 */

#include <stddef.h>
#include <strings.h>

#include "nvhwdb_chips.h"

const struct nvhwdb_chip *
nvhwdb_chip_find(uint32_t chipset)
{
   for (unsigned i = 0; i < nvhwdb_num_chips; i++) {
      if (nvhwdb_chips[i].chipset == chipset)
         return &nvhwdb_chips[i];
   }
   return NULL;
}

const struct nvhwdb_chip *
nvhwdb_chip_find_name(const char *codename)
{
   for (unsigned i = 0; codename && i < nvhwdb_num_chips; i++) {
      if (strcasecmp(nvhwdb_chips[i].codename, codename) == 0)
         return &nvhwdb_chips[i];
   }
   return NULL;
}

bool
nvhwdb_chip_has_class(const struct nvhwdb_chip *chip, uint32_t oclass)
{
   for (unsigned i = 0; i < chip->num_classes; i++) {
      if (chip->classes[i] == oclass)
         return true;
   }
   return false;
}

const char *
nvhwdb_generation_name(enum nvhwdb_generation gen)
{
   static const char *const names[] = {
      [NVHWDB_GEN_CELSIUS] = "celsius",
      [NVHWDB_GEN_KELVIN] = "kelvin",
      [NVHWDB_GEN_RANKINE] = "rankine",
      [NVHWDB_GEN_CURIE] = "curie",
      [NVHWDB_GEN_TESLA] = "tesla",
   };
   return (unsigned)gen < sizeof(names) / sizeof(names[0]) ? names[gen] : "?";
}

const char *
nvhwdb_driver_name(enum nvhwdb_driver driver)
{
   switch (driver) {
   case NVHWDB_DRIVER_NV30:
      return "nv30";
   case NVHWDB_DRIVER_NV50:
      return "nv50";
   default:
      return "none";
   }
}
