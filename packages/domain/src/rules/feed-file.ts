// What the feeds of a campus system have in common (docs/product/active-student-import.md,
// docs/product/scholar-hr-updates.md): a file (CSV / XLSX) whose header names the columns in any order, by key,
// label or alias, in any case, spaces, dashes or underscores; each problem on one cell; the template a campus fills.
// Each feed's rule file keeps its own columns, messages and checks of a row.
import { isCalendarDate } from './dates.js';
import { importDate } from './student-import.js';

/** A column of a feed: its key in the template, its field in the JSON push, its label, its example and other header names. */
export interface TFeedColumn<F extends string> {
  key: string;
  field: F;
  label: string;
  example: string;
  aliases: readonly string[];
}

/** One problem on one cell of a feed: its row (a file's row number, the header being 1; a JSON row's position from 1) and its field. */
export interface TFeedIssue<F extends string> {
  row: number;
  field: F | '_header';
  message: string;
}

/** A header cell (or a value read by name) as the letters and digits it holds ('Family-Name ' → 'familyname'). */
export const squashFeedName = (h: string) => h.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The names a header may give each column (its key, field, label and aliases, squashed), to its field. */
export function feedHeaderNames<F extends string>(columns: readonly TFeedColumn<F>[]): Map<string, F> {
  const names = new Map<string, F>();
  for (const c of columns) for (const name of [c.key, c.field, c.label, ...c.aliases]) names.set(squashFeedName(name), c.field);
  return names;
}

/**
 * Reads a file's header (row 1): the field each column holds (null for a column the feed does not use: it is
 * listed as ignored), and the header's problems (a repeated column; no column a row is matched by, which
 * `hasKey` tells from the fields found).
 */
export function mapFeedHeader<F extends string>(
  header: string[],
  names: ReadonlyMap<string, F>,
  o: { repeatedColumn: string; noKeyColumn: string; hasKey: (seen: ReadonlySet<F>) => boolean },
): { fields: (F | null)[]; ignored: string[]; issues: TFeedIssue<F>[] } {
  const issues: TFeedIssue<F>[] = [];
  const ignored: string[] = [];
  const seen = new Set<F>();
  const fields = header.map((h) => {
    const name = h.trim();
    if (!name) return null;
    const field = names.get(squashFeedName(name));
    if (!field) {
      ignored.push(name.slice(0, 60));
      return null;
    }
    if (seen.has(field)) {
      issues.push({ row: 1, field, message: o.repeatedColumn });
      return null;
    }
    seen.add(field);
    return field;
  });
  if (!o.hasKey(seen)) issues.push({ row: 1, field: '_header', message: o.noKeyColumn });
  return { fields, ignored, issues };
}

/** An e-mail address as a feed may give it (one @, a dot in the domain, no spaces, commas or semicolons). */
export const FEED_EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** MM/DD/YYYY (one-digit month or day too, as spreadsheets write them) or YYYY-MM-DD → ISO, or null; never through `new Date()`. */
export function feedDate(v: string): string | null {
  const s = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return isCalendarDate(s) && s >= '1753-01-01' ? s : null;
  return importDate(s);
}

/** "Row 12, Family name: Use at most …": an issue as one line of a file's error list, the field named by `label`. */
export function describeFeedIssue<F extends string>(i: TFeedIssue<F>, label: (field: F) => string): string {
  if (i.field === '_header') return `Header: ${i.message}`;
  return `Row ${i.row}, ${label(i.field)}: ${i.message}`;
}

/** The template a campus fills: the header (the columns' keys) and one example row (CSV). */
export function feedTemplateCsv(columns: readonly TFeedColumn<string>[]): string {
  const line = (cells: readonly string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return `${line(columns.map((c) => c.key))}\r\n${line(columns.map((c) => c.example))}\r\n`;
}

/**
 * One feed's file: how its header is read (`repeatedColumn` and `noKeyColumn` are its messages, `hasKey` says
 * whether the header has a column a row is matched by), how an issue reads (`label` names a field), its template.
 */
export function feedFile<F extends string>(
  columns: readonly TFeedColumn<F>[],
  o: { repeatedColumn: string; noKeyColumn: string; hasKey: (seen: ReadonlySet<F>) => boolean; label: (field: F) => string },
) {
  const names = feedHeaderNames(columns);
  return {
    mapHeader: (header: string[]) => mapFeedHeader(header, names, o),
    describeIssue: (i: TFeedIssue<F>) => describeFeedIssue(i, o.label),
    templateCsv: () => feedTemplateCsv(columns),
  };
}
