#!/usr/bin/env python3
#
# gen_chips.py: the chip table (chips.xml) into C, nvhwdb_chips_table.c:
# one struct nvhwdb_chip (nvhwdb_chips.h) per <chip> row that has an id.
#
#   gen_chips.py -o OUTDIR fifo.xml [other.xml ...]
#
# The inputs are loaded with gen_headers.py's parser (fifo.xml imports
# chips.xml, and gives the obj-class enum the class columns name); the
# generated file includes their headers, so a column may also name a macro
# of them (fp-tex-units="NV40_3D_TEX_OFFSET__LEN": the hwdb count, not a
# copy of it).  Checks, each failing with file:line: error:
#   * every column of the struct is given, by the row or its <generation>;
#   * a class column names an obj-class the chip has (its variants);
#   * a chip nvsim models has its board, PCI id and memory sizes;
#   * no chipset id or codename twice.
# For each row it also lists every class the chip has (obj-class variants),
# which nvsim intersects with the class models it has.
#
# Python 3 standard library only.

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_headers as gh  # noqa: E402

GENERATIONS = ('celsius', 'kelvin', 'rankine', 'curie', 'tesla')
ISAS = ('none', 'nv20', 'nv30', 'nv40', 'g80')
DRIVERS = ('none', 'nv30', 'nv50')
TEX_FORMATS = ('nv10', 'nv20', 'nv30', 'nv40', 'g80')
FIFO = ('ni-methods', 'call-ret', 'ref-cnt', 'semaphore', 'yield',
        'kernel-call')

# attribute, C field, kind; every one is needed on a row with an id
COLUMNS = [
    ('generation', 'generation', ('enum', 'NVHWDB_GEN_', GENERATIONS)),
    ('isa', 'isa', ('enum', 'NVHWDB_ISA_', ISAS)),
    ('driver', 'driver', ('enum', 'NVHWDB_DRIVER_', DRIVERS)),
    ('nvsim', 'nvsim', 'bool'),
    ('marketing', 'marketing', 'str'),
    ('fifo', 'fifo', 'fifo'),
    ('channels', 'channels', 'num'),
    ('gart', 'gart_mib', 'num'),
    ('class-3d', 'class_3d', 'class'),
    ('class-m2mf', 'class_m2mf', 'class'),
    ('class-surf2d', 'class_surf2d', 'class'),
    ('class-swzsurf', 'class_swzsurf', 'class'),
    ('class-sifm', 'class_sifm', 'class'),
    ('class-2d', 'class_2d', 'class'),
    ('class-compute', 'class_compute', 'class'),
    ('render-targets', 'render_targets', 'num'),
    ('fp-tex-units', 'fp_tex_units', 'num'),
    ('vtx-tex-units', 'vtx_tex_units', 'num'),
    ('vp-slots', 'vp_slots', 'num'),
    ('vp-consts', 'vp_consts', 'num'),
    ('fp-slots', 'fp_slots', 'num'),
    ('temps', 'temps', 'num'),
    ('tex-2d-levels', 'tex_2d_levels', 'num'),
    ('tex-3d-levels', 'tex_3d_levels', 'num'),
    ('max-anisotropy', 'max_anisotropy', 'num'),
    ('tex-formats', 'tex_formats', ('enum', 'NVHWDB_TEX_FORMATS_',
                                    TEX_FORMATS)),
    ('npot-textures', 'npot_textures', 'bool'),
    ('fp-branching', 'fp_branching', 'bool'),
    ('vp-branching', 'vp_branching', 'bool'),
    ('primitive-restart', 'primitive_restart', 'bool'),
    ('base-vertex', 'base_vertex', 'bool'),
    ('blend-equation-separate', 'blend_equation_separate', 'bool'),
    ('hw-index-buffer', 'hw_index_buffer', 'bool'),
    ('depth-bounds', 'depth_bounds', 'bool'),
    ('tex-fp16-filter', 'tex_fp16_filter', 'bool'),
    ('tex-mirror-clamp', 'tex_mirror_clamp', 'bool'),
    ('mixed-fb-sizes', 'mixed_fb_sizes', 'bool'),
]
# only a chip nvsim models needs these
BOARD = [('board', 'board', 'str'), ('pci', 'pci_device', 'hex'),
         ('vram', 'vram_mib', 'num')]
KNOWN = {c[0] for c in COLUMNS + BOARD} | {'name', 'id'}
IDENT = re.compile(r'^[A-Z][A-Z0-9_]*$')


def cstr(s):
    return gh.cstr(s)


class ChipGen:
    def __init__(self, db):
        self.db = db
        if db.chips is None:
            raise gh.HwdbError('error: no <chips> list (chips.xml) among '
                               'the inputs')
        self.oc = db.enums.get('obj-class')
        if self.oc is None:
            raise gh.HwdbError('error: the obj-class enum (fifo.xml) is '
                               'not among the inputs')
        self.chipset = db.enums['chipset']
        self.gens = {}
        for g in db.chips.children:
            if g.tag == 'generation':
                n = g.need('name')
                if n not in GENERATIONS:
                    gh.fail(g, 'unknown generation "%s"' % n)
                self.gens[n] = g

    def attr(self, chip, key):
        """(value, node it came from) or (None, None)."""
        if key in chip.attrs:
            return chip.attrs[key], chip
        g = self.gens.get(chip.get('generation'))
        if g is not None and key in g.attrs:
            return g.attrs[key], g
        return None, None

    def classes_of(self, pos):
        """obj-class values the chip at enum position pos has."""
        out = []
        for v in self.oc.values:
            if v.variants is None:
                out.append(v)
                continue
            cs = self.db.resolve_variants(v.node, v.varset or self.oc.varset
                                          or 'chipset', v.variants)
            if pos in cs:
                out.append(v)
        return out

    def value(self, chip, key, kind, have):
        text, node = self.attr(chip, key)
        if text is None:
            gh.fail(chip, 'chip %s: no "%s" (neither on the row nor on its '
                    'generation)' % (chip.get('name'), key))
        if kind == 'str':
            return cstr(text)
        if kind == 'bool':
            if text not in ('yes', 'no'):
                gh.fail(node, '"%s" must be yes or no, not "%s"' % (key, text))
            return 'true' if text == 'yes' else 'false'
        if kind in ('num', 'hex'):
            if IDENT.match(text):
                return text   # a hwdb macro, checked by the C compiler
            try:
                return ('0x%04x' if kind == 'hex' else '%d') % int(text, 0)
            except ValueError:
                gh.fail(node, '"%s": not a number: "%s"' % (key, text))
        if kind == 'fifo':
            bits = []
            for f in text.split():
                if f not in FIFO:
                    gh.fail(node, 'unknown FIFO feature "%s"' % f)
                bits.append('NVHWDB_FIFO_' + f.upper().replace('-', '_'))
            return ' | '.join(bits) or '0'
        if kind == 'class':
            if text == 'none':
                return '0'
            names = {v.name: v for v in self.oc.values}
            v = names.get(text)
            if v is None:
                gh.fail(node, '"%s": no class "%s" in obj-class' % (key, text))
            if v not in have:
                gh.fail(chip, 'chip %s: %s="%s", a class the chip does not '
                        'have (obj-class variants "%s")' %
                        (chip.get('name'), key, text, v.variants))
            return '0x%04x' % v.value
        _, prefix, allowed = kind
        if text not in allowed:
            gh.fail(node, '"%s" must be one of %s, not "%s"' %
                    (key, ' '.join(allowed), text))
        return prefix + text.upper()

    def generate(self, path, headers):
        out = ['/* Generated by gen_chips.py from chips.xml: do not edit. */',
               '#include <stddef.h>', '', '#include "nvhwdb_chips.h"']
        out += ['#include "%s.h"' % os.path.basename(h) for h in headers]
        out.append('')
        rows = []
        ids, names = {}, {}
        for pos, v in enumerate(self.chipset.values):
            chip = v.node
            for k in chip.attrs:
                if k not in KNOWN:
                    gh.fail(chip, 'unknown column "%s"' % k)
            low = v.name.lower()
            if low in names:
                gh.fail(chip, 'codename %s twice (also line %d)' %
                        (v.name, names[low].line))
            names[low] = chip
            if v.value is None:
                continue
            if v.value in ids:
                gh.fail(chip, 'chipset 0x%02x twice (also %s)' %
                        (v.value, ids[v.value].get('name')))
            ids[v.value] = chip
            if chip.get('generation') is None:
                continue   # an end marker (GF100): no row
            have = self.classes_of(pos)
            sym = 'chip_%02x_classes' % v.value
            out.append('static const uint32_t %s[] = { %s };' %
                       (sym, ', '.join('0x%04x' % c.value for c in have)))
            fields = ['.chipset = 0x%02x' % v.value,
                      '.codename = %s' % cstr(v.name)]
            for key, field, kind in COLUMNS:
                fields.append('.%s = %s' % (field,
                                            self.value(chip, key, kind, have)))
            nvsim = self.attr(chip, 'nvsim')[0] == 'yes'
            for key, field, kind in BOARD:
                if self.attr(chip, key)[0] is not None:
                    fields.append('.%s = %s' % (field, self.value(
                        chip, key, kind, have)))
                elif nvsim:
                    gh.fail(chip, 'chip %s: nvsim models it, so it needs '
                            '"%s"' % (v.name, key))
            fields.append('.classes = %s' % sym)
            fields.append('.num_classes = %d' % len(have))
            rows.append(fields)
        out.append('')
        out.append('const struct nvhwdb_chip nvhwdb_chips[] = {')
        for f in rows:
            out.append('   {')
            out += ['      %s,' % x for x in f]
            out.append('   },')
        out.append('};')
        out.append('const unsigned nvhwdb_num_chips = %d;' % len(rows))
        out.append('')
        gh.write_output(path, '\n'.join(out))


def lookup(path, what):
    """--lookup: the row of a codename (any case), hex chipset id or
    NVxx name of the id ("nv40", "G71", "0x4e", "4e", "nv50" for the G80,
    "nva3" for the GT215: the names nouveau's kernel and envytools use), as "id codename driver nvsim generation"
    (e.g. "40 NV40 nv30 yes curie"), for scripts (scripts/nvrun)."""
    db = gh.Database([])
    db.load(path)
    if db.chips is None:
        raise gh.HwdbError('%s: error: no <chips> list' % path)
    gens = {g.get('name'): g for g in db.chips.children
            if g.tag == 'generation'}
    w = what.lower()
    for v in db.enums['chipset'].values:
        c = v.node
        if v.value is None or c.get('generation') is None:
            continue
        ids = ('%x' % v.value, '0x%x' % v.value, '%02x' % v.value,
               '0x%02x' % v.value, 'nv%02x' % v.value)
        if v.name.lower() == w or w in ids:
            g = gens[c.get('generation')]
            print('%02x %s %s %s %s' % (v.value, v.name,
                                        c.get('driver', g.get('driver')),
                                        c.get('nvsim', g.get('nvsim')),
                                        c.get('generation')))
            return 0
    sys.stderr.write('gen_chips.py: no chip "%s" in %s\n' % (what, path))
    return 1


def main(argv):
    if len(argv) == 3 and argv[0] == '--lookup':
        try:
            return lookup(argv[2], argv[1])
        except gh.HwdbError as e:
            sys.stderr.write('gen_chips.py: %s\n' % e)
            return 1
    ap = argparse.ArgumentParser(
        description='chips.xml -> C chip table; or '
        '--lookup CHIP chips.xml: one row, for scripts')
    ap.add_argument('-o', '--outdir', required=True)
    ap.add_argument('-I', dest='incdirs', action='append', default=[])
    ap.add_argument('xml', nargs='+',
                    help='fifo.xml (which imports chips.xml) and the files '
                    'whose macros the columns name')
    args = ap.parse_args(argv)
    try:
        db = gh.Database(args.incdirs)
        for p in args.xml:
            db.load(p)
        os.makedirs(args.outdir, exist_ok=True)
        ChipGen(db).generate(os.path.join(args.outdir,
                                          'nvhwdb_chips_table.c'), db.files)
    except gh.HwdbError as e:
        sys.stderr.write('gen_chips.py: %s\n' % e)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
