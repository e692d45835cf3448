import { ACCESS_TYPES, ALL_SCENE_CODES } from '../../../../contract/dictionaries';
import { codeText } from '../../../shared/providers/codeText';
import type { Language } from '../../../shared/providers/i18nProvider';

type Words = Record<string, { zh: string; en: string }>;

/** A code's words in the reader's language; a code the dictionary does not know stays as it is, so nothing is hidden. */
const wordOf = (words: Words, code: string, lang: Language): string => words[code]?.[lang] ?? code;

/** What an operation-log row records ("Created a notice" for ADMIN_NOTICE_CREATE). */
export const sceneWords = (code: string, lang: Language): string => wordOf(ALL_SCENE_CODES, code, lang);
/** How a sign-in was made ("Password sign-in" for ACCOUNT). */
export const methodWords = (code: string, lang: Language): string => wordOf(ACCESS_TYPES, code, lang);
/** A sign-in's result code as its message (contract/codeMessages), in the page's language. */
export const resultWords = (code: string): string => codeText(code);

/** Picker options: the words shown, the internal code sent; sorted by the words so a list of 100 is scannable. */
function optionsOf(words: Words, lang: Language): { value: string; label: string }[] {
  return Object.entries(words)
    .map(([value, label]) => ({ value, label: label[lang] }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}
export const sceneOptions = (lang: Language) => optionsOf(ALL_SCENE_CODES, lang);
export const methodOptions = (lang: Language) => optionsOf(ACCESS_TYPES, lang);
