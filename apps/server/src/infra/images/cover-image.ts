import sharp from 'sharp';
import { HttpError } from '../http/errors.js';

/** Cover images are stored at this size (SPEC §5: "Images are stored at 300 x 300"). */
export const COVER_SIZE = 300;
/** The largest upload accepted, before any decoding (decisions/008). */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
/** Larger pictures than this many pixels are refused before decoding (a small file can decompress to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png';

/** What the bytes are, by their signature, whatever the file's name or declared type says. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/**
 * Turns an uploaded cover into what is stored: JPG or PNG only (checked by content), decoded and re-encoded as a
 * 300×300 JPEG (cropped to cover, centre), with no metadata (EXIF, ICC, XMP are dropped by re-encoding).
 * Throws HttpError 415 for another format and 400 for bytes that do not decode.
 */
export async function prepareCoverImage(bytes: Buffer): Promise<Buffer> {
  const kind = detectImageKind(bytes);
  if (!kind) {
    throw new HttpError(415, 'Only JPG and PNG images are accepted', 'UNSUPPORTED_IMAGE', [
      { field: 'file', message: 'must be a JPG or PNG image' },
    ]);
  }
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  const size = await image.metadata().catch(() => null);
  if (!size) throw unreadable(kind);
  // SPEC §5: covers are at least 300 × 300; a smaller one would be blown up into a blur. (EXIF rotation swaps the
  // sides, which does not change whether both are large enough.)
  if (size.width < COVER_SIZE || size.height < COVER_SIZE) {
    throw new HttpError(400, `The image is ${size.width} × ${size.height} pixels: a cover must be at least ${COVER_SIZE} × ${COVER_SIZE}`, 'IMAGE_TOO_SMALL', [
      { field: 'file', message: `must be at least ${COVER_SIZE} × ${COVER_SIZE} pixels` },
    ]);
  }
  try {
    return await image
      .rotate() // apply the EXIF orientation before it is dropped
      .resize(COVER_SIZE, COVER_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' }) // PNG transparency → white, JPEG has none
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw unreadable(kind);
  }
}

const unreadable = (kind: ImageKind) =>
  new HttpError(400, `The ${kind === 'jpeg' ? 'JPG' : 'PNG'} image is damaged or cannot be read`, 'INVALID_IMAGE', [
    { field: 'file', message: 'cannot be read as an image' },
  ]);
