# Many GL contexts on many threads, a trapped channel (issue 8 part 3;
# tests/stress/run.sh, docs/reliability.md "Threads and contexts").
# Included from the top-level Makefile, which defines TOP and BUILD.
#
#   make stress         16 threads x 16 contexts x 40 frames on the
#                       simulated NV40, every frame against llvmpipe's,
#                       plus the trap run; "N frames checked, N wrong"
#   make stress-quick   the short version make test runs

.PHONY: stress stress-quick

stress: mesa
	@bash $(TOP)/tests/stress/run.sh full

stress-quick: mesa
	@bash $(TOP)/tests/stress/run.sh quick
