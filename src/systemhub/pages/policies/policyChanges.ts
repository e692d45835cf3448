/** One field a version changed: where it lives and its value before and after. */
export interface FieldChange {
  section: string;
  /** The field's name; a field kept per language reads `name.lang`. */
  field: string;
  before: unknown;
  after: unknown;
}

type Sections = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields that differ between two complete policies, in the order the sections list them.
 * The first version has nothing before it: every field of the sections it saved counts as set.
 */
export function policyChanges(previous: Sections | null, next: Sections, sections: readonly string[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const section of sections) {
    const before = isPlain(previous?.[section]) ? (previous[section] as Record<string, unknown>) : {};
    const after = isPlain(next[section]) ? next[section] : {};
    for (const field of Object.keys(after)) {
      const a = after[field];
      const b = before[field];
      if (isPlain(a)) {
        const inner = isPlain(b) ? b : {};
        for (const lang of Object.keys(a)) {
          if (!same(inner[lang], a[lang])) changes.push({ section, field: `${field}.${lang}`, before: inner[lang], after: a[lang] });
        }
      } else if (!same(b, a)) {
        changes.push({ section, field, before: b, after: a });
      }
    }
  }
  return changes;
}
