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
# Rules to come (issue 22 item 5): layer includes (driver or compiler ->
# nvsim; nvsim -> driver, compiler or shim; shim -> driver), generation
# names in nvsim's core files.  Add a function to RULES.
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


RULES = {
    'chip-ids': rule_chip_ids,
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
