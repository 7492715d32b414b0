/** Avatar text: the first two non-space letters of the full name, upper case. */
export function avatarInitials(fullName: string): string {
  return fullName.replace(/\s+/g, '').slice(0, 2).toUpperCase();
}

export function fullName(parts: {
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
}): string {
  return [parts.first_name, parts.middle_name, parts.last_name]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
