#!/usr/bin/python3
"""The application corpus: replay real programs' traces on a chip, compare.

   apps_runner.py run  --chip nv40 [--only NAME,...]   replay, compare, report
   apps_runner.py gate --chip nv40                     run, then compare the
                                                       verdicts with
                                                       tests/apps/expected-CHIP.txt
   apps_runner.py update-expected --chip nv40          rewrite that file from
                                                       the latest run
   apps_runner.py gate-all                             the gate of every chip
                                                       with an expectations file
   apps_runner.py gate --chip nv40 --asan              the gate on the ASan+UBSan
                                                       build; a sanitizer report
                                                       fails it, naming the program
   apps_runner.py gate --chip nv40 --reference-check   the gate, then every
                                                       program again with
                                                       NVSIM_REFERENCE=1: each
                                                       frame must be the same
                                                       file, byte for byte
   apps_runner.py same-frames DIR_A DIR_B              that comparison of two
                                                       folders of frames

Every program of tests/apps/programs/NAME.conf with a trace
(tests/apps/traces/NAME.trace) and its compared frames (NAME.calls, the
glXSwapBuffers call numbers) whose class the chip can replay (replays())
is replayed with eglretrace through nvrun on
the chip.  Each frame is compared with llvmpipe's reference
(tests/apps/ref/NAME-CALL.png) by nvcompare: a frame passes when at most
MAX_BAD (2%) of its pixels differ by more than TOLERANCE (16/255) in a
channel.  Where softpipe's frame is itself outside that tolerance of
llvmpipe's, it is kept as a second reference (NAME-CALL.softpipe.png,
scripts/apps/second-refs.sh) and a frame within tolerance of either passes.  Results go to build/apps/CHIP-YYYYmmdd-HHMMSS/ (ours, the
reference and the difference picture of every frame, index.html showing
them side by side, summary.txt); build/apps/latest-CHIP points at the last.
The last line printed is "N passed, N failed" over the frames (run) or over
the expectations (gate).

The reference check (issue 23): nvsim's fast paths must give the very bytes
of its reference paths (NVSIM_REFERENCE=1, src/nouveau/sim/nvsim_priv.h).
A gate with --reference-check (gate-all: the chips whose expectations file
has the header line "# reference-check: yes") replays every program a second
time with NVSIM_REFERENCE=1 into the run's reference/ folder, and each frame
of the fast run must be the same file as the reference run's: PNG files of
the same pixels written by the same eglretrace are the same bytes, so a
pixel, a channel or a bit that differs anywhere fails the gate, with no
tolerance.  A program with a differing frame is replayed once more both
ways (replay_again): a replay is not always the same bytes twice on a loaded
machine, and a frame passes only if the second pair agrees and one run
differed from its own replay.
"""
import argparse
import html
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, 'scripts', 'piglit'))
import piglit_runner  # noqa: E402  (chip_prefix, preflight: one definition)

APPS = os.path.join(TOP, 'tests', 'apps')
BUILD = os.environ.get('BUILD', os.path.join(TOP, 'build'))
NVCOMPARE = os.path.join(BUILD, 'demo', 'nvcompare')
TOLERANCE = 16
MAX_BAD = 0.02
VERDICTS = ('pass', 'fail', 'crash', 'timeout', 'missing')

# The GL class a trace was recorded for (its recipe's CLASS), and the classes
# each chip can replay: a chip runs the traces of its own class and of the
# classes whose GL it contains (tests/piglit/caps-CLASS.txt).
CLASS_ORDER = ['nv10', 'nv20', 'nv30', 'nv40', 'nv50']
# Where our driver targets more than upstream exposes on a chip
# (tests/piglit/targets.txt), the chip's class is its target: CLASS-glXY,
# e.g. nv30-gl21 for the GeForce FX at GL 2.1, whose caps file
# (caps-nv30-gl21.txt) holds what our driver reports there.  Such a chip
# replays the traces recorded for its target class and those of the classes
# up to its upstream class (our NV30 exposes all that upstream's does); a
# target class's traces are replayed on its own chips only (another class
# need not contain it: upstream's NV40 lacks two extensions our NV30 has),
# and on a class a recipe names in REPLAY_CLASSES.
TARGETS = os.path.join(TOP, 'tests', 'piglit', 'targets.txt')


class HarnessError(Exception):
   pass


# --asan: program name -> [(report file, summary line)] of the last run.
SANITIZER_REPORTS = {}
# The sanitizer build replays this many times slower at most
# (docs/reliability.md, "Sanitizers").
ASAN_SLOWDOWN = 3


def target_class(chip):
   """Our driver's target class of chip (nv30 -> nv30-gl21, from
   targets.txt), or None where it is upstream's class."""
   with open(TARGETS) as f:
      for line in f:
         w = line.split('#')[0].split()
         if len(w) >= 2 and w[0] == chip:
            return '%s-gl%s' % (upstream_class(chip), w[1].replace('.', ''))
   return None


def chip_class(chip):
   """The GL class of a chip: our driver's target class where it has one
   (target_class), else upstream's (upstream_class); upstream's driver
   (ref-CHIP) is always of upstream's class."""
   if not chip.startswith('ref-'):
      target = target_class(chip)
      if target:
         return target
   return upstream_class(chip)


def base_class(cls):
   """The upstream class a target class builds on (nv30-gl21 -> nv30)."""
   return cls.split('-')[0]


def recipe_class(cls):
   """The class a recipe's CLASS stands for.  A chip's name (CLASS=g80:
   tests/piglit/caps-g80.txt, what upstream's driver reports on G80) is
   that chip's upstream class (nv50): the traces that need GL 3.x are
   recorded for it (issue 11), and every Tesla chip replays them."""
   if cls in CLASS_ORDER or '-' in cls:
      return cls
   try:
      return upstream_class(cls)
   except HarnessError:
      return cls


def replays(chip_cls, trace_cls, also=()):
   """Whether a chip of class chip_cls replays a trace recorded for
   trace_cls (also: the recipe's REPLAY_CLASSES)."""
   trace_cls = recipe_class(trace_cls)
   if trace_cls == chip_cls or chip_cls in also:
      return True
   if trace_cls not in CLASS_ORDER:
      return False   # a target class: its own chips only
   return CLASS_ORDER.index(trace_cls) <= CLASS_ORDER.index(
      base_class(chip_cls))


def upstream_class(chip):
   """The GL class of a chip: nv4x -> nv40, g8x/nv5x/nv8x/nv9x/nvax -> nv50."""
   hw = chip[4:] if chip.startswith('ref-') else chip
   if hw in ('llvmpipe', 'softpipe'):
      return CLASS_ORDER[-1]
   m = re.match(r'^nv([0-9a-f])[0-9a-f]$', hw)
   if m:
      digit = int(m.group(1), 16)
      if digit == 1:
         return 'nv10'
      if digit in (2, 3, 4):
         return 'nv%d0' % digit
      return 'nv50'
   if re.match(r'^(g[0-9]{2,3}|gt2[0-9]{2}|mcp7[79])$', hw):
      return 'nv50'
   raise HarnessError('unknown chip %r' % chip)


def read_recipe(name):
   """The few variables of a recipe that replay needs (shell syntax)."""
   conf = {'CLASS': 'nv40', 'TIMEOUT': '600'}
   with open(os.path.join(APPS, 'programs', name + '.conf')) as f:
      for line in f:
         m = re.match(r'^([A-Z_]+)=([^\s(#][^\s#]*)\s*(#.*)?$', line.strip())
         if m:
            conf[m.group(1)] = m.group(2).strip('"\'')
   return conf


def programs(chip, only=None, gate=False):
   """(name, trace, calls, recipe) of every program the chip can replay;
   gate: less those whose recipe says GATE=no (replayed by `make apps`
   only: a trace too long for make test's gates, or one not yet replayed
   on nvsim; the recipe says why)."""
   cls = chip_class(chip)
   out = []
   names = sorted(f[:-5] for f in os.listdir(os.path.join(APPS, 'programs'))
                  if f.endswith('.conf'))
   for name in names:
      if only and name not in only:
         continue
      trace = os.path.join(APPS, 'traces', name + '.trace')
      calls_file = os.path.join(APPS, 'traces', name + '.calls')
      if not (os.path.exists(trace) and os.path.exists(calls_file)):
         continue
      recipe = read_recipe(name)
      if gate and recipe.get('GATE') == 'no':
         continue
      also = recipe.get('REPLAY_CLASSES', '').split(',')
      if not replays(cls, recipe['CLASS'], [a for a in also if a]):
         continue
      with open(calls_file) as f:
         calls = [int(c) for c in f.read().strip().split(',') if c]
      out.append((name, trace, calls, recipe))
   if only:
      unknown = set(only) - set(p[0] for p in out)
      if unknown:
         raise HarnessError('no such program for %s: %s'
                            % (chip, ', '.join(sorted(unknown))))
   return out


def snapshot_name(prefix, call):
   return '%s%010d.png' % (prefix, call)


def replay(chip, name, trace, calls, timeout, dest, extra_env=None):
   """Replays one trace (extra_env: variables added to the environment);
   returns (status, seconds, log)."""
   prefix = piglit_runner.chip_prefix(chip)
   snap = os.path.join(dest, name + '-ours-')
   cmd = prefix + ['eglretrace', '--headless',
                   '-S', ','.join(str(c) for c in calls), '-s', snap, trace]
   env = dict(os.environ)
   env.update(extra_env or {})
   if piglit_runner.ASAN:
      san_dir = os.path.join(dest, 'sanitizer')
      san_log = piglit_runner.sanitizer_log(san_dir, name)
      env = piglit_runner.sanitizer_env(env, san_log)
      timeout *= ASAN_SLOWDOWN
   t0 = time.time()
   p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        env=env, start_new_session=True)
   try:
      out, _ = p.communicate(timeout=timeout)
      status = 'crash' if p.returncode < 0 else 'ok'
   except subprocess.TimeoutExpired:
      os.killpg(p.pid, signal.SIGKILL)
      out, _ = p.communicate()
      status = 'timeout'
   log = out.decode('utf-8', 'replace')
   with open(os.path.join(dest, name + '.log'), 'w') as f:
      f.write(' '.join(cmd) + '\n' + log)
   if piglit_runner.ASAN:
      reports = piglit_runner.sanitizer_reports(san_log)
      SANITIZER_REPORTS[name] = [(f, piglit_runner.sanitizer_summary(t))
                                 for f, t in reports] + [
         (os.path.join(dest, name + '.log'), u)
         for u in piglit_runner.sanitizer_text_reports(log)]
   return status, time.time() - t0, log


def second_reference(name, call):
   """softpipe's frame, kept only where it is outside tolerance of
   llvmpipe's (scripts/apps/second-refs.sh), or None."""
   p = os.path.join(APPS, 'ref', '%s-%d.softpipe.png' % (name, call))
   return p if os.path.exists(p) else None


def compare(ref, ours, diff):
   """nvcompare's verdict and its figure (fraction of bad pixels).
   A snapshot larger than the reference is compared by its lower-left
   corner (--lower-left): eglretrace grows its window at a glViewport
   into an EXT framebuffer object when the driver lacks
   ARB_framebuffer_object (rankine; upstream's NV40), and the program's
   own window is that corner."""
   p = subprocess.run([NVCOMPARE, ref, ours, '--tolerance', str(TOLERANCE),
                       '--max-bad-fraction', str(MAX_BAD), '--diff', diff,
                       '--lower-left'],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
   text = p.stdout.decode('utf-8', 'replace')
   m = re.search(r'^lower-left corner: (\S+) of .*\'s (\S+)$', text, re.M)
   if m:
      print('   %s: compared by its lower-left %s (eglretrace grew its '
            'window to %s)' % (os.path.basename(ours), m.group(1), m.group(2)))
   m = re.search(r'\(fraction ([0-9.e+-]+)', text)
   frac = float(m.group(1)) if m else None
   if p.returncode == 0:
      return 'pass', frac
   if p.returncode == 1:
      return 'fail', frac
   if 'different sizes' in text:
      # a frame of the wrong size is a wrong frame, not a harness error
      print('   %s' % text.strip().splitlines()[-1])
      return 'fail', 1.0
   raise HarnessError('nvcompare: %s' % text.strip())


def run(chip, only=None, quiet=False, gate=False):
   if not os.access(NVCOMPARE, os.X_OK):
      raise HarnessError('%s is missing: make demo-bin' % NVCOMPARE)
   progs = programs(chip, only, gate)
   if not progs:
      raise HarnessError('no trace in tests/apps fits %s' % chip)
   # the process id keeps two runs started in the same second apart
   dest = os.path.join(BUILD, 'apps', '%s-%s-%d' % (
      chip + ('-asan' if piglit_runner.ASAN else ''),
      time.strftime('%Y%m%d-%H%M%S'), os.getpid()))
   os.makedirs(dest)
   info = piglit_runner.preflight(chip, piglit_runner.chip_prefix(chip), dest) \
      if not chip.startswith('llvmpipe') else {}
   results = []   # (name, call, verdict, fraction, seconds)
   for name, trace, calls, recipe in progs:
      status, secs, log = replay(chip, name, trace, calls,
                                 int(recipe['TIMEOUT']), dest)
      for call in calls:
         ref = os.path.join(APPS, 'ref', '%s-%d.png' % (name, call))
         ours = snapshot_name(os.path.join(dest, name + '-ours-'), call)
         frac = None
         note = None
         if not os.path.exists(ours):
            verdict = status if status != 'ok' else 'missing'
         else:
            shutil.copy(ref, os.path.join(dest, '%s-ref-%010d.png' % (name, call)))
            verdict, frac = compare(ref, ours, os.path.join(
               dest, '%s-diff-%010d.png' % (name, call)))
            second = second_reference(name, call)
            if verdict == 'fail' and second:
               # llvmpipe and softpipe disagree on this frame by more than
               # the tolerance (second-refs.sh): within tolerance of
               # either is as right as GL makes it.
               sverdict, sfrac = compare(second, ours, os.path.join(
                  dest, '%s-diff-softpipe-%010d.png' % (name, call)))
               shutil.copy(second, os.path.join(
                  dest, '%s-ref-softpipe-%010d.png' % (name, call)))
               if sverdict == 'pass':
                  verdict = 'pass'
                  note = ' (%.2f%% of pixels off llvmpipe, %.2f%% off ' \
                         'softpipe: within tolerance of softpipe)' % (
                            100 * frac, 100 * sfrac)
         results.append((name, call, verdict, frac, secs))
         if not quiet:
            print('%s@%d: %s%s' % (name, call, verdict, note or (
               '' if frac is None else
               ' (%.2f%% of pixels off)' % (100 * frac))))
      if not quiet:
         print('   %s replayed in %.1f s (%s)' % (name, secs, status))
      sys.stdout.flush()
   write_report(chip, dest, results, info)
   if only or piglit_runner.ASAN:
      # a partial run, or one on the sanitizer build, must not become
      # what update-expected reads
      return dest, results
   latest = os.path.join(BUILD, 'apps', 'latest-' + chip)
   tmp = '%s.%d' % (latest, os.getpid())
   os.symlink(os.path.basename(dest), tmp)
   os.replace(tmp, latest)
   return dest, results


def write_report(chip, dest, results, info):
   npass = sum(1 for r in results if r[2] == 'pass')
   with open(os.path.join(dest, 'summary.txt'), 'w') as f:
      for name, call, verdict, frac, secs in results:
         f.write('%s@%d: %s\n' % (name, call, verdict))
      f.write('%d passed, %d failed\n' % (npass, len(results) - npass))
   rows = []
   for name, call, verdict, frac, secs in results:
      kinds = ['ours', 'ref', 'diff']
      if os.path.exists(os.path.join(dest, '%s-ref-softpipe-%010d.png'
                                     % (name, call))):
         kinds += ['ref-softpipe', 'diff-softpipe']
      imgs = ''.join('<td><img src="%s-%s-%010d.png"></td>' % (html.escape(name), kind, call)
                     for kind in kinds)
      rows.append('<tr><th>%s@%d<br>%s<br>%s</th>%s</tr>' % (
         html.escape(name), call, verdict,
         '' if frac is None else '%.2f%% off' % (100 * frac), imgs))
   with open(os.path.join(dest, 'index.html'), 'w') as f:
      f.write('<!DOCTYPE html><meta charset="utf-8"><title>apps on %s</title>'
              '<style>img{max-width:420px}td,th{vertical-align:top}</style>'
              '<h1>Application corpus on %s</h1><p>%s</p>'
              '<p>A frame passes when at most %g%% of its pixels differ by '
              'more than %d/255 in a channel from llvmpipe (or, where '
              'softpipe itself is that far from llvmpipe, from softpipe: '
              'the two last columns).</p>'
              '<table><tr><th></th><th>%s</th><th>llvmpipe</th>'
              '<th>difference</th></tr>%s</table>\n' % (
                 html.escape(chip), html.escape(chip),
                 html.escape(info.get('GL_RENDERER', '')), 100 * MAX_BAD,
                 TOLERANCE, html.escape(chip), '\n'.join(rows)))


def expected_path(chip):
   return os.path.join(APPS, 'expected-%s.txt' % chip)


def read_expected(chip, strict=True):
   """{name@call: (verdict, reason)}; a non-pass without a reason is an
   error (unless not strict: update-expected keeps what there is)."""
   exp = {}
   with open(expected_path(chip)) as f:
      for n, line in enumerate(f, 1):
         body, _, reason = line.partition('#')
         body = body.strip()
         if not body:
            continue
         m = re.match(r'^(\S+@\d+):\s*(\S+)$', body)
         if not m or m.group(2) not in VERDICTS:
            raise HarnessError('%s:%d: not "name@call: verdict # reason"'
                               % (expected_path(chip), n))
         if strict and m.group(2) != 'pass' and (
               not reason.strip() or reason.strip().startswith('UNTRIAGED')):
            raise HarnessError('%s:%d: %s is expected to %s with no reason '
                               'written' % (expected_path(chip), n,
                                            m.group(1), m.group(2)))
         exp[m.group(1)] = (m.group(2), reason.strip())
   return exp


def check_replay_classes(chip):
   """The traces the chip replays only through their recipes'
   REPLAY_CLASSES are checked to use nothing its class lacks
   (scripts/apps/class_check.py); returns how many failed."""
   cls = chip_class(chip)
   borrowed = [trace for name, trace, calls, recipe in programs(chip)
               if not replays(cls, recipe['CLASS'])]
   if not borrowed:
      return 0
   p = subprocess.run(['/usr/bin/python3', os.path.join(HERE, 'class_check.py'),
                       '--to', cls] + borrowed,
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
   text = p.stdout.decode('utf-8', 'replace')
   if p.returncode == 0:
      print('class check: %d traces replayed on %s through REPLAY_CLASSES '
            'use nothing %s lacks' % (len(borrowed), chip, cls))
      return 0
   print('class check failed (scripts/apps/class_check.py --to %s):\n%s'
         % (cls, text.rstrip()))
   return 1


def same_frames(dir_a, dir_b, frames):
   """The frames (file names) that are not the same bytes in dir_a and
   dir_b, each with why: [(frame, why)].  A frame missing from one folder
   differs; one missing from both is not compared (the gate's verdict,
   missing or crash, already says so)."""
   out = []
   for frame in frames:
      a = os.path.join(dir_a, frame)
      b = os.path.join(dir_b, frame)
      if not os.path.exists(a) and not os.path.exists(b):
         continue
      if not os.path.exists(a) or not os.path.exists(b):
         out.append((frame, 'only in %s' % (dir_a if os.path.exists(a)
                                             else dir_b)))
         continue
      with open(a, 'rb') as fa, open(b, 'rb') as fb:
         da, db = fa.read(), fb.read()
      if da == db:
         continue
      first = next((i for i in range(min(len(da), len(db)))
                    if da[i] != db[i]), min(len(da), len(db)))
      out.append((frame, '%d and %d bytes, first difference at byte %d'
                  % (len(da), len(db), first)))
   return out


def replay_again(chip, dest, refdir, diffs, owner):
   """A replay is not always the same bytes twice: one reference replay of
   glmark2-fbo on a loaded machine came out a whole animation step off,
   and its rerun gave the fast path's bytes (issue 23).  Each program with
   a differing frame is replayed once more both ways; a frame is let pass
   only when the second pair is the same bytes and a run differs from its
   own replay (the replay, not the path, moved).  A path that is wrong
   differs in both pairs and still fails.  Returns the frames that
   differ, with why."""
   again = {'fast': os.path.join(dest, 'again-fast'),
            'reference': os.path.join(dest, 'again-reference')}
   for d in again.values():
      os.makedirs(d, exist_ok=True)
   done = set()
   for frame, why in diffs:
      name, trace, calls, recipe = owner[frame]
      if name in done:
         continue
      done.add(name)
      replay(chip, name, trace, calls, int(recipe['TIMEOUT']), again['fast'])
      replay(chip, name, trace, calls, int(recipe['TIMEOUT']),
             again['reference'], {'NVSIM_REFERENCE': '1'})
   out = []
   for frame, why in diffs:
      second = same_frames(again['fast'], again['reference'], [frame])
      moved = (same_frames(dest, again['fast'], [frame]) or
               same_frames(refdir, again['reference'], [frame]))
      if second or not moved:
         out.append((frame, why if not second else
                     '%s; again: %s' % (why, second[0][1])))
      else:
         print('reference check: %s differed (%s), but a replay of it is '
               'not the same bytes twice; replayed again both ways, it is '
               'the same bytes (%s)' % (frame, why, dest))
   return out


def reference_check(chip, dest, quiet=False):
   """Replays the programs of the run in dest again with NVSIM_REFERENCE=1
   (into dest/reference) and compares every frame byte for byte with the
   fast run's; returns how many frames differ."""
   refdir = os.path.join(dest, 'reference')
   os.makedirs(refdir, exist_ok=True)
   frames = []
   owner = {}
   for program in programs(chip, gate=True):
      name, trace, calls, recipe = program
      status, secs, log = replay(chip, name, trace, calls,
                                 int(recipe['TIMEOUT']), refdir,
                                 {'NVSIM_REFERENCE': '1'})
      if not quiet:
         print('   %s replayed with NVSIM_REFERENCE=1 in %.1f s (%s)'
               % (name, secs, status))
      for c in calls:
         frame = os.path.basename(snapshot_name(name + '-ours-', c))
         frames.append(frame)
         owner[frame] = program
   diffs = same_frames(dest, refdir, frames)
   if diffs:
      diffs = replay_again(chip, dest, refdir, diffs, owner)
   for frame, why in diffs:
      print('reference check: %s differs from NVSIM_REFERENCE=1\'s '
            '(%s; %s)' % (frame, why, refdir))
   print('reference check on %s: %d of %d frames the same bytes as '
         'NVSIM_REFERENCE=1\'s' % (chip, len(frames) - len(diffs),
                                     len(frames)))
   return len(diffs)


def gate(chip, quiet=False, ref_check=False):
   exp = read_expected(chip)
   dest, results = run(chip, quiet=quiet, gate=True)
   got = {'%s@%d' % (r[0], r[1]): r[2] for r in results}
   ok = 0
   # a borrowed trace must still be one the chip's class could have made
   bad = check_replay_classes(chip)
   for key in sorted(set(exp) | set(got)):
      want = exp.get(key, (None, ''))[0]
      have = got.get(key)
      if want == have:
         ok += 1
         continue
      bad += 1
      if want is None:
         kind = 'no expectation'
      elif have is None:
         kind = 'not run'
      elif want == 'pass':
         kind = 'regression'
      elif have == 'pass':
         kind = 'unexpected pass (update the expectations)'
      else:
         kind = 'changed'
      print('%s: %s: expected %s, got %s' % (kind, key, want, have))
   # (--asan) a report fails the gate whatever the frames look like
   bad += print_sanitizer_reports()
   if ref_check:
      bad += reference_check(chip, dest, quiet)
   npass = sum(1 for v in got.values() if v == 'pass')
   print('apps on %s: %d of %d frames within tolerance; report %s/index.html'
         % (chip, npass, len(got), dest))
   print('%d passed, %d failed' % (ok, bad))
   return bad == 0


def print_sanitizer_reports():
   """(--asan) Names every program with a sanitizer report in the last
   run; returns how many."""
   if not piglit_runner.ASAN:
      return 0
   for name in sorted(SANITIZER_REPORTS):
      for f, summary in SANITIZER_REPORTS[name]:
         print('sanitizer report: %s: %s (%s)' % (name, summary, f))
   dirty = sum(1 for v in SANITIZER_REPORTS.values() if v)
   print('sanitizers: %d of %d programs with a report'
         % (dirty, len(SANITIZER_REPORTS)))
   return dirty


def update_expected(chip):
   latest = os.path.join(BUILD, 'apps', 'latest-' + chip)
   summary = os.path.join(latest, 'summary.txt')
   if not os.path.exists(summary):
      raise HarnessError('no finished run on %s: make apps CHIP=%s' % (chip, chip))
   old = read_expected(chip, strict=False) if os.path.exists(expected_path(chip)) else {}
   lines = []
   with open(summary) as f:
      for line in f:
         m = re.match(r'^(\S+@\d+): (\S+)$', line.strip())
         if m:
            key, verdict = m.groups()
            reason = old.get(key, (None, ''))[1]
            if verdict != 'pass' and not reason:
               reason = 'UNTRIAGED: write why'
            lines.append('%s: %s%s' % (key, verdict,
                                       '  # ' + reason if verdict != 'pass' else ''))
   exists = os.path.exists(expected_path(chip))
   skip = gate_all_skip(chip) if exists else None
   ref_check = gate_all_reference_check(chip) if exists else False
   with open(expected_path(chip), 'w') as f:
      f.write('# Expected verdicts of the application corpus on %s\n'
              '# (scripts/apps/apps_runner.py; tests/apps/README.md).  Every\n'
              '# non-pass says why after a #; "UNTRIAGED" ones must be\n'
              '# replaced by the reason before committing.\n' % chip)
      if skip:
         f.write('%s: %s\n' % (GATE_ALL_SKIP, skip))
      if ref_check:
         f.write('%s: yes\n' % GATE_ALL_REFERENCE_CHECK)
      f.write('\n'.join(lines) + '\n')
   print('wrote %s from %s' % (expected_path(chip), os.path.realpath(latest)))


# An expectations file whose header has this line is left out of gate-all
# (make test): the text after it says why and which make target runs it.
GATE_ALL_SKIP = '# gate-all: skip'


# ... and one with this line (": yes") gets the reference check in gate-all.
GATE_ALL_REFERENCE_CHECK = '# reference-check'


def header_value(chip, key):
   """The text after key in the expectations file's header, or None."""
   with open(expected_path(chip)) as f:
      for line in f:
         if not line.startswith('#'):
            break
         if line.startswith(key):
            return line[len(key):].strip(' :\n')
   return None


def gate_all_skip(chip):
   """Why gate-all leaves the chip out (the header line), or None."""
   why = header_value(chip, GATE_ALL_SKIP)
   return None if why is None else why or 'no reason'


def gate_all_reference_check(chip):
   """Whether gate-all runs the chip's reference check (the header line)."""
   return header_value(chip, GATE_ALL_REFERENCE_CHECK) == 'yes'


def gate_all():
   chips = sorted(f[len('expected-'):-4] for f in os.listdir(APPS)
                  if f.startswith('expected-') and f.endswith('.txt'))
   ok = bad = 0
   for chip in chips:
      why = gate_all_skip(chip)
      if why:
         print('=== application corpus on %s: not in gate-all (%s)'
               % (chip, why))
         continue
      print('=== application corpus on %s' % chip)
      try:
         good = gate(chip, quiet=True,
                     ref_check=gate_all_reference_check(chip))
      except HarnessError as e:
         print('apps: %s' % e)
         good = False
      ok += good
      bad += not good
   print('application corpus gates: %d passed, %d failed' % (ok, bad))
   return bad == 0


def main(argv=None):
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('command', choices=('run', 'gate', 'update-expected',
                                       'gate-all', 'same-frames'))
   ap.add_argument('dirs', nargs='*', help='same-frames: the two folders')
   ap.add_argument('--chip', default='nv40')
   ap.add_argument('--only', default='', help='comma-separated program names')
   ap.add_argument('--quiet', action='store_true')
   ap.add_argument('--asan', action='store_true',
                   help='on the ASan+UBSan build (nvrun --asan)')
   ap.add_argument('--reference-check', action='store_true',
                   help='gate: every frame again with NVSIM_REFERENCE=1, '
                        'byte for byte the same')
   a = ap.parse_args(argv)
   piglit_runner.ASAN = a.asan
   try:
      if a.command == 'run':
         only = set(a.only.split(',')) if a.only else None
         _, results = run(a.chip, only, a.quiet)
         npass = sum(1 for r in results if r[2] == 'pass')
         dirty = print_sanitizer_reports()
         print('%d passed, %d failed' % (npass, len(results) - npass + dirty))
         return 0 if npass == len(results) and not dirty else 1
      if a.command == 'gate':
         return 0 if gate(a.chip, a.quiet, a.reference_check) else 1
      if a.command == 'same-frames':
         if len(a.dirs) != 2:
            raise HarnessError('same-frames needs two folders')
         frames = sorted(set(f for d in a.dirs for f in os.listdir(d)
                             if f.endswith('.png')))
         diffs = same_frames(a.dirs[0], a.dirs[1], frames)
         for frame, why in diffs:
            print('%s differs (%s)' % (frame, why))
         print('%d passed, %d failed' % (len(frames) - len(diffs), len(diffs)))
         return 1 if diffs else 0
      if a.command == 'update-expected':
         update_expected(a.chip)
         return 0
      return 0 if gate_all() else 1
   except (HarnessError, piglit_runner.HarnessError) as e:
      print('apps: %s' % e, file=sys.stderr)
      return 2


if __name__ == '__main__':
   sys.exit(main())
