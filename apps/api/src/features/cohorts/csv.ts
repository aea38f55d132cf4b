/**
 * Reads the invitation CSV (name, e-mail, startup). Quoted fields may hold commas, doubled quotes and
 * line breaks; every record keeps the 1-based line it starts on, so a bad row is reported where the
 * manager sees it in their file.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',' || c === ';' || c === '\t') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += c;
  }
  endRecord();
  return records;
}

const headerWords = /^(name|full name|e-?mail|email address|startup|company)$/i;
/** A first row whose cells are column names is a header, not a founder. */
export const isHeader = (record: CsvRecord) =>
  record.fields.filter((f) => f.trim() !== '').every((f) => headerWords.test(f.trim()));
