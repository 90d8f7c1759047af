#!/usr/bin/env python3
#
# gen_headers.py: turns our rules-ng-ng XML hardware database into C.
#
# For every input foo.xml it writes foo.xml.h (method addresses, array
# macros, bitfield masks/shifts/packers, enum values, class ids); with
# --names it also writes nvhwdb_names.h/.c, the per-class method tables that
# nvsim and the tools use to print methods by name.
#
# The XML format is envytools' rules-ng-ng (reference/rnndb/rules-ng-ng.txt);
# this is an independent implementation of the subset our database uses:
# import, enum/value, bitset/bitfield, group/use-group, domain, stripe (with
# prefix and varset/variants), array, reg32 (offset/stride/length/type/shr).
#
# Python 3 standard library only.

import argparse
import os
import sys
import xml.parsers.expat

# --------------------------------------------------------------------------
# Errors and the XML tree (expat, so that every element knows its line)
# --------------------------------------------------------------------------


class HwdbError(Exception):
    pass


def fail(node, msg):
    if node is None:
        raise HwdbError('error: ' + msg)
    raise HwdbError('%s:%d: error: %s' % (node.file, node.line, msg))


class Node:
    __slots__ = ('tag', 'attrs', 'children', 'file', 'line', 'parent')

    def __init__(self, tag, attrs, file, line, parent):
        self.tag = tag
        self.attrs = attrs
        self.children = []
        self.file = file
        self.line = line
        self.parent = parent

    def get(self, key, default=None):
        return self.attrs.get(key, default)

    def need(self, key):
        if key not in self.attrs:
            fail(self, '<%s> needs a "%s" attribute' % (self.tag, key))
        return self.attrs[key]


def parse_xml(path):
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        raise HwdbError('%s: error: cannot read: %s' % (path, e.strerror))

    parser = xml.parsers.expat.ParserCreate()
    root = [None]
    stack = []

    def start(tag, attrs):
        # rnndb files put everything in the default namespace; a prefixed tag
        # is foreign (xsi:...) and ignored by name below.
        parent = stack[-1] if stack else None
        n = Node(tag, attrs, path, parser.CurrentLineNumber, parent)
        if parent is not None:
            parent.children.append(n)
        else:
            root[0] = n
        stack.append(n)

    def end(tag):
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as e:
        raise HwdbError('%s:%d: error: malformed XML: %s' %
                        (path, e.lineno, xml.parsers.expat.ErrorString(e.code)))
    if root[0] is None or root[0].tag != 'database':
        raise HwdbError('%s:1: error: root element must be <database>' % path)
    return root[0]


def parse_int(node, key, default=None):
    s = node.get(key)
    if s is None:
        if default is None:
            fail(node, '<%s> needs a "%s" attribute' % (node.tag, key))
        return default
    try:
        return int(s, 0)
    except ValueError:
        fail(node, 'attribute %s="%s" is not a number' % (key, s))


# --------------------------------------------------------------------------
# The database: enums, bitsets, groups, domains, imports
# --------------------------------------------------------------------------

IGNORED = ('doc', 'brief', 'copyright', 'author', 'nick', 'license',
           'li', 'b', 'i', 'ul')
BASIC_TYPES = ('hex', 'uint', 'int', 'float', 'boolean', 'fixed', 'ufixed')


class EnumValue:
    def __init__(self, node, name, value):
        self.node = node
        self.name = name
        self.value = value
        self.variants = node.get('variants')
        self.varset = node.get('varset')


class Enum:
    def __init__(self, node):
        self.name = node.get('name')
        self.node = node
        self.inline = node.get('inline', 'no') == 'yes'
        self.bare = node.get('bare', 'no') == 'yes'
        self.prefix = node.get('prefix')
        self.varset = node.get('varset')
        self.values = []
        self.file = node.file
        self._index = None

    def index(self, name):
        """Position of the first value called name (variant order)."""
        if self._index is None:
            self._index = {}
            for i, v in enumerate(self.values):
                self._index.setdefault(v.name, i)
        return self._index.get(name)


class Bitset:
    def __init__(self, node):
        self.name = node.get('name')
        self.node = node
        self.inline = node.get('inline', 'no') == 'yes'
        self.fields = []   # bitfield nodes


class Database:
    def __init__(self, include_dirs):
        self.include_dirs = include_dirs
        self.enums = {}
        self.bitsets = {}
        self.groups = {}
        self.spectypes = {}      # <spectype name= type=>: an alias
        self.files = []          # in load order
        self.file_imports = {}   # file -> [imported files]
        self.file_domains = {}   # file -> [domain nodes]
        self.loaded = {}         # realpath -> path
        self.chips = None        # the <chips> node (chips.xml)

    def find_import(self, node, name):
        here = os.path.dirname(node.file)
        for d in [here] + self.include_dirs:
            p = os.path.join(d, name)
            if os.path.exists(p):
                return p
        fail(node, 'cannot find imported file "%s"' % name)

    def load(self, path):
        real = os.path.realpath(path)
        if real in self.loaded:
            return self.loaded[real]
        self.loaded[real] = path
        root = parse_xml(path)
        self.file_imports[path] = []
        self.file_domains[path] = []
        self.collect(root, path, top=True)
        self.files.append(path)
        return path

    def collect(self, node, path, top=False):
        """Top-level entities may appear anywhere (rules-ng-ng 2.1)."""
        for c in node.children:
            t = c.tag
            if t == 'import':
                f = self.find_import(c, c.need('file'))
                # copyright.xml et al. are not part of our database
                if os.path.basename(f) == 'copyright.xml':
                    continue
                f = self.load(f)
                self.file_imports[path].append(f)
            elif t == 'enum':
                self.add_enum(c)
            elif t == 'chips':
                self.add_chips(c)
            elif t == 'bitset':
                self.add_bitset(c)
            elif t == 'group':
                name = c.need('name')
                if name in self.groups:
                    fail(c, 'group "%s" defined twice (also %s:%d)' %
                         (name, self.groups[name].file, self.groups[name].line))
                self.groups[name] = c
                self.collect(c, path)
            elif t == 'domain':
                c.need('name')
                self.file_domains[path].append(c)
                self.collect(c, path)
            elif t in ('stripe', 'array', 'reg32', 'bitfield'):
                self.collect(c, path)
            elif t == 'spectype':
                self.spectypes[c.need('name')] = c.get('type', 'hex')
            elif t in ('reg8', 'reg16', 'reg64'):
                pass   # methods are 32-bit; other widths are not emitted
            elif top and t not in IGNORED and ':' not in t:
                fail(c, 'unexpected <%s> at top level' % t)

    def add_enum(self, node):
        name = node.need('name')
        e = self.enums.get(name)
        if e is None:
            e = Enum(node)
            self.enums[name] = e
        for v in node.children:
            if v.tag == 'value':
                vn = v.need('name')
                val = parse_int(v, 'value') if 'value' in v.attrs else None
                e.values.append(EnumValue(v, vn, val))
            elif v.tag not in IGNORED:
                fail(v, 'unexpected <%s> in <enum>' % v.tag)
        e._index = None

    def add_chips(self, node):
        """chips.xml: its <chip> rows, in their order, are the enum
        "chipset" that variant ranges follow (CHIPSET_<NAME> = id);
        gen_chips.py reads the rest of each row."""
        if 'chipset' in self.enums:
            fail(node, 'a second chip list (the first is in %s)' %
                 self.enums['chipset'].file)
        e = Enum(node)
        e.name = 'chipset'
        self.enums['chipset'] = e
        self.chips = node
        for v in node.children:
            if v.tag == 'chip':
                val = parse_int(v, 'id') if 'id' in v.attrs else None
                e.values.append(EnumValue(v, v.need('name'), val))
            elif v.tag not in IGNORED and v.tag != 'generation':
                fail(v, 'unexpected <%s> in <chips>' % v.tag)

    def add_bitset(self, node):
        name = node.need('name')
        b = self.bitsets.get(name)
        if b is None:
            b = Bitset(node)
            self.bitsets[name] = b
        for f in node.children:
            if f.tag == 'bitfield':
                b.fields.append(f)
            elif f.tag not in IGNORED:
                fail(f, 'unexpected <%s> in <bitset>' % f.tag)

    # ---- variants -------------------------------------------------------

    def resolve_variants(self, node, enum_name, text):
        """Set of value positions of enum enum_name that text names.
        Ranges follow the enum's list order: A:B excludes B, A-B includes B,
        A- is open ended (rules-ng-ng 2.3)."""
        e = self.enums.get(enum_name)
        if e is None:
            fail(node, 'variants "%s" refer to unknown enum "%s"' %
                 (text, enum_name))
        n = len(e.values)
        out = set()

        def pos(name):
            i = e.index(name)
            if i is None:
                fail(node, 'unknown variant "%s" (not in enum "%s")' %
                     (name, enum_name))
            return i

        for tok in text.split():
            if ':' in tok:
                a, b = tok.split(':', 1)
                lo = pos(a) if a else 0
                hi = pos(b) if b else n
                out.update(range(lo, hi))
            elif '-' in tok:
                a, b = tok.split('-', 1)
                lo = pos(a) if a else 0
                hi = pos(b) + 1 if b else n
                out.update(range(lo, hi))
            else:
                out.add(pos(tok))
        return frozenset(out)


# --------------------------------------------------------------------------
# Walking domains into flat register instances
# --------------------------------------------------------------------------


class Ctx:
    """What an element inherits from its parents."""

    def __init__(self, file):
        self.file = file
        self.offset = 0
        self.dims = ()          # ((stride, length), ...) outer first
        self.macro = ()         # name parts for C macros
        self.disp = ()          # name parts for the names table
        self.var = {}           # enum name -> frozenset of positions
        self.prefix = None      # enum whose first variant prefixes names
        self.domain = None

    def child(self):
        c = Ctx(self.file)
        c.offset = self.offset
        c.dims = self.dims
        c.macro = self.macro
        c.disp = self.disp
        c.var = dict(self.var)
        c.prefix = self.prefix
        c.domain = self.domain
        return c


def narrow(db, node, ctx, var):
    """Apply node's variants/varset to a variant map; None if it exists on
    no variant at all."""
    text = node.get('variants')
    if text is None:
        return var
    vs = node.get('varset') or ctx.prefix
    if vs is None:
        fail(node, 'variants given but no prefix/varset enum is in effect')
    s = db.resolve_variants(node, vs, text)
    out = dict(var)
    out[vs] = out[vs] & s if vs in out else s
    if not out[vs]:
        return None
    return out


class Field:
    def __init__(self, node, name, low, high, type_, shr, var, values):
        self.node = node
        self.name = name
        self.low = low
        self.high = high
        self.type = type_      # basic type name or 'enum'
        self.shr = shr
        self.var = var
        self.values = values   # [(name, value, var)]
        self.numbers = {}      # value name -> its number= (the quantity)

    @property
    def mask(self):
        return ((1 << (self.high - self.low + 1)) - 1) << self.low


_seq = [0]


def next_seq():
    _seq[0] += 1
    return _seq[0]


class RegInst:
    def __init__(self, node, ctx, name, offset, dims, var):
        self.seq = next_seq()
        self.node = node
        self.file = ctx.file
        self.prefix = ctx.prefix
        self.domain = ctx.domain
        self.name = name
        self.macro = ctx.macro + (name,)
        self.disp = ctx.disp + (name,)
        self.offset = offset
        self.dims = dims
        self.var = var
        self.type = 'hex'
        self.shr = 0
        self.fields = []
        self.values = []       # whole-word enum values [(name, value, var)]


class ArrayInst:
    def __init__(self, node, ctx, offset, dims, var):
        self.seq = next_seq()
        self.node = node
        self.file = ctx.file
        self.prefix = ctx.prefix
        self.domain = ctx.domain
        self.macro = ctx.macro
        self.offset = offset
        self.dims = dims
        self.var = var


class Walker:
    def __init__(self, db):
        self.db = db
        self.regs = []
        self.arrays = []
        self.active_groups = []
        self.active_bitsets = []

    def walk_domain(self, dom, file):
        ctx = Ctx(file)
        ctx.domain = dom
        ctx.prefix = dom.get('prefix')
        if ctx.prefix == 'none':
            ctx.prefix = None
        if ctx.prefix and ctx.prefix not in self.db.enums:
            fail(dom, 'prefix "%s" is not a known enum' % ctx.prefix)
        if dom.get('bare', 'no') != 'yes':
            ctx.macro = (dom.get('name'),)
        var = narrow(self.db, dom, ctx, ctx.var)
        if var is None:
            return
        ctx.var = var
        self.walk_children(dom, ctx)

    def walk_children(self, node, ctx):
        for c in node.children:
            t = c.tag
            if t == 'reg32':
                self.walk_reg(c, ctx)
            elif t in ('stripe', 'array'):
                self.walk_stripe(c, ctx)
            elif t == 'use-group':
                g = self.db.groups.get(c.need('name'))
                if g is None:
                    fail(c, 'unknown group "%s"' % c.get('name'))
                if g in self.active_groups:
                    fail(c, 'group "%s" uses itself' % c.get('name'))
                self.active_groups.append(g)
                self.walk_children(g, ctx)
                self.active_groups.pop()
            elif t in ('enum', 'bitset', 'group', 'import', 'spectype',
                       'reg8', 'reg16', 'reg64') or t in IGNORED:
                pass
            else:
                fail(c, 'unexpected <%s> in <%s>' % (t, node.tag))

    def walk_stripe(self, node, ctx):
        c = ctx.child()
        if node.get('prefix'):
            p = node.get('prefix')
            c.prefix = None if p == 'none' else p
            if c.prefix and c.prefix not in self.db.enums:
                fail(node, 'prefix "%s" is not a known enum' % p)
        var = narrow(self.db, node, c, ctx.var)
        if var is None:
            return
        c.var = var
        c.offset = ctx.offset + parse_int(node, 'offset', 0)
        if node.tag == 'array':
            length = parse_int(node, 'length')
            stride = parse_int(node, 'stride')
        else:
            length = parse_int(node, 'length', 1)
            stride = parse_int(node, 'stride', 0)
        if length < 1:
            fail(node, 'length must be at least 1')
        if length > 1:
            if stride <= 0:
                fail(node, '<%s> with length %d needs a stride' %
                     (node.tag, length))
            c.dims = ctx.dims + ((stride, length),)
        name = node.get('name')
        if name:
            c.macro = ctx.macro + (name,)
            # a stripe that only groups (no offset, no length) names the C
            # macros but not the method as the names table prints it
            if node.tag == 'array' or 'offset' in node.attrs or length > 1:
                c.disp = ctx.disp + (name,)
                self.arrays.append(ArrayInst(node, c, c.offset, c.dims, var))
        self.walk_children(node, c)

    def walk_reg(self, node, ctx):
        name = node.need('name')
        var = narrow(self.db, node, ctx, ctx.var)
        if var is None:
            return
        offset = ctx.offset + parse_int(node, 'offset')
        length = parse_int(node, 'length', 1)
        if length < 1:
            fail(node, 'length must be at least 1')
        dims = ctx.dims
        if length > 1:
            dims = dims + ((parse_int(node, 'stride', 4), length),)
        if offset & 3 or any(s & 3 for s, l in dims):
            fail(node, 'method %s: offset/stride not a multiple of 4' % name)
        r = RegInst(node, ctx, name, offset, dims, var)
        r.shr = parse_int(node, 'shr', 0)
        self.type_reg(r, node, ctx)
        self.regs.append(r)

    # ---- types ------------------------------------------------------------

    def values_of(self, node, ctx, var, enum=None, inline_nodes=()):
        out = []
        items = []
        if enum is not None:
            items += [(v.node, v.name, v.value) for v in enum.values]
        for v in inline_nodes:
            if v.tag == 'value':
                val = parse_int(v, 'value')
                items.append((v, v.need('name'), val))
        for vn, name, val in items:
            if val is None:
                fail(vn, 'value "%s" has no value= attribute' % name)
            vvar = narrow(self.db, vn, ctx, var)
            if vvar is None:
                continue
            out.append((name, val, vvar))
        return out

    def type_of(self, node):
        typ = node.get('type')
        seen = 0
        while typ in self.db.spectypes and seen < 8:
            typ = self.db.spectypes[typ]
            seen += 1
        return typ

    def type_reg(self, r, node, ctx):
        typ = self.type_of(node)
        inline_fields = [c for c in node.children if c.tag == 'bitfield']
        inline_values = [c for c in node.children if c.tag == 'value']
        for c in node.children:
            if c.tag not in ('bitfield', 'value') and c.tag not in IGNORED:
                fail(c, 'unexpected <%s> in <reg32>' % c.tag)
        fields = list(inline_fields)
        enum = None
        if typ is not None and typ not in BASIC_TYPES and \
                typ not in ('bitset', 'enum'):
            if typ in self.db.bitsets:
                fields = self.db.bitsets[typ].fields + fields
            elif typ in self.db.enums:
                enum = self.db.enums[typ]
            else:
                fail(node, 'unknown type "%s"' % typ)
        if fields:
            r.type = 'bitset'
            for f in fields:
                r.fields += self.make_field(f, ctx, r.var)
        elif enum is not None or inline_values:
            r.type = 'enum'
            r.values = self.values_of(node, ctx, r.var, enum, inline_values)
        elif typ in BASIC_TYPES:
            r.type = typ
        else:
            r.type = 'hex'

    def make_field(self, f, ctx, var):
        name = f.need('name')
        fvar = narrow(self.db, f, ctx, var)
        if fvar is None:
            return []
        if 'pos' in f.attrs:
            low = high = parse_int(f, 'pos')
        else:
            low = parse_int(f, 'low')
            high = parse_int(f, 'high')
        if not (0 <= low <= high <= 31):
            fail(f, 'bitfield %s: bits %d..%d are not within 0..31' %
                 (name, low, high))
        typ = self.type_of(f)
        inline_values = [c for c in f.children if c.tag == 'value']
        for c in f.children:
            if c.tag != 'value' and c.tag not in IGNORED:
                fail(c, 'unexpected <%s> in <bitfield>' % c.tag)
        values = []
        if typ in self.db.bitsets:
            # a field made of smaller fields (rnndb: bitset-typed bitfield):
            # the field itself, then its parts at their absolute positions
            # named FIELD_PART
            if typ in self.active_bitsets:
                fail(f, 'bitset "%s" contains itself' % typ)
            out = [Field(f, name, low, high, 'hex', 0, fvar, [])]
            self.active_bitsets.append(typ)
            parts = []
            for sub in self.db.bitsets[typ].fields:
                parts += self.make_field(sub, ctx, fvar)
            self.active_bitsets.pop()
            for sf in parts:
                if sf.high + low > high:
                    fail(sf.node, 'part %s does not fit field %s' %
                         (sf.name, name))
                out.append(Field(sf.node, name + '_' + sf.name,
                                 sf.low + low, sf.high + low, sf.type,
                                 sf.shr, sf.var, sf.values))
            return out
        if typ is not None and typ not in BASIC_TYPES and typ != 'enum':
            e = self.db.enums.get(typ)
            if e is None:
                fail(f, 'unknown bitfield type "%s"' % typ)
            values = self.values_of(f, ctx, fvar, e, inline_values)
            ftype = 'enum'
        elif inline_values:
            values = self.values_of(f, ctx, fvar, None, inline_values)
            ftype = 'enum'
        elif typ is None:
            ftype = 'boolean' if low == high else 'hex'
        else:
            ftype = typ
        if ftype == 'float' and (low, high) != (0, 31):
            ftype = 'hex'   # only 32-bit floats are decoded
        for vn, val, vv in values:
            if val >> (high - low + 1):
                fail(f, 'value %s=0x%x does not fit bitfield %s (%d bits)' %
                     (vn, val, name, high - low + 1))
        field = Field(f, name, low, high, ftype, parse_int(f, 'shr', 0),
                      fvar, values)
        # number=: the quantity a value stands for (MAX_ANISOTROPY's 6_TO_1
        # is 6 samples), written once in the XML and emitted as a table
        nodes = list(inline_values)
        if ftype == 'enum' and typ in self.db.enums:
            nodes += [v.node for v in self.db.enums[typ].values]
        for vn in nodes:
            if 'number' in vn.attrs:
                field.numbers[vn.need('name')] = parse_int(vn, 'number')
        return [field]


# --------------------------------------------------------------------------
# Variants -> names
# --------------------------------------------------------------------------


def first_variant(db, prefix, var):
    if prefix is None:
        return None
    e = db.enums[prefix]
    s = var.get(prefix)
    if s is None:
        return e.values[0].name if e.values else None
    return e.values[min(s)].name


def macro_name(db, prefix, var, parts):
    p = first_variant(db, prefix, var)
    parts = [x for x in parts if x]
    if p:
        parts = [p] + parts
    return '_'.join(parts).upper().replace('-', '_')


# --------------------------------------------------------------------------
# Header output
# --------------------------------------------------------------------------


class Header:
    def __init__(self, path):
        self.path = path
        self.lines = []
        self.defs = {}   # name -> (text, node)

    def define(self, name, text, node):
        ident = name.split('(')[0]
        if not ident.replace('_', 'a').isalnum() or ident[0].isdigit():
            fail(node, 'cannot form a C name from "%s"' % ident)
        # keyed by the identifier: "X" and "X(v)" cannot both be macros
        if name == ident and ('enum ' + ident) in self.defs:
            fail(node, '%s is both a macro and a boolean field mask' % ident)
        old = self.defs.get(ident)
        if old is not None:
            if old[0] == name + ' ' + text:
                return
            fail(node, 'conflicting definitions of %s: "%s" here, "%s" at '
                 '%s:%d' % (ident, name + ' ' + text, old[0], old[1].file,
                            old[1].line))
        self.defs[ident] = (name + ' ' + text, node)
        pad = max(1, 56 - len(name) - len('#define '))
        self.lines.append('#define %s%s%s' % (name, ' ' * pad, text))

    def enum_const(self, name, value, node):
        # beside a function-like macro of the same name (the packer) only: an
        # object-like one would rewrite the enumerator itself
        old = self.defs.get(name)
        if old is not None and not old[0].startswith(name + '('):
            fail(node, '%s is both a macro and a boolean field mask (%s:%d)' %
                 (name, old[1].file, old[1].line))
        key = 'enum ' + name
        text = '0x%08x' % value
        old = self.defs.get(key)
        if old is not None:
            if old[0] == text:
                return
            fail(node, 'conflicting values of %s: %s here, %s at %s:%d' %
                 (name, text, old[0], old[1].file, old[1].line))
        self.defs[key] = (text, node)
        self.lines.append('enum { %s = %s };' % (name, text))

    def blank(self):
        if self.lines and self.lines[-1] != '':
            self.lines.append('')


def addr_expr(offset, dims):
    """("(i0, i1)", "(0x... + 0x10*(i0) + 0x4*(i1))") for an array."""
    args = ', '.join('i%d' % k for k in range(len(dims)))
    expr = '0x%08x' % offset
    for k, (stride, length) in enumerate(dims):
        expr += ' + 0x%x*(i%d)' % (stride, k)
    return '(%s)' % args, '(%s)' % expr


def emit_addr(h, name, offset, dims, node):
    if not dims:
        h.define(name, '0x%08x' % offset, node)
        return
    args, expr = addr_expr(offset, dims)
    h.define(name + args, expr, node)
    stride, length = dims[-1]
    h.define(name + '__ESIZE', '0x%08x' % stride, node)
    h.define(name + '__LEN', '0x%08x' % length, node)


def inter(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = out[k] & v if k in out else v
    return out


def emit_reg(db, h, r):
    name = macro_name(db, r.prefix, r.var, r.macro)
    emit_addr(h, name, r.offset, r.dims, r.node)
    if r.shr:
        h.define(name + '__SHR', '%d' % r.shr, r.node)
    for vn, val, vvar in r.values:
        h.define(macro_name(db, r.prefix, vvar, r.macro + (vn,)),
                 '0x%08x' % val, r.node)
    for f in r.fields:
        emit_field(db, h, r.prefix, r.var, r.macro, f)
    h.blank()


def emit_field(db, h, prefix, var, parts, f):
    fname = macro_name(db, prefix, f.var, parts + (f.name,))
    h.define(fname + '__MASK', '0x%08x' % f.mask, f.node)
    h.define(fname + '__SHIFT', '%d' % f.low, f.node)
    if f.shr:
        h.define(fname + '__SHR', '%d' % f.shr, f.node)
    v = '(uint32_t)(v)'
    if f.type == 'float':
        v = 'nvhwdb_fui(v)'
    if f.shr:
        v = '(%s >> %d)' % (v, f.shr)
    h.define(fname + '(v)', '((%s << %d) & 0x%08x)' % (v, f.low, f.mask),
             f.node)
    if f.type == 'boolean':
        # rnndb/Mesa headers define a boolean field's bare name as its mask
        # ("x & NV30_3D_CLEAR_BUFFERS_DEPTH"); the packer above is a
        # function-like macro, which the preprocessor leaves alone when no
        # "(" follows, so the bare name can also be an enum constant: both
        # NV30_3D_CLEAR_BUFFERS_DEPTH(1) and NV30_3D_CLEAR_BUFFERS_DEPTH work.
        h.enum_const(fname, f.mask, f.node)
    for vn, val, vvar in f.values:
        h.define(macro_name(db, prefix, vvar, parts + (f.name, vn)),
                 '0x%08x' % (val << f.low), f.node)
    if f.numbers:
        # an initializer of the values' number= by field value (unshifted):
        # "static const uint8_t t[] = FIELD__NUMBERS;"
        missing = [vn for vn, val, vvar in f.values if vn not in f.numbers]
        if missing:
            fail(f.node, 'bitfield %s: value %s has no number= (its other '
                 'values have)' % (f.name, missing[0]))
        nums = sorted((val, f.numbers[vn]) for vn, val, vvar in f.values)
        h.define(fname + '__NUMBERS', '{ %s }' % ', '.join(
                 '[%d] = %d' % (val, n) for val, n in nums), f.node)


def guard_name(base):
    g = ''.join(ch if ch.isalnum() else '_' for ch in base).upper()
    return 'NVHWDB_' + g + '_H'


HELPER = '''#ifndef NVHWDB_FUI_DEFINED
#define NVHWDB_FUI_DEFINED
/* bit pattern of a float, for float-typed fields and methods */
static inline uint32_t
nvhwdb_fui(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}
#endif
'''


def write_output(path, text):
    # Always rewritten: ninja (meson sets no restat) would otherwise see an
    # output older than its inputs and rerun the generator on every build.
    # Written aside and renamed, so a failed run leaves no half file.
    tmp = path + '.tmp'
    try:
        with open(tmp, 'w') as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise HwdbError('%s: error: cannot write: %s' % (path, e.strerror))


def gen_file_header(db, w, file, outdir):
    base = os.path.basename(file)
    h = Header(os.path.join(outdir, base + '.h'))

    # top-level (non-inline) enums defined in this file
    for e in db.enums.values():
        if e.file != file or e.inline:
            continue
        for v in e.values:
            if v.value is None:
                continue
            if e.name == 'obj-class':
                n = v.name + '_CLASS'
            elif e.bare:
                n = v.name
            else:
                n = e.name + '_' + v.name
            h.define(n.upper().replace('-', '_'), '0x%08x' % v.value, v.node)
        h.blank()

    # top-level (non-inline) bitsets: NAME_FIELD__MASK etc.
    w_ctx = Ctx(file)
    for b in db.bitsets.values():
        if b.node.file != file or b.inline:
            continue
        bname = b.name.upper().replace('-', '_')
        for fn in b.fields:
            for f in w.make_field(fn, w_ctx, {}):
                emit_field(db, h, None, {}, (bname,), f)
        h.blank()

    for dom in db.file_domains[file]:
        if dom.get('bare', 'no') != 'yes' and dom.get('size'):
            prefix = dom.get('prefix')
            prefix = None if prefix == 'none' else prefix
            dctx = Ctx(file)
            dctx.prefix = prefix
            var = narrow(db, dom, dctx, {}) or {}
            h.define(macro_name(db, prefix, var, (dom.get('name'),)) +
                     '__SIZE', '0x%08x' % parse_int(dom, 'size'), dom)
            h.blank()

    items = [(a.seq, 0, a) for a in w.arrays if a.file == file] + \
            [(r.seq, 1, r) for r in w.regs if r.file == file]
    for _, kind, it in sorted(items, key=lambda x: x[0]):
        if kind == 0:
            name = macro_name(db, it.prefix, it.var, it.macro)
            emit_addr(h, name, it.offset, it.dims, it.node)
        else:
            emit_reg(db, h, it)

    g = guard_name(base)
    out = ['/* Generated by gen_headers.py from %s: do not edit. */' % base,
           '#ifndef ' + g, '#define ' + g, '',
           '#include <stdint.h>', '#include <string.h>']
    for imp in db.file_imports[file]:
        out.append('#include "%s.h"' % os.path.basename(imp))
    out += ['', HELPER]
    out += h.lines
    out += ['', '#endif /* %s */' % g, '']
    write_output(h.path, '\n'.join(out))


# --------------------------------------------------------------------------
# Names table (nvhwdb_names.c; types in nvhwdb_names.h/nvhwdb_tables.h)
# --------------------------------------------------------------------------

TYPE_ENUM = {'hex': 'NVHWDB_HEX', 'uint': 'NVHWDB_UINT', 'int': 'NVHWDB_INT',
             'float': 'NVHWDB_FLOAT', 'boolean': 'NVHWDB_BOOL',
             'enum': 'NVHWDB_ENUM', 'bitset': 'NVHWDB_BITSET',
             'fixed': 'NVHWDB_HEX', 'ufixed': 'NVHWDB_HEX'}



def cstr(s):
    return '"%s"' % s.replace('\\', '\\\\').replace('"', '\\"')


class NamesGen:
    def __init__(self, db, w):
        self.db = db
        self.w = w
        self.out = []
        self.value_tabs = {}
        self.field_tabs = {}
        self.methods = {}
        self.n = 0

    def sym(self, kind):
        self.n += 1
        return '%s%d' % (kind, self.n)

    def value_table(self, vals):
        if not vals:
            return 'NULL'
        key = tuple(vals)
        if key not in self.value_tabs:
            s = self.sym('v')
            self.out.append('static const struct nvhwdb_value %s[] = {' % s)
            for name, val in vals:
                self.out.append('   { 0x%x, %s },' % (val, cstr(name)))
            self.out.append('};')
            self.value_tabs[key] = s
        return self.value_tabs[key]

    def field_table(self, fields):
        if not fields:
            return 'NULL'
        key = tuple(fields)
        if key not in self.field_tabs:
            rows = []
            for name, lo, hi, typ, vals in fields:
                rows.append('   { %s, %d, %d, %s, %d, %s },' % (
                    cstr(name), lo, hi, TYPE_ENUM[typ], len(vals),
                    self.value_table(vals)))
            s = self.sym('f')
            self.out.append('static const struct nvhwdb_field %s[] = {' % s)
            self.out += rows
            self.out.append('};')
            self.field_tabs[key] = s
        return self.field_tabs[key]

    def method(self, r, keep):
        """Method struct for reg r as seen by a class (keep(var) tells which
        variant-specific fields/values apply)."""
        fields = []
        for f in r.fields:
            if not keep(f.var):
                continue
            vals = tuple((vn, val) for vn, val, vv in f.values if keep(vv))
            fields.append((f.name, f.low, f.high, f.type, vals))
        fields.sort(key=lambda x: x[1])
        vals = tuple((vn, val) for vn, val, vv in r.values if keep(vv))
        name = '_'.join(p for p in r.disp if p).upper()
        dims = tuple(r.dims)
        if len(dims) > 3:
            fail(r.node, 'more than 3 array dimensions')
        key = (name, r.offset, dims, r.type, tuple(fields), vals)
        if key not in self.methods:
            ft = self.field_table(tuple(fields))
            vt = self.value_table(vals)
            s = self.sym('m')
            strides = [d[0] for d in dims] + [0] * (3 - len(dims))
            lengths = [d[1] for d in dims] + [0] * (3 - len(dims))
            self.out.append(
                'static const struct nvhwdb_method %s = { %s, 0x%x, %d, '
                '{ 0x%x, 0x%x, 0x%x }, { %d, %d, %d }, %s, %d, %s, %d, %s };' %
                (s, cstr(name), r.offset, len(dims), *strides, *lengths,
                 TYPE_ENUM[r.type], len(fields), ft, len(vals), vt))
            self.methods[key] = s
        return self.methods[key]

    def slots(self, regs, keep, what):
        """Every method address -> (method symbol, flat index), sorted."""
        table = {}
        for r in regs:
            m = self.method(r, keep)
            addrs = [(r.offset, 0)]
            for stride, length in r.dims:
                addrs = [(a + k * stride, i * length + k)
                         for a, i in addrs for k in range(length)]
            for a, i in addrs:
                if a in table and table[a][0] != m:
                    fail(r.node, '%s: method 0x%04x is described twice '
                         '(%s and %s)' % (what, a, r.name, table[a][2]))
                table[a] = (m, i, r.name)
        return sorted((a, m, i) for a, (m, i, _) in table.items())

    def emit_slots(self, sym, slots):
        self.out.append('static const struct nvhwdb_slot %s[] = {' % sym)
        for a, m, i in slots:
            self.out.append('   { 0x%04x, %d, &%s },' % (a, i, m))
        if not slots:
            self.out.append('   { 0, 0, NULL },')
        self.out.append('};')

    def generate(self, path_c):
        db = self.db
        oc = db.enums.get('obj-class')
        chip = db.enums.get('chipset')
        if oc is None:
            raise HwdbError('error: --names needs the obj-class enum '
                            '(fifo.xml)')
        self.out = ['/* Generated by gen_headers.py: do not edit. */',
                    '#include "nvhwdb_tables.h"', '']
        # methods of the SUBCHAN domain split into FIFO ones (no class
        # dimension, below 0x100) and per-class ones
        sub = [r for r in self.w.regs
               if r.domain is not None and r.domain.get('name') == 'SUBCHAN']
        fifo = [r for r in sub if 'obj-class' not in r.var]
        cls = [r for r in sub if 'obj-class' in r.var]
        for r in fifo:
            if r.offset >= 0x100:
                fail(r.node, 'method 0x%x without a class variant' % r.offset)

        def keep_all(v):
            return True
        fifo_slots = self.slots(fifo, keep_all, 'FIFO')
        self.emit_slots('fifo_slots', fifo_slots)

        rows = []
        for idx, v in enumerate(oc.values):
            # a class without variants exists on every chipset
            cs = None
            if chip is not None:
                cs = frozenset(range(len(chip.values)))
                if v.variants is not None:
                    cs = db.resolve_variants(v.node, v.varset or oc.varset or
                                             'chipset', v.variants)

            def keep(var, idx=idx, cs=cs):
                s = var.get('obj-class')
                if s is not None and idx not in s:
                    return False
                c = var.get('chipset')
                if c is not None and cs is not None and not (c & cs):
                    return False
                return True
            mine = [r for r in cls if keep(r.var)]
            sym = 'class_%04x_slots' % v.value
            slots = self.slots(mine, keep, v.name)
            self.emit_slots(sym, slots)
            ids = sorted(chip.values[i].value for i in cs
                         if chip.values[i].value is not None) \
                if cs is not None else []
            csym = 'class_%04x_chips' % v.value
            self.out.append('static const uint16_t %s[] = { %s };' %
                            (csym, ', '.join('0x%03x' % i for i in ids)
                             or '0'))
            rows.append((v.value, v.name, sym, len(slots), csym, len(ids)))
        self.out.append('')
        self.out.append('const struct nvhwdb_class nvhwdb_classes[] = {')
        for val, name, sym, n, csym, nc in sorted(rows):
            self.out.append('   { 0x%04x, %s, %s, %d, %s, %d },' %
                            (val, cstr(name), sym, n, csym, nc))
        self.out.append('};')
        self.out.append('const unsigned nvhwdb_num_classes = %d;' % len(rows))
        self.out.append('const struct nvhwdb_slot *const nvhwdb_fifo_slots = '
                        'fifo_slots;')
        self.out.append('const unsigned nvhwdb_num_fifo_slots = %d;' %
                        len(fifo_slots))
        self.out.append('')
        write_output(path_c, '\n'.join(self.out))


# --------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(
        description='rules-ng-ng XML -> C headers and method-name tables')
    ap.add_argument('-o', '--outdir', required=True,
                    help='directory for the generated files')
    ap.add_argument('-I', dest='incdirs', action='append', default=[],
                    help='extra directory to look for imported files')
    ap.add_argument('--names', action='store_true',
                    help='also write nvhwdb_names.c (the method tables)')
    ap.add_argument('xml', nargs='+')
    args = ap.parse_args(argv)

    try:
        db = Database(args.incdirs)
        for p in args.xml:
            db.load(p)
        w = Walker(db)
        for f in db.files:
            for dom in db.file_domains[f]:
                w.walk_domain(dom, f)
        os.makedirs(args.outdir, exist_ok=True)
        for f in db.files:
            gen_file_header(db, w, f, args.outdir)
        if args.names:
            NamesGen(db, w).generate(os.path.join(args.outdir,
                                                  'nvhwdb_names.c'))
    except HwdbError as e:
        sys.stderr.write('gen_headers.py: %s\n' % e)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
