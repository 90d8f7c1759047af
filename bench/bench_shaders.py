"""Group 3 of make bench: the size of the shader programs a driver gives
the GPU, read from an nvsim trace (NVSIM_TRACE_DATA=1), so that our
driver and upstream's are measured the same way whatever they print.

Vertex programs: the words written through VP_UPLOAD_INST, a program being
one run of them after a VP_UPLOAD_FROM_ID; 4 words an instruction.
Fragment programs: at each FP_ACTIVE_PROGRAM, the program in memory at the
address it names (DMA0/DMA1: the DMA_TEXTURE0/1 object), counted in 16-byte
slots up to the one with the END bit (bit 0 of its first word, what
upstream's nvfx_fragprog.c and our compiler set on the last instruction),
plus the inline constant slot after it when it reads one (the slots are the
program's size in memory; an instruction reading a constant is followed by
one).  The memory is the buffers' contents as the trace records them at
each submission, with NV04_M2MF copies (upstream uploads its programs with
them) applied as they execute.  Method names come from nvdump (the hwdb), so
no method number is written here.
"""
import re
import subprocess

NVDUMP_RE = re.compile(r'^\s*\d+ (\d+)\.(\d+) (\S+)\s+(\S+) = (.*)$')
FP_ADDR_RE = re.compile(r'\b(DMA[01]) \| (0x[0-9a-f]+)')
SLOT = 16
MAX_SLOTS = 4096


class Memory:
   """The apertures as the trace shows them: buffers and their bytes."""

   def __init__(self):
      self.bos = {}      # id -> [domain, offset, size, bytearray or None]

   def bo(self, bid, domain, offset, size):
      self.bos[bid] = [domain, offset, size, None]

   def contents(self, bid, size):
      if bid in self.bos:
         self.bos[bid][3] = bytearray(size)

   def data(self, bid, offset, raw):
      b = self.bos.get(bid)
      if b is None:
         return
      if b[3] is None:
         b[3] = bytearray(b[2])
      b[3][offset:offset + len(raw)] = raw

   def find(self, domain, addr):
      best = None
      for bid, (d, off, size, _) in self.bos.items():
         if d == domain and off <= addr < off + size:
            if best is None or bid > best:
               best = bid
      return best

   def read(self, domain, addr, n):
      bid = self.find(domain, addr)
      if bid is None:
         return None
      d, off, size, mem = self.bos[bid]
      if mem is None:
         return bytes(n)
      return bytes(mem[addr - off:addr - off + n])

   def write(self, domain, addr, raw):
      bid = self.find(domain, addr)
      if bid is None:
         return
      d, off, size, mem = self.bos[bid]
      if mem is None:
         mem = self.bos[bid][3] = bytearray(size)
      mem[addr - off:addr - off + len(raw)] = raw[:max(0, off + size - addr)]


def _word(raw, i):
   return int.from_bytes(raw[4 * i:4 * i + 4], 'little')


def fp_slots(mem, domain, addr):
   """Slots of the fragment program at addr, or None if it is not there."""
   for n in range(MAX_SLOTS):
      raw = mem.read(domain, addr + n * SLOT, SLOT)
      if raw is None:
         return None
      if _word(raw, 0) & 1:
         # a source of register type 2 (constant) has its value in the
         # next slot
         const = any((_word(raw, i) & 3) == 2 for i in (1, 2, 3))
         return n + 1 + (1 if const else 0), mem.read(
            domain, addr, (n + 1 + const) * SLOT)
   return None


def program_sizes(trace, nvdump):
   """([vp instruction counts], [fp slot counts]) of the distinct programs
   a trace uploads and activates."""
   names = []
   r = subprocess.run([nvdump, '-c', '*', trace], stdout=subprocess.PIPE,
                      stderr=subprocess.DEVNULL, universal_newlines=True,
                      errors='replace')
   for line in r.stdout.splitlines():
      m = NVDUMP_RE.match(line)
      if m:
         names.append((m.group(3), m.group(4), m.group(5)))
   mem = Memory()
   dma = {}           # (ch, handle) -> (domain, base)
   state = {}         # (ch, class, name) -> raw value
   vps, fps = set(), set()
   vp_run = None
   k = 0
   with open(trace, errors='replace') as f:
      for line in f:
         w = line.split()
         if not w:
            continue
         if w[0] == 'bo' and len(w) >= 5:
            mem.bo(int(w[1]), w[2], int(w[3], 0), int(w[4], 0))
         elif w[0] == 'contents' and len(w) >= 3:
            mem.contents(int(w[1]), int(w[2], 0))
         elif w[0] == 'data' and len(w) >= 4:
            mem.data(int(w[1]), int(w[2], 0), bytes.fromhex(w[3]))
         elif w[0] == 'dma' and len(w) >= 7:
            dma[(w[1], int(w[2], 0))] = (w[4], int(w[5], 0))
         elif w[0] == 'm' and len(w) >= 6:
            if k >= len(names):
               break
            cls_name, name, decoded = names[k]
            k += 1
            ch, cls, value = w[1], w[3], int(w[5], 0)
            state[(ch, cls, name)] = value
            if name == 'VP_UPLOAD_FROM_ID':
               if vp_run:
                  vps.add(tuple(vp_run))
               vp_run = []
            elif name.startswith('VP_UPLOAD_INST'):
               if vp_run is None:
                  vp_run = []
               vp_run.append(value)
            elif name == 'FP_ACTIVE_PROGRAM':
               m = FP_ADDR_RE.search(decoded)
               handle = state.get((ch, cls, 'DMA_TEXTURE0' if m and
                                   m.group(1) == 'DMA0' else 'DMA_TEXTURE1'))
               if m and handle is not None and (ch, handle) in dma:
                  domain, base = dma[(ch, handle)]
                  got = fp_slots(mem, domain, base + int(m.group(2), 16))
                  if got:
                     fps.add(got[1])
            elif name == 'BUF_NOTIFY' and cls_name == 'NV04_M2MF':
               _m2mf_copy(mem, dma, state, ch, cls)
   if vp_run:
      vps.add(tuple(vp_run))
   return ([len(v) // 4 for v in vps],
           [len(p) // SLOT for p in fps])


def _m2mf_copy(mem, dma, state, ch, cls):
   """NV04_M2MF: LINE_COUNT lines of LINE_LENGTH_IN bytes from OFFSET_IN
   (pitch PITCH_IN) in DMA_BUFFER_IN to OFFSET_OUT in DMA_BUFFER_OUT,
   started by BUF_NOTIFY (format: bytes, the only one drivers use)."""
   g = lambda n: state.get((ch, cls, n), 0)
   src = dma.get((ch, g('DMA_BUFFER_IN')))
   dst = dma.get((ch, g('DMA_BUFFER_OUT')))
   if not src or not dst:
      return
   length, count = g('LINE_LENGTH_IN'), g('LINE_COUNT')
   if length * count > (64 << 20):
      return
   for line in range(count):
      raw = mem.read(src[0], src[1] + g('OFFSET_IN') + line * g('PITCH_IN'),
                     length)
      if raw is not None:
         mem.write(dst[0], dst[1] + g('OFFSET_OUT') + line * g('PITCH_OUT'),
                   raw)
