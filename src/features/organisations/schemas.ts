import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import * as z from 'zod/mini';
import { assignmentsPanel, cohortsPanel, inviteDialog } from '@/content/organisation';
import { moduleSlugs, modules, type ModuleSlug } from '@/content/modules';
import { MAX_INVITES, type Invitee } from './api';

// Days are London's (DESIGN.md section 6, UK conventions), wherever the manager's browser is.
const inLondon = tz('Europe/London');

/** The day in London at `moment`, as a date field writes it (YYYY-MM-DD). */
export function londonDate(moment: Date = new Date()): string {
  return format(moment, 'yyyy-MM-dd', { in: inLondon });
}

/** A text's length as Postgres's char_length counts it: in characters, not UTF-16 code units. */
const characterCount = (text: string) => [...text].length;

// Postgres's [[:cntrl:]] (the functions' checks): C0 and C1 controls, and the line and paragraph
// separators that glibc's locales count among them.
const controlCharacter = /[\p{Cc}\u2028\u2029]/u;

/** The modules a manager may assign: the nine unlockable ones, in the catalogue's order. */
export const assignableModules: readonly ModuleSlug[] = moduleSlugs.filter(
  (slug) => modules[slug].unlockable,
);

// Invitations -------------------------------------------------------------------------------------

/**
 * The addresses typed in the invite dialog: one per line, or separated by commas, semicolons or
 * spaces (as a mail program copies a list), each trimmed, empty ones dropped. Checked by the server,
 * which answers each one.
 */
export function parseAddressList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

const inviteErrors = inviteDialog.errors;

/** The invite dialog's typed list: at least one address, at most 500; an optional cohort's name. */
export const inviteAddressesSchema = z.object({
  addresses: z.string().check(
    z.superRefine((text, context) => {
      const addresses = parseAddressList(text);
      if (addresses.length === 0)
        context.addIssue({ code: 'custom', message: inviteErrors.noAddresses, input: text });
      else if (addresses.length > MAX_INVITES)
        context.addIssue({
          code: 'custom',
          message: inviteErrors.tooMany(addresses.length),
          input: text,
        });
    }),
  ),
  /** A cohort's name, or empty for none. */
  cohort: z.string(),
});

export type InviteAddressesValues = z.input<typeof inviteAddressesSchema>;

/** The people invite_organisation_members is sent for the typed list. */
export function inviteesFromAddresses(values: z.output<typeof inviteAddressesSchema>): Invitee[] {
  const cohort = values.cohort.trim();
  return parseAddressList(values.addresses).map((email) =>
    cohort ? { email, cohort } : { email },
  );
}

// Cohorts -------------------------------------------------------------------------------------------

const cohortErrors = cohortsPanel.errors;

/** A cohort's name, as check_cohort_name takes it: 1 to 100 characters once trimmed, no controls. */
export const cohortSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, { error: cohortErrors.required }),
    z.refine((name) => characterCount(name) <= 100, { error: cohortErrors.tooLong }),
    z.refine((name) => !controlCharacter.test(name), { error: cohortErrors.control }),
  ),
});

export type CohortValues = z.input<typeof cohortSchema>;

// Assignments ---------------------------------------------------------------------------------------

const assignErrors = assignmentsPanel.errors;

/** Assigning a module: one of the nine, to everyone ('') or a cohort's id, due today or later. */
export const assignSchema = z.object({
  module: z.string().check(
    z.refine((slug) => assignableModules.some((module) => module === slug), {
      error: assignErrors.module,
    }),
  ),
  cohortId: z.string(),
  dueOn: z.string().check(
    z.minLength(1, { error: assignErrors.due }),
    z.refine((day) => day >= londonDate(), { error: assignErrors.past }),
  ),
});

export type AssignValues = z.input<typeof assignSchema>;

export const emptyAssignment: AssignValues = { module: '', cohortId: '', dueOn: '' };
