#!/usr/bin/python3
"""make piglit-report: compare, per chip, our driver, upstream's driver on
nvsim and llvmpipe on the same list.

   piglit_report.py [--chips nv40,nv30] [--profile gate|quick_gl|...]

Uses the latest finished run of each (build/piglit/<chip>-<label>-<date>).
Writes build/piglit/report/report.txt (the one-screen table, also printed),
build/piglit/report/differ-CHIP.txt (every test where our driver's verdict
differs from llvmpipe's) and piglit's HTML summary in
build/piglit/report/html/index.html.
"""

import argparse
import glob
import os
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import piglit_runner as pr  # noqa: E402

SHOWN = 12   # differing tests listed on screen per chip


def latest(chip, label):
   runs = pr.runs_of(chip, label, finished=True)
   return runs[-1] if runs else None


def wall_minutes(results):
   """Time during which tests ran: the union of their intervals, so that
   the pause of an interrupted and resumed run does not count."""
   spans = sorted((r['start'], r['start'] + r['time'])
                  for r in results.values())
   total, cur_s, cur_e = 0.0, None, None
   for s, e in spans:
      if cur_e is None or s > cur_e:
         if cur_e is not None:
            total += cur_e - cur_s
         cur_s, cur_e = s, e
      else:
         cur_e = max(cur_e, e)
   if cur_e is not None:
      total += cur_e - cur_s
   return total / 60


def main():
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('--chips', help='comma-separated (default: every chip '
                   'with a gate list)')
   ap.add_argument('--profile', default='gate')
   a = ap.parse_args()
   if a.chips:
      chips = [c for c in a.chips.split(',') if c]
   else:
      chips = sorted(os.path.basename(p)[5:-4] for p in
                     glob.glob(os.path.join(pr.LISTS_DIR, 'gate-*.txt')))
   outdir = os.path.join(pr.RESULTS_ROOT, 'report')
   os.makedirs(outdir, exist_ok=True)
   lines, html_runs = [], []
   lines.append('piglit %s: latest finished runs in %s' %
                (a.profile, os.path.relpath(pr.RESULTS_ROOT, pr.TOP)))
   lines.append('%-6s %-17s %6s %6s %6s %6s %7s %6s %5s %6s' %
                ('chip', 'driver', 'tests', 'pass', 'fail', 'crash',
                 'timeout', 'skip', 'warn', 'min'))
   diffs_text = []
   for chip in chips:
      label = 'gate-' + chip if a.profile == 'gate' else a.profile
      runs = [('ours (nvsim)', chip), ('upstream (nvsim)', 'ref-' + chip),
              ('llvmpipe', 'llvmpipe')]
      got = {}
      for title, who in runs:
         d = latest(who, label)
         if not d:
            lines.append('%-6s %-17s  no finished run: make piglit CHIP=%s '
                         'PROFILE=%s%s' % (chip, title, who, a.profile,
                                           ' GATE=' + chip if who ==
                                           'llvmpipe' and a.profile == 'gate'
                                           else ''))
            continue
         res = pr.load_results(d)
         got[who] = res
         html_runs.append(d)
         c = pr.counts(res)
         lines.append('%-6s %-17s %6d %6d %6d %6d %7d %6d %5d %6.1f' %
                      (chip, title, len(res), c['pass'], c['fail'],
                       c['crash'], c['timeout'], c['skip'], c['warn'],
                       wall_minutes(res)))
      if chip in got and 'llvmpipe' in got:
         ours, ll = got[chip], got['llvmpipe']
         common = [n for n in ours if n in ll]
         differ = [n for n in common
                   if ours[n]['result'] != ll[n]['result']]
         lost = [n for n in differ if ll[n]['result'] == 'pass']
         won = [n for n in differ if ours[n]['result'] == 'pass']
         path = os.path.join(outdir, 'differ-%s.txt' % chip)
         with open(path, 'w') as f:
            for n in differ:
               f.write('%s: ours %s, llvmpipe %s\n' %
                       (n, ours[n]['result'], ll[n]['result']))
         diffs_text.append('%s: ours differs from llvmpipe in %d of %d '
                           'tests (%d pass only on llvmpipe, %d only on '
                           'ours); all in %s' %
                           (chip, len(differ), len(common), len(lost),
                            len(won), os.path.relpath(path, pr.TOP)))
         for n in (won + [x for x in differ if x not in won])[:SHOWN]:
            diffs_text.append('  %-58s ours %-7s llvmpipe %s' %
                              (n[-58:], ours[n]['result'], ll[n]['result']))
         if len(differ) > SHOWN:
            diffs_text.append('  ... %d more' % (len(differ) - SHOWN))
   lines += [''] + diffs_text
   html = os.path.join(outdir, 'html')
   if html_runs:
      p = subprocess.run(['piglit', 'summary', 'html', '--overwrite', html] +
                         html_runs, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
      if p.returncode == 0:
         lines.append('HTML summary: %s' %
                      os.path.relpath(os.path.join(html, 'index.html'),
                                      pr.TOP))
      else:
         lines.append('piglit summary html failed: %s' %
                      p.stdout.decode('utf-8', 'replace')[-300:])
   text = '\n'.join(lines) + '\n'
   with open(os.path.join(outdir, 'report.txt'), 'w') as f:
      f.write(text)
   sys.stdout.write(text)
   return 0


if __name__ == '__main__':
   sys.exit(main())
