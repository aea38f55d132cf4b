/**
 * A zod record keyed by an enum (`z.record(z.enum([...]), value)`) becomes a JSON schema that requires every
 * key but defines none in `properties` (only `propertyNames` and `additionalProperties`): valid, but linters
 * and client generators read the keys as undefined. This names each required key with the record's value
 * schema, throughout the document.
 */
type Node = Record<string, unknown>;

export function defineRecordKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) defineRecordKeys(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Node;
  const required = schema.required;
  const value = schema.additionalProperties;
  if (Array.isArray(required) && value && typeof value === 'object') {
    const properties = { ...((schema.properties as Node | undefined) ?? {}) };
    for (const key of required) if (typeof key === 'string' && !(key in properties)) properties[key] = value;
    schema.properties = properties;
  }
  for (const child of Object.values(schema)) defineRecordKeys(child);
}
