# piglit on nvsim (issue 4).  Included from the top-level Makefile, which
# defines TOP, BUILD and CHIP.  docs/piglit.md explains the targets.
#
#   make piglit CHIP=nv40 PROFILE=gate        our driver on the simulated NV40
#   make piglit CHIP=ref-nv40 PROFILE=quick_gl upstream's nouveau on nvsim
#   make piglit CHIP=llvmpipe PROFILE=gate    llvmpipe, on nv40's gate list
#   make piglit ... RESUME=1                  continue an interrupted run
#   make piglit-gate CHIP=nv40                the gate against expected-nv40.txt
#   make piglit-gate CHIP=nv40 ASAN=1         the same on the ASan+UBSan build;
#                                             a sanitizer report fails it
#   make piglit-gate-all                      the gates of every chip with a list
#                                             (a chip with budget-CHIP.txt: its
#                                             first N tests; PIGLIT_FULL=1: all)
#   make piglit-gate CHIP=g80 FIRST=134       the list's first 134 tests only
#   make piglit-budget CHIP=g80               budget-g80.txt: how many first
#                                             tests fit BUDGET_MINUTES (3) in
#                                             the chip's last whole-list run
#   make piglit-gate-ref                      upstream's driver on nvsim: the
#                                             ref-nv40.txt list vs expected-ref-nv40.txt
#                                             (needs make reference)
#   make piglit-gate-ref-g80                  the same on the simulated G80:
#                                             ref-g80.txt vs expected-ref-g80.txt
#   make piglit-update-expected CHIP=ref-nv40 PROFILE=tests/piglit/ref-nv40.txt
#   make piglit-update-expected CHIP=nv40     rewrite expected-nv40.txt
#   make piglit-report                        HTML + one-screen comparison
#   make piglit-gate-list CHIP=nv40           regenerate gate-nv40.txt by its rule
#   make piglit-selftest                      the harness's own tests

PROFILE ?= gate
# Whose gate list CHIP=llvmpipe (or ref-...) runs.
GATE ?= nv40
PIGLIT_JOBS ?= 2
# The sanitizer build runs about 2-3 times slower (docs/reliability.md).
PIGLIT_TIMEOUT ?= $(if $(ASAN),180,60)
GATE_MINUTES ?= 4
# make test's share of a chip whose whole list takes longer (RULE.md,
# "Time budget")
BUDGET_MINUTES ?= 3
PIGLIT_PY := /usr/bin/python3 $(TOP)/scripts/piglit
PIGLIT_ARGS = --chip $(CHIP) --jobs $(PIGLIT_JOBS) --timeout $(PIGLIT_TIMEOUT) \
	$(if $(filter llvmpipe softpipe,$(CHIP)),--gate $(GATE)) \
	$(if $(RESUME),--resume) $(if $(RESULTS),--results $(RESULTS))

export BUILD

.PHONY: piglit piglit-gate piglit-gate-all piglit-gate-ref piglit-gate-ref-g80 \
	piglit-update-expected piglit-budget \
	piglit-report piglit-gate-list piglit-selftest

piglit:
	@$(PIGLIT_PY)/piglit_runner.py run $(PIGLIT_ARGS) $(if $(ASAN),--asan) \
		--profile $(PROFILE)

piglit-gate:
	@$(PIGLIT_PY)/piglit_runner.py gate $(PIGLIT_ARGS) $(if $(ASAN),--asan) \
		$(if $(FIRST),--first $(FIRST))

# make test's piglit stage: every chip that has a gate list and whose
# simulation exists.
piglit-gate-all:
	@bash $(TOP)/scripts/piglit/gate-all.sh

# make test's stage after the reference build: the tests that shim and
# nvsim fixes made pass with upstream's driver (tests/piglit/ref-nv40.txt,
# a hand list, not a gate list of RULE.md's rule).
piglit-gate-ref:
	@$(PIGLIT_PY)/piglit_runner.py gate --chip ref-nv40 --quiet \
		--profile $(TOP)/tests/piglit/ref-nv40.txt \
		--jobs $(PIGLIT_JOBS) --timeout $(PIGLIT_TIMEOUT)

# The same for Tesla (tests/piglit/ref-g80.txt: the tests docs/tesla.md
# shows upstream's driver passing on the simulated G80 with no trap; its
# header gives the rule) against expected-ref-g80.txt.
piglit-gate-ref-g80:
	@$(PIGLIT_PY)/piglit_runner.py gate --chip ref-g80 --quiet \
		--profile $(TOP)/tests/piglit/ref-g80.txt \
		--jobs $(PIGLIT_JOBS) --timeout $(PIGLIT_TIMEOUT)

# tests/piglit/budget-CHIP.txt from the chip's last finished whole-list run
piglit-budget:
	@$(PIGLIT_PY)/piglit_runner.py budget $(PIGLIT_ARGS) \
		--minutes $(BUDGET_MINUTES) --write

piglit-update-expected:
	@$(PIGLIT_PY)/piglit_runner.py update-expected $(PIGLIT_ARGS) --profile $(PROFILE)

piglit-report:
	@$(PIGLIT_PY)/piglit_report.py $(if $(REPORT_CHIPS),--chips $(REPORT_CHIPS))

piglit-gate-list:
	@$(PIGLIT_PY)/make_gate_list.py --chip $(CHIP) --minutes $(GATE_MINUTES) \
		--jobs $(PIGLIT_JOBS)

piglit-selftest:
	@bash $(TOP)/tests/piglit/selftest/run.sh
