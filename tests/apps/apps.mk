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
#   make apps-gate-all                   every chip with expectations (make test)
#   make apps-update-expected CHIP=nv40  rewrite expected-CHIP.txt from the last run
#   make apps-trace NAME=openarena       (re)record one program of the corpus

APPS_PY := /usr/bin/python3 $(TOP)/scripts/apps/apps_runner.py

.PHONY: apps apps-gate apps-gate-all apps-update-expected apps-trace

apps: demo-bin
	@$(APPS_PY) run --chip $(CHIP) $(if $(APPS),--only $(APPS)) $(if $(ASAN),--asan)

apps-gate: demo-bin
	@$(APPS_PY) gate --chip $(CHIP) $(if $(ASAN),--asan)

apps-gate-all: demo-bin
	@$(APPS_PY) gate-all

apps-update-expected:
	@$(APPS_PY) update-expected --chip $(CHIP)

apps-trace:
	@bash $(TOP)/scripts/apps/make-trace.sh $(NAME)
