#!/usr/bin/python3
"""Seed inputs for the nvsim fuzz harnesses from recorded nvsim traces.

    tests/fuzz/trace-to-seeds.py [--hwdb DIR] [--replay BIN] OUT TRACE...

A trace (NVSIM_TRACE=file, docs/trace.md) holds every method a real
program's submissions made.  Each trace becomes records of the `methods`
harness (src/nouveau/sim/fuzz/nvsim_fuzz_methods.c): its handles mapped to
the fixture's objects of the same class, its relocations to the fixture's
buffer of the same role, one record ending each submission.  Written to
OUT/methods/: the trace's first submissions (`<name>-head`) and a few
submissions that draw (`<name>-exec<seq>`, preceded by the subchannel
bindings in force), each at most MAX_RECORDS records.  With --replay (the
methods harness's replay binary) each methods seed is also run with
NVSIM_FUZZ_DUMP_PUSH to write the same words, relocations resolved, as a
`push` seed to OUT/push/, and those words as the ioctls that submit them
(shim_fuzz.c) to OUT/shim/.

Method addresses come from hwdb's generated headers (--hwdb, default
build/unit/src/nouveau/hwdb), never from here.
"""
import argparse
import os
import re
import struct
import subprocess
import sys

MAX_RECORDS = 1024
EXEC_SEEDS = 4

# nvsim_fuzz.h: NVSIM_FUZZ_HANDLE(class) and the notifier made there;
# nvsim.h: the channel's VRAM/GART DMA object handles when none is asked.
def fixture_handle(oclass):
    return 0xf0000000 | oclass
FIXTURE_NOTIFIER = fixture_handle(0xd0)
FIXTURE_VRAM_DMA, FIXTURE_GART_DMA = 0xbeef0201, 0xbeef0202
# nvsim_fuzz.h enum nvsim_fuzz_buf
BUF_COLOR, BUF_ZETA, BUF_VTX, BUF_FP, BUF_TEX, BUF_GART = range(6)
# record kinds (nvsim_fuzz_methods.c)
KIND_METHOD, KIND_RELOC, KIND_WRITE, KIND_SUBMIT = range(4)
fp_dma0 = 1


def hwdb_methods(hwdb):
    """name -> address, and name -> (base, stride, count) for arrays."""
    scalars, arrays = {}, {}
    for f in os.listdir(hwdb):
        if not f.endswith('.xml.h'):
            continue
        for line in open(os.path.join(hwdb, f)):
            m = re.match(r'#define (\w+)\(i0\)\s+\(0x([0-9a-f]+) \+ 0x([0-9a-f]+)\*\(i0\)\)', line)
            if m:
                arrays[m.group(1)] = [int(m.group(2), 16), int(m.group(3), 16), 1]
                continue
            m = re.match(r'#define (\w+)__LEN\s+0x([0-9a-f]+)', line)
            if m and m.group(1) in arrays:
                arrays[m.group(1)][2] = int(m.group(2), 16)
                continue
            m = re.match(r'#define (\w+)\s+0x([0-9a-f]+)\s*$', line) or \
                re.match(r'enum \{ (\w+) = 0x([0-9a-f]+) \};', line)
            if m:
                scalars[m.group(1)] = int(m.group(2), 16)
    return scalars, arrays


def role_table(hwdb):
    """(class-independent) method address -> fixture buffer for relocs."""
    scalars, arrays = hwdb_methods(hwdb)
    roles = {}
    for name, buf in (('NV30_3D_COLOR0_OFFSET', BUF_COLOR),
                      ('NV30_3D_ZETA_OFFSET', BUF_ZETA),
                      ('NV30_3D_FP_ACTIVE_PROGRAM', BUF_FP),
                      ('NV30_3D_IDXBUF_OFFSET', BUF_VTX)):
        roles[scalars[name]] = buf
    for name, buf in (('NV30_3D_VTXBUF', BUF_VTX),
                      ('NV30_3D_TEX_OFFSET', BUF_TEX)):
        base, stride, count = arrays[name]
        for i in range(count):
            roles[base + stride * i] = buf
    handle_mthds = set([scalars['NV4_SUBCHAN_OBJECT'],
                        scalars['NV1A_SUBCHAN_DMA_SEMAPHORE']])
    handle_mthds |= set(range(scalars['NV4_PULLER_OBJECT_MTHD_FIRST'],
                              scalars['NV4_PULLER_OBJECT_MTHD_END'], 4))
    draw = scalars['NV30_3D_VERTEX_BEGIN_END']
    return (roles, handle_mthds, draw, scalars['NV4_SUBCHAN_OBJECT'],
            scalars['NV30_3D_FP_ACTIVE_PROGRAM_DMA0'])


def record(kind, subc, mthd, data, aux=0):
    return struct.pack('<BBHI', subc | kind << 3, aux, mthd, data & 0xffffffff)


def parse(path, roles, handle_mthds):
    """Per execution: list of (subc, mthd, record bytes, class)."""
    handles = {0: 0}
    domains = {}
    execs = []
    for line in open(path, errors='replace'):
        f = line.split()
        if not f:
            continue
        if f[0] == 'dma' and len(f) >= 7:
            h, dom, base, size = int(f[2], 0), f[4], int(f[5], 0), int(f[6], 0)
            if base == 0 and size >= 0x1000000:
                handles[h] = FIXTURE_VRAM_DMA if dom == 'vram' else FIXTURE_GART_DMA
            else:
                handles[h] = FIXTURE_NOTIFIER
        elif f[0] == 'object' and len(f) >= 4:
            handles[int(f[2], 0)] = fixture_handle(int(f[3], 0))
        elif f[0] == 'bo' and len(f) >= 3:
            domains[int(f[1])] = f[2]
        elif f[0] == 'exec':
            execs.append((int(f[2], 0), []))
        elif f[0] == 'm' and len(f) >= 6 and execs:
            subc, mthd, val = int(f[2]), int(f[4], 0), int(f[5], 0)
            if len(f) >= 7 and f[6].startswith('@'):
                bo, kind, data, orr = f[6][1:].split(':')
                data, orr = int(data, 0), int(orr, 0)
                if kind == 'low':
                    gart = domains.get(int(bo)) == 'gart'
                    buf = roles.get(mthd, BUF_TEX)
                    if buf == BUF_FP:
                        # the trace has no buffer contents: the fixture's
                        # program, at 0 of its buffer through DMA0
                        data, orr = 0, fp_dma0
                    elif gart and buf in (BUF_VTX, BUF_TEX):
                        buf = BUF_GART
                    aux = buf | (0x20 if orr & 1 else 0) | (0x40 if orr & 2 else 0) \
                          | (0x80 if orr & 0x80000000 else 0)
                    rec = record(KIND_RELOC, subc, mthd, data, aux)
                else:
                    rec = record(KIND_METHOD, subc, mthd, (0 if kind == 'high' else data) | orr)
            else:
                if mthd in handle_mthds:
                    val = handles.get(val, val)
                rec = record(KIND_METHOD, subc, mthd, val)
            execs[-1][1].append((subc, mthd, rec))
    return execs


# shim harness ops (src/nouveau/drm-shim/fuzz/shim_fuzz.c)
SHIM_GEM_NEW, SHIM_PUSHBUF, SHIM_CHANNEL_ALLOC, SHIM_GROBJ_ALLOC, SHIM_WRITE = 0, 1, 2, 4, 13
SHIM_CLASSES = ('NV1_NULL_CLASS', 'NV04_M2MF_CLASS', 'NV40_3D_CLASS',
                'NV10_SURFACE_2D_CLASS', 'NV40_SURFACE_2D_CLASS',
                'NV40_SURFACE_SWZ_CLASS', 'NV40_SIFM_CLASS')


def fixture_sizes():
    """NVSIM_FUZZ_RT_BYTES and NVSIM_FUZZ_BUF_BYTES from nvsim_fuzz.h."""
    h = open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          '../../src/nouveau/sim/fuzz/nvsim_fuzz.h')).read()
    rt = re.search(r'#define NVSIM_FUZZ_RT_BYTES \(([^)]*)\)', h).group(1)
    buf = re.search(r'#define NVSIM_FUZZ_BUF_BYTES (\d+)', h).group(1)
    return eval(rt, {}), int(buf)


def shim_seed(words, scalars):
    rt_bytes, buf_bytes = fixture_sizes()
    """The ioctls a program makes to run `words`: a channel, a GART
    pushbuffer, the fixture's objects under their handles, the words
    written through the mapping, one GEM_PUSHBUF (SYNC)."""
    gart, vram = scalars['NOUVEAU_GEM_DOMAIN_GART'], scalars['NOUVEAU_GEM_DOMAIN_VRAM']
    out = bytearray([SHIM_CHANNEL_ALLOC, 0, 0])
    size = max(4096, (len(words) * 4 + 4095) & ~4095)
    # bos[0] is the channel's notifier block; bos[1] the pushbuffer
    out += struct.pack('<BBIBBB', SHIM_GEM_NEW, gart, size, 0, 0, 0)
    # VRAM buffers of the fixture's sizes in its order (nvsim_fuzz.h), so
    # that nvsim places them where the words expect them
    for nbytes in (rt_bytes, rt_bytes, buf_bytes, buf_bytes, buf_bytes):
        out += struct.pack('<BBIBBB', SHIM_GEM_NEW, vram, nbytes, 0, 0, 0)
    for name in SHIM_CLASSES:
        oclass = scalars[name]
        out += struct.pack('<BBBIBH', SHIM_GROBJ_ALLOC, 0, 0x80,
                           fixture_handle(oclass), 0x80, oclass)
    for at in range(0, len(words), 255):
        chunk = words[at:at + 255]
        out += struct.pack('<BBHB', SHIM_WRITE, 1, at, len(chunk))
        out += struct.pack('<%dI' % len(chunk), *chunk)
    # channel 0; 1 buffer, 0 relocations, 1 push; SYNC
    out += bytes([SHIM_PUSHBUF, 0, 1, 0, 1, 1])
    # the buffer: bos[1], read from GART, valid anywhere, presumed stale
    out += bytes([1, gart, gart | vram, 0])
    # the push: buffer 0 from offset 0, len(words) words
    out += struct.pack('<BBHH', 0, 0, 0, len(words))
    return bytes(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--hwdb', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '../../build/unit/src/nouveau/hwdb'))
    ap.add_argument('--replay')
    ap.add_argument('out')
    ap.add_argument('traces', nargs='+')
    ap.add_argument('--drm-header', default='/usr/include/libdrm/nouveau_drm.h')
    a = ap.parse_args()
    global fp_dma0
    roles, handle_mthds, draw, object_mthd, fp_dma0 = role_table(a.hwdb)
    scalars = hwdb_methods(a.hwdb)[0]
    # the kernel ABI's domain bits (libdrm's nouveau_drm.h)
    for line in open(a.drm_header):
        m = re.match(r'#define (NOUVEAU_GEM_DOMAIN_\w+)\s+\(1 << (\d+)\)', line)
        if m:
            scalars[m.group(1)] = 1 << int(m.group(2))
    os.makedirs(os.path.join(a.out, 'methods'), exist_ok=True)
    seeds = []
    for t in a.traces:
        name = os.path.basename(t).rsplit('.', 1)[0]
        execs = parse(t, roles, handle_mthds)
        head = []
        for _, ms in execs:
            if len(head) + len(ms) + 1 > MAX_RECORDS and head:
                break
            head += [r for _, _, r in ms][:MAX_RECORDS - 1] + [record(KIND_SUBMIT, 0, 0, 0)]
        seeds.append((name + '-head', head))
        # submissions that draw, evenly spaced, with the bindings in force
        bound = {}
        drawing = []
        for seq, ms in execs:
            binds = dict(bound)
            for subc, mthd, r in ms:
                if mthd == object_mthd:
                    bound[subc] = r
            if any(m == draw for _, m, _ in ms):
                drawing.append((seq, binds, ms))
        step = max(1, len(drawing) // EXEC_SEEDS)
        for seq, binds, ms in drawing[::step][:EXEC_SEEDS]:
            recs = list(binds.values()) + [r for _, _, r in ms]
            seeds.append(('%s-exec%d' % (name, seq), recs[:MAX_RECORDS]))
    for name, recs in seeds:
        path = os.path.join(a.out, 'methods', name)
        with open(path, 'wb') as f:
            f.write(b''.join(recs))
        if a.replay:
            os.makedirs(os.path.join(a.out, 'push'), exist_ok=True)
            env = dict(os.environ, NVSIM_FUZZ_DUMP_PUSH=os.path.join(a.out, 'push', name))
            subprocess.run([a.replay, path], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            words = open(os.path.join(a.out, 'push', name), 'rb').read()
            words = list(struct.unpack('<%dI' % (len(words) // 4), words[:len(words) // 4 * 4]))
            os.makedirs(os.path.join(a.out, 'shim'), exist_ok=True)
            with open(os.path.join(a.out, 'shim', name), 'wb') as f:
                f.write(shim_seed(words, scalars))
        print('%s: %d records' % (name, len(recs)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
