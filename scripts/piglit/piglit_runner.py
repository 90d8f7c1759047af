#!/usr/bin/python3
"""piglit on nvsim: run a test list for one chip, resumably, in parallel.

   piglit_runner.py run --chip nv40 --profile gate
   piglit_runner.py run --chip llvmpipe --profile gate --gate nv40
   piglit_runner.py run --chip ref-nv40 --profile quick_gl
   piglit_runner.py run --chip nv40 --profile my-list.txt --resume
   piglit_runner.py gate --chip nv40             (run the gate, compare)
   piglit_runner.py update-expected --chip nv40  (write expected-nv40.txt)
   piglit_runner.py gate --chip g80 --first 150  (the list's first 150 tests
                                    against their expectations)
   piglit_runner.py budget --chip g80 --minutes 3 [--write]
                                    (how many of the list's first tests a
                                    whole-list run of the chip ran within
                                    3 minutes: tests/piglit/budget-g80.txt)

We run piglit's test programs ourselves instead of `piglit run`: that gives
a per-test timeout that kills the whole process group (a hung test never
stops the run), a result line appended and flushed per test (an interrupted
run resumes where it stopped), and our own scheduling on 2 cores.  Verdicts
follow piglit's rules (framework/test/base.py: a signal is a crash, a
non-zero exit turns pass into warn and anything else into fail), and each
run also writes piglit's results.json so that `piglit summary` reads it.

A chip is nvXX (our driver on nvsim), ref-nvXX (upstream's nouveau, the
reference build, on nvsim), llvmpipe or softpipe (our Mesa build), or
`none` (commands run as they are: the harness's own tests).  With --asan
(run, gate) an nvXX chip runs on the ASan+UBSan build (nvrun --asan); every
test's sanitizer reports are kept in the result folder's sanitizer/ and
any report fails the gate, naming the test (docs/reliability.md).
Python 3 standard library only.
"""

import argparse
import collections
import datetime
import glob
import gzip
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
import zlib

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
BUILD = os.environ.get('BUILD', os.path.join(TOP, 'build'))
PIGLIT_ROOT = os.environ.get('PIGLIT_ROOT', '/usr/lib/x86_64-linux-gnu/piglit')
LISTS_DIR = os.path.join(TOP, 'tests', 'piglit')
RESULTS_ROOT = os.environ.get('PIGLIT_RESULTS',
                              os.path.join(BUILD, 'piglit'))
NVRUN = os.path.join(TOP, 'scripts', 'nvrun')
# The named profiles, as Debian's piglit installs them.
PROFILES = ('quick_gl', 'quick_shader', 'sanity')
VERDICTS = ('pass', 'fail', 'warn', 'crash', 'timeout', 'skip')


class HarnessError(Exception):
   """Bad input or environment: reported in one line, exit status 2."""


# --- sanitizers --------------------------------------------------------------

# Set by --asan (and by apps_runner.py's): chip_prefix() gives nvrun --asan.
ASAN = False


def sanitizer_log(folder, name):
   """The log_path prefix of one program's sanitizer reports in folder
   (the runtimes append .PID); one file name per test name."""
   safe = re.sub(r'[^A-Za-z0-9_@-]', '_', name)[:120]
   digest = '%08x' % zlib.crc32(name.encode('utf-8'))
   os.makedirs(folder, exist_ok=True)
   return os.path.join(folder, '%s-%s' % (safe, digest))


def sanitizer_env(env, log):
   """env with ASan's reports going to log.PID (nvrun --asan puts its own
   options first; later ones win).  UBSan ignores log_path next to a
   preloaded libasan (its report file is libasan's), so its reports are
   read from stderr (sanitizer_text_reports).  No leak check: the
   programs' own leaks (piglit's, apitrace's) cannot be told from ours on
   their unsymbolized stacks, and at exit Mesa's drm-shim core has freed
   the render node path that its open() compares with, so LSan's
   symbolizer, opening /proc/self/exe through it, hits freed memory and
   deadlocks (docs/reliability.md)."""
   env = dict(env)
   opts = 'detect_leaks=0:log_path=' + log
   env['ASAN_OPTIONS'] = (env['ASAN_OPTIONS'] + ':' if env.get('ASAN_OPTIONS')
                          else '') + opts
   return env


SANITIZER_LINE = re.compile(r'^(\S+: runtime error: .*|==\d+==ERROR: \w+Sanitizer.*'
                            r'|SUMMARY: \w+Sanitizer.*)$', re.M)


def sanitizer_text_reports(text):
   """The first line of every sanitizer report in a program's output."""
   return [m.group(1).strip() for m in SANITIZER_LINE.finditer(text)
           if not m.group(1).startswith('SUMMARY')]


def sanitizer_reports(log):
   """[(file, text)] of the reports written under the log prefix."""
   folder, base = os.path.split(log)
   out = []
   if not os.path.isdir(folder):
      return out
   for f in sorted(os.listdir(folder)):
      if f.startswith(base + '.') and f[len(base) + 1:].isdigit():
         path = os.path.join(folder, f)
         with open(path, encoding='utf-8', errors='replace') as fh:
            text = fh.read()
         if text.strip():
            out.append((path, text))
   return out


def sanitizer_summary(text):
   """One line of a report: its SUMMARY line, else its first line."""
   for line in text.splitlines():
      if line.startswith('SUMMARY:'):
         return line
   for line in text.splitlines():
      if 'runtime error:' in line or 'ERROR:' in line:
         return line.strip()
   return text.strip().splitlines()[0]


# --- test lists ------------------------------------------------------------

class Test:
   __slots__ = ('name', 'argv', 'concurrent', 'req')

   def __init__(self, name, argv, concurrent=True, req=None):
      self.name = name
      self.argv = argv
      self.concurrent = concurrent
      # What a shader test declares it needs (piglit's fast-skip data:
      # api, api_version, shader_version, extensions); {} when unknown.
      self.req = req or {}


def _test_from_xml(el):
   """The command piglit's framework would run for one profile entry
   (framework/test/piglit_test.py, shader_test.py)."""
   opts = {o.get('name'): o.get('value') for o in el.findall('option')}
   try:
      cmd = [str(c) for c in _literal_list(opts.get('command', '[]'))]
   except ValueError:
      return None
   if not cmd:
      return None
   concurrent = opts.get('run_concurrent', 'True') == 'True'
   kind = el.get('type')
   if kind == 'shader':
      argv = [os.path.join(PIGLIT_ROOT, 'bin', cmd[0]),
              os.path.join(PIGLIT_ROOT, cmd[1]), '-auto', '-fbo']
   elif kind == 'gl_builtin':
      argv = [os.path.join(PIGLIT_ROOT, 'bin', cmd[0]),
              os.path.join(PIGLIT_ROOT, 'tests', cmd[1])] + cmd[2:]
   elif kind == 'gl':
      # piglit's framework adds -fbo only to concurrent tests, but under
      # surfaceless EGL there is no window to draw to: without -fbo a test
      # aborts.  Non-concurrent tests still run alone (see _execute).
      argv = [os.path.join(PIGLIT_ROOT, 'bin', cmd[0])] + cmd[1:] + \
         ['-auto', '-fbo']
   else:
      return None
   req = {}
   for k in ('api', 'api_version', 'shader_version'):
      if opts.get(k):
         req[k] = opts[k].strip("'\"")
   if opts.get('extensions'):
      req['extensions'] = re.findall(r"'([^']+)'", opts['extensions'])
   return Test(el.get('name'), argv, concurrent, req)


_STR = re.compile(r"""\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*(,|$)""")


def _literal_list(text):
   """Parse the python list of strings that piglit's XML stores."""
   text = text.strip()
   if not (text.startswith('[') and text.endswith(']')):
      raise ValueError(text)
   body, out, pos = text[1:-1], [], 0
   while pos < len(body):
      m = _STR.match(body, pos)
      if not m:
         raise ValueError(text)
      s = m.group(1) if m.group(1) is not None else m.group(2)
      out.append(re.sub(r'\\(.)', r'\1', s))
      pos = m.end()
   return out


_profile_cache = {}


def load_profile(name):
   """OrderedDict test name -> Test for one of piglit's XML profiles."""
   if name in _profile_cache:
      return _profile_cache[name]
   path = os.path.join(PIGLIT_ROOT, 'tests', name + '.xml.gz')
   if not os.path.exists(path):
      raise HarnessError('piglit profile %s not found (%s); is piglit '
                         'installed?' % (name, path))
   tests = collections.OrderedDict()
   with gzip.open(path) as f:
      for _, el in ET.iterparse(f):
         if el.tag == 'Test':
            t = _test_from_xml(el)
            if t:
               tests[t.name] = t
            el.clear()
   _profile_cache[name] = tests
   return tests


def lookup(names):
   """Tests of quick_gl/quick_shader (then the full profiles) by name."""
   found, missing = collections.OrderedDict(), list(names)
   for prof in ('quick_gl', 'quick_shader', 'opengl', 'shader'):
      if not missing:
         break
      p = load_profile(prof)
      still = []
      for n in missing:
         if n in p:
            found[n] = p[n]
         else:
            still.append(n)
      missing = still
   return found, missing


def read_list(path):
   """A list file: one piglit test name a line, or `name :: command args`
   for a command run as it is (relative paths from the list's folder).
   `#` starts a comment line."""
   if not os.path.isfile(path):
      raise HarnessError('test list %s does not exist' % path)
   base = os.path.dirname(os.path.abspath(path))
   names, custom = [], collections.OrderedDict()
   with open(path, encoding='utf-8') as f:
      for lineno, line in enumerate(f, 1):
         line = line.rstrip('\n')
         if not line.strip() or line.lstrip().startswith('#'):
            continue
         if ' :: ' in line:
            name, cmd = line.split(' :: ', 1)
            argv = cmd.split()
            if not argv:
               raise HarnessError('%s:%d: empty command' % (path, lineno))
            if not os.path.isabs(argv[0]) and '/' in argv[0]:
               argv[0] = os.path.join(base, argv[0])
            custom[name.strip()] = Test(name.strip(), argv, True)
         else:
            names.append(line.strip())
   tests, missing = lookup(names) if names else (collections.OrderedDict(), [])
   if missing:
      raise HarnessError('%s: %d names are not piglit tests, e.g. %r' %
                         (path, len(missing), missing[0]))
   order = collections.OrderedDict()
   for n in names:
      order[n] = tests[n]
   order.update(custom)
   return order


def gate_list_path(chip):
   return os.path.join(LISTS_DIR, 'gate-%s.txt' % chip)


def resolve_profile(profile, gate_chip):
   """(tests, profile label for folder names)."""
   if profile == 'gate':
      return read_list(gate_list_path(gate_chip)), 'gate-' + gate_chip
   if profile in PROFILES:
      return load_profile(profile), profile
   if os.path.isfile(profile):
      label = re.sub(r'[^A-Za-z0-9_.-]', '_',
                     os.path.splitext(os.path.basename(profile))[0])
      return read_list(profile), label
   raise HarnessError('PROFILE must be gate, %s or a list file; %r is none '
                      'of them' % (', '.join(PROFILES), profile))


# --- chips -------------------------------------------------------------------

def is_chip(chip):
   """Is chip a codename of hwdb's chip table (src/nouveau/hwdb/chips.xml,
   asked through gen_chips.py --lookup)?  Names only, not chipset ids:
   the renderer string names the chip (expected_renderer)."""
   if not re.match(r'^[a-z][a-z0-9]*$', chip):
      return False
   hwdb = os.path.join(TOP, 'src', 'nouveau', 'hwdb')
   p = subprocess.run([sys.executable, os.path.join(hwdb, 'gen_chips.py'),
                       '--lookup', chip, os.path.join(hwdb, 'chips.xml')],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
   return p.returncode == 0


def chip_prefix(chip):
   """The command prefix that runs a program on `chip`."""
   if chip == 'none':
      return []
   if ASAN and not is_chip(chip):
      raise HarnessError('--asan runs our nouveau on a simulated chip only '
                         '(the sanitizer build has no %s)' % chip)
   if chip in ('llvmpipe', 'softpipe'):
      return [NVRUN, '--chip', chip, '--']
   if chip.startswith('ref-'):
      hw = chip[4:]
      lib = os.path.join(BUILD, 'ref', 'install', 'lib', 'x86_64-linux-gnu')
      if not os.path.isdir(lib):
         raise HarnessError('the reference build is missing (%s); run '
                            '`make reference`' % lib)
      return [NVRUN, '--ref', '--chip', hw, '--']
   if is_chip(chip):
      return [NVRUN] + (['--asan'] if ASAN else []) + ['--chip', chip, '--']
   raise HarnessError('unknown CHIP %r (a codename of '
                      'src/nouveau/hwdb/chips.xml: nv40, g71, ...; ref-nv40, '
                      'llvmpipe, softpipe)' % chip)


def chip_row(chip):
   """hwdb's row of a codename or NVxx name ('g80', 'nv50' -> ['50', 'G80',
   ...]), None if none."""
   hwdb = os.path.join(TOP, 'src', 'nouveau', 'hwdb')
   p = subprocess.run([sys.executable, os.path.join(hwdb, 'gen_chips.py'),
                       '--lookup', chip, os.path.join(hwdb, 'chips.xml')],
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
   out = p.stdout.decode().split()
   return out if p.returncode == 0 and out else None


def chipset_id(chip):
   """hwdb's hex chipset id of a codename ('g80' -> '50'), None if none."""
   row = chip_row(chip)
   return row[0] if row else None


def expected_renderer(chip):
   if chip == 'none':
      return None
   if chip in ('llvmpipe', 'softpipe'):
      return chip
   if chip.startswith('ref-'):
      # upstream's nouveau names the chipset id: "NV40", "NV50" for G80,
      # "NVA3" for GT215 (nouveau_screen.c's renderer string)
      cid = chipset_id(chip[4:])
      return ('NV' + cid.upper()) if cid else chip[4:].upper()
   # ours names the row's codename ("G80 (GeForce 8800)" for nv50 too)
   row = chip_row(chip)
   return row[1].upper() if row else chip.upper()


def preflight(chip, prefix, dest, env=None):
   """glinfo on the chip: refuse to record results for the wrong driver
   (a driver that fails to open falls back to llvmpipe silently)."""
   if chip == 'none':
      return {}
   glinfo = os.path.join(PIGLIT_ROOT, 'bin', 'glinfo')
   try:
      p = subprocess.run(prefix + [glinfo], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, timeout=120,
                         env=env or test_env())
      out = p.stdout.decode('utf-8', 'replace')
   except subprocess.TimeoutExpired:
      out = 'glinfo timed out'
   except OSError as e:
      out = str(e)
   with open(os.path.join(dest, 'glinfo.txt'), 'w') as f:
      f.write(out)
   info = {}
   for key in ('GL_RENDERER', 'GL_VERSION', 'GL_SHADING_LANGUAGE_VERSION'):
      m = re.search(r'^%s\s*=\s*(.*)$' % key, out, re.M)
      info[key] = m.group(1).strip() if m else ''
   want = expected_renderer(chip)
   if want.lower() not in info['GL_RENDERER'].lower():
      tail = '\n'.join(out.strip().splitlines()[:6])
      raise HarnessError('%s: GL_RENDERER is %r, expected it to name %s; '
                         'not running tests on the wrong driver. glinfo '
                         'said:\n%s' % (chip, info['GL_RENDERER'], want, tail))
   return info


def test_env():
   env = dict(os.environ)
   env['PIGLIT_SOURCE_DIR'] = PIGLIT_ROOT
   # The platform is nvrun's choice: surfaceless EGL, or gbm for the
   # reference build (see scripts/nvrun).
   # Keep Mesa's shader cache out of the way of parallel runs.
   env.setdefault('MESA_SHADER_CACHE_DISABLE', 'true')
   return env


# --- running one test --------------------------------------------------------

def interpret(out, returncode, timed_out):
   """(verdict, subtests) following piglit's framework/test/base.py."""
   result, subtests = None, collections.OrderedDict()
   for line in out.splitlines():
      if not line.startswith('PIGLIT:'):
         continue
      try:
         d = json.loads(line[7:])
      except ValueError:
         continue
      if not isinstance(d, dict):
         continue
      if 'enumerate subtests' in d:
         for n in d['enumerate subtests']:
            subtests.setdefault(n, 'notrun')
      if isinstance(d.get('subtest'), dict):
         subtests.update(d['subtest'])
      if isinstance(d.get('result'), str):
         result = d['result']
   if timed_out:
      return 'timeout', subtests
   if returncode is not None and returncode < 0:
      return 'crash', subtests
   if result is None:
      # No verdict printed: the test did not finish its job.
      result = 'fail'
   if returncode != 0:
      result = 'warn' if result == 'pass' else 'fail'
   if result not in VERDICTS:
      result = 'fail'
   return result, subtests


def run_one(test, prefix, timeout, env, procs, lock, san_dir=None):
   start = time.time()
   argv = prefix + test.argv
   timed_out = False
   if san_dir:
      log = sanitizer_log(san_dir, test.name)
      env = sanitizer_env(env, log)
   try:
      p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                           cwd=PIGLIT_ROOT, env=env, start_new_session=True)
   except OSError as e:
      return {'name': test.name, 'result': 'crash', 'returncode': None,
              'time': 0.0, 'start': start, 'command': ' '.join(argv),
              'out': '', 'err': 'cannot start: %s' % e, 'subtests': {}}
   with lock:
      procs.add(p)
   try:
      out, err = p.communicate(timeout=timeout)
   except subprocess.TimeoutExpired:
      timed_out = True
      _kill_group(p)
      out, err = p.communicate()
   finally:
      with lock:
         procs.discard(p)
   out = out.decode('utf-8', 'replace')
   err = err.decode('utf-8', 'replace')
   verdict, subtests = interpret(out, p.returncode, timed_out)
   if timed_out:
      err += '\n[harness] killed after %g s (per-test timeout)\n' % timeout
   r = {'name': test.name, 'result': verdict, 'returncode': p.returncode,
        'time': round(time.time() - start, 3), 'start': start,
        'command': ' '.join(argv), 'out': out[-8000:], 'err': err[-8000:],
        'subtests': subtests}
   if san_dir:
      found = [(os.path.relpath(f, san_dir), sanitizer_summary(t))
               for f, t in sanitizer_reports(log)]
      ub = sanitizer_text_reports(err)
      if ub:
         with open(log + '.stderr', 'w', encoding='utf-8') as f:
            f.write(err)
         found += [(os.path.basename(log) + '.stderr', u) for u in ub]
      if found:
         r['sanitizer'] = found
   return r


def _kill_group(p):
   try:
      os.killpg(p.pid, signal.SIGKILL)
   except OSError:
      pass


# --- a run -------------------------------------------------------------------

def run_dir_name(chip, label):
   stamp = datetime.datetime.utcnow().strftime('%Y%m%d-%H%M%S')
   return os.path.join(RESULTS_ROOT, '%s-%s-%s' % (chip, label, stamp))


def runs_of(chip, label, finished=None):
   """Result folders of chip+label, oldest first."""
   if not os.path.isdir(RESULTS_ROOT):
      return []
   pat = re.compile(r'^%s-%s-\d{8}-\d{6}$' % (re.escape(chip),
                                             re.escape(label)))
   out = []
   for d in sorted(os.listdir(RESULTS_ROOT)):
      full = os.path.join(RESULTS_ROOT, d)
      if pat.match(d) and os.path.isdir(full):
         done = os.path.exists(os.path.join(full, 'done'))
         if finished is None or finished == done:
            out.append(full)
   return out


def load_results(dest):
   """name -> record, from log.jsonl (a torn last line is ignored)."""
   res = collections.OrderedDict()
   path = os.path.join(dest, 'log.jsonl')
   if os.path.exists(path):
      with open(path, encoding='utf-8') as f:
         for line in f:
            try:
               r = json.loads(line)
            except ValueError:
               continue
            res[r['name']] = r
   return res


def counts(results):
   c = collections.Counter(r['result'] for r in results.values())
   return {v: c.get(v, 0) for v in VERDICTS}


def summary_line(c):
   return ('%d passed, %d failed (%d crash, %d timeout, %d skip, %d warn)' %
           (c['pass'], c['fail'], c['crash'], c['timeout'], c['skip'],
            c['warn']))


def first_tests(tests, first):
   """The list's first `first` tests, in its order (a gate list's order
   is stratified, tests/piglit/RULE.md step 3, so a prefix is a sample of
   every folder)."""
   if first is None:
      return tests
   if first <= 0:
      raise HarnessError('--first must be positive')
   return collections.OrderedDict(list(tests.items())[:first])


def run(chip, profile, gate_chip=None, jobs=2, timeout=60, resume=False,
        dest=None, quiet=False, first=None):
   """Run a profile (or its first `first` tests) on a chip; returns
   (dest, results)."""
   gate_chip = gate_chip or _gate_chip_of(chip)
   tests, label = resolve_profile(profile, gate_chip)
   if first is not None and first < len(tests):
      tests = first_tests(tests, first)
      # its own result folders: update-expected and budget read whole runs
      label += '-first%d' % first
   if ASAN:
      # its own result folders: update-expected never reads them
      label += '-asan'
   prefix = chip_prefix(chip)
   if dest is None and resume:
      pending = runs_of(chip, label, finished=False)
      if pending:
         dest = pending[-1]
         print('piglit: resuming %s' % dest, flush=True)
   if dest is None:
      dest = run_dir_name(chip, label)
   fresh = not os.path.isdir(dest)
   os.makedirs(dest, exist_ok=True)
   try:
      info = preflight(chip, prefix, dest)
   except HarnessError:
      if fresh:   # leave no empty result folder behind
         for f in os.listdir(dest):
            os.unlink(os.path.join(dest, f))
         os.rmdir(dest)
      raise
   if info:
      print('piglit: %s: %s, %s' % (chip, info['GL_RENDERER'],
                                    info['GL_VERSION']), flush=True)
   done = load_results(dest)
   meta = {'chip': chip, 'profile': profile, 'label': label,
           'gate_chip': gate_chip, 'jobs': jobs, 'timeout': timeout,
           'info': info, 'tests': len(tests),
           'started': datetime.datetime.utcnow().isoformat() + 'Z'}
   if not os.path.exists(os.path.join(dest, 'meta.json')):
      _write_json(os.path.join(dest, 'meta.json'), meta)
   todo = [t for n, t in tests.items() if n not in done]
   print('piglit: %s %s: %d tests, %d to run, %d jobs, %gs timeout -> %s'
         % (chip, label, len(tests), len(todo), jobs, timeout, dest),
         flush=True)
   t0 = time.time()
   _execute(todo, prefix, jobs, timeout, dest, done, len(tests), quiet)
   print('piglit: ran %d tests in %.1f min' % (len(todo),
                                               (time.time() - t0) / 60),
         flush=True)
   results = collections.OrderedDict((n, done[n]) for n in tests if n in done)
   finish(dest, results, meta)
   return dest, results


def _gate_chip_of(chip):
   """Whose gate list a chip runs: its own (gate-CHIP.txt), else that of
   the chip of its generation with the nearest chipset id at or below its
   own (upstream's caps grow with the id: G84..G98 run gate-g80.txt, whose
   caps differ from G84's only by an extension llvmpipe lacks, so the rule
   gives them the same list; GT216, GT218 and MCP89 have GT215's caps and
   run gate-gt215.txt; RULE.md, "One list per caps"), else the lowest
   one's."""
   if chip in ('llvmpipe', 'softpipe'):
      return 'nv40'
   name = chip[4:] if chip.startswith('ref-') else chip
   if os.path.isfile(gate_list_path(name)):
      return name
   row = chip_row(name)
   if row and len(row) > 4:
      same = []
      for path in sorted(glob.glob(gate_list_path('*'))):
         other = os.path.basename(path)[len('gate-'):-len('.txt')]
         orow = chip_row(other)
         if orow and len(orow) > 4 and orow[4] == row[4]:
            same.append((int(orow[0], 16), other))
      if same:
         below = [s for s in same if s[0] <= int(row[0], 16)]
         return max(below)[1] if below else min(same)[1]
   return name


def _execute(todo, prefix, jobs, timeout, dest, done, total, quiet,
             env=None):
   env = env or test_env()
   san_dir = os.path.join(dest, 'sanitizer') if ASAN else None
   lock = threading.Lock()
   procs = set()
   out = open(os.path.join(dest, 'log.jsonl'), 'a', encoding='utf-8')
   # Concurrent tests share the cores; the others run alone afterwards,
   # as piglit does.
   queue = collections.deque(t for t in todo if t.concurrent)
   serial = collections.deque(t for t in todo if not t.concurrent)
   stop = threading.Event()
   t0 = time.time()

   def interrupted(signum, frame):
      raise KeyboardInterrupt
   # SIGTERM (and SIGINT, which a background job may have ignored) end the
   # run cleanly: the tests in flight are killed, the results kept.
   for s in (signal.SIGINT, signal.SIGTERM):
      signal.signal(s, interrupted)

   def record(r):
      with lock:
         out.write(json.dumps(r) + '\n')
         out.flush()
         os.fsync(out.fileno())
         done[r['name']] = r
         n = len(done)
         if not quiet and (r['result'] not in ('pass', 'skip') or
                           n % 100 == 0 or n == total or 'sanitizer' in r):
            print('[%d/%d %ds] %s: %s%s' % (
               n, total, time.time() - t0, r['name'], r['result'],
               ' (sanitizer report)' if 'sanitizer' in r else ''),
               flush=True)

   def worker(q):
      while not stop.is_set():
         with lock:
            if not q:
               return
            t = q.popleft()
         record(run_one(t, prefix, timeout, env, procs, lock, san_dir))

   def pool(q, n):
      ths = [threading.Thread(target=worker, args=(q,), daemon=True)
             for _ in range(n)]
      for th in ths:
         th.start()
      for th in ths:
         while th.is_alive():
            th.join(0.5)

   try:
      pool(queue, max(1, jobs))
      pool(serial, 1)
   except KeyboardInterrupt:
      stop.set()
      with lock:
         for p in list(procs):
            _kill_group(p)
      out.close()
      print('\npiglit: interrupted; %d results kept in %s (resume with '
            'RESUME=1 / --resume)' % (len(done), dest), flush=True)
      sys.exit(130)
   out.close()


def finish(dest, results, meta):
   """summary.txt, piglit's results.json, the `done` marker."""
   c = counts(results)
   complete = len(results) >= meta['tests']
   with open(os.path.join(dest, 'summary.txt'), 'w') as f:
      for n, r in results.items():
         f.write('%s: %s\n' % (n, r['result']))
      f.write(summary_line(c) + '\n')
   write_piglit_json(dest, results, meta)
   if complete:
      with open(os.path.join(dest, 'done'), 'w') as f:
         f.write(datetime.datetime.utcnow().isoformat() + 'Z\n')
      _point_latest(dest, meta)


def _point_latest(dest, meta):
   link = os.path.join(RESULTS_ROOT, 'latest-%s-%s' % (meta['chip'],
                                                        meta['label']))
   try:
      if os.path.islink(link):
         os.unlink(link)
      os.symlink(os.path.basename(dest), link)
   except OSError:
      pass


def write_piglit_json(dest, results, meta):
   """results.json in piglit's format (framework/backends/json.py,
   results_version 10) so that `piglit summary html/console` read it."""
   tests = collections.OrderedDict()
   t_start = min((r['start'] for r in results.values()), default=0.0)
   t_end = max((r['start'] + r['time'] for r in results.values()),
               default=0.0)
   for n, r in results.items():
      tests[n] = {
         '__type__': 'TestResult', 'command': r['command'],
         'environment': '', 'err': r['err'], 'out': r['out'],
         'result': r['result'], 'returncode': r['returncode'],
         'subtests': dict(r['subtests'], __type__='Subtests'),
         'time': {'__type__': 'TimeAttribute', 'start': r['start'],
                  'end': r['start'] + r['time']},
         'exception': None, 'traceback': None, 'dmesg': '', 'images': None,
         'pid': [],
      }
   doc = {'__type__': 'TestrunResult', 'results_version': 10,
          'name': os.path.basename(dest),
          'info': {'system': {'glinfo': meta.get('info', {})}},
          'options': {'profile': [meta['profile']], 'chip': meta['chip']},
          'time_elapsed': {'__type__': 'TimeAttribute', 'start': t_start,
                           'end': t_end},
          'tests': tests}
   _write_json(os.path.join(dest, 'results.json'), doc)


def _write_json(path, doc):
   tmp = path + '.tmp'
   with open(tmp, 'w', encoding='utf-8') as f:
      json.dump(doc, f, indent=1)
   os.replace(tmp, path)


# --- the gate ----------------------------------------------------------------

def expected_path(chip):
   return os.path.join(LISTS_DIR, 'expected-%s.txt' % chip)


def read_expected(chip):
   path = expected_path(chip)
   if not os.path.isfile(path):
      raise HarnessError('no expectations for %s (%s); create them with '
                         '`make piglit-update-expected CHIP=%s`'
                         % (chip, path, chip))
   exp = collections.OrderedDict()
   with open(path, encoding='utf-8') as f:
      for lineno, line in enumerate(f, 1):
         line = line.rstrip('\n')
         if not line.strip() or line.startswith('#'):
            continue
         line = line.split(REASON_SEP, 1)[0].rstrip()
         name, sep, verdict = line.rpartition(': ')
         if not sep or verdict not in VERDICTS:
            raise HarnessError('%s:%d: expected `test name: verdict`, got %r'
                               % (path, lineno, line))
         exp[name] = verdict
   return exp


# A non-pass expectation says why after REASON_SEP ("name: fail  # why");
# update-expected keeps the reason while the verdict stays the same.
REASON_SEP = '  # '
UNTRIAGED = 'UNTRIAGED'


def read_reasons(chip):
   """{test name: (verdict, reason)} for the lines that give a reason."""
   path = expected_path(chip)
   out = {}
   if not os.path.isfile(path):
      return out
   with open(path, encoding='utf-8') as f:
      for line in f:
         line = line.rstrip('\n')
         if line.startswith('#') or REASON_SEP not in line:
            continue
         body, reason = line.split(REASON_SEP, 1)
         name, _, verdict = body.rstrip().rpartition(': ')
         out[name] = (verdict, reason.strip())
   return out


def untriaged(chip, expected):
   """Non-pass expectations with no reason, or a reason still UNTRIAGED."""
   reasons = read_reasons(chip)
   return [n for n, v in expected.items() if v != 'pass' and
           (n not in reasons or not reasons[n][1] or
            reasons[n][1].startswith(UNTRIAGED))]


# Categories of compare() that are reported but do not fail the gate.
NOT_FAILING = ('finished in time',)


def compare(expected, results):
   """{category: [(name, expected, got)]}; empty categories left out.
   Every difference fails the gate: a pass that went away, a pass that
   nobody expected (update the expectations so that it stays), and any
   other change of verdict (e.g. fail -> crash), but one: a test expected
   to time out that passes ('finished in time').  The per-test timeout
   measures the machine as much as the driver (the same test's time
   varies several-fold with the machine's load), so a test that timed
   out where the expectations were written may finish in time on a
   faster or idler machine; that is said, not failed."""
   cats = collections.OrderedDict((k, []) for k in
                                  ('regression', 'unexpected pass', 'changed',
                                   'not run', 'no expectation') + NOT_FAILING)
   for n, e in expected.items():
      r = results.get(n)
      if r is None:
         cats['not run'].append((n, e, '-'))
         continue
      g = r['result']
      if g == e:
         continue
      if e == 'pass':
         cats['regression'].append((n, e, g))
      elif e == 'timeout' and g == 'pass':
         cats['finished in time'].append((n, e, g))
      elif g == 'pass':
         cats['unexpected pass'].append((n, e, g))
      else:
         cats['changed'].append((n, e, g))
   for n, r in results.items():
      if n not in expected:
         cats['no expectation'].append((n, '-', r['result']))
   return collections.OrderedDict((k, v) for k, v in cats.items() if v)


def print_sanitizer_reports(dest, results):
   """Names every test with a sanitizer report; returns how many."""
   bad = [(n, r['sanitizer']) for n, r in results.items() if r.get('sanitizer')]
   for n, reports in bad:
      for f, summary in reports:
         print('sanitizer report: %s: %s (%s)' % (
            n, summary, os.path.join(dest, 'sanitizer', f)))
   print('sanitizers: %d of %d tests with a report' % (len(bad), len(results)))
   return len(bad)


def print_comparison(chip, expected, diffs, sanitized=0):
   """sanitized: tests with a sanitizer report (--asan), each a failure
   whatever its verdict."""
   bad = sum(len(v) for k, v in diffs.items() if k not in NOT_FAILING)
   for cat, items in diffs.items():
      print('%s %s (%d)%s:' % (chip, cat, len(items),
                                ', not a failure: a timeout measures the '
                                'machine too' if cat in NOT_FAILING else ''))
      for n, e, g in items:
         print('  %s: expected %s, got %s' % (n, e, g))
   if bad:
      print('the gate failed; if the new results are right, run `make '
            'piglit-update-expected CHIP=%s` and commit the diff of '
            'tests/piglit/expected-%s.txt' % (chip, chip))
   print('%d passed, %d failed' % (max(0, len(expected) - bad - sanitized),
                                   bad + sanitized))
   return bad + sanitized == 0


def write_expected(chip, results, source, profile='gate'):
   path = expected_path(chip)
   c = counts(results)
   old = read_reasons(chip)
   listname = ('gate-%s.txt' % chip if profile == 'gate'
               else os.path.basename(profile))
   driver, hw = ('upstream\'s driver', chip[4:]) if chip.startswith('ref-') \
      else ('our driver', chip)
   with open(path + '.tmp', 'w', encoding='utf-8') as f:
      f.write('# Expected piglit results of %s with %s on the simulated '
              '%s.\n' % (listname, driver, hw.upper()))
      f.write('# Written by `make piglit-update-expected CHIP=%s%s` from %s.\n'
              % (chip, '' if profile == 'gate' else ' PROFILE=' +
                 os.path.relpath(os.path.abspath(profile), TOP),
                 os.path.relpath(source, TOP)))
      f.write('# Failures are recorded as they are: review the diff.\n')
      f.write('# Totals: %s\n' % summary_line(c))
      f.write('# Every non-pass says why after "%s"; update-expected keeps '
              'the reason while\n# the verdict stays, and writes %s for a '
              'new one, which must be replaced.\n' % (REASON_SEP.strip(),
                                                       UNTRIAGED))
      for n in sorted(results):
         v = results[n]['result']
         if v == 'pass':
            f.write('%s: %s\n' % (n, v))
            continue
         old_v, why = old.get(n, (None, ''))
         if old_v != v or not why:
            why = UNTRIAGED + (' (was %s: %s)' % (old_v, why) if why else '')
         f.write('%s: %s%s%s\n' % (n, v, REASON_SEP, why))
   os.replace(path + '.tmp', path)
   print('wrote %s (%s)' % (os.path.relpath(path, TOP), summary_line(c)))


def _newest_input_mtime(chip):
   paths = [gate_list_path(chip),
            os.path.join(BUILD, 'install', 'lib', 'x86_64-linux-gnu', 'dri',
                         'nouveau_dri.so'),
            os.path.join(BUILD, 'install', 'lib', 'x86_64-linux-gnu',
                         'libnouveau_drm_shim.so')]
   return max((os.path.getmtime(p) for p in paths if os.path.exists(p)),
              default=0)


# --- the time budget of make test -------------------------------------------

def budget_path(chip):
   return os.path.join(LISTS_DIR, 'budget-%s.txt' % chip)


def read_budget(chip):
   """The `first N` of tests/piglit/budget-CHIP.txt, or None (no file:
   make test runs the whole list)."""
   path = budget_path(chip)
   if not os.path.isfile(path):
      return None
   with open(path, encoding='utf-8') as f:
      for line in f:
         w = line.split('#', 1)[0].split()
         if len(w) == 2 and w[0] == 'first' and w[1].isdigit():
            return int(w[1])
   raise HarnessError('%s: no `first N` line' % path)


def budget_prefix(tests, results, jobs, minutes):
   """(N, seconds): the longest prefix of the list whose tests, with the
   times of a whole-list run, fit in `minutes` of wall time on `jobs`
   cores.  As make_gate_list.py counts a list's time: the tests' times
   summed over the jobs, a test that piglit runs alone (not concurrent)
   holding every core, so its time counts once per job; a timeout counts
   its whole wait."""
   used, n = 0.0, 0
   for name, t in tests.items():
      r = results.get(name)
      if r is None:
         raise HarnessError('the run has no result for %s: budgets are '
                            'measured on a whole-list run' % name)
      cost = r['time'] * (1 if t.concurrent else jobs)
      if used + cost > minutes * 60 * jobs:
         break
      used += cost
      n += 1
   return n, used / jobs


def write_budget(chip, gate_chip, n, secs, minutes, jobs, src, results,
                 total):
   c = counts(collections.OrderedDict(list(results.items())[:n]))
   path = budget_path(chip)
   with open(path + '.tmp', 'w', encoding='utf-8') as f:
      f.write('# make test runs the first N tests of gate-%s.txt with our '
              'driver on the\n# simulated %s (scripts/piglit/gate-all.sh); '
              'the rule is tests/piglit/RULE.md,\n# "Time budget".  The '
              'whole list: `make piglit-gate CHIP=%s`.\n'
              % (gate_chip, chip.upper(), chip))
      f.write('# Written by `make piglit-budget CHIP=%s BUDGET_MINUTES=%g` '
              'from\n# %s (%d jobs): the first %d of %d tests took %.1f '
              'min there\n# (%s).\n'
              % (chip, minutes, os.path.relpath(src, TOP), jobs, n, total,
                 secs / 60, summary_line(c)))
      f.write('first %d\n' % n)
   os.replace(path + '.tmp', path)
   print('wrote %s (first %d of %d tests, %.1f min)' %
         (os.path.relpath(path, TOP), n, total, secs / 60))


# --- command line ------------------------------------------------------------

def main(argv=None):
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   sub = ap.add_subparsers(dest='cmd', required=True)
   for name in ('run', 'gate', 'update-expected', 'budget'):
      p = sub.add_parser(name)
      p.add_argument('--chip', default=os.environ.get('CHIP', 'nv40'))
      p.add_argument('--jobs', '-j', type=int,
                     default=int(os.environ.get('PIGLIT_JOBS', '2')))
      p.add_argument('--timeout', type=float,
                     default=float(os.environ.get('PIGLIT_TIMEOUT', '60')))
      p.add_argument('--gate', help='whose gate list (default: the chip)')
      p.add_argument('--resume', action='store_true')
      p.add_argument('--results', help='a result folder to use or resume')
      p.add_argument('--quiet', action='store_true')
      if name in ('run', 'gate'):
         p.add_argument('--asan', action='store_true',
                        help='on the ASan+UBSan build (nvrun --asan)')
      p.add_argument('--profile', default='gate',
                     help='gate, %s or a list file' % ', '.join(PROFILES))
      if name == 'gate':
         p.add_argument('--expected', help='expectation file (default: '
                        'tests/piglit/expected-CHIP.txt)')
      if name in ('run', 'gate'):
         p.add_argument('--first', type=int,
                        help='only the list\'s first N tests (a gate '
                        'compares their expectations only)')
      if name == 'budget':
         p.add_argument('--minutes', type=float, default=3.0,
                        help='the wall time allowed (default 3)')
         p.add_argument('--write', action='store_true',
                        help='write tests/piglit/budget-CHIP.txt')
   a = ap.parse_args(argv)
   global ASAN
   ASAN = getattr(a, 'asan', False)
   try:
      if a.timeout <= 0 or a.jobs <= 0:
         raise HarnessError('--timeout and --jobs must be positive')
      if a.cmd == 'run':
         dest, results = run(a.chip, a.profile, a.gate, a.jobs, a.timeout,
                             a.resume, a.results, a.quiet, a.first)
         c = counts(results)
         print('results in %s' % dest)
         if ASAN:
            print_sanitizer_reports(dest, results)
         print(summary_line(c))
         return 0
      if a.cmd == 'gate':
         if a.expected:
            exp = _read_expected_file(a.expected)
         else:
            exp = read_expected(a.chip)
         whole = exp
         if a.first is not None:
            # the prefix's expectations only (the file covers the list)
            names = first_tests(resolve_profile(
               a.profile, a.gate or _gate_chip_of(a.chip))[0], a.first)
            exp = collections.OrderedDict((n, v) for n, v in exp.items()
                                          if n in names)
         dest, results = run(a.chip, a.profile, a.gate, a.jobs, a.timeout,
                             a.resume, a.results, a.quiet, a.first)
         print('results in %s' % dest)
         print('%s, piglit\'s own verdicts: %s' % (a.chip,
                                                    summary_line(counts(results))))
         sanitized = print_sanitizer_reports(dest, results) if ASAN else 0
         ok = print_comparison(a.chip, exp, compare(exp, results), sanitized)
         if not a.expected:
            todo = untriaged(a.chip, whole)
            if todo:
               print('%d non-pass expectations of %s say no reason (%s): '
                     'write why after "%s"' % (len(todo), a.chip,
                                               ', '.join(todo[:5]) +
                                               (', ...' if len(todo) > 5 else ''),
                                               REASON_SEP.strip()))
               ok = False
         return 0 if ok else 1
      if a.cmd == 'budget':
         gate_chip = a.gate or _gate_chip_of(a.chip)
         tests, label = resolve_profile(a.profile, gate_chip)
         src = a.results
         if not src:
            fin = runs_of(a.chip, label, finished=True)
            if not fin:
               raise HarnessError('no finished whole-list run of %s (%s); '
                                  '`make piglit CHIP=%s` first'
                                  % (a.chip, label, a.chip))
            src = fin[-1]
         results = load_results(src)
         if not os.path.exists(os.path.join(src, 'done')):
            raise HarnessError('%s is not a finished run' % src)
         with open(os.path.join(src, 'meta.json'), encoding='utf-8') as f:
            jobs = json.load(f).get('jobs', a.jobs)
         n, secs = budget_prefix(tests, results, jobs, a.minutes)
         print('%s: the first %d of %d tests of %s took %.1f of %g min in '
               '%s (%d jobs)' % (a.chip, n, len(tests), label, secs / 60,
                                 a.minutes, src, jobs))
         if a.write:
            write_budget(a.chip, gate_chip, n, secs, a.minutes, jobs, src,
                         collections.OrderedDict((k, results[k])
                                                 for k in tests),
                         len(tests))
         return 0
      if a.cmd == 'update-expected':
         label = 'gate-' + (a.gate or a.chip)
         if a.profile != 'gate':
            # a list file (tests/piglit/ref-nv40.txt): its own label
            label = resolve_profile(a.profile, a.gate or a.chip)[1]
         src = a.results
         if not src:
            fin = runs_of(a.chip, label, finished=True)
            if fin and os.path.getmtime(os.path.join(fin[-1], 'done')) > \
                  _newest_input_mtime(a.chip):
               src = fin[-1]
               print('using %s (newer than the gate list and the driver)'
                     % src)
         if src:
            results = load_results(src)
            if not os.path.exists(os.path.join(src, 'done')):
               raise HarnessError('%s is not a finished run' % src)
         else:
            src, results = run(a.chip, a.profile, a.gate, a.jobs, a.timeout,
                               a.resume, None, a.quiet)
         write_expected(a.chip, results, src, a.profile)
         return 0
   except HarnessError as e:
      print('piglit: error: %s' % e, file=sys.stderr)
      return 2
   return 0


def _read_expected_file(path):
   global LISTS_DIR
   # read_expected() takes a chip; an explicit file is read the same way.
   d, f = os.path.split(os.path.abspath(path))
   m = re.match(r'^expected-(.+)\.txt$', f)
   if not m:
      raise HarnessError('expectation files are named expected-CHIP.txt: %s'
                         % path)
   saved, LISTS_DIR = LISTS_DIR, d
   try:
      return read_expected(m.group(1))
   finally:
      LISTS_DIR = saved


if __name__ == '__main__':
   sys.exit(main())
