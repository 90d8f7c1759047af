#!/usr/bin/env python3
#
# The tree's layer rules as a test (issue 22, item 5).  Each rule is a
# function that yields (path, line number, message) for what breaks it;
# the check fails when any rule finds something not in allowed.txt.
#
#   check_layers.py [TOP]        TOP: the source tree (default: ../..)
#
# Rules so far:
#   chip-ids   a chipset id or codename list outside the chip table:
#              hwdb chips.xml is the one list of chips (and gen_chips.py,
#              which reads it).  Found: a hex literal compared with, or
#              passed as, a chipset; a switch on a chipset with hex cases;
#              a string literal that is exactly a codename.
#   includes   an #include of a layer the including one must not use:
#              the driver or the compiler -> nvsim; nvsim -> the driver,
#              the compiler or the drm-shim; the drm-shim -> the driver,
#              or nvsim's internals (it uses nvsim.h, nvsim_vm.h and
#              nvsim_trace.h)
#              (docs/architecture.md draws the layers).  A header is
#              known by its name: the layers' headers are looked up by
#              the name an #include gives (Mesa includes through -I).
#   sim-core-generation
#              a generation named in nvsim's core (src/nouveau/sim/
#              nvsim_*.c and nvsim_*.h): identifiers such as nv40_*,
#              *_g80_*, tesla, curie, rankine in code (comments may cite
#              them; hwdb's upper-case method names are facts of the
#              hardware, not a branch on a generation).  What differs per
#              generation is a table of operations (nvsim_gen.h) that the
#              folders sim/nvXX fill in.
# Add a function to RULES.
#
# Unit tests (*/tests/*) may name chips: their expected values come from
# the references, independently of the table, which they check.
#
# allowed.txt: "rule path[:line-text-substring]  # reason", one a line; an
# exception without a reason is an error.  Python 3 standard library only.

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                      os.path.join(HERE, '..', '..'))
SRC_EXT = ('.c', '.h', '.cpp', '.py', '.sh', '.build')
CHIPS_XML = os.path.join('src', 'nouveau', 'hwdb', 'chips.xml')
# the chip table and its generator
CHIP_TABLE = {CHIPS_XML, os.path.join('src', 'nouveau', 'hwdb',
                                      'gen_chips.py')}


def codenames():
    """The codenames of chips.xml (<chip name=...>)."""
    with open(os.path.join(TOP, CHIPS_XML)) as f:
        text = f.read()
    return re.findall(r'<chip\s+name="([^"]+)"', text)


def source_files():
    src = os.path.join(TOP, 'src')
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for n in sorted(files):
            if n.endswith(SRC_EXT) or n == 'meson.build':
                p = os.path.join(root, n)
                yield os.path.relpath(p, TOP)


def is_test(path):
    return ('%stests%s' % (os.sep, os.sep)) in path


# ---- rule: chip-ids -------------------------------------------------------

CHIPSET = r'\w*chipset\w*'
HEX = r'0x[0-9a-fA-F]{1,3}\b'
CMP = r'(?:==|!=|<=|>=|<|>)'
CHIP_ID_RES = [
    # dev->chipset == 0x40, 0x50 <= chipset
    re.compile(r'%s(?:\)|\])?\s*%s\s*%s' % (CHIPSET, CMP, HEX), re.I),
    re.compile(r'%s\s*%s\s*[\w>.-]*%s' % (HEX, CMP, CHIPSET), re.I),
    # a chipset id passed to what looks a chip up or creates a device
    re.compile(r'(?:device_create|chip_find|chip_lookup|chipset_find)'
               r'\s*\(\s*%s' % HEX),
    # chipset = 0x40; NOUVEAU_CHIPSET=40 in a script
    re.compile(r'%s\s*=\s*%s' % (CHIPSET, HEX), re.I),
    re.compile(r'NOUVEAU_CHIPSET=[0-9a-fA-F]{2}\b'),
]
CASE_HEX = re.compile(r'^\s*case\s+%s\s*:' % HEX)
SWITCH_CHIPSET = re.compile(r'switch\s*\(\s*[^)]*chipset', re.I)


def code_of(line, in_comment, hash_comments):
    """The line without its comments; whether a C comment stays open."""
    if hash_comments:
        return re.sub(r'#.*', '', line), False
    out = ''
    i = 0
    while i < len(line):
        if in_comment:
            j = line.find('*/', i)
            if j < 0:
                return out, True
            i, in_comment = j + 2, False
        elif line.startswith('/*', i):
            in_comment, i = True, i + 2
        elif line.startswith('//', i):
            break
        else:
            out += line[i]
            i += 1
    return out, in_comment


def rule_chip_ids():
    names = codenames()
    # codenames are upper case in the table ("nv30" is a driver folder)
    name_re = re.compile(r'"(%s)"' % '|'.join(re.escape(n) for n in names))
    for path in source_files():
        if path in CHIP_TABLE or is_test(path):
            continue
        with open(os.path.join(TOP, path), errors='replace') as f:
            lines = f.read().split('\n')
        in_switch = 0
        in_comment = False
        for i, full in enumerate(lines, 1):
            # what is code on the line: comments name chips freely
            line, in_comment = code_of(full, in_comment,
                                       path.endswith(('.py', '.sh',
                                                      '.build')))
            for r in CHIP_ID_RES:
                if r.search(line):
                    yield path, i, full, 'a chipset id outside the chip ' \
                        'table (hwdb chips.xml): read a column of the row'
                    break
            if SWITCH_CHIPSET.search(line):
                in_switch = 40   # the cases within the next lines
            elif in_switch:
                in_switch -= 1
                if CASE_HEX.search(line):
                    yield path, i, full, 'a switch on chipset ids outside ' \
                        'the chip table (hwdb chips.xml)'
            m = name_re.search(line)
            if m:
                yield path, i, full, 'codename "%s" as data outside the ' \
                    'chip table (hwdb chips.xml): use the row\'s codename' \
                    % m.group(1)


# ---- rule: includes -------------------------------------------------------

LAYERS = {
    'nvsim': [os.path.join('src', 'nouveau', 'sim')],
    'drm-shim': [os.path.join('src', 'nouveau', 'drm-shim')],
    'compiler': [os.path.join('src', 'nouveau', 'compiler')],
    'driver': [os.path.join('src', 'gallium', 'drivers', 'nouveau'),
               os.path.join('src', 'gallium', 'winsys', 'nouveau')],
}
# what each layer must not include
FORBIDDEN = {
    'driver': ['nvsim'],
    'compiler': ['nvsim'],
    'nvsim': ['driver', 'compiler', 'drm-shim'],
    'drm-shim': ['driver'],
}
# nvsim's public API: all the drm-shim may include of nvsim (the trace's
# relocation records come from the shim, nvsim_trace.h; its fuzz harness
# takes the fuzz support's word count)
NVSIM_PUBLIC = {'nvsim.h', 'nvsim_vm.h', 'nvsim_trace.h', 'nvsim_fuzz.h'}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')


def layer_of(path):
    for name, dirs in LAYERS.items():
        for d in dirs:
            if path.startswith(d + os.sep):
                return name
    return None


def layer_headers():
    """Header name -> the set of layers that have a header of that name
    (generated headers are not in the tree: hwdb's and isa's, no layer)."""
    out = {}
    for name, dirs in LAYERS.items():
        for d in dirs:
            for root, _, files in os.walk(os.path.join(TOP, d)):
                for n in files:
                    if n.endswith('.h'):
                        out.setdefault(n, set()).add(name)
    return out


def rule_includes():
    headers = layer_headers()
    for path in source_files():
        layer = layer_of(path)
        if layer not in FORBIDDEN or not path.endswith(('.c', '.h', '.cpp')):
            continue
        with open(os.path.join(TOP, path), errors='replace') as f:
            lines = f.read().split('\n')
        for i, line in enumerate(lines, 1):
            m = INCLUDE_RE.match(line)
            if not m:
                continue
            inc = m.group(1)
            owners = headers.get(os.path.basename(inc), set())
            # a name the including layer has itself is its own header
            if layer in owners:
                continue
            if layer == 'drm-shim' and 'nvsim' in owners and \
                    os.path.basename(inc) not in NVSIM_PUBLIC:
                yield path, i, line, 'the drm-shim includes nvsim\'s ' \
                    'internal header %s: it uses nvsim\'s public API ' \
                    '(%s)' % (inc, ', '.join(sorted(NVSIM_PUBLIC)))
            for other in FORBIDDEN[layer]:
                if other in owners:
                    yield path, i, line, '%s includes %s\'s header %s: ' \
                        '%s must not use %s (docs/architecture.md, ' \
                        '"The layers")' % (layer, other, inc, layer, other)


# ---- rule: sim-core-generation ----------------------------------------------

SIM = os.path.join('src', 'nouveau', 'sim')
# a generation prefix at the start of an identifier or after an
# underscore (nv40_3d_method, nvsim_g80_2d_class), lower case: hwdb's
# method and class macros are upper case
GEN_PREFIX_RE = re.compile(r'(?<![A-Za-z0-9])(?:nv[1-9][0-9a-f]|g[7-9][0-9]|'
                           r'gt2[0-9]{2}|mcp[0-9]{2})_|'
                           r'(?<=_)(?:nv[1-9][0-9a-f]|g[7-9][0-9]|'
                           r'gt2[0-9]{2}|mcp[0-9]{2})_')
GEN_WORD_RE = re.compile(r'tesla|curie|rankine|kelvin|celsius', re.I)


def sim_core_files():
    for n in sorted(os.listdir(os.path.join(TOP, SIM))):
        if n.startswith('nvsim_') and n.endswith(('.c', '.h')):
            yield os.path.join(SIM, n)


def rule_sim_core_generation():
    for path in sim_core_files():
        with open(os.path.join(TOP, path), errors='replace') as f:
            lines = f.read().split('\n')
        in_comment = False
        for i, full in enumerate(lines, 1):
            line, in_comment = code_of(full, in_comment, False)
            m = GEN_PREFIX_RE.search(line) or GEN_WORD_RE.search(line)
            if m:
                yield path, i, full, 'nvsim\'s core names a generation ' \
                    '("%s"): put what differs in the generation\'s table ' \
                    '(nvsim_gen.h, sim/<nvXX>/<nvXX>_gen.c)' % m.group(0)


RULES = {
    'chip-ids': rule_chip_ids,
    'includes': rule_includes,
    'sim-core-generation': rule_sim_core_generation,
}


def load_allowed():
    out = []
    p = os.path.join(HERE, 'allowed.txt')
    if not os.path.exists(p):
        return out
    with open(p) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            body, _, reason = line.partition('#')
            if not reason.strip():
                sys.exit('%s:%d: an exception needs a reason (# ...)' % (p, n))
            parts = body.split(None, 1)
            if len(parts) != 2 or parts[0] not in RULES:
                sys.exit('%s:%d: want "rule path[:text]  # reason"' % (p, n))
            rule, where = parts[0], parts[1].strip()
            path, _, text = where.partition(':')
            out.append([rule, path, text, False, n])
    return out


def main():
    allowed = load_allowed()
    bad = 0
    for name, rule in RULES.items():
        for path, line_no, text, msg in rule():
            hit = None
            for a in allowed:
                if a[0] == name and a[1] == path and a[2] in text:
                    hit = a
                    break
            if hit:
                hit[3] = True
                continue
            print('%s:%d: [%s] %s\n    %s' % (path, line_no, name, msg,
                                             text.strip()))
            bad += 1
    for rule, path, text, used, n in allowed:
        if not used:
            print('allowed.txt:%d: %s %s:%s matches nothing any more: '
                  'remove it' % (n, rule, path, text))
            bad += 1
    if bad:
        print('%d layer rule violation(s)' % bad)
        return 1
    print('layer rules: %s hold' % ', '.join(RULES))
    return 0


if __name__ == '__main__':
    sys.exit(main())
