import { tz } from '@date-fns/tz';
import { addDays, format, parseISO, startOfDay } from 'date-fns';
import * as z from 'zod/mini';
import { accessCodeForm } from '@/content/accessCodes';
import { lrsClientForm } from '@/content/integrations';
import type { NewAccessCode, NewLrsClient } from './api';
import { maxSeats } from './accessCodeLimits';
import { lrsClientNameLength, lrsScopes } from './lrsClientLimits';

const { errors } = accessCodeForm;

// Days are London's (DESIGN.md section 6, UK conventions), wherever the admin's browser is.
const inLondon = tz('Europe/London');

/** The day in London at `moment`, as a date field writes it (YYYY-MM-DD). */
export function londonDate(moment: Date = new Date()): string {
  return format(moment, 'yyyy-MM-dd', { in: inLondon });
}

/** The /admin/access-codes form; empty optional fields are the empty string until submitted. */
export const accessCodeSchema = z.object({
  organisationId: z.string().check(z.minLength(1, { error: errors.organisationMissing })),
  lastDay: z
    .string()
    .check(z.refine((day) => day === '' || day >= londonDate(), { error: errors.expiryPast })),
  seatLimit: z.string().check(
    z.trim(),
    z.refine(
      (seats) =>
        seats === '' || (/^\d+$/.test(seats) && Number(seats) >= 1 && Number(seats) <= maxSeats),
      { error: errors.seatLimit },
    ),
  ),
  modules: z.array(z.string()),
});

export type AccessCodeValues = z.input<typeof accessCodeSchema>;

export const emptyAccessCode: AccessCodeValues = {
  organisationId: '',
  lastDay: '',
  seatLimit: '',
  modules: [],
};

/**
 * What create_access_code is sent. The last day of access is inclusive, so the code expires at the
 * start of the next day in London. No module ticked means every module.
 */
export function toNewAccessCode(values: z.output<typeof accessCodeSchema>): NewAccessCode {
  return {
    organisationId: values.organisationId,
    expiresAt: values.lastDay ? startOfNextLondonDay(values.lastDay).toISOString() : null,
    seatLimit: values.seatLimit ? Number(values.seatLimit) : null,
    moduleSlugs: values.modules.length > 0 ? values.modules : null,
  };
}

/** Midnight in London after `day` (UK clocks change at 01:00 and 02:00, never at midnight). */
function startOfNextLondonDay(day: string): Date {
  const midnight = startOfDay(addDays(parseISO(day, { in: inLondon }), 1), { in: inLondon });
  // As a plain Date, whose ISO string is in UTC (a TZDate writes London's offset).
  return new Date(midnight.getTime());
}

/** The last day a code works: the moment before it expires (midnight ends a day). */
export function lastDayOfAccess(expiresAt: string): Date {
  return new Date(new Date(expiresAt).getTime() - 1);
}

const lrsErrors = lrsClientForm.errors;

// Postgres's [[:cntrl:]] (the table's check): C0 and C1 controls, and the line and paragraph
// separators that glibc's locales count among them.
const controlCharacter = /[\p{Cc}\u2028\u2029]/u;

/** A name's length as Postgres's char_length counts it: in characters, not UTF-16 code units. */
const characterCount = (text: string) => [...text].length;

/** The /admin/integrations form: the limits of public.lrs_clients (./lrsClientLimits.ts). */
export const lrsClientSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.refine((name) => characterCount(name) >= lrsClientNameLength.min, {
      error: lrsErrors.nameShort,
    }),
    z.refine((name) => characterCount(name) <= lrsClientNameLength.max, {
      error: lrsErrors.nameLong,
    }),
    z.refine((name) => !controlCharacter.test(name), { error: lrsErrors.nameControl }),
  ),
  scopes: z.array(z.enum(lrsScopes)).check(z.minLength(1, { error: lrsErrors.noScope })),
});

export type LrsClientValues = z.input<typeof lrsClientSchema>;

export const emptyLrsClient: LrsClientValues = { name: '', scopes: [] };

/** What create_lrs_client is sent: the ticked scopes in xAPI's order, as the database keeps them. */
export function toNewLrsClient(values: z.output<typeof lrsClientSchema>): NewLrsClient {
  return {
    name: values.name,
    scopes: lrsScopes.filter((scope) => values.scopes.includes(scope)),
  };
}
