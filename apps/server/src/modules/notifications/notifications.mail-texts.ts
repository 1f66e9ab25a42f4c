import { plural, type Translations } from '../../infra/i18n/locale.js';
import type { DigestFrequency } from './notifications.repository.js';

/**
 * Where a digest's videos come from, as the sentences name it: a channel's name, or a sift as `theSift` words it
 * (`isSift`). Languages whose prepositions and articles change with it read `isSift` ("del Sift", "do Sift",
 * "vom Sift"); in the HTML part `words` is the link, so what a language puts before it stays outside the link.
 */
export interface Source {
  words: string;
  isSift: boolean;
}

/**
 * The notification mails' texts in each language (notifications.mails.ts lays them out). `app` is the product name.
 * English is SPEC wording and the mails' original text; the others address the member as the web app does
 * (German "du", Spanish "tú", French "vous", Brazilian Portuguese "você") and keep "Sift" as a word of its own.
 */
export interface DigestMailTexts {
  greeting: (firstName: string) => string;
  /** A sift named in a sentence (the link in the HTML part). */
  theSift: (name: string) => string;
  /** "2 new videos from X", the count with its plural form in the language. */
  newVideos: (n: number, from: Source) => string;
  /** The line above the list of videos: `newVideos` as a lead-in ("…from X:"). */
  listIntro: (n: number, from: Source) => string;
  /** The subject of an IMMEDIATE mail about one video. */
  subjectOne: (name: string, title: string) => string;
  /** What goes before `newVideos` in the other subjects ("Your daily digest: "). */
  subjectPrefix: Readonly<Record<DigestFrequency, string>>;
  /** How often the member gets these mails, as `whyText`/`whyHtml` say it. */
  howOften: Readonly<Record<DigestFrequency, string>>;
  /** The plain-text footer's reason, followed by the channel's or sift's address. */
  whyText: (howOften: string, from: Source, app: string) => string;
  /** The HTML footer's reason, followed by the two links. */
  whyHtml: (howOften: string, from: Source) => string;
  changeLine: (url: string) => string;
  unsubscribeLine: (url: string) => string;
  changeLink: string;
  unsubscribeLink: string;
}

/** French typography: a no-break space before a colon. */
const NBSP = '\u00a0';
/** French "de" before a vowel is "d’" (d’Arte). A leading h is left alone: whether it elides depends on the word. */
const frDe = (name: string) => (/^[aeiouyàâæéèêëîïôœùûü]/i.test(name) ? `d’${name}` : `de ${name}`);

const en = {
  newVideos: (n: number, from: Source) => `${n} new ${plural('en', n, { one: 'video', other: 'videos' })} from ${from.words}`,
};
const de = {
  newVideos: (n: number, from: Source) => `${n} ${plural('de', n, { one: 'neues Video', other: 'neue Videos' })} ${from.isSift ? 'vom' : 'von'} ${from.words}`,
};
const es = {
  newVideos: (n: number, from: Source) => `${n} ${plural('es', n, { one: 'vídeo nuevo', other: 'vídeos nuevos' })} ${from.isSift ? 'del' : 'de'} ${from.words}`,
};
const fr = {
  newVideos: (n: number, from: Source) =>
    `${n} ${plural('fr', n, { one: 'nouvelle vidéo', other: 'nouvelles vidéos' })} ${from.isSift ? `du ${from.words}` : frDe(from.words)}`,
};
const ptBR = {
  newVideos: (n: number, from: Source) => `${n} ${plural('pt-BR', n, { one: 'vídeo novo', other: 'vídeos novos' })} ${from.isSift ? 'do' : 'de'} ${from.words}`,
};

export const DIGEST_MAIL_TEXTS: Translations<DigestMailTexts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    theSift: (name) => `the sift ${name}`,
    newVideos: en.newVideos,
    listIntro: (n, from) => `${en.newVideos(n, from)}:`,
    subjectOne: (name, title) => `New from ${name}: ${title}`,
    subjectPrefix: { IMMEDIATE: '', DAILY: 'Your daily digest: ', WEEKLY: 'Your weekly digest: ' },
    howOften: { IMMEDIATE: 'as they arrive', DAILY: 'once a day', WEEKLY: 'once a week' },
    whyText: (howOften, from, app) => `You get these ${howOften} because you follow ${from.words} on ${app}:`,
    whyHtml: (howOften, from) => `You get these ${howOften} because you follow ${from.words}.`,
    changeLine: (url) => `Change how often: ${url}`,
    unsubscribeLine: (url) => `Unsubscribe from these e-mails: ${url}`,
    changeLink: 'Change how often',
    unsubscribeLink: 'Unsubscribe',
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    theSift: (name) => `Sift ${name}`,
    newVideos: de.newVideos,
    listIntro: (n, from) => `${de.newVideos(n, from)}:`,
    subjectOne: (name, title) => `Neu von ${name}: ${title}`,
    subjectPrefix: { IMMEDIATE: '', DAILY: 'Deine tägliche Zusammenfassung: ', WEEKLY: 'Deine wöchentliche Zusammenfassung: ' },
    howOften: { IMMEDIATE: 'bei jedem neuen Video', DAILY: 'einmal am Tag', WEEKLY: 'einmal pro Woche' },
    whyText: (howOften, from, app) => `Du bekommst diese E-Mails ${howOften}, weil du ${from.isSift ? 'dem ' : ''}${from.words} auf ${app} folgst:`,
    whyHtml: (howOften, from) => `Du bekommst diese E-Mails ${howOften}, weil du ${from.isSift ? 'dem ' : ''}${from.words} folgst.`,
    changeLine: (url) => `Häufigkeit ändern: ${url}`,
    unsubscribeLine: (url) => `Diese E-Mails abbestellen: ${url}`,
    changeLink: 'Häufigkeit ändern',
    unsubscribeLink: 'Abbestellen',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    theSift: (name) => `Sift ${name}`,
    newVideos: es.newVideos,
    listIntro: (n, from) => `${es.newVideos(n, from)}:`,
    subjectOne: (name, title) => `Nuevo vídeo de ${name}: ${title}`,
    subjectPrefix: { IMMEDIATE: '', DAILY: 'Tu resumen diario: ', WEEKLY: 'Tu resumen semanal: ' },
    howOften: { IMMEDIATE: 'en cuanto se publican', DAILY: 'una vez al día', WEEKLY: 'una vez a la semana' },
    whyText: (howOften, from, app) => `Recibes estos correos ${howOften} porque sigues ${from.isSift ? 'el' : 'a'} ${from.words} en ${app}:`,
    whyHtml: (howOften, from) => `Recibes estos correos ${howOften} porque sigues ${from.isSift ? 'el' : 'a'} ${from.words}.`,
    changeLine: (url) => `Cambia la frecuencia: ${url}`,
    unsubscribeLine: (url) => `Date de baja de estos correos: ${url}`,
    changeLink: 'Cambiar la frecuencia',
    unsubscribeLink: 'Darse de baja',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    theSift: (name) => `Sift ${name}`,
    newVideos: fr.newVideos,
    listIntro: (n, from) => `${fr.newVideos(n, from)}${NBSP}:`,
    subjectOne: (name, title) => `Nouvelle vidéo ${frDe(name)}${NBSP}: ${title}`,
    subjectPrefix: { IMMEDIATE: '', DAILY: `Votre résumé quotidien${NBSP}: `, WEEKLY: `Votre résumé hebdomadaire${NBSP}: ` },
    howOften: { IMMEDIATE: 'dès leur publication', DAILY: 'une fois par jour', WEEKLY: 'une fois par semaine' },
    whyText: (howOften, from, app) => `Vous recevez ces e-mails ${howOften} car vous suivez ${from.isSift ? 'le ' : ''}${from.words} sur ${app}${NBSP}:`,
    whyHtml: (howOften, from) => `Vous recevez ces e-mails ${howOften} car vous suivez ${from.isSift ? 'le ' : ''}${from.words}.`,
    changeLine: (url) => `Modifier la fréquence${NBSP}: ${url}`,
    unsubscribeLine: (url) => `Se désabonner de ces e-mails${NBSP}: ${url}`,
    changeLink: 'Modifier la fréquence',
    unsubscribeLink: 'Se désabonner',
  },
  'pt-BR': {
    greeting: (name) => `Olá, ${name},`,
    theSift: (name) => `Sift ${name}`,
    newVideos: ptBR.newVideos,
    listIntro: (n, from) => `${ptBR.newVideos(n, from)}:`,
    subjectOne: (name, title) => `Novo vídeo de ${name}: ${title}`,
    subjectPrefix: { IMMEDIATE: '', DAILY: 'Seu resumo diário: ', WEEKLY: 'Seu resumo semanal: ' },
    howOften: { IMMEDIATE: 'assim que são publicados', DAILY: 'uma vez por dia', WEEKLY: 'uma vez por semana' },
    whyText: (howOften, from, app) => `Você recebe estes e-mails ${howOften} porque segue ${from.isSift ? 'o ' : ''}${from.words} no ${app}:`,
    whyHtml: (howOften, from) => `Você recebe estes e-mails ${howOften} porque segue ${from.isSift ? 'o ' : ''}${from.words}.`,
    changeLine: (url) => `Alterar a frequência: ${url}`,
    unsubscribeLine: (url) => `Cancelar a inscrição nestes e-mails: ${url}`,
    changeLink: 'Alterar a frequência',
    unsubscribeLink: 'Cancelar inscrição',
  },
};
