#!/usr/bin/env python3
# gen_isa.py: turn an ISA description (nv40_vp.xml, nv40_fp.xml, g80.xml;
# format in README.md) into C: per-field accessors, a field table, opcode
# enums and opcode tables, and for ISAs with several encodings per
# operation (g80.xml) a form table: the match bits, operands and modifier
# fields of each encoding.  The instruction-level packers, unpackers and
# disassemblers (nvisa_nv40_*.c) are written on top of these accessors, so
# every bit position lives only in the XML.
#
# usage: gen_isa.py INPUT.xml OUT.h OUT.c
# python3 standard library only.

import os
import sys
import xml.etree.ElementTree as ET


class IsaError(Exception):
    pass


def parse_ranges(text):
    """"lo-hi" or several ranges "lo-hi,lo-hi": a field made of
    non-adjacent bits, the first range holding its low bits."""
    return [parse_bits(r.strip()) for r in text.split(',')]


def parse_bits(text):
    if '-' in text:
        lo, hi = text.split('-')
        lo, hi = int(lo, 0), int(hi, 0)
    else:
        lo = hi = int(text, 0)
    if hi < lo:
        raise IsaError('bad bit range "%s"' % text)
    return lo, hi


MAX_PIECES = 4   # struct nvisa_field_piece piece[] in nvisa_common.h


class Field:
    def __init__(self, name, lo, hi, order=None, alias=False, sub=False,
                 ranges=None):
        self.name = name
        self.sub = sub     # sub-field of a templated field
        self.ranges = ranges or [(lo, hi)]
        self.lo = self.ranges[0][0]
        self.hi = self.ranges[0][1]
        self.width = sum(h - l + 1 for l, h in self.ranges)
        self.order = order
        self.alias = alias
        self.pieces = []   # (word, shift, width, at)

    def bits(self):
        for l, h in self.ranges:
            for b in range(l, h + 1):
                yield b

    def split(self, words, msw_first):
        if self.width > 32:
            raise IsaError('field %s wider than 32 bits' % self.name)
        at = 0
        for lo, hi in self.ranges:
            if hi >= words * 32:
                raise IsaError('field %s beyond the instruction' % self.name)
            bit = lo
            while bit <= hi:
                in_word = bit // 32
                end = min(hi, in_word * 32 + 31)
                word = (words - 1 - in_word) if msw_first else in_word
                self.pieces.append((word, bit % 32, end - bit + 1, at))
                at += end - bit + 1
                bit = end + 1
        if len(self.pieces) > MAX_PIECES:
            raise IsaError('field %s has more than %d pieces' %
                           (self.name, MAX_PIECES))


class Enum:
    def __init__(self, name):
        self.name = name
        self.values = []   # (name, value, srcs, flags)


def load(path):
    root = ET.parse(path).getroot()
    if root.tag != 'isa':
        raise IsaError('%s: root element must be <isa>' % path)
    name = root.get('name')
    words = int(root.get('words'))
    order = root.get('bitorder')
    if order not in ('msw-first', 'lsw-first'):
        raise IsaError('%s: bitorder must be msw-first or lsw-first' % path)

    templates = {}
    for t in root.findall('template'):
        templates[t.get('name')] = [(s.get('name'), parse_bits(s.get('bits')),
                                     s.get('order')) for s in t.findall('sub')]

    fields = []
    sub_orders = {}
    for f in root.findall('field'):
        ranges = parse_ranges(f.get('bits'))
        lo, hi = ranges[0]
        fields.append(Field(f.get('name'), lo, hi, f.get('order'),
                            f.get('alias') == '1', ranges=ranges))
        tname = f.get('template')
        if tname:
            if len(ranges) > 1:
                raise IsaError('templated field %s must be one range' % f.get('name'))
            if tname not in templates:
                raise IsaError('unknown template %s' % tname)
            for sname, (slo, shi), sorder in templates[tname]:
                if lo + shi > hi:
                    raise IsaError('sub-field %s outside %s' % (sname, f.get('name')))
                fields.append(Field('%s_%s' % (f.get('name'), sname),
                                    lo + slo, lo + shi, sorder, sub=True))
                if sorder:
                    sub_orders['%s_%s' % (tname, sname)] = (sorder, shi - slo + 1)

    # Fields other than aliases and sub-fields must not overlap: catches
    # typos in the tables.  An ISA whose bits mean different things in
    # different encodings (g80.xml) says overlap="allowed"; its forms are
    # checked instead (load_forms).
    check_overlap = root.get('overlap') != 'allowed'
    owner = {}
    names = set()
    for fld in fields:
        if fld.name in names:
            raise IsaError('field %s defined twice' % fld.name)
        names.add(fld.name)
        fld.split(words, order == 'msw-first')
        if fld.alias or fld.sub or not check_overlap:
            continue
        for b in fld.bits():
            if b in owner:
                raise IsaError('fields %s and %s overlap at bit %d' %
                               (owner[b], fld.name, b))
            owner[b] = fld.name

    enums = []
    for e in root.findall('enum'):
        en = Enum(e.get('name'))
        for v in e.findall('value'):
            srcs = v.get('srcs')
            srcmask = 0
            if srcs:
                for s in srcs.split(','):
                    srcmask |= 1 << int(s)
            flags = [x for x in (v.get('flags') or '').split(',') if x]
            en.values.append((v.get('name'), int(v.get('value'), 0), srcmask,
                              flags, srcs is not None))
        enums.append(en)
    consts = [(k.get('name'), int(k.get('value'), 0)) for k in root.findall('const')]
    forms = load_forms(root, words, fields, enums)
    return name, words, fields, sub_orders, enums, consts, forms


class Form:
    def __init__(self, name):
        self.name = name
        self.asm = name.lower()
        self.words = 0
        self.match = []    # (field, value)
        self.mods = []     # (mod name, field)
        self.opnds = []    # (kind, field or None, size code)
        self.flags = []


FORM_MAX_OPNDS = 4   # dst, src0, src1, src2 (nvisa_common.h)
FORM_MAX_MODS = 16
SIZES = {'b': 1, 'h': 2, 'w': 4, 'd': 8, 'q': 16}


def load_forms(root, words, fields, enums):
    """<forms> groups (nested; a group's match, mods and flags are given
    to every form inside) of <form> elements.  Each form is one encoding:
    the field values that identify it (match), its operands (opnds: kinds
    of the OPND enum, with a field argument and a size), and the fields
    holding its modifiers (mods: MOD enum name = field)."""
    byname = {f.name: f for f in fields}
    enum_by = {e.name: e for e in enums}
    kinds = {}
    kind_fields = {}
    mods = set()
    if 'OPND' in enum_by:
        kinds = {v[0]: v[1] for v in enum_by['OPND'].values}
    for e in root.findall('enum'):
        if e.get('name') == 'OPND':
            for v in e.findall('value'):
                kind_fields[v.get('name')] = [x for x in (v.get('fields') or '').split(',') if x]
    if 'MOD' in enum_by:
        mods = {v[0] for v in enum_by['MOD'].values}
    flags = {fl.get('name'): int(fl.get('bit')) for fl in root.findall('flag')}

    def field(n, what):
        if n not in byname:
            raise IsaError('%s: unknown field %s' % (what, n))
        return byname[n]

    out = []

    def walk(node, inherit):
        for child in node:
            if child.tag not in ('forms', 'form'):
                continue
            ctx = dict(inherit)
            ctx['match'] = inherit['match'] + (child.get('match') or '').split()
            ctx['mods'] = inherit['mods'] + (child.get('mods') or '').split()
            ctx['flags'] = inherit['flags'] + [x for x in (child.get('flags') or '').split(',') if x]
            if child.get('words'):
                ctx['words'] = int(child.get('words'))
            if child.tag == 'forms':
                walk(child, ctx)
                continue
            fm = Form(child.get('name'))
            what = 'form %s' % fm.name
            fm.asm = child.get('asm') or fm.asm
            fm.words = ctx['words']
            if fm.words not in (1, 2) or fm.words > words:
                raise IsaError('%s: bad word count' % what)
            for m in ctx['match']:
                fn, val = m.split('=')
                f = field(fn, what)
                v = int(val, 0)
                if v >> f.width:
                    raise IsaError('%s: %s does not fit %s' % (what, val, fn))
                fm.match.append((f, v))
            for m in ctx['mods']:
                mn, fn = m.split('=')
                if mn not in mods:
                    raise IsaError('%s: unknown modifier %s' % (what, mn))
                if any(x[0] == mn for x in fm.mods):
                    raise IsaError('%s: modifier %s twice' % (what, mn))
                fm.mods.append((mn, field(fn, what)))
            for o in (child.get('opnds') or '').split():
                size = 'w'
                if ':' in o:
                    o, size = o.split(':')
                if size not in SIZES:
                    raise IsaError('%s: bad operand size %s' % (what, size))
                farg = None
                if '(' in o:
                    o, fa = o[:-1].split('(')
                    farg = field(fa, what)
                if o != '-' and o not in kinds:
                    raise IsaError('%s: unknown operand kind %s' % (what, o))
                fm.opnds.append((o if o != '-' else 'NONE', farg, size))
            if len(fm.opnds) > FORM_MAX_OPNDS or len(fm.mods) > FORM_MAX_MODS:
                raise IsaError('%s: too many operands or modifiers' % what)
            for fl in ctx['flags']:
                if fl not in flags:
                    raise IsaError('%s: unknown flag %s' % (what, fl))
            fm.flags = ctx['flags']
            # Every bit the form uses belongs to one field (a field may be
            # named twice: two operands indexed by the same $a).
            used = {}
            refs = [f for f, _ in fm.match] + [f for _, f in fm.mods]
            for kind, fa, _ in fm.opnds:
                if fa:
                    refs.append(fa)
                refs += [field(n, what) for n in kind_fields.get(kind, [])]
            for f in refs:
                for b in f.bits():
                    if b >= fm.words * 32:
                        raise IsaError('%s: field %s beyond its %d word(s)' %
                                       (what, f.name, fm.words))
                    if used.get(b, f.name) != f.name:
                        raise IsaError('%s: fields %s and %s overlap at bit %d' %
                                       (what, used[b], f.name, b))
                    used[b] = f.name
            out.append(fm)

    base = {'match': [], 'mods': [], 'flags': [], 'words': words}
    walk(root, base)
    names = set()
    for fm in out:
        if fm.name in names:
            raise IsaError('form %s defined twice' % fm.name)
        names.add(fm.name)
    return out, flags


def form_bits(fm, words):
    """match and mask words of a form, from its field values."""
    match = [0] * words
    mask = [0] * words
    for f, v in fm.match:
        for word, shift, width, at in f.pieces:
            pv = (v >> at) & ((1 << width) - 1)
            match[word] |= pv << shift
            mask[word] |= ((1 << width) - 1) << shift
    return match, mask


def mask(width):
    return (1 << width) - 1


FLAG_BITS = {'tex': 'NVISA_OP_TEX', 'branch': 'NVISA_OP_BRANCH',
             'addr': 'NVISA_OP_ADDR', 'nv30': 'NVISA_OP_NV30_ONLY'}


def gen(path, out_h, out_c):
    name, words, fields, sub_orders, enums, consts, (forms, flags) = load(path)
    up = 'NVISA_' + name.upper()
    lo_ = 'nvisa_' + name
    src = os.path.basename(path)
    h = []
    h.append('/* Generated by gen_isa.py from %s: do not edit. */' % src)
    h.append('#ifndef %s_GEN_H' % up)
    h.append('#define %s_GEN_H' % up)
    h.append('')
    h.append('#include <stdint.h>')
    h.append('#include "nvisa_common.h"')
    h.append('')
    h.append('#define %s_WORDS %d' % (up, words))
    h.append('')
    h.append('enum %s_field {' % lo_)
    for f in fields:
        h.append('   %s_F_%s,' % (up, f.name))
    h.append('   %s_F__COUNT' % up)
    h.append('};')
    h.append('')
    h.append('extern const struct nvisa_field %s_fields[%s_F__COUNT];' % (lo_, up))
    h.append('')
    for f in fields:
        lname = f.name.lower()
        get = []
        for word, shift, width, at in f.pieces:
            get.append('(((w[%d] >> %d) & 0x%xu) << %d)' % (word, shift, mask(width), at))
        h.append('#define %s_%s__WIDTH %d' % (up, f.name, f.width))
        h.append('static inline uint32_t')
        h.append('%s_get_%s(const uint32_t *w)' % (lo_, lname))
        h.append('{')
        h.append('   return %s;' % ' |\n          '.join(get))
        h.append('}')
        h.append('static inline void')
        h.append('%s_set_%s(uint32_t *w, uint32_t v)' % (lo_, lname))
        h.append('{')
        for word, shift, width, at in f.pieces:
            m = mask(width) << shift
            h.append('   w[%d] = (w[%d] & ~0x%08xu) | (((v >> %d) & 0x%xu) << %d);' %
                     (word, word, m, at, mask(width), shift))
        h.append('}')
        if f.order:
            sub_orders[f.name] = (f.order, f.width)
    h.append('')
    h.append('/* Position of each component inside ordered fields (swizzles: 2 bits')
    h.append(' * per component, masks: 1 bit). */')
    for fname, (order, width) in sorted(sub_orders.items()):
        per = width // 4
        for i, c in enumerate(order):
            h.append('#define %s_%s__%s %d' % (up, fname, c.upper(), i * per))
    h.append('')
    for cname, cval in consts:
        h.append('#define %s_%s %d' % (up, cname, cval))
    h.append('')
    for en in enums:
        ename = en.name.lower()
        h.append('enum %s_%s {' % (lo_, ename))
        for vname, val, _, _, _ in en.values:
            h.append('   %s_%s_%s = 0x%02x,' % (up, en.name, vname, val))
        h.append('};')
        if any(v[4] for v in en.values):
            size = 1 << next(f.width for f in fields
                             if f.name == enum_field(path, en.name))
            h.append('#define %s_%s__SIZE %d' % (up, en.name, size))
            h.append('extern const struct nvisa_op_info %s_%s_info[%d];' % (lo_, ename, size))
        else:
            h.append('extern const char *const %s_%s_names[%d];' %
                     (lo_, ename, max(v[1] for v in en.values) + 1))
        h.append('')
    if forms:
        for fname, bit in sorted(flags.items(), key=lambda x: x[1]):
            h.append('#define %s_FLAG_%s (1u << %d)' % (up, fname, bit))
        h.append('')
        h.append('/* One value per encoding (form) of %s, in decoding order. */' % src)
        h.append('enum %s_op {' % lo_)
        for i, fm in enumerate(forms):
            h.append('   %s_OP_%s = %d,' % (up, fm.name, i))
        h.append('   %s_OP__COUNT' % up)
        h.append('};')
        h.append('extern const struct nvisa_form %s_forms[%s_OP__COUNT];' % (lo_, up))
        h.append('')
    h.append('#endif')

    c = []
    c.append('/* Generated by gen_isa.py from %s: do not edit. */' % src)
    c.append('#include "%s"' % os.path.basename(out_h))
    c.append('')
    c.append('const struct nvisa_field %s_fields[%s_F__COUNT] = {' % (lo_, up))
    for f in fields:
        pieces = ', '.join('{ %d, %d, %d, %d }' % p for p in f.pieces)
        c.append('   [%s_F_%s] = { "%s", %d, %d, %s, { %s } },' %
                 (up, f.name, f.name, f.width, len(f.pieces),
                  'true' if f.alias else 'false', pieces))
    c.append('};')
    c.append('')
    for en in enums:
        ename = en.name.lower()
        if any(v[4] for v in en.values):
            size = 1 << next(f.width for f in fields
                             if f.name == enum_field(path, en.name))
            c.append('const struct nvisa_op_info %s_%s_info[%d] = {' % (lo_, ename, size))
            for vname, val, srcmask, flags, _ in en.values:
                fl = ' | '.join(FLAG_BITS[x] for x in flags) or '0'
                c.append('   [0x%02x] = { "%s", 0x%x, %s },' % (val, vname, srcmask, fl))
            c.append('};')
        else:
            c.append('const char *const %s_%s_names[%d] = {' %
                     (lo_, ename, max(v[1] for v in en.values) + 1))
            for vname, val, _, _, _ in en.values:
                c.append('   [0x%02x] = "%s",' % (val, vname))
            c.append('};')
        c.append('')

    if forms:
        fidx = {f.name: i for i, f in enumerate(fields)}
        c.append('const struct nvisa_form %s_forms[%s_OP__COUNT] = {' % (lo_, up))
        for fm in forms:
            fmatch, fmask = form_bits(fm, words)
            opnds = ', '.join('{ %s_OPND_%s, %s, %d }' %
                              (up, k, ('%s_F_%s' % (up, fa.name)) if fa else '0',
                               SIZES[sz]) for k, fa, sz in fm.opnds)
            mods = ', '.join('{ %s_MOD_%s, %s_F_%s }' % (up, mn, up, f.name)
                             for mn, f in fm.mods)
            fl = ' | '.join('%s_FLAG_%s' % (up, x) for x in fm.flags) or '0'
            c.append('   [%s_OP_%s] = { "%s", "%s", %d, %d, %d, %s,' %
                     (up, fm.name, fm.name, fm.asm, fm.words, len(fm.opnds),
                      len(fm.mods), fl))
            c.append('      { %s }, { %s },' % (', '.join('0x%08xu' % x for x in fmatch),
                                               ', '.join('0x%08xu' % x for x in fmask)))
            c.append('      { %s }, { %s } },' % (opnds or '{ 0 }', mods or '{ 0 }'))
        c.append('};')
        c.append('')

    with open(out_h, 'w') as fh:
        fh.write('\n'.join(h) + '\n')
    with open(out_c, 'w') as fc:
        fc.write('\n'.join(c) + '\n')


def enum_field(path, enum_name):
    root = ET.parse(path).getroot()
    for e in root.findall('enum'):
        if e.get('name') == enum_name:
            return e.get('field')
    raise IsaError('enum %s not found' % enum_name)


def main():
    if len(sys.argv) != 4:
        sys.stderr.write('usage: gen_isa.py INPUT.xml OUT.h OUT.c\n')
        return 2
    try:
        gen(sys.argv[1], sys.argv[2], sys.argv[3])
    except (IsaError, ET.ParseError, ValueError, TypeError, StopIteration) as e:
        sys.stderr.write('gen_isa.py: %s: %s\n' % (sys.argv[1], e))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
