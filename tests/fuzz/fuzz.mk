# Fuzzing nvsim and the drm-shim (issue 8; tests/fuzz/README.md).
# Included from the top-level Makefile, which defines TOP and BUILD.
#
#   make fuzz                       every harness (push, methods, shim, nv50_ib) 60 s
#   make fuzz FUZZ_SECONDS=600      longer
#   make fuzz FUZZ=methods          one harness (comma-separated list)
#   make fuzz-seeds TRACES="a.trace b.trace"   seeds from nvsim traces
#
# Prints per harness the executions, command words fuzzed and crashes;
# fails on any crash or sanitizer report (inputs in build/fuzz/artifacts),
# and on a harness that executed nothing or counted no command word.

FUZZ_SECONDS ?= 60
FUZZ ?= push,methods,shim,nv50_ib

.PHONY: fuzz fuzz-seeds

# the shim harness links Mesa's util from our Mesa build
fuzz: bootstrap $(if $(findstring shim,$(FUZZ)),mesa)
	@bash $(TOP)/tests/fuzz/run-fuzz.sh $(FUZZ_SECONDS) $(subst $(comma), ,$(FUZZ))

fuzz-seeds: unit
	@/usr/bin/python3 $(TOP)/tests/fuzz/trace-to-seeds.py \
		--replay $(BUILD)/unit/src/nouveau/sim/fuzz/nvsim_fuzz_methods_replay \
		$(TOP)/tests/fuzz/seeds $(TRACES)

comma := ,
