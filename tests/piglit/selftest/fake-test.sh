#!/bin/sh
# A stand-in for a piglit test program with a known outcome, for the
# harness's own tests: it prints piglit's result line like a real test
# (piglit's tests/util/piglit-util.c: `PIGLIT: {"result": "pass" }`) or
# misbehaves the way a broken driver makes a test misbehave.
case "$1" in
pass) echo 'PIGLIT: {"result": "pass" }' ;;
fail) echo 'some output'; echo 'PIGLIT: {"result": "fail" }' ;;
skip) echo 'PIGLIT: {"result": "skip" }' ;;
crash) echo 'about to crash'; kill -SEGV $$ ;;
abort) kill -ABRT $$ ;;
hang) sleep 313 ;;              # killed by the per-test timeout
fork-hang) sleep 317 & sleep 317 ;;  # a child too: the whole group must go
exit1-pass) echo 'PIGLIT: {"result": "pass" }'; exit 1 ;;
*) echo "fake-test.sh: unknown mode '$1'" >&2; exit 2 ;;
esac
