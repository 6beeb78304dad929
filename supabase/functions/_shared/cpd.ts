/**
 * Time as certificates state it (docs/certificates.md section 2): the verified minutes as recorded,
 * and the CPD time, those minutes rounded down to the quarter hour, with the RCGP's credits (one per
 * hour, in quarter-hour steps) only once the learner has written a reflection.
 */
export interface CpdTime {
  /** The verified minutes rounded down to the quarter hour. */
  minutes: number;
  /** '1 hour 45 minutes', '45 minutes', '2 hours', '0 minutes'. */
  label: string;
  /** 1.75 for 1 hour 45 minutes; null without a reflection. */
  credits: number | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '1 hour 5 minutes', '16 minutes', '2 hours', '0 minutes'. */
export function durationLabel(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const rest = totalMinutes % 60;
  if (hours === 0) return plural(rest, 'minute', 'minutes');
  return [plural(hours, 'hour', 'hours'), rest > 0 ? plural(rest, 'minute', 'minutes') : '']
    .filter(Boolean)
    .join(' ');
}

export function cpdTime(verifiedMinutes: number, hasReflection: boolean): CpdTime {
  const minutes = Math.floor(Math.max(0, verifiedMinutes) / 15) * 15;
  return { minutes, label: durationLabel(minutes), credits: hasReflection ? minutes / 60 : null };
}

/** '1.75 CPD credits', '1 CPD credit', '0.5 CPD credits'. */
export function creditsLabel(credits: number): string {
  return `${credits.toLocaleString('en-GB', { maximumFractionDigits: 2 })} CPD ${credits === 1 ? 'credit' : 'credits'}`;
}
