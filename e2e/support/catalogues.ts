import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';

/** The web app's PO catalogues (apps/web/src/locales), read as the browser tests need them. */

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

/**
 * The English texts that must not be seen in `locale`: whole texts (no placeholder or markup, at least two letters)
 * whose translation differs from the English. Words a language writes the same ("Feed", "Playlist", "Premium") are
 * left out, in every context: seeing them proves nothing.
 */
export function englishOnlyTexts(locale: string): Set<string> {
  const items = PO.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, 'messages.po'), 'utf8')).items;
  const same = new Set<string>();
  const differ = new Set<string>();
  for (const { msgid, msgstr } of items) {
    if (/[{}<>]/.test(msgid) || !/\p{L}.*\p{L}/u.test(msgid)) continue;
    if (!msgstr[0] || msgstr[0] === msgid) same.add(msgid);
    else differ.add(msgid);
  }
  for (const id of same) differ.delete(id);
  return differ;
}
