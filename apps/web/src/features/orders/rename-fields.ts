/** A server 422 body with its field names changed to the form's (unknown names are kept). */
export function renameFields(body: unknown, names: Record<string, string>): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [names[key] ?? key, value]));
}
