#!/usr/bin/python3
"""make bench: our driver and nvsim against their peers (issue 13).

Every figure is a ratio against a peer measured in the same run:

  1  driver CPU per draw: instructions per draw of bench/nvbench_draw.c
     (callgrind, the submitting thread only), ours vs upstream's nouveau
     (the reference build) on the same simulated chip;
  2  command bytes per frame: pushbuffer bytes from nvsim traces, and the
     redundant methods among them (REDUNDANT_RULE below), ours vs upstream's;
  3  shader code size: instructions of every GLSL shader of piglit's
     quick_shader tests, ours vs upstream's, read from nvsim traces;
  4  nvsim speed: frames per second replaying the corpus and the demo,
     nvsim (our driver) vs softpipe and llvmpipe;
  5  YV12 vs YUY2 (NOT DONE yet).

Output: one table per group (workload, ours, peer, ratio) on stdout, and
the same in build/bench/latest/ (tables.txt, results.json).  --quick is
the short version `make test` runs (no timing is asserted).
Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_shaders  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(TOP, 'build')
OUT = os.path.join(BUILD, 'bench', 'latest')
NVRUN = os.path.join(TOP, 'scripts', 'nvrun')
DRAW = os.path.join(BUILD, 'bench', 'nvbench-draw')
DEMO = os.path.join(BUILD, 'demo', 'nvdemo')
NVDUMP = os.path.join(BUILD, 'mesa', 'src', 'nouveau', 'tools', 'nvdump')
TRACES = os.path.join(TOP, 'tests', 'apps', 'traces')
REF_INSTALL = os.path.join(BUILD, 'ref', 'install')

WORKLOADS = ['none', 'texture', 'shader', 'blend', 'vbo', 'uniform']

# Group 2's rule.  A method is redundant when it writes the value the
# method already holds (the last value written to the same method of the
# same class on the same channel; OBJECT: of the same subchannel) and the
# write has no effect of its own.  Writes that act even when the value is
# the same are never redundant: they draw (VERTEX_BEGIN_END, VB_*_BATCH,
# VB_ELEMENT_U16/U32, VERTEX_DATA, VTX_ATTR_*: immediate vertices), clear
# (CLEAR_BUFFERS), upload or move an upload pointer (VP_UPLOAD_*), signal
# or wait (FENCE_VALUE, NOTIFY, SEMAPHORE_ACQUIRE/RELEASE/TRIGGER,
# FLIP_*, REF_CNT, WAIT/SERIALIZE/YIELD), count (QUERY_GET, QUERY_RESET,
# PM_TRIGGER), flush or invalidate a cache (TEX_CACHE_CTL,
# VTX_CACHE_INVALIDATE, WRCACHE_FLUSH) or are NOP.  The names are the
# hwdb's (src/nouveau/hwdb/nv30-40_3d.xml, fifo.xml) as nvdump decodes
# them.  Methods the hwdb names UNKxxxx (their function is not known,
# so neither is whether re-sending them acts: upstream sends UNK1710 and
# UNK1718 before every draw) and methods it does not name are not judged.
# Only the 3D class and the FIFO methods are judged: the methods of
# the copy classes (M2MF, 2D, SIFM) are the parameters of the one
# operation their last method starts, so they count in the bytes only.
REDUNDANT_RULE = 'same value as held, no side effect (bench_runner.py ACTION_RE)'
ACTION_RE = re.compile(
   r'^(NOP|NOTIFY|NOTIFY_INTR|WAIT_FOR_IDLE|SERIALIZE|YIELD|PM_TRIGGER|'
   r'REF_CNT|RETURN_VALUE|CLEAR_BUFFERS|VERTEX_BEGIN_END|VB_VERTEX_BATCH|'
   r'VB_INDEX_BATCH|VB_ELEMENT_U16|VB_ELEMENT_U32|VERTEX_DATA|VTX_ATTR_\w+|'
   r'VP_UPLOAD_\w+|FENCE_VALUE|QUERY_GET|QUERY_RESET|TEX_CACHE_CTL|'
   r'VTX_CACHE_INVALIDATE|WRCACHE_FLUSH|FLIP_\w+|SEMAPHORE_ACQUIRE|'
   r'SEMAPHORE_RELEASE|SEMAPHORE_TRIGGER|TIME_\w+)(\[.*)?$')
JUDGED_CLASS_RE = re.compile(r'^(NV\d+_3D|G\d+_3D)$')
# group 2: which methods were redundant, per run (redundant.txt)
REDUNDANT_BY = {'ours': [], 'ref': []}
NVDUMP_RE = re.compile(r'^\s*\d+ (\d+)\.(\d+) (\S+)\s+(\S+) = (.*)$')


def log(msg):
   print(msg, file=sys.stderr, flush=True)


def run(cmd, env=None, timeout=900, cwd=None):
   e = dict(os.environ)
   if env:
      e.update(env)
   return subprocess.run(cmd, env=e, cwd=cwd, timeout=timeout,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True, errors='replace')


def nvrun(chip, ref=False):
   return [NVRUN] + (['--ref'] if ref else []) + ['--chip', chip, '--']


def ratio(ours, peer):
   if ours is None or peer is None or peer == 0:
      return None
   return ours / peer


def fmt(v):
   if v is None:
      return '-'
   if isinstance(v, str):
      return v
   if isinstance(v, int):
      return str(v)
   if abs(v) >= 100:
      return '%.0f' % v
   if abs(v) >= 10:
      return '%.1f' % v
   return '%.2f' % v


def table(title, head, rows):
   cols = [head] + [[fmt(c) for c in r] for r in rows]
   widths = [max(len(r[i]) for r in cols) for i in range(len(head))]
   lines = [title]
   for n, r in enumerate(cols):
      lines.append('  '.join(c.rjust(w) if i else c.ljust(w)
                             for i, (c, w) in enumerate(zip(r, widths))))
      if n == 0:
         lines.append('  '.join('-' * w for w in widths))
   return '\n'.join(lines) + '\n'


# ---------------------------------------------------------------- group 1

def callgrind_ir(prefix, workload, draws, frames, tmp, tag):
   out = os.path.join(tmp, 'cg.%s.%s.out' % (workload, tag))
   cmd = prefix + ['valgrind', '--tool=callgrind', '--collect-atstart=no',
                   '--callgrind-out-file=' + out, DRAW,
                   '--workload', workload, '--draws', str(draws),
                   '--frames', str(frames)]
   r = run(cmd)
   if r.returncode != 0 or not os.path.exists(out):
      log('bench: %s failed: %s' % (' '.join(cmd), r.stderr[-400:]))
      return None, None
   total = None
   with open(out) as f:
      for line in f:
         if line.startswith('totals:') or line.startswith('summary:'):
            total = int(line.split()[1])
   os.unlink(out)
   m = re.search(r'pixel=(\w+)', r.stdout)
   per_draw = total / (draws * (frames - 1)) if total is not None else None
   return per_draw, m.group(1) if m else None


def group1(quick, tmp):
   chips = ['nv40'] if quick else ['nv40', 'nv44', 'nv4b']
   workloads = ['none', 'texture'] if quick else WORKLOADS
   draws, frames = (50, 2) if quick else (200, 3)
   rows = []
   for chip in chips:
      for w in workloads:
         # ours and upstream's at once: instruction counts do not depend
         # on the load (2 cores)
         with concurrent.futures.ThreadPoolExecutor(2) as pool:
            fo = pool.submit(callgrind_ir, nvrun(chip), w, draws, frames,
                             tmp, 'ours')
            fp = pool.submit(callgrind_ir, nvrun(chip, ref=True), w, draws,
                             frames, tmp, 'ref')
            (ours, px_o), (peer, px_p) = fo.result(), fp.result()
         note = '' if px_o == px_p else 'pixels differ %s/%s' % (px_o, px_p)
         rows.append(['%s %s' % (chip, w), ours, peer, ratio(ours, peer), note])
   return table('Group 1: driver CPU, instructions per draw (callgrind, '
                'submitting thread; %d draws x %d frames; peer: upstream '
                'nouveau)' % (draws, frames - 1),
                ['workload', 'ours', 'upstream', 'ratio', 'note'], rows), rows


# ---------------------------------------------------------------- group 2

def trace_stats(path):
   """Pushbuffer bytes and (judged, redundant) method counts of a trace."""
   pushed = 0
   with open(path, errors='replace') as f:
      for line in f:
         if line.startswith('submit '):
            for seg in line.split()[3:]:
               pushed += int(seg.split(':')[2], 0)
   r = run([NVDUMP, '-c', '*', path], timeout=1800)
   held = {}
   methods = judged = redundant = 0
   which = collections.Counter()
   for line in r.stdout.splitlines():
      m = NVDUMP_RE.match(line)
      if not m:
         continue
      ch, subc, cls, name, value = m.groups()
      methods += 1
      if name == 'OBJECT':
         key = (ch, 'subc', subc)
      elif (JUDGED_CLASS_RE.match(cls) and not name.startswith('0x') and
            not name.startswith('UNK')):
         key = (ch, cls, name)
      else:
         continue
      judged += 1
      if ACTION_RE.match(name):
         continue
      if held.get(key) == value:
         redundant += 1
         which[name] += 1
      held[key] = value
   return pushed, methods, redundant, which


def traced(prefix, cmd, tmp, tag):
   path = os.path.join(tmp, '%s.trace' % tag)
   r = run(prefix + cmd, env={'NVSIM_TRACE': path}, timeout=1800)
   if r.returncode != 0 or not os.path.exists(path):
      log('bench: %s failed (%d): %s' % (' '.join(cmd), r.returncode,
                                          r.stderr[-300:]))
      return None
   stats = trace_stats(path)
   REDUNDANT_BY[tag].append((' '.join(os.path.basename(c) for c in cmd),
                             stats[3]))
   stats = stats[:3]
   os.unlink(path)
   # a replay says how many frames it rendered
   m = re.search(r'Rendered (\d+) frames', r.stdout + r.stderr)
   return stats + (int(m.group(1)) if m else None,)


def group2(quick, tmp):
   """Per-frame figures of the draw programs and the demo are steady-state:
   (trace of F2 frames - trace of F1 frames) / (F2 - F1), so set-up is not
   in them; a corpus trace's are its whole replay over its frames (set-up
   and upload frames included: a trimmed trace is mostly those)."""
   rows = []
   work = []
   for w in (['none', 'texture'] if quick else WORKLOADS):
      work.append(('draw %s (100 draws)' % w,
                   lambda n, w=w: [DRAW, '--workload', w, '--draws', '100',
                                   '--frames', str(n)], (2, 4)))
   if not quick:
      work.append(('demo 256x256',
                   lambda n: [DEMO, '--frames', str(n), '--size', '256x256',
                              '--output', os.path.join(tmp, 'demo.png')],
                   (2, 6)))
   for name in corpus_names(quick):
      trace = os.path.join(TRACES, name + '.trace')
      work.append(('corpus ' + name,
                   lambda n, t=trace: ['eglretrace', '--headless', '-b', t],
                   None))
   for label, cmd, span in work:
      res = {}
      for side, ref in (('ours', False), ('ref', True)):
         if span:
            a = traced(nvrun('nv40', ref), cmd(span[0]), tmp, side)
            b = traced(nvrun('nv40', ref), cmd(span[1]), tmp, side)
            res[side] = (None if a is None or b is None else
                         tuple((y - x) / (span[1] - span[0])
                               for x, y in zip(a[:3], b[:3])))
         else:
            a = traced(nvrun('nv40', ref), cmd(0), tmp, side)
            res[side] = (None if a is None or not a[3] else
                         tuple(x / a[3] for x in a[:3]))
      o, p = res['ours'], res['ref']
      rows.append([label, o and o[0], p and p[0],
                   ratio(o and o[0], p and p[0]), o and o[2], p and p[2]])
   return table('Group 2: command bytes per frame on nv40 (nvsim traces; '
                'redundant methods = %s; physical limit 0; peer: upstream '
                'nouveau)' % REDUNDANT_RULE,
                ['workload', 'ours B/frame', 'upstream B/frame', 'ratio',
                 'ours redundant/frame', 'upstream redundant/frame'],
                rows), rows


def corpus_names(quick):
   names = sorted(f[:-6] for f in os.listdir(TRACES) if f.endswith('.trace'))
   if quick:
      return ['glxgears']
   # the corpus traces the NV40 gate replays (tests/apps/expected-nv40.txt)
   return names


# ---------------------------------------------------------------- group 3

PIGLIT_ROOT = os.environ.get('PIGLIT_ROOT', '/usr/lib/x86_64-linux-gnu/piglit')
CAPS = os.path.join(TOP, 'tests', 'piglit', 'caps-nv40.txt')


def shader_tests(stride, limit):
   """quick_shader's shader_runner tests a GL 2.1 / GLSL 1.20 chip can run
   (compat API, shader_version <= 1.20, extensions in caps-nv40.txt),
   sorted by name; every `stride`-th of them, at most `limit`."""
   import gzip
   import xml.etree.ElementTree as ET
   with open(CAPS) as f:
      caps = set(l.split()[0] for l in f if l.strip() and l[0] != '#')
   glsl = 1.20
   for l in open(CAPS):
      if l.startswith('GLSL_VERSION'):
         glsl = float(l.split()[1])
   prof = os.path.join(PIGLIT_ROOT, 'tests', 'quick_shader.xml.gz')
   out = []
   for el in ET.parse(gzip.open(prof)).getroot():
      if el.get('type') != 'shader':
         continue
      o = {x.get('name'): x.get('value') for x in el.findall('option')}
      if o.get('api') != "'compat'":
         continue
      try:
         if float(o.get('shader_version', '9')) > glsl:
            continue
      except ValueError:
         continue
      if not set(re.findall(r"'([^']+)'", o.get('extensions', ''))) <= caps:
         continue
      cmd = re.findall(r"'([^']+)'", o.get('command', ''))
      if len(cmd) != 2 or cmd[0] != 'shader_runner':
         continue
      out.append((el.get('name'), os.path.join(PIGLIT_ROOT, cmd[1])))
   out.sort()
   return out[::stride][:limit], len(out)


def shader_sizes(name, path, ref, tmp, timeout):
   tag = ('ref-' if ref else 'ours-') + re.sub(r'\W', '_', name)[-80:]
   trace = os.path.join(tmp, tag + '.trace')
   try:
      r = run(nvrun('nv40', ref) + [os.path.join(PIGLIT_ROOT, 'bin',
                                                  'shader_runner'),
                                     path, '-auto', '-fbo'],
              env={'NVSIM_TRACE': trace, 'NVSIM_TRACE_DATA': '1'},
              timeout=timeout)
   except subprocess.TimeoutExpired:
      return None
   m = re.search(r'"result": "(\w+)"', r.stdout)
   result = m.group(1) if m else 'crash'
   if not os.path.exists(trace):
      return None
   vp, fp = bench_shaders.program_sizes(trace, NVDUMP)
   os.unlink(trace)
   if result == 'skip' or not (vp or fp):
      return None
   return sum(vp), sum(fp), result


def group3(quick, tmp):
   # the full run: every test (about 3200, 15 minutes on 2 cores;
   # BENCH_SHADER_STRIDE=N for every N-th); quick: 6 spread over the list
   stride = int(os.environ.get('BENCH_SHADER_STRIDE', '500' if quick else '1'))
   tests, candidates = shader_tests(stride, 6 if quick else 100000)
   both = []
   only = {'ours': 0, 'ref': 0, 'neither': 0}
   with concurrent.futures.ThreadPoolExecutor(2) as pool:
      # a test that hangs (upstream's driver spins on a fence) counts as
      # not compiled on that side
      t = 10 if quick else 30
      futs = [(pool.submit(shader_sizes, n, p, False, tmp, t),
               pool.submit(shader_sizes, n, p, True, tmp, t))
              for n, p in tests]
      for fo, fr in futs:
         o, r = fo.result(), fr.result()
         if o and r:
            both.append((o, r))
         elif o:
            only['ours'] += 1
         elif r:
            only['ref'] += 1
         else:
            only['neither'] += 1
   rows = []
   for label, i in (('vertex program instructions', 0),
                    ('fragment program slots', 1)):
      a = sum(o[i] for o, r in both)
      b = sum(r[i] for o, r in both)
      rows.append([label, a, b, ratio(a, b)])
   a = sum(o[0] + o[1] for o, r in both)
   b = sum(r[0] + r[1] for o, r in both)
   rows.append(['total', a, b, ratio(a, b)])
   per = sorted((o[0] + o[1]) / (r[0] + r[1]) for o, r in both
                if r[0] + r[1])
   rows.append(['median per-test ratio', '', '', per[len(per) // 2]
                if per else None])
   rows.append(['tests both compiled', len(both), len(both), None])
   rows.append(['tests only one side compiled', only['ours'], only['ref'],
                None])
   rows.append(['tests neither compiled (or no program)', only['neither'],
                only['neither'], None])
   return table('Group 3: shader code size on nv40, piglit quick_shader '
                'shader_runner tests for GLSL <= 1.20 (%d of %d: every %d-th'
                '%s; programs read from nvsim traces, bench_shaders.py; '
                'peer: upstream nouveau)' % (
                   len(tests), candidates, stride, ''),
                ['what', 'ours', 'upstream', 'ratio'], rows), rows


# ---------------------------------------------------------------- group 4

def replay_seconds(prefix, trace, loops):
   """eglretrace's own replay time (it excludes process and driver
   start-up) with the last frame looped `loops` more times."""
   r = run(prefix + ['eglretrace', '--headless', '-b', '--loop=%d' % loops,
                     trace], timeout=3600)
   m = re.search(r'Rendered (\d+) frames in ([0-9.e+-]+) secs',
                 r.stdout + r.stderr)
   if r.returncode != 0 or not m:
      return None, None
   return float(m.group(2)), int(m.group(1))


def steady_fps(prefix, trace, budget):
   """Frames per second of the trace's last frame: the replay is run with
   0 and with N extra loops of that frame (N such that the loops take about
   `budget` seconds), twice each; (min t(N) - min t(0)) / N cancels
   start-up, the upload frames and most of the noise of a loaded machine.
   Also returns the replay's own time of all its frames (t(0))."""
   t0, frames = replay_seconds(prefix, trace, 0)
   if t0 is None:
      return None, None, None
   loops = max(5, min(200, int(budget * frames / max(t0, 1e-3))))
   t0b = replay_seconds(prefix, trace, 0)[0]
   ta = replay_seconds(prefix, trace, loops)[0]
   tb = replay_seconds(prefix, trace, loops)[0]
   t0 = min(t for t in (t0, t0b) if t is not None)
   tn = min([t for t in (ta, tb) if t is not None] or [None])
   if tn is None or tn <= t0:
      return None, t0, frames
   return loops / (tn - t0), t0, frames


def frame_ms(cmd):
   """Median of the frame times a program prints ("frame N: MS ms"),
   frame 0 (first compiles and uploads) left out."""
   r = run(cmd, timeout=3600)
   ms = [float(x) for x in re.findall(r'^frame (\d+): ([0-9.]+) ms$',
                                      r.stdout, re.M) for x in [x[1]]]
   if r.returncode != 0 or len(ms) < 2:
      return None
   ms = sorted(ms[1:])
   return ms[len(ms) // 2]


def fps_of(ms):
   return 1000.0 / ms if ms else None


def group4(quick, tmp):
   rows = []
   peers = ['softpipe', 'llvmpipe']
   chips = ['nv40'] + peers
   budget = 0.5 if quick else 4.0

   def row(label, f):
      rows.append([label, f['nv40'], f['softpipe'],
                   ratio(f['nv40'], f['softpipe']), f['llvmpipe'],
                   ratio(f['nv40'], f['llvmpipe'])])

   for name in corpus_names(quick):
      trace = os.path.join(TRACES, name + '.trace')
      f = {c: steady_fps(nvrun(c), trace, budget)[0] for c in chips}
      row('corpus ' + name, f)
   sizes = ['256x256'] if quick else ['256x256', '512x512', '1024x1024']
   for size in sizes:
      n = 4 if quick else 8
      f = {c: fps_of(frame_ms(nvrun(c) + [DEMO, '--frames', str(n), '--size',
                                          size, '--output',
                                          os.path.join(tmp, 'demo.png')]))
           for c in chips}
      row('demo ' + size, f)
   for draws in ([100] if quick else [10, 100, 1000, 5000]):
      n = 4 if quick else 8
      f = {c: fps_of(frame_ms(nvrun(c) + [DRAW, '--workload', 'none',
                                          '--draws', str(draws), '--frames',
                                          str(n), '--time']))
           for c in chips}
      row('draw program, %d draws/frame (64x64)' % draws, f)
   return table('Group 4: frames per second, nvsim (our driver, nv40) vs '
                'softpipe and llvmpipe (same Mesa build, same machine; '
                'corpus: the last frame looped; demo and draw program: '
                'median frame time)',
                ['workload', 'nvsim fps', 'softpipe fps', 'ratio',
                 'llvmpipe fps', 'ratio'], rows), rows


# ---------------------------------------------------------------- main

def machine():
   model = '?'
   try:
      with open('/proc/cpuinfo') as f:
         for line in f:
            if line.startswith('model name'):
               model = line.split(':', 1)[1].strip()
               break
   except OSError:
      pass
   return '%s, %d cores (nproc), %s, %s' % (
      model, os.cpu_count() or 0, platform.platform(),
      time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()))


def check():
   """make test's stage: the last run's tables are all there and groups
   1-4 each measured at least one ratio (the figures are not judged)."""
   try:
      with open(os.path.join(OUT, 'results.json')) as f:
         res = json.load(f)
   except (OSError, ValueError) as e:
      print('bench: no results of a run: %s' % e)
      return 1
   bad = []
   for g in ('1', '2', '3', '4'):
      rows = res.get('group' + g)
      if rows is None:
         bad.append('group %s did not run' % g)
      elif not any(isinstance(c, float) for r in rows for c in r[3:4]):
         bad.append('group %s measured no ratio' % g)
   if 'group5' not in res:
      bad.append('group 5 did not print')
   for b in bad:
      print('bench: ' + b)
   return 1 if bad else 0


def main():
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('--quick', action='store_true')
   ap.add_argument('--groups', default='1,2,3,4,5')
   ap.add_argument('--check', action='store_true',
                   help='only check the last run (build/bench/latest): '
                   'every group printed, groups 1-4 with a measured ratio')
   args = ap.parse_args()
   if args.check:
      return check()
   groups = [g.strip() for g in args.groups.split(',')]

   for path, what in ((DRAW, 'make bench-bin'), (DEMO, 'make demo-bin'),
                      (NVDUMP, 'make mesa'), (REF_INSTALL, 'make reference')):
      if not os.path.exists(path):
         log('bench: %s is missing: run %s' % (path, what))
         return 2
   os.makedirs(OUT, exist_ok=True)
   header = ('make bench%s: %s\n' % (' QUICK=1' if args.quick else '',
                                      machine()))
   print(header, flush=True)
   texts = [header]
   results = {'machine': machine(), 'quick': args.quick}
   funcs = {'1': group1, '2': group2, '3': group3, '4': group4}
   with tempfile.TemporaryDirectory(prefix='nvbench-') as tmp:
      for g in ['1', '2', '3', '4', '5']:
         if g not in groups:
            continue
         t = time.monotonic()
         if g in funcs:
            text, rows = funcs[g](args.quick, tmp)
         else:
            text, rows = ('Group 5: YV12 vs YUY2: not measured yet '
                          '(docs/benchmarks.md)\n'), []
         text += '(%.0f s)\n' % (time.monotonic() - t)
         print(text, flush=True)
         texts.append(text)
         results['group' + g] = rows
   with open(os.path.join(OUT, 'tables.txt'), 'w') as f:
      f.write('\n'.join(texts))
   with open(os.path.join(OUT, 'redundant.txt'), 'w') as f:
      for side, runs in REDUNDANT_BY.items():
         for what, counts in runs:
            top = ', '.join('%s %d' % kv for kv in counts.most_common(8))
            f.write('%s: %s: %s\n' % (side, what, top or 'none'))
   with open(os.path.join(OUT, 'results.json'), 'w') as f:
      json.dump(results, f, indent=1)
   log('bench: tables in %s' % os.path.join(OUT, 'tables.txt'))
   return 0


if __name__ == '__main__':
   sys.exit(main())
