import * as z from 'zod/mini';
import { organisationForm } from '@/content/organisationsAdmin';
import { Constants, type Enums } from '@/lib/database.types';
import type { NewManager, OrganisationDetails } from './adminApi';

const { errors } = organisationForm;

/** The kinds of organisation, in the database's order (public.organisations.kind). */
export const organisationKinds = Constants.public.Enums.organisations_kind;
export type OrganisationKind = Enums<'organisations_kind'>;

/**
 * The database's limits on an organisation and an invitation (public.organisations,
 * public.organisation_invitations and private.check_organisation hold them), mirrored for the forms.
 */
export const organisationLimits = {
  nameLength: { min: 2, max: 200 },
  maxSeats: 100_000,
  emailLength: 254,
  managerNameLength: 100,
};

// Postgres's [[:cntrl:]] (the functions' checks): C0 and C1 controls, and the line and paragraph
// separators that glibc's locales count among them.
const controlCharacter = /[\p{Cc}\u2028\u2029]/u;

/** A text's length as Postgres's char_length counts it: in characters, not UTF-16 code units. */
const characterCount = (text: string) => [...text].length;

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

const organisationShape = {
  name: z.string().check(
    z.trim(),
    z.refine((name) => characterCount(name) >= organisationLimits.nameLength.min, {
      error: errors.nameShort,
    }),
    z.refine((name) => characterCount(name) <= organisationLimits.nameLength.max, {
      error: errors.nameLong,
    }),
    z.refine((name) => !controlCharacter.test(name), { error: errors.control }),
  ),
  // A string in the form (its select starts empty), one of the kinds once valid.
  kind: z.pipe(z.string(), z.enum(organisationKinds, { error: errors.kind })),
  seats: z.string().check(
    z.trim(),
    z.refine(
      (seats) =>
        /^\d+$/.test(seats) && Number(seats) >= 1 && Number(seats) <= organisationLimits.maxSeats,
      { error: errors.seats },
    ),
  ),
  termStartsOn: z
    .string()
    .check(z.refine((day) => calendarDay.test(day), { error: errors.startsMissing })),
  termEndsOn: z
    .string()
    .check(z.refine((day) => calendarDay.test(day), { error: errors.endsMissing })),
};

const managerShape = {
  managerEmail: z
    .string()
    .check(
      z.trim(),
      z.email({ error: errors.email }),
      z.maxLength(organisationLimits.emailLength, { error: errors.email }),
    ),
  managerName: z.string().check(
    z.trim(),
    z.refine((name) => characterCount(name) <= organisationLimits.managerNameLength, {
      error: errors.managerNameLong,
    }),
    z.refine((name) => !controlCharacter.test(name), { error: errors.control }),
  ),
};

// Calendar days (YYYY-MM-DD) compare as strings; a day missing has its own message.
const termInOrder = z.refine<{ termStartsOn: string; termEndsOn: string }>(
  ({ termStartsOn, termEndsOn }) =>
    !calendarDay.test(termStartsOn) || !calendarDay.test(termEndsOn) || termEndsOn >= termStartsOn,
  { error: errors.endsBeforeStart, path: ['termEndsOn'] },
);

/** The Edit dialog: the organisation's details. */
export const organisationSchema = z.object(organisationShape).check(termInOrder);

/** The New organisation dialog: the organisation's details and its first manager. */
export const newOrganisationSchema = z
  .object({ ...organisationShape, ...managerShape })
  .check(termInOrder);

/** The Invite manager dialog. */
export const inviteManagerSchema = z.object(managerShape);

export type OrganisationValues = z.input<typeof organisationSchema>;
export type NewOrganisationValues = z.input<typeof newOrganisationSchema>;
export type InviteManagerValues = z.input<typeof inviteManagerSchema>;

export const emptyManager: InviteManagerValues = { managerEmail: '', managerName: '' };

/** A new organisation's form: its term starts today (London) unless the admin says otherwise. */
export function emptyOrganisation(today: string = londonDate()): NewOrganisationValues {
  return {
    name: '',
    kind: '',
    seats: '',
    termStartsOn: today,
    termEndsOn: '',
    ...emptyManager,
  };
}

/** An organisation's details as the Edit dialog starts with them. */
export function organisationValues(organisation: {
  name: string;
  kind: string;
  seats: number;
  term_starts_on: string;
  term_ends_on: string;
}): OrganisationValues {
  return {
    name: organisation.name,
    kind: organisation.kind,
    seats: String(organisation.seats),
    termStartsOn: organisation.term_starts_on,
    termEndsOn: organisation.term_ends_on,
  };
}

/** What create_organisation and update_organisation are sent. */
export function toOrganisationDetails(
  values: z.output<typeof organisationSchema>,
): OrganisationDetails {
  return {
    name: values.name,
    kind: values.kind,
    seats: Number(values.seats),
    termStartsOn: values.termStartsOn,
    termEndsOn: values.termEndsOn,
  };
}

/** Who invite_organisation_members is asked to invite as a manager; an empty name is none. */
export function toNewManager(values: z.output<typeof inviteManagerSchema>): NewManager {
  return { email: values.managerEmail, name: values.managerName || null };
}

/** The day in London at `moment`, as a date field writes it (YYYY-MM-DD). */
export function londonDate(moment: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(moment);
}
