/**
 * Real media files for upload tests, made in memory: a PNG a browser can show, the boxes of an MP4
 * that say its size and length, and a multipart/form-data body as a browser sends it.
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` × `height`: a two-colour split (`noise` fills it with random pixels instead,
 * which do not compress, for a file of about width × height × 3 bytes).
 */
export function png(width: number, height: number, options: { noise?: boolean; colour?: number[] } = {}): Buffer {
  const [r, g, b] = options.colour ?? [14, 116, 144];
  const row = 1 + width * 3;
  const raw = options.noise ? randomBytes(row * height) : Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // no filter
    if (options.noise) continue;
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      const light = x > width / 2 ? 1 : 0.6;
      raw[at] = r! * light;
      raw[at + 1] = g! * light;
      raw[at + 2] = b! * light;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: options.noise ? 0 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** The boxes of an MP4 that carry its size and length (no frames: enough for the service's reading). */
export function mp4(width: number, height: number, seconds: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale (after version+flags, created, modified)
  mvhd.writeUInt32BE(seconds * 1000, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')),
    box('moov', Buffer.concat([box('mvhd', mvhd), box('trak', box('tkhd', tkhd))])),
  ]);
}

/** A multipart/form-data body: the fields, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lamp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
