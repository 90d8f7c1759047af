#!/usr/bin/python3
"""The environment that limits Mesa's llvmpipe to a chip class's GL.

   gl_limit.py CAPS_FILE -- INFO_COMMAND...
     runs INFO_COMMAND (glxinfo or piglit's glinfo, on llvmpipe) to learn
     what llvmpipe exposes, and prints shell `export` lines:
     MESA_GL_VERSION_OVERRIDE and MESA_GLSL_VERSION_OVERRIDE set to the
     caps' versions, MESA_EXTENSION_OVERRIDE switching off every extension
     llvmpipe has that CAPS_FILE lacks, except those Mesa cannot switch
     off alone (named on stderr).

CAPS_FILE is a tests/piglit/caps-CLASS.txt (GL_VERSION, GLSL_VERSION, one
extension a line).  Used by scripts/apps/record.sh (a trace recorded for a
GL class) and, as a module, by scripts/piglit/make_gate_list.py (RULE.md
step 3: a test that skips on llvmpipe limited to the chip's caps needs
more than the chip has).

Why an extension may stay: Mesa (22.3, main/extensions.c) keeps one
enable flag for several extension names (GL_EXT_texture_rectangle and
GL_ARB_texture_rectangle, GL_OES_* and their desktop twins, and every
always-on extension on `dummy_true`), and switching one name off clears
the flag for all of them: -GL_ARB_direct_state_access, which a GL 2.1
class lacks, took GL_ARB_multitexture, GL_ARB_vertex_buffer_object and
~90 others away (Mesa warns that it "cannot be disabled" and clears the
flag anyway).  So a name is switched off only when doing so hides no
extension of the caps: each candidate list is tried on INFO_COMMAND and
the names that take a caps extension with them are found by halving.
"""

import os
import re
import shlex
import subprocess
import sys


def read_caps(path):
   """(gl_version, glsl_version, [extensions]) of a caps-CLASS.txt."""
   gl, glsl, exts = '1.0', '', []
   with open(path) as f:
      for line in f:
         w = line.split()
         if not w or w[0].startswith('#'):
            continue
         if w[0] == 'GL_VERSION':
            gl = w[1]
         elif w[0] == 'GLSL_VERSION':
            glsl = w[1] if len(w) > 1 else ''
         else:
            exts.append(w[0])
   return gl, glsl, exts


def extension_names(text):
   """The GL extensions an info program printed: glxinfo's compatibility
   list ("OpenGL extensions:", not the core or ES profile lists), or all
   GL_* names of piglit's glinfo."""
   m = re.search(r'^OpenGL extensions:\n(.*?)(?:\n\s*\n|\Z)', text,
                 re.M | re.S)
   return set(re.findall(r'\bGL_\w+', m.group(1) if m else text))


def version_env(gl, glsl):
   """The versions as Mesa's overrides spell them (GLSL 1.20 -> 120;
   none for a class without GLSL, whose shader extensions are switched
   off instead)."""
   env = {'MESA_GL_VERSION_OVERRIDE': gl}
   if glsl:
      env['MESA_GLSL_VERSION_OVERRIDE'] = glsl.replace('.', '')
   return env


def _with_off(env, off):
   e = dict(env)
   e['MESA_EXTENSION_OVERRIDE'] = ' '.join('-' + x for x in sorted(off))
   return e


def limit_env(gl, glsl, caps_exts, run):
   """(env, stuck): the override variables, and the extensions llvmpipe
   has beyond the caps that stay on (see the module's comment).
   run(env) returns the text an info program prints on llvmpipe with env
   added to the environment."""
   have = extension_names(run({}))
   venv = version_env(gl, glsl)
   # What the caps keep: their extensions llvmpipe still shows at the
   # caps' versions (an extension Mesa ties to a higher version is gone
   # anyway).
   keep = set(caps_exts) & extension_names(run(venv))
   off = sorted(have - set(caps_exts))

   def hides(names):
      return bool(keep - extension_names(run(_with_off(venv, names))))

   def culprits(names):
      if not names or not hides(names):
         return []
      if len(names) == 1:
         return names
      h = len(names) // 2
      return culprits(names[:h]) + culprits(names[h:])

   stuck = culprits(off)
   return _with_off(venv, set(off) - set(stuck)), stuck


def main(argv):
   if len(argv) < 4 or argv[2] != '--':
      sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
      return 2
   gl, glsl, exts = read_caps(argv[1])

   def run(env):
      e = dict(os.environ)
      e.update(env)
      return subprocess.run(argv[3:], env=e, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT,
                            timeout=120).stdout.decode('utf-8', 'replace')
   env, stuck = limit_env(gl, glsl, exts, run)
   if stuck:
      sys.stderr.write('gl_limit: left on (Mesa cannot switch them off '
                       'without hiding an extension of %s): %s\n' %
                       (os.path.basename(argv[1]), ' '.join(stuck)))
   for k in sorted(env):
      print('export %s=%s' % (k, shlex.quote(env[k])))
   return 0


if __name__ == '__main__':
   sys.dont_write_bytecode = True
   sys.exit(main(sys.argv))
