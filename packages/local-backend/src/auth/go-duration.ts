/**
 * Go's time.ParseDuration, which GoTrue applies to the admin API's `ban_duration` ("24h", "1h30m",
 * "-1.5h", "300ms"). Answers milliseconds; throws Go's error text for anything else.
 */
const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const term = /^(\d*\.?\d*)(ns|us|µs|μs|ms|s|m|h)/;

export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest) {
    const match = term.exec(rest);
    const [whole = '', number = '', unit = ''] = match ?? [];
    if (!match || number === '' || number === '.') {
      if (/^\d*\.?\d*$/.test(rest) && rest !== '.') {
        throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
      }
      throw invalid();
    }
    total += Number(number) * (unitMs[unit] ?? 0);
    rest = rest.slice(whole.length);
  }
  return sign * total;
}
