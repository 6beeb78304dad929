/**
 * CPD time as the certificate states it (docs/certificates.md section 2): the verified minutes
 * rounded down to the quarter hour, and the RCGP's credits (one per hour, in quarter-hour steps)
 * only once the learner has written a reflection.
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

export function cpdTime(verifiedMinutes: number, hasReflection: boolean): CpdTime {
  const minutes = Math.floor(Math.max(0, verifiedMinutes) / 15) * 15;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const label =
    hours === 0
      ? plural(rest, 'minute', 'minutes')
      : [plural(hours, 'hour', 'hours'), rest > 0 ? plural(rest, 'minute', 'minutes') : '']
          .filter(Boolean)
          .join(' ');
  return { minutes, label, credits: hasReflection ? minutes / 60 : null };
}

/** '1.75 CPD credits', '1 CPD credit', '0.5 CPD credits'. */
export function creditsLabel(credits: number): string {
  return `${credits.toLocaleString('en-GB', { maximumFractionDigits: 2 })} CPD ${credits === 1 ? 'credit' : 'credits'}`;
}
