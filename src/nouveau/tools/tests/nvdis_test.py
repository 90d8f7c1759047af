#!/usr/bin/env python3
# nvdis end-to-end test: disassembles a Tesla fragment program (below) and
# the vertex and fragment programs that
# upstream Mesa's nv30_transfer.c uploads on NV40 ("mov o[hpos], a[0];
# mov o[tex0], a[8]; end;" and "texr r0, i[tex0], texture[0]; end;"), from
# hex text and from raw little-endian binary, and checks bad input gives an
# error message and a non-zero exit status, never a crash.
import os
import struct
import subprocess
import sys
import tempfile

nvdis = sys.argv[1]
failures = 0

VP = [0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ff80,
      0x401f9c6c, 0x0040080d, 0x8106c083, 0x6041ff9d]
FP = [0x17009e00, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
      0x01401e81, 0x1c9dc800, 0x0001c800, 0x0001c800]


def run(args, data, binary=False):
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data if binary else data.encode())
        name = f.name
    try:
        p = subprocess.run([nvdis] + args + [name], capture_output=True,
                           text=True, timeout=30)
    finally:
        os.unlink(name)
    return p


def check(cond, what):
    global failures
    if not cond:
        print('FAIL:', what)
        failures += 1


def asm_lines(out):
    return [l.split('  ')[-1] for l in out.splitlines() if '  ' in l]


hex_vp = '# transfer VP\n' + '\n'.join(
    ' '.join('0x%08x' % w for w in VP[i:i + 4]) for i in (0, 4)) + '\n'
p = run(['--vp', '--chip', 'nv40'], hex_vp)
check(p.returncode == 0, 'vp hex exit status %d: %s' % (p.returncode, p.stderr))
check(asm_lines(p.stdout) == ['MOV o[HPOS], v[0];', 'MOV o[TC0], v[8]; END'],
      'vp hex output: %r' % p.stdout)

p = run(['--fp', '--bin'], struct.pack('<8I', *FP), binary=True)
check(p.returncode == 0, 'fp bin exit status %d: %s' % (p.returncode, p.stderr))
check(asm_lines(p.stdout) == ['TEXR R0, f[TC0], TEX0;', 'MOVH H0, R0; END'],
      'fp bin output: %r' % p.stdout)

# --fields: the raw fields of "mov o[hpos], a[0]" (OUT_IS_VEC, OP_VEC = MOV)
p = run(['--vp', '--fields'], hex_vp)
check(p.returncode == 0 and ' OUT_IS_VEC=0x1' in p.stdout and
      ' OP_VEC=0x1' in p.stdout, 'vp fields: %r' % p.stdout)
p = run(['--fp', '--chip', 'nv30', '--fields'], ' '.join('%x' % w for w in FP))
check(p.returncode == 0 and ' OPCODE=0x17' in p.stdout, 'nv30 fp fields: %r'
      % p.stdout)

p = run(['--fp', '--chip', 'nv30'], ' '.join('%x' % w for w in FP))
check(p.returncode == 0 and asm_lines(p.stdout) ==
      ['TEXR R0, f[TC0], TEX0;', 'MOVH H0, R0; END'], 'nv30 fp: %r' % p.stdout)

# bad input: not hex, a missing file, no --vp/--fp, unknown chip, an FP
# instruction cut short
check(run(['--vp', '--hex'], 'zzzz\n').returncode != 0, 'bad hex accepted')
p = subprocess.run([nvdis, '--vp', '/nonexistent/file'], capture_output=True,
                   text=True)
check(p.returncode != 0 and 'nonexistent' in p.stderr, 'missing file')
check(run([], '0 0 0 0').returncode != 0, 'no --vp/--fp accepted')
check(run(['--vp', '--chip', 'nv99'], '0 0 0 0').returncode != 0,
      'unknown chip accepted')
p = run(['--fp'], '17009e00 1c9dc801\n')
check(p.returncode != 0 and 'truncated' in p.stdout, 'short fp: %r' % p.stdout)

# Tesla: a fragment program assembled by hand from envydis g80.c rows and
# the bits upstream Mesa's nv50 emitter sets (the same words as
# src/nouveau/isa/tests/nvisa_g80_test.c): two short interpolations
# (tabs 0x80000000: dst << 2, v[] offset / 4 << 16), a long 2D tex of
# $t0/$s0 writing xyzw from $r0 (argc - 1 = 1 << 22, mask bits 25-26 and
# word 1 bits 14-15), and a nop with the exit bit (word 1 bits 0-1 = 1).
G80 = [0x80040000, 0x80080004, 0xf6400001, 0x0000c780, 0xf0000001,
       0xe0000001]
G80_ASM = ['linterp $r0, v[0x10]', 'linterp $r1, v[0x20]',
           'tex $t0 $s0 mask0xf argc2 $r0q, $r0q', '@$c0.never nop exit']


def g80_lines(out):
    return [l.split('  ')[-1].strip() for l in out.splitlines()]


p = run(['--chip', 'g80'], ' '.join('%08x' % w for w in G80))
check(p.returncode == 0 and g80_lines(p.stdout) == G80_ASM,
      'g80 hex: %d %r' % (p.returncode, p.stdout))
check(p.stdout.splitlines()[2].startswith('0008: f6400001 0000c780'),
      'g80 addresses: %r' % p.stdout)
p = run(['--chip', 'a3', '--bin'], struct.pack('<6I', *G80), binary=True)
check(p.returncode == 0 and g80_lines(p.stdout) == G80_ASM,
      'gt215 (a3) bin: %d %r' % (p.returncode, p.stdout))
p = run(['--chip', 'G84', '--fields'], ' '.join('%08x' % w for w in G80))
check(p.returncode == 0 and 'LINTERP_S opnd0=r:0x0 opnd1=v[]:0x10' in p.stdout
      and 'TEX_L' in p.stdout and 'CTRL=0x1' in p.stdout,
      'g80 fields: %r' % p.stdout)
# the program type: a long immediate add of p[$a1+0x10] in a geometry
# program (envydis tabis SPRIM), a[0x10] otherwise (an ALU's a[] source
# has no $a: envydis samem_m / lamem_m)
p = run(['--chip', 'g80', '--gp'], 'b5000805 03f80003')
check(p.returncode == 0 and g80_lines(p.stdout) ==
      ['add f32 $r1, p[$a1+0x10], 0x3f800000'], 'g80 gp: %r' % p.stdout)
p = run(['--chip', 'g80', '--vp'], 'b5000805 03f80003')
check(p.returncode == 0 and g80_lines(p.stdout) ==
      ['add f32 $r1, a[0x10], 0x3f800000'], 'g80 vp: %r' % p.stdout)
check(run(['--gp'], '0 0').returncode != 0, '--gp without a Tesla chip')
# --fields names the bits no field of the form covers: an f32 add with
# the $a field set beside register sources (word 0 bits 26-27)
p = run(['--chip', 'g80', '--fields'], 'b4000201 00008780')
check(p.returncode == 0 and 'ADD_F32_L' in p.stdout and
      'unnamed=04000000,00000000' in p.stdout, 'g80 unnamed: %r' % p.stdout)
# an unknown long encoding (secondary opcode f.5) and a long instruction
# cut short: printed as such, exit status 1
p = run(['--chip', 'g80'], 'f0000001 a0000000 f0000001')
check(p.returncode == 1 and g80_lines(p.stdout) ==
      ['(unknown long)', '(long instruction cut short)'],
      'g80 bad: %d %r' % (p.returncode, p.stdout))

sys.exit(1 if failures else 0)
