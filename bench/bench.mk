# make bench: benchmarks against the peers (issue 13; docs/benchmarks.md).
# Included by the top-level Makefile, which defines TOP and BUILD; names
# here start with BENCH_.
#
#   make bench            every group, one table each (ours, peer, ratio),
#                         also written to build/bench/latest/
#   make bench QUICK=1    a short version (make test checks it prints)
#   make bench BENCH_GROUPS=1,4 some groups only

BENCH_SRC := $(TOP)/bench
BENCH_OUT := $(BUILD)/bench
BENCH_PY := /usr/bin/python3 $(BENCH_SRC)/bench_runner.py

.PHONY: bench bench-bin

bench-bin: $(BENCH_OUT)/nvbench-draw

# The draw-overhead program links the demo's EGL set-up and, like nvdemo,
# only libEGL (GL entry points through eglGetProcAddress); valgrind's
# callgrind.h (package valgrind) gives the collection toggles.
$(BENCH_OUT)/nvbench-draw: $(BENCH_SRC)/nvbench_draw.c $(DEMO_SRC)/nvdemo_egl.c \
		$(DEMO_SRC)/nvdemo_egl.h $(BENCH_SRC)/bench.mk
	@mkdir -p $(BENCH_OUT)
	@$(DEMO_FIND_INCLUDE); \
	$(DEMO_CC) $(DEMO_CFLAGS) $$inc -I$(DEMO_SRC) -o $@ \
		$(BENCH_SRC)/nvbench_draw.c $(DEMO_SRC)/nvdemo_egl.c -l:libEGL.so.1

bench: bootstrap demo-bin bench-bin
	@$(BENCH_PY) $(if $(QUICK),--quick) $(if $(BENCH_GROUPS),--groups $(BENCH_GROUPS))
