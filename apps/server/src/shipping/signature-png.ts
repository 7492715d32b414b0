import zlib from 'node:zlib';

/**
 * Whether a drawn signature's PNG can go into a PDF. pdfkit decodes a PNG's pixels in a callback
 * that throws out of the request on a broken image (and never finishes the document), so the
 * image is checked once, when it is received: its chunks, its header, pixels that inflate to
 * exactly the rows its header announces, and a known filter on every row. Interlaced images and
 * sizes beyond a signature's (a few thousand pixels a side) are refused.
 */

/** A drawn signature on a wide, dense screen stays well within these. */
const MAX_SIDE = 4096;
const MAX_PIXELS = 6_000_000;

/** Bits per sample allowed for each colour type, and the samples of a pixel. */
const COLOR_TYPES: Record<number, { bits: number[]; samples: number }> = {
  0: { bits: [1, 2, 4, 8, 16], samples: 1 },
  2: { bits: [8, 16], samples: 3 },
  3: { bits: [1, 2, 4, 8], samples: 1 },
  4: { bits: [8, 16], samples: 2 },
  6: { bits: [8, 16], samples: 4 },
};

interface Header {
  width: number;
  height: number;
  bits: number;
  colorType: number;
}

function readHeader(data: Buffer): Header | null {
  if (data.length !== 13) return null;
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    bits: data[8],
    colorType: data[9],
  };
  const [compression, filter, interlace] = [data[10], data[11], data[12]];
  const type = COLOR_TYPES[header.colorType];
  if (!type || !type.bits.includes(header.bits) || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  if (header.width < 1 || header.height < 1 || header.width > MAX_SIDE || header.height > MAX_SIDE) return null;
  if (header.width * header.height > MAX_PIXELS) return null;
  return header;
}

export function isDrawablePng(bytes: Uint8Array): boolean {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let header: Header | null = null;
  let palette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (pos + 12 <= png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const start = pos + 8;
    if (start + length + 4 > png.length) return false;
    const data = png.subarray(start, start + length);
    if (header === null && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header !== null) return false;
      header = readHeader(data);
      if (header === null) return false;
    } else if (type === 'PLTE') {
      palette = length > 0 && length % 3 === 0;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos = start + length + 4;
  }
  if (!header || !ended || idat.length === 0) return false;
  if (header.colorType === 3 && !palette) return false;
  const stride = Math.ceil((header.width * header.bits * COLOR_TYPES[header.colorType].samples) / 8);
  const expected = header.height * (stride + 1);
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  for (let row = 0; row < header.height; row++) if (pixels[row * (stride + 1)] > 4) return false;
  return true;
}
