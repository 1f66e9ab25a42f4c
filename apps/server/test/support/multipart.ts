export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  return multipartBodyOf([{ field, filename, contentType, bytes }]);
}

/** A multipart body with these file parts, in order. */
export function multipartBodyOf(parts: FilePart[]) {
  const boundary = `----sift${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  return { payload: Buffer.concat([...chunks, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
