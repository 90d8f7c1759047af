#!/usr/bin/python3
"""Regenerate tests/piglit/gate-CHIP.txt by the rule in tests/piglit/RULE.md.

   make_gate_list.py --chip nv40 [--minutes 4] [--jobs 2]

1. What the chip exposes: GL version, GLSL version and extensions that
   upstream's nouveau (the reference build) reports on that chip, asked
   through upstream's own capability-only drm-shim
   (build/ref/install/.../libnouveau_noop_drm_shim.so), so the answer does
   not depend on nvsim or on our driver.  Saved as tests/piglit/caps-CHIP.txt;
   with --caps-file the saved file is used instead.
2. Folders: piglit's spec@!opengl X.Y for every X.Y up to that version,
   spec@glsl-X.YY up to that GLSL version, and spec@<extension> for every
   extension that the reference driver and llvmpipe both expose.
3. Candidates: the tests of quick_gl and quick_shader in those folders
   whose declared needs fit the chip, in a stratified order: within a
   folder by the SHA-1 of the test names, the folders advancing together in
   proportion to their size (every folder's first test comes first).
   Needs a test does not declare (piglit's C tests) are observed: a test
   that skips on llvmpipe limited to the chip's caps (scripts/gl_limit.py:
   Mesa's version and extension overrides) is not a candidate.
4. Cap: the candidates run on llvmpipe in that order; a test is kept when
   llvmpipe runs it (verdict not skip, not timeout), runs under the chip's
   caps (step 3) and the sum of kept run times (per job, on the unlimited
   llvmpipe) stays within --minutes of wall time on --jobs cores.
Our driver's results play no part: the gate is never trimmed because a
test fails on it.  The unlimited llvmpipe run of the kept tests is saved as
the llvmpipe gate run (build/piglit/llvmpipe-gate-CHIP-...); the limited
run of the candidates is in its limited/ folder.
"""

import argparse
import collections
import datetime
import hashlib
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
   __file__))))
import piglit_runner as pr  # noqa: E402
import gl_limit  # noqa: E402


def ref_caps(chip):
   """(gl_version, glsl_version, [extensions]) of upstream's driver."""
   lib = os.path.join(pr.BUILD, 'ref', 'install', 'lib', 'x86_64-linux-gnu')
   shim = os.path.join(lib, 'libnouveau_noop_drm_shim.so')
   if not os.path.exists(shim):
      raise pr.HarnessError('%s is missing: run `make reference`, or use '
                            '--caps-file' % shim)
   env = pr.test_env()
   pr.chip_prefix(chip)  # validates the name
   # hwdb's chipset id: a Tesla codename is not its id (g80 is 50, gt215
   # a3), and upstream's renderer string names the id ("NV50")
   chipset = pr.chipset_id(chip) or (chip[2:] if chip.startswith('nv')
                                     else chip)
   env.update({'LD_PRELOAD': shim, 'LD_LIBRARY_PATH': lib,
               'LIBGL_DRIVERS_PATH': os.path.join(lib, 'dri'),
               'NOUVEAU_CHIPSET': chipset,
               'EGL_PLATFORM': 'surfaceless',
               # glinfo is run here, not through nvrun, which otherwise
               # picks the platform (since 1990a3e)
               'PIGLIT_PLATFORM': 'surfaceless_egl',
               'WAFFLE_PLATFORM': 'surfaceless_egl',
               # upstream hides the chip's multisampling by default (its
               # nv30_screen.c: real cards ran out of VRAM); the switch
               # shows what the chip has (RULE.md, point 1)
               'NV30_MAX_MSAA': '4'})
   out = subprocess.run([os.path.join(pr.PIGLIT_ROOT, 'bin', 'glinfo')],
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        env=env, timeout=120).stdout.decode('utf-8', 'replace')
   caps = parse_glinfo(out)
   if pr.expected_renderer('ref-' + chip) not in caps[3]:
      raise pr.HarnessError('reference glinfo on %s names %r, not the chip:'
                            '\n%s' % (chip, caps[3], out[:600]))
   return caps[:3]


def parse_glinfo(out):
   def field(key):
      m = re.search(r'^%s\s*=\s*(.*)$' % key, out, re.M)
      return m.group(1).strip() if m else ''
   ver = re.match(r'(\d+\.\d+)', field('GL_VERSION'))
   glsl = re.match(r'(\d+\.\d+)', field('GL_SHADING_LANGUAGE_VERSION'))
   exts = sorted(set(re.findall(r'^\s*(GL_\w+)\s*$', out, re.M)))
   return (ver.group(1) if ver else '1.0', glsl.group(1) if glsl else '',
           exts, field('GL_RENDERER'))


def llvmpipe_exts():
   out = subprocess.run(pr.chip_prefix('llvmpipe') +
                        [os.path.join(pr.PIGLIT_ROOT, 'bin', 'glinfo')],
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        env=pr.test_env(), timeout=120).stdout.decode(
                           'utf-8', 'replace')
   gl, glsl, exts, renderer = parse_glinfo(out)
   if 'llvmpipe' not in renderer:
      raise pr.HarnessError('llvmpipe glinfo failed:\n' + out[:600])
   return exts


# The extensions each GL version made core (GL 2.0 specification,
# appendix I; GL 2.1, appendix J; earlier versions' appendices C-H list
# their own): where a chip's target version is above upstream's caps
# (targets.txt), the folders of these extensions belong to the target.
CORE_EXTS = {
   '2.0': ('GL_ARB_shader_objects', 'GL_ARB_vertex_shader',
           'GL_ARB_fragment_shader', 'GL_ARB_shading_language_100',
           'GL_ARB_draw_buffers', 'GL_ARB_texture_non_power_of_two',
           'GL_ARB_point_sprite', 'GL_EXT_blend_equation_separate',
           'GL_EXT_stencil_two_side', 'GL_ATI_separate_stencil'),
   '2.1': ('GL_ARB_pixel_buffer_object', 'GL_EXT_texture_sRGB'),
}


def read_target(chip):
   """(gl, glsl, source) our driver is to reach on chip where that is
   above what upstream exposes (tests/piglit/targets.txt), or None."""
   with open(os.path.join(pr.LISTS_DIR, 'targets.txt')) as f:
      for line in f:
         w = line.split('#')[0].split()
         if len(w) >= 3 and w[0] == chip:
            return w[1], w[2], ' '.join(w[3:])
   return None


def raise_to_target(chip, gl, glsl, exts):
   """Step 1b of the rule: the caps raised to the chip's target."""
   t = read_target(chip)
   if not t:
      return gl, glsl, exts
   tgl, tglsl, _ = t
   if _v(tgl) > _v(gl):
      exts = list(exts)
      for v, core in CORE_EXTS.items():
         if _v(gl) < _v(v) <= _v(tgl):
            exts += [e for e in core if e not in exts]
      gl = tgl
   if not glsl or _v(tglsl) > _v(glsl):
      glsl = tglsl
   return gl, glsl, exts


def caps_path(chip):
   return os.path.join(pr.LISTS_DIR, 'caps-%s.txt' % chip)


def write_caps(chip, gl, glsl, exts):
   with open(caps_path(chip), 'w') as f:
      f.write('# What upstream nouveau (reference build) exposes on %s, from\n'
              '# glinfo over its capability-only drm-shim; written by\n'
              '# scripts/piglit/make_gate_list.py.\n' % chip.upper())
      f.write('GL_VERSION %s\nGLSL_VERSION %s\n' % (gl, glsl))
      for e in exts:
         f.write(e + '\n')


def read_caps(chip):
   return gl_limit.read_caps(caps_path(chip))


def _v(s):
   return tuple(int(x) for x in s.split('.'))


def folders(gl, glsl, exts):
   """The spec@ folder names of the rule."""
   out = set()
   for v in ('1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '2.0', '2.1', '3.0',
             '3.1', '3.2', '3.3', '4.0', '4.1', '4.2', '4.3', '4.4', '4.5',
             '4.6'):
      if _v(v) <= _v(gl):
         out.add('spec@!opengl ' + v)
   for v in ('1.10', '1.20', '1.30', '1.40', '1.50', '3.30', '4.00', '4.10',
             '4.20', '4.30', '4.40', '4.50', '4.60'):
      if glsl and _v(v) <= _v(glsl):
         out.add('spec@glsl-' + v)
   for e in exts:
      out.add('spec@' + e[3:].lower())
   return out


def runnable(t, gl, glsl, exts):
   """Whether a test's declared needs (shader tests declare them) fit what
   the chip exposes: desktop GL compatibility profile (a GL 2.1 chip has
   no core profile nor GLES 3), versions and extensions within its own."""
   r = t.req
   api = r.get('api', 'compat')
   if api == 'core' and _v(gl) < (3, 2):
      return False
   if api.startswith('gles') or api == 'gles3':
      return False
   try:
      if r.get('api_version') and _v(r['api_version']) > _v(gl):
         return False
      if r.get('shader_version') and (
            not glsl or _v(r['shader_version']) > _v(glsl)):
         return False
   except ValueError:
      return False
   return all(e in exts for e in r.get('extensions', ()))


def candidates(folder_set, gl='9.9', glsl='9.99', exts=None):
   by_folder = collections.OrderedDict()
   for prof in ('quick_gl', 'quick_shader'):
      for name, t in pr.load_profile(prof).items():
         parts = name.split('@')
         if len(parts) < 3:
            continue
         f = parts[0] + '@' + parts[1]
         if f in folder_set and (exts is None or
                                 runnable(t, gl, glsl, exts)):
            by_folder.setdefault(f, {})[name] = t
   # Stratified by folder: within a folder the tests are in the order of
   # the SHA-1 of their names (fixed, spread over the folder, stable when
   # tests are added); the folders advance together in proportion to their
   # size, so every prefix of `order` holds about the same fraction of
   # each folder, and at least the first test of every folder.
   keyed = []
   for f in sorted(by_folder):
      names = sorted(by_folder[f], key=lambda n: hashlib.sha1(
         n.encode('utf-8')).hexdigest())
      for i, n in enumerate(names):
         keyed.append((i / len(names), f, n, by_folder[f][n]))
   keyed.sort(key=lambda k: k[:3])
   return [k[3] for k in keyed], {f: len(v) for f, v in by_folder.items()}


def main():
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('--chip', required=True)
   ap.add_argument('--minutes', type=float, default=4.0,
                   help='cap: llvmpipe wall time of the gate on --jobs cores')
   ap.add_argument('--jobs', type=int, default=2)
   ap.add_argument('--timeout', type=float, default=30)
   ap.add_argument('--resume', action='store_true',
                   help='reuse the measurements of an interrupted run')
   ap.add_argument('--caps-file', action='store_true',
                   help='use the saved tests/piglit/caps-CHIP.txt')
   a = ap.parse_args()
   chip = a.chip
   xvfb = None
   try:
      if a.caps_file:
         gl, glsl, exts = read_caps(chip)
      else:
         gl, glsl, exts = ref_caps(chip)
         write_caps(chip, gl, glsl, exts)
      gl, glsl, exts = raise_to_target(chip, gl, glsl, exts)
      both = sorted(set(exts) & set(llvmpipe_exts()))
      fset = folders(gl, glsl, both)
      order, sizes = candidates(fset, gl, glsl, set(both))
      print('%s: GL %s, GLSL %s, %d extensions shared with llvmpipe; %d '
            'folders with tests, %d candidate tests' %
            (chip, gl, glsl or '-', len(both), len(sizes), len(order)),
            flush=True)
      budget = a.minutes * 60 * a.jobs
      prefix = pr.chip_prefix('llvmpipe')
      pending = pr.runs_of('llvmpipe', 'gate-' + chip, finished=False)
      if a.resume and pending:
         # Measurements of an interrupted generation are reused.
         dest = pending[-1]
         print('resuming the measurements in %s' % dest)
      else:
         dest = pr.run_dir_name('llvmpipe', 'gate-' + chip)
         os.makedirs(dest)
      pr.preflight('llvmpipe', prefix, dest)
      # Step 3 for the needs a test does not declare: the same llvmpipe
      # limited to the chip's caps (the GL and GLSL versions above, every
      # extension it has that they lack switched off).
      limited = os.path.join(dest, 'limited')
      os.makedirs(limited, exist_ok=True)
      lenv = pr.test_env()
      glinfo = prefix + [os.path.join(pr.PIGLIT_ROOT, 'bin', 'glinfo')]

      def run_glinfo(env):
         e = dict(lenv)
         e.update(env)
         return subprocess.run(glinfo, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, env=e,
                               timeout=120).stdout.decode('utf-8', 'replace')
      limits, stuck = gl_limit.limit_env(gl, glsl, exts, run_glinfo)
      lenv.update(limits)
      # No GLES 2/3 context either: no GLES-only test is a candidate.
      lenv['MESA_GLES_VERSION_OVERRIDE'] = '1.0'
      if 'GL_ARB_framebuffer_object' not in exts:
         # Piglit's -fbo mode needs ARB_framebuffer_object (a need of the
         # harness, not of the test); without it piglit falls back to a
         # window, which surfaceless EGL cannot give (it aborts), so the
         # limited llvmpipe runs on EGL in an X server of its own, as
         # scripts/nvrun runs the chips without it on gbm.
         xvfb, display = start_xvfb()
         lenv.update({'DISPLAY': display, 'PIGLIT_PLATFORM': 'x11_egl',
                      'WAFFLE_PLATFORM': 'x11_egl'})
      if stuck:
         print('left on (Mesa cannot switch them off alone): %s' %
               ' '.join(stuck))
      pr.preflight('llvmpipe', prefix, limited, lenv)
      check_limited(limited, gl, glsl, exts)
      done = pr.load_results(dest)
      ldone = pr.load_results(limited)
      kept, used, pos, full = [], 0.0, 0, False
      beyond = []
      while pos < len(order) and not full:
         batch = order[pos:pos + 20 * a.jobs]
         pos += len(batch)
         pr._execute([t for t in batch if t.name not in done], prefix,
                     a.jobs, a.timeout, dest, done, len(order), True)
         runs = [t for t in batch
                 if done[t.name]['result'] not in ('skip', 'timeout')]
         pr._execute([t for t in runs if t.name not in ldone], prefix,
                     a.jobs, a.timeout, limited, ldone, len(order), True,
                     lenv)
         for t in runs:
            if ldone[t.name]['result'] == 'skip':
               # It needs more than the chip has (step 3).
               beyond.append(t.name)
               continue
            # A test that piglit runs alone holds every core meanwhile.
            r = done[t.name]
            cost = r['time'] * (1 if t.concurrent else a.jobs)
            if used + cost > budget:
               full = True   # the cap: the list ends before this test
               pos = order.index(t) + 1
               break
            used += cost
            kept.append(t.name)
         print('  %d/%d candidates run, %d kept, %d beyond the chip, '
               '%.0f/%.0f s' % (pos, len(order), len(kept), len(beyond),
                                used, budget), flush=True)
      # The llvmpipe gate run holds the kept tests only.
      keep = set(kept)
      os.rename(os.path.join(dest, 'log.jsonl'),
                os.path.join(dest, 'measure.jsonl'))
      with open(os.path.join(dest, 'log.jsonl'), 'w') as f:
         for n in kept:
            f.write(pr.json.dumps(done[n]) + '\n')
      results = collections.OrderedDict((n, done[n]) for n in kept)
      meta = {'chip': 'llvmpipe', 'profile': 'gate', 'label': 'gate-' + chip,
              'gate_chip': chip, 'jobs': a.jobs, 'timeout': a.timeout,
              'info': {}, 'tests': len(kept)}
      pr._write_json(os.path.join(dest, 'meta.json'), meta)
      pr.finish(dest, results, meta)
      write_list(chip, a, gl, glsl, both, sizes, kept, used, keep, pos,
                 len(order), len(beyond))
      print('llvmpipe gate run: %s' % dest)
      # Where the limited llvmpipe's verdict differs (the saved verdicts are
      # the unlimited one's: RULE.md step 4), for the reviewer.
      differ = [n for n in kept if ldone[n]['result'] != done[n]['result']]
      for n in differ:
         print('  limited llvmpipe: %s: %s (unlimited: %s)' %
               (n, ldone[n]['result'], done[n]['result']))
      print('%d kept tests with another verdict under the chip\'s caps' %
            len(differ))
      print(pr.summary_line(pr.counts(results)))
   except pr.HarnessError as e:
      print('make_gate_list: error: %s' % e, file=sys.stderr)
      return 2
   finally:
      if xvfb:
         xvfb.terminate()
         xvfb.wait()
   return 0


def start_xvfb():
   """An X server for the limited llvmpipe: (process, display)."""
   for n in range(70, 100):
      if os.path.exists('/tmp/.X%d-lock' % n):
         continue
      p = subprocess.Popen(['Xvfb', ':%d' % n, '-screen', '0', '1024x768x24',
                            '-nolisten', 'tcp', '-noreset'],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
      for _ in range(100):
         if p.poll() is not None:
            break
         # ready when a client gets in
         if subprocess.run(['xdpyinfo', '-display', ':%d' % n],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL).returncode == 0:
            return p, ':%d' % n
         time.sleep(0.1)
      if p.poll() is None:
         p.terminate()
         p.wait()
   raise pr.HarnessError('no X server (Xvfb) for the limited llvmpipe')


def check_limited(limited, gl, glsl, exts):
   """What the limited llvmpipe reports: the caps' versions, and no
   extension beyond them (Mesa may refuse to switch some off; those are
   named, the rule's intent is then argued or the caps' doubt shown)."""
   with open(os.path.join(limited, 'glinfo.txt')) as f:
      lgl, lglsl, lexts, _ = parse_glinfo(f.read())
   if lgl != gl or (glsl and lglsl != glsl):
      raise pr.HarnessError('llvmpipe limited to GL %s / GLSL %s reports '
                            'GL %s / GLSL %s (%s/glinfo.txt)' %
                            (gl, glsl, lgl, lglsl, limited))
   extra = sorted(set(lexts) - set(exts))
   if extra:
      print('limited llvmpipe still exposes %d extensions beyond the caps: '
            '%s' % (len(extra), ' '.join(extra)), flush=True)


def write_list(chip, a, gl, glsl, exts, sizes, kept, used, keep, ran, total,
               beyond):
   path = pr.gate_list_path(chip)
   per = collections.Counter('@'.join(n.split('@')[:2]) for n in kept)
   with open(path, 'w') as f:
      f.write('# Gate list for %s, made by scripts/piglit/make_gate_list.py '
              '--chip %s --minutes %g --jobs %d\n' % (chip, chip, a.minutes,
                                                      a.jobs))
      f.write('# on %s.  The rule is in tests/piglit/RULE.md.\n' %
              datetime.datetime.utcnow().strftime('%Y-%m-%d'))
      t = read_target(chip)
      f.write('# %s on %s: GL %s, GLSL %s; %d extensions '
              'shared with llvmpipe.\n' %
              ('Reference driver raised to the target (%s)' % t[2] if t
               else 'Reference driver', chip.upper(), gl, glsl or '-',
               len(exts)))
      f.write('# %d of %d candidates measured on llvmpipe; %d skip under '
              'the chip\'s caps (step 3);\n# %d kept, %.0f s of test time '
              '(~%.1f min on %d cores).\n' %
              (ran, total, beyond, len(kept), used, used / a.jobs / 60,
               a.jobs))
      f.write('# Tests per folder (kept / in the profiles):\n')
      for fo in sorted(sizes):
         f.write('#   %-50s %4d / %d\n' % (fo, per.get(fo, 0), sizes[fo]))
      for n in sorted(kept):
         f.write(n + '\n')
   print('wrote %s: %d tests' % (os.path.relpath(path, pr.TOP), len(kept)))


if __name__ == '__main__':
   sys.exit(main())
