#!/usr/bin/env python3
#
# Tests of gen_headers.py on the small fixtures in fixtures/: variant ranges
# (list order, A:B excludes B, A-B includes B, A- open), arrays (nested),
# bitfields, enums, groups, and clear file:line errors on bad input.
# The expected values are worked out by hand from the fixture XML.
#
# usage: test_gen_headers.py path/to/gen_headers.py   (run from tests/)

import os
import re
import shutil
import subprocess
import sys
import tempfile

GEN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, 'fixtures')
failures = []
scratch = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL: ' + what)


def run(xmls, names=False):
    out = tempfile.mkdtemp(prefix='nvhwdb-test-')
    scratch.append(out)
    cmd = [sys.executable, GEN, '-o', out]
    if names:
        cmd.append('--names')
    cmd += [os.path.join(FIX, x) for x in xmls]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stderr, out


def defines(path):
    d = {}
    with open(path) as f:
        for line in f:
            m = re.match(r'#define\s+(\w+)(\([^)]*\))?\s+(.*)$', line)
            if m:
                d[m.group(1)] = (m.group(2), m.group(3).strip())
    return d


def value(d, name, *args):
    """Evaluate a generated macro the way C would (for our simple forms)."""
    if name not in d:
        return None
    params, text = d[name]
    env = {}
    if params:
        names = [p.strip() for p in params[1:-1].split(',')]
        env = dict(zip(names, args))
    expr = text.replace('(uint32_t)', '')
    return eval(expr, {}, env) & 0xffffffff


# ---- a good file -----------------------------------------------------------
rc, err, out = run(['variants.xml'], names=True)
check(rc == 0, 'variants.xml generates (stderr: %s)' % err.strip())
d = defines(os.path.join(out, 'variants.xml.h'))

# class ids from the obj-class enum
check(value(d, 'KA_CLASS') == 0x30, 'KA_CLASS == 0x30')
check(value(d, 'KB_CLASS') == 0x10, 'KB_CLASS == 0x10')
# non-inline top-level enum: ENUMNAME_VALUE; inline enum: nothing
check(value(d, 'TOPLEVEL_SEVEN') == 7, 'TOPLEVEL_SEVEN == 7')
check('COLOUR_RED' not in d, 'inline enum emits no top-level define')

# prefix = first class of the variant range, in list order (KA KB KC KD)
check(value(d, 'KA_ALL') == 0x100, 'stripe range KA-KD -> KA_ALL')
check(value(d, 'KB_EXCL') == 0x104, 'KB:KD -> prefix KB')
check('KA_EXCL' not in d, 'KB:KD does not start at KA')
check(value(d, 'KA_INCL') == 0x108, 'KA-KB -> prefix KA')
check(value(d, 'KC_OPEN') == 0x10c, 'KC- -> prefix KC')
check(value(d, 'KB_LIST') == 0x110, '"KD KB" -> earliest in list order, KB')
# the same name on different variants, different contents: both emitted
check(value(d, 'KA_TWICE') == 0x114, 'KA_TWICE')
check(value(d, 'KB_TWICE') == 0x114, 'KB_TWICE')
check(value(d, 'KB_TWICE_LO__MASK') == 0xff, 'KB_TWICE_LO__MASK')
check('KA_TWICE_LO__MASK' not in d, 'KA_TWICE has no fields')

# arrays
check(value(d, 'KA_ARR', 5) == 0x214, 'KA_ARR(5) == 0x200 + 5*4')
check(value(d, 'KA_ARR__ESIZE') == 4, 'KA_ARR__ESIZE')
check(value(d, 'KA_ARR__LEN') == 8, 'KA_ARR__LEN')
check(value(d, 'KA_STRIDED', 3) == 0x270, 'KA_STRIDED(3) == 0x240 + 3*0x10')
check(value(d, 'KA_STRIDED__ESIZE') == 0x10, 'KA_STRIDED__ESIZE')
check(value(d, 'KA_OUTER', 2) == 0x380, 'KA_OUTER(2)')
check(value(d, 'KA_OUTER__LEN') == 4, 'KA_OUTER__LEN')
check(value(d, 'KA_OUTER_INNER', 2, 1) == 0x38c,
      'KA_OUTER_INNER(2, 1) == 0x300 + 2*0x40 + 8 + 1*4')
check(value(d, 'KA_OUTER_INNER__LEN') == 3, 'KA_OUTER_INNER__LEN')
check(d.get('KA_OUTER_INNER', (None,))[0] == '(i0, i1)',
      'nested array takes one index per level')

# groups inside a named stripe
check(value(d, 'KA_GRP') == 0x400, 'KA_GRP')
check(value(d, 'KA_GRP_FIRST') == 0x400, 'KA_GRP_FIRST')
check(value(d, 'KA_GRP_SECOND') == 0x404, 'KA_GRP_SECOND')

# bitfields: mask, shift, packer, pre-shifted enum values
check(value(d, 'KA_FIELDS_ON__MASK') == 0x1, 'one-bit field mask')
check(value(d, 'KA_FIELDS_ON', 1) == 0x1, 'one-bit packer')
with open(os.path.join(out, 'variants.xml.h')) as f:
    text = f.read()
check('enum { KA_FIELDS_ON = 0x00000001 };' in text,
      'one-bit boolean: bare name is the mask (enum constant)')
check('enum { KA_FIELDS_COL ' not in text, 'no bare constant for enum fields')
check(value(d, 'KA_FIELDS_COL__MASK') == 0xf0, 'COL mask')
check(value(d, 'KA_FIELDS_COL__SHIFT') == 4, 'COL shift')
check(value(d, 'KA_FIELDS_COL', 3) == 0x30, 'COL packer')
check(value(d, 'KA_FIELDS_COL', 0x13) == 0x30, 'packer masks overflow')
check(value(d, 'KA_FIELDS_COL_RED') == 0x10, 'enum value pre-shifted')
check(value(d, 'KA_FIELDS_COL_GREEN') == 0x20, 'enum value GREEN')
check(value(d, 'KC_FIELDS_COL_BLUE') == 0x30,
      'enum value with its own variants gets its own prefix')
check('KA_FIELDS_COL_BLUE' not in d, 'BLUE does not exist on KA')
check(value(d, 'KA_FIELDS_SIGNED', -1) == 0xff00,
      'signed packer keeps to its field')
check(value(d, 'KA_FIELDS_MODE_FAST') == 0x120000, 'inline value shifted')
check(value(d, 'KA_NEST_N__MASK') == 0x300, 'bitset-typed field mask')
check(value(d, 'KA_NEST_N_B__MASK') == 0x200,
      'part of a bitset-typed field at its absolute position')
check(d.get('KA_NEST_RATE__NUMBERS') == (None, '{ [0] = 1, [1] = 4 }'),
      'number= of a field\'s values: an initializer by field value')
check('KA_NEST_N__NUMBERS' not in d, 'no number=, no __NUMBERS')
check(value(d, 'KA_WHOLE_RED') == 1, 'whole-word enum value')
check(value(d, 'KC_WHOLE_BLUE') == 3, 'whole-word enum value variant')

# a non-bare domain: its name in every macro, its variants narrow all
check(value(d, 'KB_DESC__SIZE') == 8, 'domain size, prefixed')
check(value(d, 'KB_DESC_W0') == 0, 'domain variants give the prefix')
check(value(d, 'KD_DESC_W1') == 4, 'reg variants inside a domain')
check('KA_DESC_W0' not in d, 'domain variants exclude KA')

# names table: per class, only the methods that class has
with open(os.path.join(out, 'nvhwdb_names.c')) as f:
    names = f.read()


def slots(cls):
    m = re.search(r'class_%04x_slots\[\] = \{(.*?)\};' % cls, names, re.S)
    return set(int(a, 16) for a in re.findall(r'\{ (0x[0-9a-f]+),', m.group(1))) \
        if m else set()


ka, kb, kd = slots(0x30), slots(0x10), slots(0x40)
check(0x108 in ka and 0x104 not in ka, 'KA table: INCL yes, EXCL no')
check(0x104 in kb and 0x108 in kb and 0x110 in kb, 'KB table')
check(0x10c in kd and 0x104 not in kd, 'KD table: OPEN yes, EXCL no')
check(0x38c in ka and 0x3fc not in ka, 'nested array expanded in table')
check('"OUTER_INNER"' in names, 'display name of a nested array method')

# ---- bad input: clear error naming file and line, no traceback -------------
for fixture, line, what in [
        ('malformed.xml', 6, 'malformed XML'),
        ('badvariant.xml', 8, 'unknown variant'),
        ('badfield.xml', 5, 'bits'),
        ('conflict.xml', 5, 'conflicting definitions'),
        ('badtype.xml', 4, 'unknown type'),
        ('badimport.xml', 3, 'cannot find imported file'),
        ('badgroup.xml', 5, 'uses itself')]:
    rc, err, out = run([fixture])
    check(rc == 1, '%s: exit status 1 (got %d)' % (fixture, rc))
    check('%s:%d: error:' % (fixture, line) in err,
          '%s: error names file and line %d (got: %s)' %
          (fixture, line, err.strip()))
    check(what in err, '%s: error says "%s"' % (fixture, what))
    check('Traceback' not in err, '%s: no Python traceback' % fixture)

# ---- gen_chips.py: the chip table (fixtures/chips.xml) ---------------------
GEN_CHIPS = os.path.join(os.path.dirname(GEN), 'gen_chips.py')


def run_chips(xml):
    out = tempfile.mkdtemp(prefix='nvhwdb-chips-')
    scratch.append(out)
    p = subprocess.run([sys.executable, GEN_CHIPS, '-o', out,
                        os.path.join(FIX, xml)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    return p.returncode, p.stderr, os.path.join(out, 'nvhwdb_chips_table.c')


rc, err, path = run_chips('chips.xml')
check(rc == 0, 'chips.xml: generated (%s)' % err.strip())
if rc == 0:
    t = open(path).read()
    rows = dict(re.findall(r'\.chipset = (0x[0-9a-f]+),(.*?)\n   \}', t, re.S))
    ca, cb = rows.get('0x41', ''), rows.get('0x40', '')
    # CB comes first in the list though its id is lower: KB "CB:CC" is CB's
    check('.class_3d = 0x0002' in cb and 'chip_40_classes' in cb,
          'CB has KB (list order)')
    check(re.search(r'chip_41_classes\[\] = \{ 0x0001 \}', t) is not None,
          'CA has KA only')
    # the row's own column wins over its generation's
    check('.hw_index_buffer = false' in cb and '.hw_index_buffer = true' in ca,
          'row overrides generation')
    check('.board' not in cb and '.board = "A 1"' in ca,
          'board only where given')
    check('0x42' not in rows, 'no row for a chip without a generation')
for fixture, line, what in [
        ('badchipclass.xml', 14, 'a class the chip does not have'),
        ('badchipboard.xml', 14, 'nvsim models it, so it needs "board"')]:
    rc, err, _ = run_chips(fixture)
    check(rc == 1, '%s: exit status 1 (got %d)' % (fixture, rc))
    check('%s:%d: error:' % (fixture, line) in err and what in err,
          '%s: error at line %d says "%s" (got: %s)' %
          (fixture, line, what, err.strip()))
    check('Traceback' not in err, '%s: no Python traceback' % fixture)

for d in scratch:
    shutil.rmtree(d, ignore_errors=True)
if failures:
    print('%d check(s) failed' % len(failures))
    sys.exit(1)
print('all generator checks passed')
