import zlib from 'node:zlib';

/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A signature as a browser's canvas would send it, drawn here for the demo office and the tests:
 * a white RGB PNG with a dark, wavy stroke across it (`loops` waves).
 */
export function drawnSignaturePng(width = 300, height = 100, loops = 3): Buffer {
  const stride = width * 3 + 1;
  const pixels = Buffer.alloc(stride * height, 0xff);
  for (let y = 0; y < height; y++) pixels[y * stride] = 0;
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    pixels.fill(0x20, y * stride + 1 + x * 3, y * stride + 4 + x * 3);
  };
  for (let x = Math.round(width * 0.08); x < Math.round(width * 0.92); x++) {
    const t = x / width;
    const y = Math.round(height * (0.55 - 0.25 * Math.sin(t * loops * 2 * Math.PI) * (1 - t * 0.4)));
    for (let d = -1; d <= 1; d++) for (let e = -1; e <= 1; e++) ink(x + d, y + e);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
