#!/usr/bin/python3
"""Whether a corpus trace recorded for one GL class uses anything of
another class lacks (tests/apps/README.md, "Replaying on another class").

   class_check.py --to nv30-gl21 tests/apps/traces/neverball.trace ...

For each trace (class from its recipe's CLASS, or --from), lists the
extensions of tests/piglit/caps-FROM.txt that caps-TO.txt lacks and the
other way round, then scans the trace (apitrace dump) for the entry points
and enums that only those missing extensions bring: those of their
<require> blocks in the GL registry (gl.xml of the Mesa source), less what
TO has anyway through another of its extensions or its GL version (by
value: GL_TEXTURE_MAX_ANISOTROPY of ARB_texture_filter_anisotropic is
EXT_texture_filter_anisotropic's GL_TEXTURE_MAX_ANISOTROPY_EXT).  Prints
each use found; exits 1 if a trace uses any.  It does not see a program's
choices from the extension string (apitrace does not record glGetString):
that is for the recipe's argument (strings of the binary, or a recording
under TO compared call by call).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get('BUILD', os.path.join(TOP, 'build'))
GL_XML = os.path.join(BUILD, 'mesa-src', 'src', 'mapi', 'glapi', 'registry',
                      'gl.xml')


def read_caps(cls):
   ver, exts = '1.0', set()
   with open(os.path.join(TOP, 'tests', 'piglit', 'caps-%s.txt' % cls)) as f:
      for line in f:
         w = line.split()
         if w and w[0] == 'GL_VERSION':
            ver = w[1]
         elif w and w[0].startswith('GL_'):
            exts.add(w[0])
   return ver, exts


def registry():
   """(enum name -> value, {feature or extension: (commands, enum values)})"""
   root = ET.parse(GL_XML).getroot()
   values = {}
   for e in root.iter('enum'):
      if e.get('name') and e.get('value'):
         values[e.get('name')] = e.get('value').lower()
   need = collections.defaultdict(lambda: (set(), set()))
   blocks = [(f.get('name'), f) for f in root.iter('feature')
             if f.get('api') == 'gl']
   blocks += [(x.get('name'), x) for x in root.iter('extension')]
   for name, node in blocks:
      for req in node.iter('require'):
         if req.get('api') not in (None, 'gl'):
            continue
         for c in req.iter('command'):
            need[name][0].add(c.get('name'))
         for e in req.iter('enum'):
            if e.get('name') in values:
               need[name][1].add(values[e.get('name')])
   return values, need


def only_in(missing, ver, have, need):
   """Commands and enum values of the missing extensions that neither an
   extension of have nor GL up to ver brings."""
   cmds, enums = set(), set()
   for x in missing:
      cmds |= need[x][0]
      enums |= need[x][1]
   core = ['GL_VERSION_%s' % ver.replace('.', '_')]
   for name in need:
      m = re.match(r'^GL_VERSION_(\d+)_(\d+)$', name)
      if m and (int(m.group(1)), int(m.group(2))) <= tuple(
            int(v) for v in ver.split('.')):
         core.append(name)
   for x in list(have) + core:
      cmds -= need[x][0]
      enums -= need[x][1]
   return cmds, enums


def recipe_class(trace):
   name = os.path.basename(trace)[:-len('.trace')]
   conf = os.path.join(TOP, 'tests', 'apps', 'programs', name + '.conf')
   cls = 'nv40'
   with open(conf) as f:
      for line in f:
         m = re.match(r'^CLASS=(\S+)', line.strip())
         if m:
            cls = m.group(1)
   return cls


def main():
   ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
   ap.add_argument('--to', required=True, help='the class to replay on')
   ap.add_argument('--from', dest='frm',
                   help='the recorded class (default: the recipe\'s CLASS)')
   ap.add_argument('traces', nargs='+')
   args = ap.parse_args()
   if not os.path.exists(GL_XML):
      sys.exit('%s is missing: make source' % GL_XML)
   values, need = registry()
   to_ver, to_exts = read_caps(args.to)
   bad = 0
   for trace in args.traces:
      frm = args.frm or recipe_class(trace)
      frm_ver, frm_exts = read_caps(frm)
      missing = sorted(frm_exts - to_exts)
      extra = sorted(to_exts - frm_exts)
      cmds, enums = only_in(missing, to_ver, to_exts, need)
      out = subprocess.run(['apitrace', 'dump', '--call-nos=yes', trace],
                           stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL).stdout.decode(
                              'utf-8', 'replace')
      uses = collections.Counter()
      first = {}
      for line in out.splitlines():
         words = set(w for w in re.findall(r'\b(gl[A-Z]\w*)\(', line)
                     if w in cmds)
         words |= set(w for w in re.findall(r'\bGL_\w+\b', line)
                      if values.get(w) in enums)
         for w in words:
            uses[w] += 1
            first.setdefault(w, line.split(' ', 1)[0])
      print('%s (%s, GL %s -> %s, GL %s): %s lacks %s; has besides %s'
            % (os.path.basename(trace), frm, frm_ver, args.to, to_ver,
               args.to, ' '.join(missing) or 'nothing',
               ' '.join(extra) or 'nothing'))
      if frm_ver != to_ver:
         print('   GL versions differ')
         bad += 1
      for w, n in sorted(uses.items()):
         print('   uses %s %d times (first at call %s)' % (w, n, first[w]))
      if uses:
         bad += 1
      else:
         print('   uses none of their entry points and enums')
   return 1 if bad else 0


if __name__ == '__main__':
   sys.exit(main())
