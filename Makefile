# The front door.  On a fresh Debian 12 machine:
#   make demo     renders the demo scene on the simulated NV40, writes a PNG
#   make test     runs every test (unit, Mesa-tree, integration)
# Both install what they need first (packages, Mesa's source), once.
#
# Other targets:
#   make demo CHIP=llvmpipe    the same scene on llvmpipe (our Mesa build)
#   make unit                  standalone unit tests (no Mesa needed)
#   make mesa                  build Mesa with our driver into build/install
#   make reference             build unmodified Mesa into build/ref/install
#   make compare A=x.png B=y.png   how far two pictures differ
#   make piglit CHIP=nv40 PROFILE=gate   piglit on a chip (docs/piglit.md)
#   make piglit-report         ours vs upstream's driver vs llvmpipe
#   make fuzz FUZZ_SECONDS=N   each fuzz harness N seconds (tests/fuzz/README.md)
#   make stress                256 GL contexts on 16 threads, a trapped channel (tests/stress/)
#   make test-asan             unit, GL, piglit gate, corpus under ASan+UBSan
#   make unit-asan             the standalone unit tests and the drm-shim tests
#                              under ASan+UBSan (needs make mesa)
#   make mesa-asan             the sanitizer build of Mesa (build/asan/install)

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
BUILD := $(TOP)/build
CHIP ?= nv40
FRAMES ?= 10
SIZE ?= 256x256

export CCACHE_DIR ?= /var/cache/nvsim/ccache

.PHONY: all bootstrap source mesa reference unit demo test compare clean \
	unit-asan mesa-asan test-asan

all: mesa

bootstrap:
	@bash $(TOP)/scripts/bootstrap.sh packages

source: bootstrap
	@bash $(TOP)/scripts/bootstrap.sh source

mesa: source
	@bash $(TOP)/scripts/build-mesa.sh

reference: bootstrap
	@bash $(TOP)/scripts/bootstrap.sh ref-source
	@bash $(TOP)/scripts/build-mesa.sh ref

$(BUILD)/unit/build.ninja:
	@meson setup $(BUILD)/unit $(TOP) >/dev/null

unit: bootstrap $(BUILD)/unit/build.ninja
	@ninja -C $(BUILD)/unit -j2 >$(BUILD)/unit-ninja.log 2>&1 || \
		{ grep -E 'error|FAILED' $(BUILD)/unit-ninja.log | head -30; exit 1; }
	@meson test -C $(BUILD)/unit --print-errorlogs -q

# The sanitizer builds (docs/reliability.md, "Sanitizers").  unit-asan is
# the standalone project under ASan+UBSan plus the drm-shim and its tests
# (-Dmesa: over our Mesa build's drm-shim core and util library; top-level
# meson.build), so it needs `make mesa` first.  make test runs it.
UNIT_ASAN_SETUP := -Db_sanitize=address,undefined -Db_lundef=false -Dmesa=$(BUILD)
unit-asan: mesa
	@if [ ! -f $(BUILD)/unit-asan/build.ninja ]; then \
		meson setup $(BUILD)/unit-asan $(TOP) $(UNIT_ASAN_SETUP) >$(BUILD)/unit-asan-setup.log 2>&1; \
	elif ! grep -q '"name": "mesa", "value": "$(BUILD)"' $(BUILD)/unit-asan/meson-info/intro-buildoptions.json; then \
		meson setup --reconfigure $(BUILD)/unit-asan $(TOP) $(UNIT_ASAN_SETUP) >$(BUILD)/unit-asan-setup.log 2>&1; \
	fi || { tail -20 $(BUILD)/unit-asan-setup.log; exit 1; }
	@ninja -C $(BUILD)/unit-asan -j2 >$(BUILD)/unit-asan-ninja.log 2>&1 || \
		{ grep -E 'error|FAILED' $(BUILD)/unit-asan-ninja.log | head -30; exit 1; }
	@ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		meson test -C $(BUILD)/unit-asan --print-errorlogs -q

mesa-asan: source
	@bash $(TOP)/scripts/build-mesa.sh asan

test-asan: bootstrap
	@bash $(TOP)/tests/run-asan.sh

include $(TOP)/demo/demo.mk
include $(TOP)/tests/piglit/piglit.mk
include $(TOP)/tests/apps/apps.mk
include $(TOP)/tests/fuzz/fuzz.mk
include $(TOP)/tests/stress/stress.mk
include $(TOP)/bench/bench.mk

demo: mesa demo-bin
	@bash $(TOP)/scripts/run-demo.sh $(CHIP) $(FRAMES) $(SIZE)

compare: demo-bin
	@$(BUILD)/demo/nvcompare $(A) $(B)

test: bootstrap
	@bash $(TOP)/tests/run-all.sh

clean:
	rm -rf $(BUILD)/unit $(BUILD)/mesa $(BUILD)/install $(BUILD)/demo
