# The application corpus (issue 7; tests/apps/README.md).  Included from the
# top-level Makefile, which defines TOP, BUILD and CHIP.
#
#   make apps CHIP=nv40                  replay every trace that fits the chip,
#                                        compare with llvmpipe, HTML report
#   make apps CHIP=ref-nv40              the same with upstream's driver
#   make apps CHIP=nv40 APPS=openarena   some programs only (comma-separated)
#   make apps-gate CHIP=nv40             verdicts vs tests/apps/expected-nv40.txt
#   make apps-gate CHIP=nv40 ASAN=1      the same on the ASan+UBSan build; a
#                                        sanitizer report fails it
#   make apps-gate CHIP=nv40 REFERENCE_CHECK=1
#                                        then every program again with
#                                        NVSIM_REFERENCE=1: each frame the same
#                                        bytes (issue 23; gate-all does it for
#                                        the chips whose expectations file says
#                                        "# reference-check: yes")
#   make apps-selftest                   the runner's own tests (make test)
#   make apps-gate-all                   every chip with expectations (make test),
#                                        but those whose file says "gate-all: skip"
#   make apps-gate-tesla                 upstream's nv50 and ours on the simulated
#                                        G80 and GT215 vs expected-ref-g80/-gt215.txt
#                                        and expected-g80/-gt215.txt (also in
#                                        apps-gate-all: about 4 minutes a chip with
#                                        upstream's, 13-17 with ours)
#   make apps CHIP=g80                   our nv50 driver (issue 11; also CHIP=gt215)
#   make apps-update-expected CHIP=nv40  rewrite expected-CHIP.txt from the last run
#   make apps-trace NAME=openarena       (re)record one program of the corpus

APPS_PY := /usr/bin/python3 $(TOP)/scripts/apps/apps_runner.py

.PHONY: apps apps-gate apps-gate-all apps-gate-tesla apps-update-expected apps-trace \
	apps-selftest

apps: demo-bin
	@$(APPS_PY) run --chip $(CHIP) $(if $(APPS),--only $(APPS)) $(if $(ASAN),--asan)

apps-gate: demo-bin
	@$(APPS_PY) gate --chip $(CHIP) $(if $(ASAN),--asan) \
		$(if $(REFERENCE_CHECK),--reference-check)

apps-gate-all: demo-bin
	@$(APPS_PY) gate-all

# Tesla (issues 10 and 11): each chip's gate whatever the other's verdicts
apps-gate-tesla: demo-bin
	@rc=0; for c in ref-g80 ref-gt215 g80 gt215; do \
		[ -f $(TOP)/tests/apps/expected-$$c.txt ] || continue; \
		echo "=== application corpus on $$c"; \
		$(APPS_PY) gate --chip $$c --quiet || rc=1; \
	done; exit $$rc

apps-update-expected:
	@$(APPS_PY) update-expected --chip $(CHIP)

apps-trace:
	@bash $(TOP)/scripts/apps/make-trace.sh $(NAME)

apps-selftest:
	@bash $(TOP)/tests/apps/selftest/run.sh
