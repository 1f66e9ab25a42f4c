/**
 * Saving what an API call answered as a file. Downloads behind login cannot be plain links (the token travels in a
 * header), so the app fetches the bytes and hands them to the browser here.
 */

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then `filename="…"`), or `fallback`. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim()), fallback);
    } catch {
      /* malformed escape: try the plain parameter */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? safeName(name, fallback) : fallback;
}

/** Only the last path segment, and never an empty or dot-only name. */
function safeName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base && !/^\.+$/.test(base) ? base : fallback;
}

/** Hands bytes to the browser as a download: a temporary `<a download>` on an object URL, clicked, then released. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser may start reading the URL after click() returns: release it a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
