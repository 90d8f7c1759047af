#!/usr/bin/env python3
"""Prints, one a line, the -D and -I arguments with which a Mesa build
compiled its drm-shim core (src/drm-shim/device.c), include folders made
absolute: the standalone build's -Dmesa= option (top-level meson.build)
compiles the drm-shim and its tests as Mesa's tree would, with Mesa's
own configuration and no list of Mesa's defines written twice.

   scripts/mesa-args.py BUILD/mesa
"""
import json
import os
import shlex
import sys


def main():
   bld = os.path.abspath(sys.argv[1])
   with open(os.path.join(bld, 'compile_commands.json'), encoding='utf-8') as f:
      entries = json.load(f)
   for e in entries:
      if e['file'].endswith(os.path.join('drm-shim', 'device.c')):
         break
   else:
      sys.exit('mesa-args: no drm-shim/device.c in %s/compile_commands.json'
               % bld)
   cwd = e['directory']
   for a in shlex.split(e['command']):
      if a.startswith('-D'):
         print(a)
      elif a.startswith('-I'):
         d = a[2:]
         # the target's private folder holds nothing of Mesa's
         if d.endswith('.p'):
            continue
         print('-I' + os.path.normpath(os.path.join(cwd, d)))


if __name__ == '__main__':
   main()
