import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../lib/i18n';

/**
 * The catalogues are complete and safe (issue 19: "add at least German, Spanish, French and Brazilian Portuguese,
 * complete"): every English message has a translation in every language, and each translation is a valid ICU message
 * with the same placeholders and the same numbered tags as its English, so no name, count or link goes missing.
 * A new English text without its translations fails here (run `npm run i18n:extract` and translate).
 */

const DIR = path.dirname(fileURLToPath(import.meta.url));
const read = (locale: string) => PO.parse(fs.readFileSync(path.join(DIR, locale, 'messages.po'), 'utf8')).items.filter((i) => !i.obsolete);
const key = (i: { msgctxt?: string; msgid: string }) => `${i.msgctxt ?? ''}\u0004${i.msgid}`;

/** The names of a compiled message's arguments ({name}, {count, plural, …}), at any depth. */
function argumentNames(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , choices] = token;
    if (name !== '#') into.add(name);
    if (choices) for (const choice of Object.values(choices)) if (Array.isArray(choice)) argumentNames(choice, into);
  }
  return into;
}
const tags = (text: string) => (text.match(/<\/?\d+\/?>/g) ?? []).sort();

const english = read(SOURCE_LOCALE);

describe.each(LOCALES.filter((l) => l !== SOURCE_LOCALE))('the %s catalogue', (locale) => {
  const items = new Map(read(locale).map((i) => [key(i), i]));

  it('has every English message, each translated', () => {
    const missing = english.filter((e) => !items.get(key(e))?.msgstr[0]?.trim()).map((e) => e.msgid);
    expect(missing).toEqual([]);
  });

  it('keeps each message valid, with the English placeholders and tags', () => {
    const broken: string[] = [];
    for (const e of english) {
      const translation = items.get(key(e))?.msgstr[0];
      if (!translation) continue;
      try {
        const [source, target] = [compileMessageOrThrow(e.msgid), compileMessageOrThrow(translation)];
        const same = [...argumentNames(source)].sort().join() === [...argumentNames(target)].sort().join() && tags(e.msgid).join() === tags(translation).join();
        if (!same) broken.push(`${e.msgid} → ${translation}`);
      } catch (error) {
        broken.push(`${e.msgid} → ${translation} (${(error as Error).message})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe.each(LOCALES)('the %s catalogue, as read', (locale) => {
  // Issue 31: "Enable private mode ... Users who…" showed the spec's elision as if it were text. An ellipsis ends a
  // text that goes on ("Loading…"); one with words after it is a leftover.
  it('has no ellipsis with text after it', () => {
    const leftovers = read(locale)
      .map((i) => (locale === SOURCE_LOCALE ? i.msgid : i.msgstr[0] ?? ''))
      .filter((text) => /(\.\.\.|…)\s+\p{L}/u.test(text));
    expect(leftovers).toEqual([]);
  });
});
