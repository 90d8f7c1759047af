#!/usr/bin/env python3
#
# Cross-check of our XML against envytools' rnndb: runs gen_headers.py on the
# reference files (reference/rnndb) and on ours, and compares, per class,
# which method addresses exist, their names and their field bit ranges.
# Our deliberate differences are listed below with their reasons; anything
# else is a transcription error.  Exits 77 (skipped) without the reference.
#
# usage: test_vs_rnndb.py gen_headers.py hwdb_dir [rnndb_dir]

import os
import re
import shutil
import subprocess
import sys
import tempfile

GEN, OURS = sys.argv[1], sys.argv[2]
REF = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    '../../../../../shared/reference/rnndb')
if not os.path.exists(os.path.join(REF, 'graph', 'nv30-40_3d.xml')):
    print('reference rnndb not found at %s: skipped' % REF)
    sys.exit(77)

tmp = tempfile.mkdtemp(prefix='nvhwdb-rnndb-')
ref = os.path.join(tmp, 'rnndb')
shutil.copytree(REF, ref)
# rnndb names 0x0497 and 0x3597 both NV35_3D; ours calls 0x3597
# NV40_RANKINE_3D (see fifo.xml), so the reference copy does too
p = os.path.join(ref, 'fifo', 'nv_object.xml')
with open(p) as f:
    s = f.read()
s = s.replace('value="0x3597" name="NV35_3D"', 'value="0x3597" name="NV40_RANKINE_3D"')
with open(p, 'w') as f:
    f.write(s)
# rnndb's GP_RESULT_MAP (length 33) overlaps POLYGON_OFFSET_CLAMP; ours has
# 32 entries (see g80_3d.xml), and so does the reference copy
p = os.path.join(ref, 'graph', 'g80_3d.xml')
with open(p) as f:
    s = f.read()
s = s.replace('name="GP_RESULT_MAP" length="33"', 'name="GP_RESULT_MAP" length="32"')
with open(p, 'w') as f:
    f.write(s)


def gen(out, files, incdir):
    r = subprocess.run([sys.executable, GEN, '-o', out, '--names', '-I', incdir]
                       + files, stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode:
        print('generator failed: ' + r.stderr)
        sys.exit(1)
    return os.path.join(out, 'nvhwdb_names.c')


def tables(path):
    s = open(path).read()
    fields = {}
    for m in re.finditer(r'nvhwdb_field (f\d+)\[\] = \{(.*?)\};', s, re.S):
        fields[m.group(1)] = tuple(
            (n, int(lo), int(hi)) for n, lo, hi in
            re.findall(r'\{ "([^"]*)", (\d+), (\d+),', m.group(2)))
    meth = {}
    for m in re.finditer(r'nvhwdb_method (m\d+) = \{ "([^"]*)",[^;]*?'
                         r'NVHWDB_\w+, \d+, (\w+),', s):
        meth[m.group(1)] = (m.group(2), fields.get(m.group(3), ()))
    t = {}
    for m in re.finditer(r'class_([0-9a-f]{4})_slots\[\] = \{(.*?)\};', s, re.S):
        t[int(m.group(1), 16)] = {
            int(a, 16): meth[b] for a, b in
            re.findall(r'\{ (0x[0-9a-f]+), \d+, &(m\d+) \}', m.group(2))}
    return t


r = tables(gen(os.path.join(tmp, 'ref'),
               [os.path.join(ref, 'graph', x) for x in
                ('nv30-40_3d.xml', 'nv_m2mf.xml', 'nv1_ctxobj.xml',
                 'nv1_ifm.xml', 'nv10_3d.xml', 'nv20_3d.xml', 'g80_3d.xml',
                 'g80_2d.xml')], ref))
o = tables(gen(os.path.join(tmp, 'ours'),
               [os.path.join(OURS, x) for x in
                ('fifo.xml', 'nv30-40_3d.xml', 'nv_m2mf.xml', 'nv_2d.xml',
                 'nv10_3d.xml', 'nv20_3d.xml', 'g80_3d.xml', 'g80_2d.xml')],
               OURS))

# Methods we add: named in upstream Mesa's nv30 driver by raw number
# (UNKxxxx), and on curie 0x37c (the half-float blend colour B/A),
# MRT_BLEND_ENABLE, the vertex texture units (nv30_winsys.h, nv30_state.c)
# and RENDER_CONDITION (upstream nv30_query.c writes 0x1e98 by number)
EXTRA = re.compile(r'^(UNK[0-9A-F]{4}|BLEND_COLOR_BA|MRT_BLEND_ENABLE|'
                   r'VTXTEX_[A-Z]+|RENDER_CONDITION)$')
# Curie's texture units 8..15 (rnndb lists 8; see group nv30_tex_unit)
CURIE = {0x4097, 0x4497}
CURIE_TEX = re.compile(r'^TEX_[A-Z_0-9]+$')


def curie_tex_unit_8_15(c, a, name):
    return c in CURIE and CURIE_TEX.match(name) and (
        0x1b00 <= a < 0x1c00 or 0x1860 <= a < 0x1880)


# Field layouts we change on purpose (see the comments in nv30-40_3d.xml)
CHANGED = {'TEX_WRAP', 'DEPTH_CONTROL', 'FP_CONTROL', 'VP_RESULT_EN',
           'TEX_FILTER', 'TEX_ENABLE', 'RT_FORMAT', 'MULTISAMPLE_CONTROL'}
RANKINE_EXTRA = {0x0697, 0x3597}   # rnndb's duplicate NV35_3D name hides
                                   # the rankine-only methods from these two

# classes whose unknown methods (UNKxxxx, RT_UNK14) we leave out: what we
# have must be rnndb's, and only those may be missing
SUBSET = {0x5097, 0x8297, 0x8397, 0x8597, 0x8697, 0x502d}

bad = []
classes = [0x0397, 0x0497, 0x0697, 0x3597, 0x4097, 0x4497, 0x0039, 0x5039,
           0x0042, 0x0062, 0x0362, 0x3062, 0x0052, 0x009e, 0x039e, 0x309e,
           0x0077, 0x0063, 0x0089, 0x0389, 0x3089,
           0x0056, 0x0096, 0x0098, 0x0099, 0x0097, 0x0597,
           0x5097, 0x8297, 0x8397, 0x8597, 0x8697, 0x502d]
for c in classes:
    rc, oc = r.get(c, {}), o.get(c, {})
    if not rc or not oc:
        bad.append('class 0x%04x missing (ref %d, ours %d methods)' %
                   (c, len(rc), len(oc)))
        continue
    for a in sorted(set(rc) - set(oc)):
        if c not in SUBSET or 'UNK' not in rc[a][0]:
            bad.append('0x%04x: method 0x%04x %s missing' % (c, a, rc[a][0]))
    for a in sorted(set(oc) - set(rc)):
        if not EXTRA.match(oc[a][0]) and c not in RANKINE_EXTRA and \
                not curie_tex_unit_8_15(c, a, oc[a][0]):
            bad.append('0x%04x: method 0x%04x %s not in rnndb' %
                       (c, a, oc[a][0]))
    for a in sorted(set(rc) & set(oc)):
        (rn, rf), (on, of) = rc[a], oc[a]
        if rn != on:
            bad.append('0x%04x: 0x%04x is %s in rnndb, %s here' % (c, a, rn, on))
        elif rn in CHANGED:
            continue
        elif c in SUBSET:
            # unknown (UNKn) fields may be left out, nothing else
            left = [f for f in set(rf) - set(of) if not f[0].startswith('UNK')]
            if not set(of) <= set(rf) or left:
                bad.append('0x%04x: %s fields %s in rnndb, %s here' %
                           (c, rn, rf, of))
        elif c in RANKINE_EXTRA:
            # rankine-only fields are hidden from these in rnndb, never
            # the other way round
            if not set(rf) <= set(of):
                bad.append('0x%04x: %s fields %s in rnndb, %s here' %
                           (c, rn, rf, of))
        elif rf != of:
            bad.append('0x%04x: %s fields %s in rnndb, %s here' % (c, rn, rf, of))

shutil.rmtree(tmp)
for b in sorted(set(bad)):
    print('FAIL: ' + b)
if bad:
    sys.exit(1)
print('%d classes agree with rnndb' % len(classes))
