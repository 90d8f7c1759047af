#!/usr/bin/env python3
# Trace tests (docs/trace.md):
#  - round trip: nvtrace_gen records a known NV40 pushbuffer through nvsim;
#    the trace holds the words we packed, and nvdump gives back the names,
#    fields and enum values the database defines for them (expected text
#    written here from nv30-40_3d.xml, not taken from a run), the programs
#    disassembled, the unknown method flagged;
#  - nvdiff of two runs that differ in DEPTH_FUNC only (but have different
#    buffer placement and object handles) reports exactly that method;
#  - bad input (truncated, corrupt, not a trace) gives a clear error with
#    the line number and exit status 1/2, never a crash.
import os
import subprocess
import sys
import tempfile

gen, nvdump, nvdiff, nvdis = sys.argv[1:5]
failures = 0
tmp = tempfile.mkdtemp(prefix='nvtrace_test.')


def check(cond, what):
    global failures
    if not cond:
        print('FAIL:', what)
        failures += 1


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=60)


def path(name):
    return os.path.join(tmp, name)


# --- round trip -------------------------------------------------------------
rt = path('rt.trace')
p = run([gen, 'roundtrip', rt])
check(p.returncode == 0, 'nvtrace_gen roundtrip: %s' % p.stderr)
raw = open(rt).read().splitlines()

check(raw[0] == 'nvsim-trace 1', 'header: %r' % raw[0])
check(any(l.startswith('device 0x40 ') for l in raw), 'device line')
check('object 0 0xbeef4097 0x4097' in raw, 'object line')
# VIEWPORT_HORIZ (0xa00): X = 10 in bits 0..15, W = 640 in bits 16..31
check('m 0 1 0x4097 0x0a00 0x0280000a' in raw, 'viewport method recorded')
# DEPTH_FUNC (0xa6c) LESS = 0x201 (GL enum value)
check('m 0 1 0x4097 0x0a6c 0x00000201' in raw, 'depth func recorded')
# COLOR0_OFFSET relocated: buffer + 0x100
check(any(l.startswith('m 0 1 0x4097 0x0210 ') and ':low:0x100:0x0' in l
          for l in raw), 'relocation recorded: %r' %
      [l for l in raw if ' 0x0210 ' in l])
check(any(l.startswith('contents ') for l in raw), 'buffer contents recorded')

p = run([nvdump, rt])
check(p.returncode == 0, 'nvdump exit %d: %s' % (p.returncode, p.stderr))
out = p.stdout
for want in ['NV40_3D    OBJECT = 0xbeef4097  -> NV40_3D#0',
             'DMA_TEXTURE1 = 0xbeef0202  -> DMA(gart all)',
             'VIEWPORT_HORIZ = { X = 10 | W = 640 }',
             'DEPTH_FUNC = LESS',
             'VTXFMT[3] = { TYPE = V32_FLOAT | SIZE = 4 | STRIDE = 16 }',
             'VP_UPLOAD_INST[2] = 0x8106c083',
             # upstream nv30_transfer.c: "mov o[hpos], a[0]"
             'vp    0: MOV o[HPOS], v[0];',
             # "texr r0, i[tex0], texture[0]; end" (+ its colour move)
             'fp    0: TEXR R0, f[TC0], TEX0;',
             'fp    1: MOVH H0, R0; END',
             '0x1fe8 = 0x12345678  ** unknown method **']:
    check(want in out, 'nvdump lacks %r' % want)
check(any('COLOR0_OFFSET = 0x100' in l and '+0x100]' in l
          for l in out.splitlines()), 'relocated COLOR0_OFFSET')
check(out.count('unknown method') == 1, 'one unknown method only')

p = run([nvdump, '--unknown', rt])
check(p.returncode == 0 and '1 method the database does not name' in p.stdout
      and 'NV40_3D    0x1fe8  1 time' in p.stdout, 'unknown list: %r' % p.stdout)

p = run([nvdump, '-m', 'viewport*', rt])
lines = [l for l in p.stdout.splitlines() if ' 0.1 ' in l]
check(len(lines) == 1 and 'VIEWPORT_HORIZ' in lines[0],
      'method filter: %r' % p.stdout)
p = run([nvdump, '-c', '0x4097', '-m', 'VP_UPLOAD_INST*', rt])
lines = [l for l in p.stdout.splitlines() if ' 0.1 ' in l]
check(len(lines) == 4, 'class+method filter: %r' % p.stdout)
p = run([nvdump, '-c', 'NV30_3D', rt])
check(not [l for l in p.stdout.splitlines() if ' 0.1 ' in l],
      'class filter kept other classes: %r' % p.stdout)
p = run([nvdump, '-s', '2-', rt])
check(p.returncode == 0 and 'VIEWPORT' not in p.stdout,
      'submission range: %r' % p.stdout)
p = run([nvdump, '-s', '1', '-m', 'DEPTH_FUNC', rt])
check('DEPTH_FUNC = LESS' in p.stdout, 'submission 1: %r' % p.stdout)

# --- diff ------------------------------------------------------------------
a, b = path('a.trace'), path('b.trace')
p = run([gen, 'pair', a, b])
check(p.returncode == 0, 'nvtrace_gen pair: %s' % p.stderr)
# the two runs really differ in placement and handles
ra, rb = open(a).read(), open(b).read()
check('0xbeef4097' in ra and '0xbeef4097' not in rb, 'handles differ')
fpa = [l.split()[5] for l in ra.splitlines() if ' 0x08e4 ' in l]
fpb = [l.split()[5] for l in rb.splitlines() if ' 0x08e4 ' in l]
check(len(fpa) == 1 and len(fpb) == 1 and fpa != fpb,
      'program addresses differ: %r %r' % (fpa, fpb))

p = run([nvdiff, a, b])
check(p.returncode == 1, 'nvdiff a b exit %d: %s' % (p.returncode, p.stderr))
check(p.stdout.count('changed:') == 1 and
      'a: NV40_3D DEPTH_FUNC = LESS' in p.stdout and
      'b: NV40_3D DEPTH_FUNC = GREATER' in p.stdout and
      '1 changed, 0 only in a, 0 only in b' in p.stdout,
      'nvdiff a b: %r' % p.stdout)
p = run([nvdiff, a, a])
check(p.returncode == 0 and '0 changed, 0 only in a, 0 only in b' in p.stdout,
      'nvdiff a a: %r' % p.stdout)
p = run([nvdiff, '-x', 'DEPTH_*', a, b])
check(p.returncode == 0, 'nvdiff -x: %r' % p.stdout)

# a method present in one trace only
c = path('c.trace')
with open(c, 'w') as f:
    f.write(''.join(l + '\n' for l in ra.splitlines()
                    if ' 0x174c ' not in l))
p = run([nvdiff, a, c])
check(p.returncode == 1 and 'only in a: NV40_3D VTXFMT[3]' in p.stdout and
      '0 changed, 1 only in a, 0 only in b' in p.stdout,
      'nvdiff a c: %r' % p.stdout)

# long synthetic traces: a tail only in b, and more differences than the
# exact alignment takes (every DEPTH_FUNC changed: LESS 0x201 / GREATER 0x204)
def synth(name, values, extra=0):
    f = path(name)
    with open(f, 'w') as fh:
        fh.write('nvsim-trace 1\ndevice 0x40 NV40 vram=0x10000000 '
                 'gart=0x20000000\nchannel 0 notifier=0\n'
                 'object 0 0x1 0x4097\nexec 0 1\n')
        for v in values:
            fh.write('m 0 1 0x4097 0x0a6c 0x%08x\n' % v)
        for i in range(extra):
            fh.write('m 0 1 0x4097 0x0a00 0x%08x\n' % i)
    return f


s1 = synth('s1.trace', [0x201] * 10)
s2 = synth('s2.trace', [0x201] * 10, extra=4000)
p = run([nvdiff, s1, s2])
check(p.returncode == 1 and '0 changed, 0 only in a, 4000 only in b' in
      p.stdout, 'tail only in b: %r' % p.stdout[-300:])
s3 = synth('s3.trace', [0x201] * 4000)
s4 = synth('s4.trace', [0x204] * 4000)
p = run([nvdiff, s3, s4])
check(p.returncode == 1 and '4000 changed, 0 only in a, 0 only in b' in
      p.stdout and 'aligned approximately' in p.stdout,
      'greedy alignment: %r' % p.stdout[-300:])
p = run([nvdiff, '-m', 'VIEWPORT*', s1, s2])
check(p.returncode == 1 and '0 changed, 0 only in a, 4000 only in b' in
      p.stdout, 'nvdiff -m: %r' % p.stdout[-300:])

# --- bad input -------------------------------------------------------------
good = open(rt).read()
glines = good.splitlines(keepends=True)
mline = next(i for i, l in enumerate(glines) if ' 0x0a00 ' in l) + 1


def with_line(n, text):
    ls = list(glines)
    ls[n - 1] = text
    return ''.join(ls)


cases = [
    ('truncated', good[:good.index(' 0x0a00 ') + 4], mline, 'truncated'),
    ('bad value', with_line(mline, 'm 0 1 0x4097 0x0a00 0xzz\n'), mline,
     "bad value"),
    ('fields', with_line(mline, 'm 0 1 0x4097\n'), mline, 'needs 6 to 7'),
    ('subchannel', with_line(mline, 'm 0 9 0x4097 0x0a00 0x1\n'), mline,
     'subchannel'),
    ('reloc', with_line(mline, 'm 0 1 0x4097 0x0210 0x1 @99:low:0:0\n'),
     mline, 'unknown buffer 99'),
    ('record', with_line(3, 'frobnicate 1 2\n'), 3, "unknown record"),
    ('data range', good.replace('data 3 0x0 ', 'data 3 0xff0 ', 1),
     next(i for i, l in enumerate(glines) if l.startswith('data ')) + 1,
     'outside buffer'),
    ('nul', with_line(mline, 'm 0 1 0x4097\0 0x0a00 0x1\n'), mline, 'NUL'),
    ('header', 'hello\n' + good, 1, 'not an nvsim trace'),
    ('version', good.replace('nvsim-trace 1', 'nvsim-trace 7', 1), 1,
     'version 7'),
    ('empty', '', 1, 'empty file'),
    ('huge bo', good.replace('bo 2 gart 0x1000 0x1000',
                             'bo 2 gart 0x1000 0xffffffffffff', 1),
     next(i for i, l in enumerate(glines) if l.startswith('bo 2 ')) + 1,
     'outside the'),
    ('method first', 'nvsim-trace 1\nm 0 1 - 0x100 0x0\n', 2,
     'outside an'),
]
for name, text, line, what in cases:
    f = path('bad-%s.trace' % name.replace(' ', '_'))
    with open(f, 'w', newline='') as fh:
        fh.write(text)
    for tool in ([nvdump, f], [nvdiff, f, rt]):
        p = run(tool)
        tag = '%s on %s' % (os.path.basename(tool[0]), name)
        check(p.returncode in (1, 2), '%s: exit %d' % (tag, p.returncode))
        check(':%d: error:' % line in p.stderr and what in p.stderr,
              '%s: message %r' % (tag, p.stderr))

p = run([nvdump, path('missing.trace')])
check(p.returncode == 1 and 'No such file' in p.stderr, 'missing file')

# cut anywhere: an error or (at a line end) a valid prefix, never a crash
for cut in range(0, len(good), 23):
    f = path('cut.trace')
    with open(f, 'w') as fh:
        fh.write(good[:cut])
    p = run([nvdump, f])
    check(p.returncode in (0, 1), 'cut at %d: exit %d %s' %
          (cut, p.returncode, p.stderr))
    if cut and good[cut - 1] != '\n':
        check('truncated' in p.stderr, 'cut at %d not reported' % cut)

# random bytes
with open(path('noise.trace'), 'wb') as fh:
    fh.write(bytes((i * 131 + 7) % 256 for i in range(4096)))
p = run([nvdump, path('noise.trace')])
check(p.returncode == 1 and ':1: error:' in p.stderr, 'noise: %r' % p.stderr)

print('%d failure(s)' % failures)
sys.exit(1 if failures else 0)
