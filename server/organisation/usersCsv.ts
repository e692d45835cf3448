import { CODE } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';

/** A record of a CSV file and the line it starts on (1-based, the header being line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const QUOTE = 34; // "
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF or CR
 * end a record; a leading byte-order mark is dropped; blank lines are skipped. An unterminated
 * quoted field, or text after a closing quote, refuses the whole file (E40128 with its line).
 */
export function parseCsv(text: string): CsvRecord[] {
  return [...csvRecords(text)];
}

/** The records of parseCsv one at a time, so that a large file is never held twice (as text and as rows). */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < s.length) {
    const start = line;
    // Most records hold no quote: split them at once, the character walk below only for the rest.
    const newline = s.indexOf('\n', i);
    const end = newline < 0 ? s.length : newline;
    const plain = s.slice(i, s.charCodeAt(end - 1) === CR && end > i ? end - 1 : end);
    if (!plain.includes('"') && !plain.includes('\r')) {
      if (plain.trim() !== '') yield { line: start, fields: plain.split(',') };
      i = end + 1;
      line++;
      continue;
    }
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (s.charCodeAt(i) === QUOTE) {
        let out = '';
        let from = ++i;
        for (;;) {
          const close = s.indexOf('"', from);
          if (close < 0) throw new AppError(CODE.importMalformed, { line: start });
          out += s.slice(from, close);
          if (s.charCodeAt(close + 1) === QUOTE) {
            out += '"';
            from = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        for (const c of out) if (c === '\n') line++;
        const next = s.charCodeAt(i);
        if (i < s.length && next !== COMMA && next !== LF && next !== CR) throw new AppError(CODE.importMalformed, { line });
        value = out;
      } else {
        let end = i;
        while (end < s.length) {
          const c = s.charCodeAt(end);
          if (c === COMMA || c === LF || c === CR) break;
          end++;
        }
        value = s.slice(i, end);
        i = end;
      }
      fields.push(value);
      const c = s.charCodeAt(i);
      if (c === COMMA) {
        i++;
        continue;
      }
      if (c === CR) i += s.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (c === LF) i++;
      line++;
      break;
    }
    if (!(fields.length === 1 && fields[0].trim() === '')) yield { line: start, fields };
  }
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: a formula-looking value is prefixed with ' so a spreadsheet shows it as text; quoted when it must be. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export const csvLine = (values: (string | number | boolean | null)[]): string => `${values.map(csvCell).join(',')}\r\n`;
