#!/usr/bin/python3
"""Synthetic PNGs for test-compare.sh, written and read with the Python
standard library only (zlib, struct), independently of libpng and of the
code under test.  PNG layout: ISO/IEC 15948 (PNG specification), sections
5 (datastream), 9 (filtering) and 11 (chunks).

  test_png.py write OUT WxH FORMAT FILL [x,y=COLOUR ...]
      FORMAT: rgba, rgb or gray; FILL and COLOUR: comma-separated samples
      (4 for rgba, 3 for rgb, 1 for gray), e.g. 10,20,30,255
  test_png.py pixel FILE x y       prints "r g b a" of one pixel (8-bit RGBA
      or RGB files only), "size WxH" first
"""
import struct
import sys
import zlib

COLOUR_TYPE = {"gray": 0, "rgb": 2, "rgba": 6}
CHANNELS = {"gray": 1, "rgb": 3, "rgba": 4}


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def write(path, width, height, fmt, fill, pixels):
    n = CHANNELS[fmt]
    rows = [[list(fill) for _ in range(width)] for _ in range(height)]
    for (x, y), colour in pixels.items():
        rows[y][x] = list(colour)
    raw = bytearray()
    for row in rows:
        raw.append(0)                      # filter type 0: none
        for px in row:
            assert len(px) == n, "wrong number of samples for " + fmt
            raw.extend(px)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, COLOUR_TYPE[fmt], 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
                chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, \
                "only 8-bit RGB/RGBA, not interlaced"
        elif kind == b"IDAT":
            idat += body
    bpp = 4 if ctype == 6 else 3
    stride = width * bpp
    raw = zlib.decompress(idat)
    prev = bytearray(stride)
    image = []
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
            line[i] = (line[i] + pred) & 255
        image.append(line)
        prev = line
    return width, height, bpp, image


def main(argv):
    if len(argv) >= 5 and argv[1] == "write":
        w, h = (int(v) for v in argv[3].lower().split("x"))
        fmt = argv[4]
        fill = [int(v) for v in argv[5].split(",")]
        pixels = {}
        for spec in argv[6:]:
            pos, colour = spec.split("=")
            x, y = (int(v) for v in pos.split(","))
            pixels[(x, y)] = [int(v) for v in colour.split(",")]
        write(argv[2], w, h, fmt, fill, pixels)
        return 0
    if len(argv) == 5 and argv[1] == "pixel":
        w, h, bpp, image = read(argv[2])
        x, y = int(argv[3]), int(argv[4])
        px = list(image[y][x * bpp:(x + 1) * bpp]) + ([255] if bpp == 3 else [])
        print("size %dx%d" % (w, h))
        print(" ".join(str(v) for v in px))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
