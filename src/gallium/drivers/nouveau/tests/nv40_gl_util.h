/*
 * The GL test programs' shared header is nouveau_gl_util.h now (the nv30
 * and nv50 programs use it too); this name stays until every program
 * includes that one.
 */
#include "nouveau_gl_util.h"
