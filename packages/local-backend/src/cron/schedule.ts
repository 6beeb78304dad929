/** pg_cron's schedules: a standard 5-field cron expression, a macro, or '<n> seconds' (1–59). */
export type Schedule = IntervalSchedule | CronSchedule;

export interface IntervalSchedule {
  kind: 'interval';
  seconds: number;
}

export interface CronSchedule {
  kind: 'cron';
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  /** 0 = Sunday (7 is accepted for Sunday too). */
  daysOfWeek: Set<number>;
  /** '$' in the day-of-month field (pg_cron): the month's last day. */
  lastDayOfMonth: boolean;
  /** Whether the day fields started with '*': cron's rule for combining them (see cronMatches). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

export class ScheduleError extends Error {}

const macros: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const monthNames = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  label: string;
  min: number;
  max: number;
  names?: string[];
  /** The value names count from (1 for months, 0 for days). */
  firstName?: number;
}

const fields: FieldSpec[] = [
  { label: 'minute', min: 0, max: 59 },
  { label: 'hour', min: 0, max: 23 },
  { label: 'day of month', min: 1, max: 31 },
  { label: 'month', min: 1, max: 12, names: monthNames, firstName: 1 },
  { label: 'day of week', min: 0, max: 7, names: dayNames, firstName: 0 },
];

export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim().toLowerCase();
  const interval = /^(\d+)\s*seconds?$/.exec(trimmed);
  if (interval) {
    const seconds = Number(interval[1]);
    if (seconds < 1 || seconds > 59) {
      throw new ScheduleError(`"${text}": an interval must be 1 to 59 seconds`);
    }
    return { kind: 'interval', seconds };
  }

  const expression = macros[trimmed] ?? trimmed;
  const parts = expression.split(/\s+/);
  if (parts.length !== 5) {
    throw new ScheduleError(`"${text}": expected 5 fields (minute hour day month weekday)`);
  }
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = parts;
  const lastDayOfMonth = dayOfMonth.split(',').includes('$');
  const plainDaysOfMonth = dayOfMonth
    .split(',')
    .filter((item) => item !== '$')
    .join(',');
  const parse = (source: string, index: number) =>
    parseField(source, fields[index] as FieldSpec, text);
  const daysOfWeek = parse(dayOfWeek, 4);
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    kind: 'cron',
    minutes: parse(minute, 0),
    hours: parse(hour, 1),
    daysOfMonth: plainDaysOfMonth ? parse(plainDaysOfMonth, 2) : new Set(),
    months: parse(month, 3),
    daysOfWeek,
    lastDayOfMonth,
    anyDayOfMonth: dayOfMonth.startsWith('*'),
    anyDayOfWeek: dayOfWeek.startsWith('*'),
  };
}

function parseField(source: string, spec: FieldSpec, text: string): Set<number> {
  const values = new Set<number>();
  const fail = (why: string): never => {
    throw new ScheduleError(`"${text}": ${spec.label} "${source}" ${why}`);
  };
  const value = (token: string): number => {
    const named = spec.names?.indexOf(token) ?? -1;
    if (named >= 0) return named + (spec.firstName ?? 0);
    if (!/^\d+$/.test(token)) fail('is not a number');
    const number = Number(token);
    if (number < spec.min || number > spec.max) fail(`is outside ${spec.min}-${spec.max}`);
    return number;
  };

  for (const item of source.split(',')) {
    const [range = '', stepText, extra] = item.split('/');
    if (extra !== undefined || range === '') fail('is malformed');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || !/^\d+$/.test(stepText ?? '1')) {
      fail('has a step that is not a whole number above 0');
    }
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [spec.min, spec.max];
    else if (range.includes('-')) {
      const [start = '', end = ''] = range.split('-');
      [from, to] = [value(start), value(end)];
      if (from > to) fail('has a range that runs backwards');
    } else {
      from = value(range);
      // 'a/n' means from a to the end in steps of n, as in Vixie cron.
      to = stepText === undefined ? from : spec.max;
    }
    for (let current = from; current <= to; current += step) values.add(current);
  }
  return values;
}

/**
 * Whether the schedule fires in the minute of `date` (UTC, pg_cron's default time zone). As in cron,
 * when both day fields are restricted a day matching either one counts.
 */
export function cronMatches(schedule: CronSchedule, date: Date): boolean {
  if (!schedule.minutes.has(date.getUTCMinutes())) return false;
  if (!schedule.hours.has(date.getUTCHours())) return false;
  if (!schedule.months.has(date.getUTCMonth() + 1)) return false;
  const day = date.getUTCDate();
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const dayOfMonth = schedule.daysOfMonth.has(day) || (schedule.lastDayOfMonth && day === lastDay);
  const dayOfWeek = schedule.daysOfWeek.has(date.getUTCDay());
  if (schedule.anyDayOfMonth || schedule.anyDayOfWeek) return dayOfMonth && dayOfWeek;
  return dayOfMonth || dayOfWeek;
}
