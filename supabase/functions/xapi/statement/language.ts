/**
 * One language from a language map by the request's Accept-Language (RFC 7231 5.3.5), for the
 * canonical format: the best-weighted range that matches a tag exactly or as a prefix, `*` for any;
 * when none matches, the map's first entry, so that exactly one is returned.
 */
export interface LanguageRange {
  range: string;
  weight: number;
}

export function languagePreferences(acceptLanguage: string | null): LanguageRange[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, order) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = quality ? Number(quality.slice(2)) : 1;
      return {
        range: range.trim().toLowerCase(),
        weight: Number.isFinite(weight) ? weight : 0,
        order,
      };
    })
    .filter((entry) => entry.range && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ range, weight }) => ({ range, weight }));
}

function matches(range: string, tag: string): boolean {
  const lower = tag.toLowerCase();
  return range === '*' || lower === range || lower.startsWith(`${range}-`);
}

export function oneLanguage(
  map: Record<string, unknown>,
  preferences: LanguageRange[],
): Record<string, unknown> {
  const tags = Object.keys(map);
  for (const { range } of preferences) {
    const tag = tags.find((candidate) => matches(range, candidate));
    if (tag !== undefined) return { [tag]: map[tag] };
  }
  const first = tags[0];
  return first === undefined ? {} : { [first]: map[first] };
}
