/**
 * What an uploaded file really is, read from its bytes rather than its name or the browser's
 * word: the type, the pixel size and, for a video, its length. A file whose bytes are not the
 * type it claims, or whose size cannot be read, is unreadable (the route answers 400). An SVG is
 * kept as rebuilt from an allow-list, and one with a script is refused (svg-clean.ts).
 */
import type { UploadType } from '../../../src/shared/schemas/spotlight.ts';
import { ActiveSvgError, cleanSvg } from './svg-clean.ts';

export interface Media {
  type: UploadType;
  width: number;
  height: number;
  /** Seconds, for a video. */
  duration_s: number | null;
  /** The bytes to keep when they are not the upload's own: an SVG rebuilt from its allow-list (svg-clean.ts). */
  bytes?: Buffer;
}

const ascii = (bytes: Buffer, at: number, length: number) => bytes.toString('latin1', at, at + length);

function png(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), duration_s: null };
}

function gif(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 10 || !/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), duration_s: null };
}

function jpeg(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    // Start of frame (baseline, progressive …), not DHT, JPG or DAC.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7), duration_s: null };
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff, duration_s: null };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, duration_s: null };
  }
  if (chunk === 'VP8X')
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1, duration_s: null };
  return null;
}

/** An SVG rebuilt from the allow-list (svg-clean.ts), its size from the root's width and height, else its viewBox. */
function svg(bytes: Buffer): Omit<Media, 'type'> | null {
  const clean = cleanSvg(bytes);
  if (!clean) return null;
  const length = (name: string) => /^\s*([\d.]+)(px)?\s*$/i.exec(clean.root.getAttribute(name) ?? '')?.[1];
  const box = /^\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*$/.exec(clean.root.getAttribute('viewBox') ?? '');
  const width = Number(length('width') ?? box?.[1]);
  const height = Number(length('height') ?? box?.[2]);
  if (!(width > 0) || !(height > 0)) return null;
  return { width: Math.round(width), height: Math.round(height), duration_s: null, bytes: Buffer.from(clean.svg) };
}

/** MP4 (ISO BMFF): the movie header's length, and the first track header with a picture size. */
function mp4(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  let duration: number | null = null;
  let width = 0;
  let height = 0;
  for (let at = bytes.indexOf('mvhd'); at > 0 && duration === null; at = -1) {
    const version = bytes[at + 4];
    const scale = bytes.readUInt32BE(at + (version === 1 ? 24 : 16));
    const length = version === 1 ? Number(bytes.readBigUInt64BE(at + 28)) : bytes.readUInt32BE(at + 20);
    if (scale > 0) duration = Math.round((length / scale) * 10) / 10;
  }
  for (let at = bytes.indexOf('tkhd'); at > 0 && !width; at = bytes.indexOf('tkhd', at + 4)) {
    const size = bytes.readUInt32BE(at - 4);
    const end = at - 4 + size;
    if (end > bytes.length || size < 84) break;
    width = bytes.readUInt32BE(end - 8) / 65536;
    height = bytes.readUInt32BE(end - 4) / 65536;
  }
  if (!width || !height || !duration) return null;
  return { width: Math.round(width), height: Math.round(height), duration_s: duration };
}

/** WebM (Matroska): PixelWidth, PixelHeight, and Duration in TimecodeScale units (1 ms unless said). */
function webm(bytes: Buffer): Omit<Media, 'type'> | null {
  if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x1a45dfa3) return null;
  const uint = (id: number[]) => {
    const at = bytes.indexOf(Buffer.from(id));
    if (at < 0) return null;
    const size = (bytes[at + id.length] as number) & 0x7f;
    return size >= 1 && size <= 4 ? bytes.readUIntBE(at + id.length + 1, size) : null;
  };
  const width = uint([0xb0]);
  const height = uint([0xba]);
  const scale = uint([0x2a, 0xd7, 0xb1]) ?? 1_000_000;
  const at = bytes.indexOf(Buffer.from([0x44, 0x89]));
  const size = at >= 0 ? (bytes[at + 2] as number) & 0x7f : 0;
  const ticks = size === 4 ? bytes.readFloatBE(at + 3) : size === 8 ? bytes.readDoubleBE(at + 3) : 0;
  const duration = Math.round(((ticks * scale) / 1e9) * 10) / 10;
  if (!width || !height || !(duration > 0)) return null;
  return { width, height, duration_s: duration };
}

const READERS: Record<UploadType, (bytes: Buffer) => Omit<Media, 'type'> | null> = {
  'image/png': png,
  'image/jpeg': jpeg,
  'image/gif': gif,
  'image/webp': webp,
  'image/svg+xml': svg,
  'video/mp4': mp4,
  'video/webm': webm,
};

/** The file read as the type it claims, or null when its bytes are not that (or hold no size). */
export function readMedia(bytes: Buffer, type: UploadType): Media | null {
  try {
    const media = READERS[type](bytes);
    return media && media.width > 0 && media.height > 0 ? { type, ...media } : null;
  } catch (error) {
    // A picture made to run says so; a truncated file reads past its end.
    if (error instanceof ActiveSvgError) throw error;
    return null;
  }
}
