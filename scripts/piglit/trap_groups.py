#!/usr/bin/python3
"""Upstream's driver on nvsim against llvmpipe over one gate list, with
its non-passes grouped by cause (docs/fidelity.md, the Tesla gate).

   trap_groups.py REF_RUN LLVMPIPE_RUN [--samples N]

REF_RUN and LLVMPIPE_RUN are result folders of piglit_runner.py (their
log.jsonl); a REF_RUN that was stopped counts the tests it ran.  A
non-pass is grouped by the first "nvsim: TRAP" line of its output (the
bracketed reason, with slot and unit numbers folded), else as a timeout,
a crash, a GL error the test reports, or wrong results ("fail" without a
trap: pixels, query counts, compile or link results).
"""

import argparse
import collections
import json
import os
import re
import sys


def load(d):
   res = collections.OrderedDict()
   with open(os.path.join(d, 'log.jsonl'), encoding='utf-8') as f:
      for line in f:
         try:
            r = json.loads(line)
         except ValueError:
            continue
         res[r['name']] = r
   return res


TRAP = re.compile(r'nvsim: TRAP .*? mthd 0x[0-9a-f]+ '
                  r'\(([A-Z0-9_]+)(?:\[\d+\])?\).*?: ([A-Z_]+)(?: \[(.*)\])?')


def trap_reason(text):
   """The first trap's cause, numbers folded: 'INVALID_STATE: texture
   slot N: ...'."""
   for line in text.splitlines():
      if 'nvsim: TRAP' not in line:
         continue
      m = TRAP.search(line)
      if not m:
         return 'trap: ' + re.sub(r'0x[0-9a-f]+|\d+', 'N', line[:120])
      why = m.group(3) or 'method %s' % m.group(1)
      why = re.sub(r'\b(slot|unit|target|RT|attribute) \d+', r'\1 N', why)
      why = re.sub(r'0x[0-9a-f]+', '0x..', why)
      why = re.sub(r'MULTISAMPLE_MODE \d+', 'MULTISAMPLE_MODE N', why)
      why = re.sub(r'\(\d+ bytes\)|^\d+ render', lambda m: re.sub(
         r'\d+', 'N', m.group(0)), why)
      return 'trap %s: %s' % (m.group(2), why)
   return None


def cause(r):
   text = (r.get('err') or '') + '\n' + (r.get('out') or '')
   t = trap_reason(text)
   if r['result'] == 'timeout':
      return 'timeout' + (' (after a %s)' % t if t else '')
   if t:
      return t
   if r['result'] == 'crash':
      return 'crash, no trap'
   if re.search(r'Failed to (link|compile)|[Ll]ink(ing)? failed|'
                r'[Cc]ompil(e|ation) failed', text):
      return 'no trap: a shader did not compile or link'
   if re.search(r'GL error|GL_INVALID|Unexpected GL', text):
      return 'no trap: a GL error'
   if re.search(r'Probe (color|depth|stencil|at)|Observed:', text):
      return 'no trap: wrong pixels'
   return 'no trap: wrong values (queries, buffers, state)'


def main():
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('ref')
   ap.add_argument('llvmpipe')
   ap.add_argument('--samples', type=int, default=2)
   a = ap.parse_args()
   ref, llvm = load(a.ref), load(a.llvmpipe)
   names = [n for n in ref if n in llvm]
   lp = [n for n in names if llvm[n]['result'] == 'pass']
   ran = [n for n in lp if ref[n]['result'] != 'skip']
   both = [n for n in lp if ref[n]['result'] == 'pass']
   both_ran = [n for n in ran if ref[n]['result'] == 'pass']
   print('%d tests run by upstream on nvsim (of %d in the llvmpipe run)' %
         (len(names), len(llvm)))
   print('llvmpipe passes %d; upstream skips %d of those' %
         (len(lp), len(lp) - len(ran)))
   print('upstream passes %d of llvmpipe\'s %d (%.1f%%); %d of the %d it '
         'does not skip (%.1f%%)' %
         (len(both), len(lp), 100.0 * len(both) / max(1, len(lp)),
          len(both_ran), len(ran), 100.0 * len(both_ran) / max(1, len(ran))))
   extra = [n for n in names if ref[n]['result'] == 'pass' and
            llvm[n]['result'] != 'pass']
   if extra:
      print('upstream passes where llvmpipe does not: %s' % ', '.join(extra))
   groups = collections.defaultdict(list)
   for n in ran:
      if ref[n]['result'] != 'pass':
         groups[cause(ref[n])].append(n)
   print('non-passes among llvmpipe\'s passes that upstream runs, by cause:')
   for c, ns in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
      print('%4d  %s' % (len(ns), c))
      folders = collections.Counter('@'.join(n.split('@')[:2])
                                    for n in ns)
      print('        folders: %s' % ', '.join(
         '%s %d' % (f[5:], k) for f, k in folders.most_common(4)))
      for n in ns[:a.samples]:
         print('        e.g. %s (%s, %.0f s)' % (n, ref[n]['result'],
                                                 ref[n]['time']))
   return 0


if __name__ == '__main__':
   sys.exit(main())
