# The demo scene (nvdemo) and the picture compare tool (nvcompare), built
# with plain cc into $(BUILD)/demo.  Included by the top-level Makefile,
# which defines TOP and BUILD; every name here starts with DEMO_ so that it
# cannot clash with the includer's.
#
#   make demo-bin     builds build/demo/nvdemo and build/demo/nvcompare
#
# GL/EGL headers come from Mesa's source tree (the copy the Mesa build uses,
# else the reference build's, else the system's /usr/include).  nvdemo
# links libEGL only, by its soname, so that neither libegl-dev nor libGL is
# needed: every GL entry point is loaded with eglGetProcAddress.  libpng-dev
# is in scripts/bootstrap.sh's package list.

DEMO_SRC := $(TOP)/demo
DEMO_OUT := $(BUILD)/demo
DEMO_CC ?= cc
# The header directory is looked up when the recipe runs, not when make reads
# this file: on a fresh machine `make demo` unpacks Mesa's source (target
# mesa) before it builds demo-bin.
DEMO_INCLUDE_DIRS := $(BUILD)/mesa-src/include $(BUILD)/ref/mesa-src/include \
	/var/cache/nvsim/mesa/ref/include
DEMO_FIND_INCLUDE = inc=; for d in $(DEMO_INCLUDE_DIRS); do \
	if [ -f $$d/EGL/egl.h ] && [ -f $$d/GL/glcorearb.h ]; then inc=-I$$d; break; fi; done; \
	if [ -z "$$inc" ] && [ ! -f /usr/include/EGL/egl.h ]; then \
	echo "demo: no EGL/GL headers: run 'make source' (Mesa's tree) or install libegl-dev libgl-dev" >&2; \
	exit 1; fi
DEMO_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 -g \
	-Wall -Wextra -Wno-unused-parameter \
	$(shell pkg-config --cflags libpng 2>/dev/null)
DEMO_PNG_LIBS := $(or $(shell pkg-config --libs libpng 2>/dev/null),-lpng16)

DEMO_NVDEMO_SRCS := nvdemo.c nvdemo_egl.c nvdemo_gl.c nvdemo_scene.c \
	nvdemo_gear.c nvdemo_math.c nvdemo_png.c
DEMO_NVCOMPARE_SRCS := nvcompare.c nvcompare_stats.c nvdemo_png.c
DEMO_HEADERS := $(wildcard $(DEMO_SRC)/*.h)

.PHONY: demo-bin
demo-bin: $(DEMO_OUT)/nvdemo $(DEMO_OUT)/nvcompare $(DEMO_OUT)/nvdemo-gear-test

$(DEMO_OUT)/nvdemo: $(addprefix $(DEMO_SRC)/,$(DEMO_NVDEMO_SRCS)) $(DEMO_HEADERS) $(DEMO_SRC)/demo.mk
	@mkdir -p $(DEMO_OUT)
	@$(DEMO_FIND_INCLUDE); \
	$(if $(findstring s,$(firstword -$(MAKEFLAGS))),,echo "$(DEMO_CC) ... $$inc -o $@";) \
	$(DEMO_CC) $(DEMO_CFLAGS) $$inc -o $@ $(addprefix $(DEMO_SRC)/,$(DEMO_NVDEMO_SRCS)) \
		-l:libEGL.so.1 $(DEMO_PNG_LIBS) -lm

$(DEMO_OUT)/nvcompare: $(addprefix $(DEMO_SRC)/,$(DEMO_NVCOMPARE_SRCS)) $(DEMO_HEADERS) $(DEMO_SRC)/demo.mk
	@mkdir -p $(DEMO_OUT)
	$(DEMO_CC) $(DEMO_CFLAGS) -o $@ $(addprefix $(DEMO_SRC)/,$(DEMO_NVCOMPARE_SRCS)) \
		$(DEMO_PNG_LIBS) -lm

# Unit test of the gear generator (run by test-demo.sh).
$(DEMO_OUT)/nvdemo-gear-test: $(DEMO_SRC)/nvdemo_gear_test.c $(DEMO_SRC)/nvdemo_gear.c $(DEMO_HEADERS) $(DEMO_SRC)/demo.mk
	@mkdir -p $(DEMO_OUT)
	$(DEMO_CC) $(DEMO_CFLAGS) -o $@ $(DEMO_SRC)/nvdemo_gear_test.c $(DEMO_SRC)/nvdemo_gear.c -lm

# The trace walkthrough's example program (docs/walkthrough-trace.md): one
# GL setting from its command line.  Links our Mesa build's libGL/libEGL.
$(DEMO_OUT)/depthfunc: $(TOP)/src/nouveau/tools/examples/depthfunc.c $(DEMO_SRC)/demo.mk
	@mkdir -p $(DEMO_OUT)
	@$(DEMO_FIND_INCLUDE); \
	$(DEMO_CC) $(DEMO_CFLAGS) $$inc -o $@ $< -L$(BUILD)/install/lib/x86_64-linux-gnu \
		-l:libEGL.so.1 -l:libGL.so.1

.PHONY: trace-example
trace-example: $(DEMO_OUT)/depthfunc
