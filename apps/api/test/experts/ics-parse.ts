/** A content line of an iCalendar object after unfolding: NAME;PARAM=VALUE:value */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Unfolds (RFC 5545 3.1: CRLF followed by one space or tab) and splits into properties. */
export function parseIcs(text: string): IcsProperty[] {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      // The value starts after the first colon that is not inside a quoted parameter value.
      let quoted = false;
      let colon = -1;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"') quoted = !quoted;
        else if (line[i] === ':' && !quoted) {
          colon = i;
          break;
        }
      }
      const [name, ...params] = line.slice(0, colon).split(';');
      return {
        name: name!.toUpperCase(),
        params: Object.fromEntries(
          params.map((p) => [
            p.slice(0, p.indexOf('=')).toUpperCase(),
            p.slice(p.indexOf('=') + 1).replace(/^"|"$/g, ''),
          ]),
        ),
        value: line.slice(colon + 1),
      };
    });
}

export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** The properties of the (single) VEVENT, and those of the calendar around it. */
export function eventOf(text: string) {
  const props = parseIcs(text);
  const begin = props.findIndex((p) => p.name === 'BEGIN' && p.value === 'VEVENT');
  const end = props.findIndex((p) => p.name === 'END' && p.value === 'VEVENT');
  const calendar = [...props.slice(0, begin), ...props.slice(end + 1)];
  const event = props.slice(begin + 1, end);
  const one = (list: IcsProperty[], name: string) => list.find((p) => p.name === name);
  return {
    props,
    calendar: (name: string) => one(calendar, name)?.value,
    event: (name: string) => one(event, name),
    all: (name: string) => event.filter((p) => p.name === name),
  };
}

/** 20260302T150000Z → ISO instant */
export const icsUtc = (value: string) =>
  new Date(
    `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`,
  ).toISOString();
