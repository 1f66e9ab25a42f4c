/**
 * Finds the columns of Takeout's playlist CSVs by the words of their header. Google has changed `playlists.csv`'s
 * columns at least twice (a 2024 layout puts four `Playlist image 1 …` columns before the title, and some layouts add
 * a description), and it writes the header in the member's language, so no position holds. A column is found by a
 * word of its header in one of the languages Takeout writes; when no word matches (a language not listed here), by
 * what its cells hold. The words are lower-case fragments, compared with the header lower-cased.
 */

/** "Title" in the languages Takeout writes ("titel" is German, Dutch and the Nordic languages). */
const TITLE_WORDS = [
  'title', 'titel', 'titre', 'título', 'titulo', 'titolo', 'tytuł', 'název', 'nazev', 'cím', 'titlu', 'otsikko',
  'başlık', 'baslik', 'naslov', 'τίτλος', 'название', 'назва', 'заглавие', 'タイトル', '제목', '标题', '標題', 'judul',
  'tiêu đề', 'ชื่อ', 'عنوان', 'כותרת', 'शीर्षक',
];

/** "Description" in the same languages. */
const DESCRIPTION_WORDS = [
  'description', 'beschreibung', 'descripción', 'descripcion', 'descrizione', 'descrição', 'descricao', 'beschrijving',
  'opis', 'popis', 'leírás', 'descriere', 'kuvaus', 'açıklama', 'aciklama', 'beskrivning', 'beskrivelse', 'περιγραφή',
  'описание', 'опис', '説明', '설명', '说明', '描述', '說明', 'deskripsi', 'mô tả', 'คำอธิบาย', 'وصف', 'תיאור', 'विवरण',
];

/** "Visibility" (or "privacy", as some languages say it) in the same languages. */
const VISIBILITY_WORDS = [
  'visibility', 'privacy', 'sichtbarkeit', 'visibilité', 'visibilite', 'visibilidad', 'visibilità', 'visibilita',
  'visibilidade', 'zichtbaarheid', 'widoczność', 'widocznosc', 'viditelnost', 'láthatóság', 'vizibilitate', 'näkyvyys',
  'görünürlük', 'gorunurluk', 'synlighet', 'synlighed', 'ορατότητα', 'видимость', 'доступ', 'видимість', '公開設定',
  '공개 상태', '공개', '可见性', '公开', '公開', 'visibilitas', 'chế độ hiển thị', 'การมองเห็น', 'الظهور', 'חשיפה', 'दृश्यता',
];

/**
 * The "(original) language" column beside the title and the description ("Playlist title (original) language"): it
 * holds a language code, never the title.
 */
const LANGUAGE_WORDS = [
  'language', 'sprache', 'langue', 'idioma', 'lingua', 'taal', 'język', 'jezyk', 'jazyk', 'nyelv', 'limba', 'kieli',
  'dili', 'språk', 'sprog', 'γλώσσα', 'язык', 'мова', '言語', '언어', '语言', '語言', 'bahasa', 'ngôn ngữ', 'ภาษา', 'لغة',
  'שפה', 'भाषा',
];

/** The visibility values Takeout writes (not translated: they are the API's constants). */
const VISIBILITY_VALUES = new Set(['public', 'private', 'unlisted']);
/** Cells that are not a title: timestamps, numbers, booleans, addresses, channel ids, language codes. */
const NOT_TITLE_PATTERN = /^(\d{4}-\d{2}-\d{2}.*|-?\d+(\.\d+)?|true|false|https?:\/\/\S*|UC[\w-]{22}|[a-z]{2,3}([-_][A-Za-z]{2,4})?)$/i;

export interface PlaylistColumns {
  title: number;
  description: number | null;
  visibility: number | null;
}

/**
 * Where a playlist CSV keeps each thing, from its `header` and data `rows` (the id is found by the caller). `fallback`
 * gives the layout's known positions, for a header in a language whose words are not listed here.
 */
export function playlistColumns(header: string[], rows: string[][], fallback: PlaylistColumns): PlaylistColumns {
  const named = (words: readonly string[]): number | null => {
    const index = header.findIndex((cell) => includesAny(cell, words) && !includesAny(cell, LANGUAGE_WORDS));
    return index >= 0 ? index : null;
  };
  const titleNamed = named(TITLE_WORDS);
  // A header whose title is named is in a known language: a description it does not name is not there.
  const description = named(DESCRIPTION_WORDS) ?? (titleNamed === null ? fallback.description : null);
  const visibility = named(VISIBILITY_WORDS) ?? columnWhere(rows, (cell) => VISIBILITY_VALUES.has(cell.toLowerCase())) ?? fallback.visibility;
  // Else the first column (after the id) of free text that is neither the visibility nor the description.
  const title = titleNamed ?? columnWhere(rows, (cell) => !NOT_TITLE_PATTERN.test(cell), new Set([0, visibility, description])) ?? fallback.title;
  return { title, description, visibility };
}

/**
 * Where a subscriptions CSV keeps the channel's title, its id and address being at `id` and `url` (found by their
 * cells): the column its header calls the title, else the first other column of free text; null when none.
 */
export function subscriptionTitleColumn(header: string[], rows: string[][], id: number | null, url: number | null): number | null {
  const named = header.findIndex((cell, index) => index !== id && index !== url && includesAny(cell, TITLE_WORDS));
  return named >= 0 ? named : columnWhere(rows, (cell) => !NOT_TITLE_PATTERN.test(cell), new Set([id, url]));
}

function includesAny(cell: string, words: readonly string[]): boolean {
  const lower = cell.toLowerCase();
  return words.some((word) => lower.includes(word));
}

/** The first column whose filled cells all pass `test` (at least one filled), leaving out `exclude`; null if none. */
function columnWhere(rows: string[][], test: (cell: string) => boolean, exclude = new Set<number | null>()): number | null {
  const width = Math.max(0, ...rows.map((row) => row.length));
  for (let column = 0; column < width; column += 1) {
    if (exclude.has(column)) continue;
    const cells = rows.map((row) => row[column] ?? '').filter((cell) => cell !== '');
    if (cells.length > 0 && cells.every(test)) return column;
  }
  return null;
}
