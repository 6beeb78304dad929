import type { PageHeroCopy } from './pages';
import { site } from './site';
import type { DocumentSection } from './types';

/**
 * The trust page (/trust): what an NHS trust's or university's information governance lead checks
 * before buying. Statuses come from site.assurance, which the business must confirm before launch;
 * the security section describes what the code does (docs/security.md, supabase/README.md).
 */
export const trustLastUpdated = '2026-12-06';

export const trustHero: PageHeroCopy = {
  heading: 'Security and data protection',
  intro:
    'Where your staff’s data is kept, who processes it, how it is protected, and the assurances NHS and university buyers ask for.',
};

const { assurance } = site;

export const trustSections: DocumentSection[] = [
  {
    id: 'at-a-glance',
    title: 'At a glance',
    paragraphs: [],
    facts: [
      { term: 'Data hosted in', value: assurance.hostingRegion },
      { term: 'DTAC', value: assurance.dtac },
      { term: 'DSPT', value: assurance.dspt },
      { term: 'Cyber Essentials', value: assurance.cyberEssentials },
      { term: 'ICO registration', value: assurance.icoRegistration },
      {
        term: 'Accessibility',
        value: 'WCAG 2.2 AA, with known exceptions (see our accessibility statement)',
      },
    ],
  },
  {
    id: 'hosting',
    title: 'Where data is kept and who processes it',
    paragraphs: [
      'Accounts, training records, certificates and organisation data are stored in one database, with its sign-in service and server functions, hosted by Supabase. We use these processors, each under a data processing agreement; transfers outside the UK rely on the UK International Data Transfer Addendum or the UK-US data bridge.',
    ],
    facts: [
      {
        term: 'Supabase',
        value: `Database, sign-in and server functions. Hosted in ${assurance.hostingRegion}; backups in the same region.`,
      },
      {
        term: 'Resend',
        value:
          'Sends the platform’s e-mails (reminders, certificates, invitations, security alerts). United States.',
      },
      {
        term: 'Static web host',
        value:
          'Serves the website’s pages and files; stores no personal data. Global edge network.',
      },
      {
        term: 'Video host',
        value:
          'Plays the marketing videos when a visitor presses play. No video loads before that.',
      },
      {
        term: '360 player host',
        value:
          'Plays the training modules. It knows a learner only by an opaque account number, never their name or e-mail address.',
      },
      {
        term: 'Google',
        value: 'Sign-in with a Google account, only for people who choose it. United States.',
      },
      {
        term: 'Microsoft',
        value:
          'Sign-in with a Microsoft work or school account (NHSmail and most trusts and universities), only for people who choose it. The sign-in happens in the user’s own organisation’s Microsoft account service; we receive only their name and e-mail address.',
      },
      {
        term: 'Sentry',
        value:
          'Receives reports of errors in the website and the server functions, so we can fix them. Reports carry no names, e-mail addresses, sign-in tokens or form contents. Sentry’s European Union data region.',
      },
      {
        term: 'Cloudflare Turnstile',
        value:
          'Checks that the sign-up, sign-in and password reset forms are used by a person. Runs only when one of those forms is used.',
      },
    ],
  },
  {
    id: 'security',
    title: 'How data is protected',
    paragraphs: [],
    items: [
      'Encryption in transit (TLS 1.2 or later, HTTPS only, HSTS) and at rest (AES-256, by the hosting provider).',
      'Row-level security on every table: the database itself decides what each person may read or change, whatever the website asks. A learner sees only their own records; an organisation’s manager only their own organisation’s people and progress.',
      'Two-step verification with an authenticator app, required for every admin and every organisation manager, and available to every user. After 5 wrong codes in 15 minutes the account’s codes are refused for 15 minutes and its owner is e-mailed.',
      'Admin rights need a verified second factor before they can be granted, and are removed if the second factor is.',
      'Every admin action (approving trials, issuing access codes, granting roles, changes to organisations) is written to an audit log that cannot be edited.',
      'Passwords are checked for strength and held only as salted hashes by the sign-in service; public forms are protected against automated abuse.',
      'Daily backups by the hosting provider, our own encrypted copies before every release, and a documented restore procedure.',
      'No advertising or tracking cookies; the site sets only what sign-in needs.',
    ],
  },
  {
    id: 'clinical-safety',
    title: 'Clinical safety',
    paragraphs: [
      `${site.name}'s training is educational: it is not used in the direct care of a patient, does not process patient data, and is not a medical device. We apply DCB0129 proportionately: ${assurance.clinicalSafetyOfficer} reviews the clinical content of every module and keeps a hazard log for the platform, and the clinical safety case report is available to buyers on request.`,
    ],
  },
  {
    id: 'your-data',
    title: 'Your data and your rights',
    paragraphs: [
      'The privacy notice lists every kind of data we keep, why, who sees it and for how long. A daily job enforces those periods: accounts inactive for 3 years are deleted with their personal data, enquiries after 3 years, technical logs after 30 days, and audit log entries are anonymised after 3 years.',
      'Every user can download all of their data (JSON and CSV files) and delete their account from their Account page, without asking us. An organisation can ask for its data to be returned or deleted at the end of its contract.',
    ],
  },
  {
    id: 'vulnerability-disclosure',
    title: 'Reporting a vulnerability',
    paragraphs: [
      `If you think you have found a security vulnerability, e-mail ${site.securityEmail} with what you found and how to reproduce it. We will acknowledge your report within 3 working days and keep you updated until it is resolved. Please do not access or change other people’s data, and give us reasonable time to fix the problem before you disclose it; we will not take action against research done in good faith within these limits.`,
      'Our security contact is also published at /.well-known/security.txt (RFC 9116).',
    ],
  },
];
