#!/usr/bin/python3
"""Evidence for the non-pass verdicts of a gate: what each test said, and
what llvmpipe gave on the same list.

   triage.py --chip nv40            print, for every non-pass expectation
                                    without a reason, the evidence
   triage.py --chip nv40 --write    write the evidence as the reason where
                                    it decides the case by itself (llvmpipe
                                    gives the same verdict); the rest stay
                                    UNTRIAGED for a person

A reason says why a verdict is accepted; the evidence here is only what the
runs show.  Verdicts that differ from llvmpipe's (our driver fails where
llvmpipe passes) are never filled in: those are defects or hardware
limits, and a person writes which.
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import piglit_runner as pr  # noqa: E402


def last_run(chip, label):
   runs = pr.runs_of(chip, label, finished=True)
   if not runs:
      raise pr.HarnessError('no finished %s run of %s: make piglit CHIP=%s '
                            'PROFILE=gate%s' % (label, chip, chip,
                                                ' GATE=nv40' if chip == 'llvmpipe' else ''))
   return runs[-1]


def said(result):
   """The line of a test's output that says why it did not pass."""
   text = (result.get('out', '') + '\n' + result.get('err', '')).splitlines()
   keys = re.compile(r'(requires?|not supported|unsupported|skip|missing|'
                     r'Failed|fail|error|Assertion|abort)', re.I)
   lines = [l.strip() for l in text if l.strip() and
            not l.startswith('PIGLIT:') and keys.search(l)]
   if not lines:
      lines = [l.strip() for l in text if l.strip() and not l.startswith('PIGLIT:')]
   return lines[0][:160] if lines else 'no output'


def main(argv=None):
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('--chip', default='nv40')
   ap.add_argument('--write', action='store_true')
   a = ap.parse_args(argv)
   try:
      exp = pr.read_expected(a.chip)
      reasons = pr.read_reasons(a.chip)
      ours = pr.load_results(last_run(a.chip, 'gate-' + a.chip))
      peer = pr.load_results(last_run('llvmpipe', 'gate-' + a.chip))
   except pr.HarnessError as e:
      print('triage: %s' % e, file=sys.stderr)
      return 2
   todo = pr.untriaged(a.chip, exp)
   fills = {}
   for n in todo:
      v = exp[n]
      r = ours.get(n, {})
      p = peer.get(n, {}).get('result', 'not run')
      why = said(r)
      if p == v:
         fills[n] = 'llvmpipe gives %s too (%s)' % (p, why)
      print('%s: %s | llvmpipe %s | %s%s' % (n, v, p, why,
                                              '' if n in fills else '  [needs a person]'))
   if a.write and fills:
      path = pr.expected_path(a.chip)
      out = []
      with open(path, encoding='utf-8') as f:
         for line in f:
            body = line.rstrip('\n').split(pr.REASON_SEP, 1)[0].rstrip()
            name, _, verdict = body.rpartition(': ')
            if name in fills and verdict == exp.get(name):
               line = '%s: %s%s%s\n' % (name, verdict, pr.REASON_SEP,
                                        fills[name])
            out.append(line)
      with open(path + '.tmp', 'w', encoding='utf-8') as f:
         f.writelines(out)
      os.replace(path + '.tmp', path)
      print('wrote %d reasons into %s' % (len(fills), path))
   left = len(todo) - len(fills)
   print('%d without a reason: %d decided by the evidence, %d for a person'
         % (len(todo), len(fills), left))
   return 0


if __name__ == '__main__':
   sys.exit(main())
