/**
 * `name`, or `name 2`, `name 3`… the first no other profile of the group bears: two copies of one built-in profile
 * are told apart on the shooting's card ("Ready for mobile.de (our rules)" twice said nothing).
 */
export function unusedName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name} ${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
