import type { PageHeroCopy } from './pages';
import { site } from './site';
import type { DocumentSection } from './types';

/** The terms and conditions page, section by section. Each id is the anchor the page links to. */
export interface TermsSection extends DocumentSection {
  id:
    | 'introduction'
    | 'user-rights'
    | 'privacy-policy'
    | 'cookies'
    | 'intellectual-property'
    | 'limitations'
    | 'governing-law'
    | 'contact';
  /** Shows the company's e-mail address, studio and office hours (from the site config) after the text. */
  contactDetails?: boolean;
}

export const termsLastUpdated = '2026-12-06';

export const termsSections: TermsSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'These terms and conditions govern your use of the Revolve website and the immersive training we provide through it, including our VR and 360-degree training for healthcare staff, our medical education content and our creative studio services. In these terms, "Revolve", "we", "us" and "our" refer to Revolve, and "you" refers to anyone who visits the site or creates an account.',
      'By using this website or registering for an account, you agree to these terms. If you do not agree with them, please do not use the site. We may update these terms from time to time, and the date at the top of this page shows when they were last changed.',
    ],
  },
  {
    id: 'user-rights',
    title: 'Your rights as a user',
    paragraphs: [
      'Registered users may use our training for their own professional development and for training staff within their own organisation. New accounts include a 30-day free trial of the training library, after which continued access depends on the arrangement agreed with us.',
      'You are responsible for keeping your password secure and for all activity that takes place under your account. Please tell us promptly if you think your account has been used without your permission.',
      'You must not share passwords for protected modules with anyone who is not entitled to them, and you must not copy, record, resell or otherwise redistribute our training content outside your organisation. We may suspend or close accounts that break these terms.',
    ],
  },
  {
    id: 'privacy-policy',
    title: 'Privacy policy',
    paragraphs: [
      'We take your privacy seriously and handle personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Below is every kind of personal data we keep, why, who can see it and for how long, followed by the points that apply to all of it.',
    ],
    records: [
      {
        title: 'Your account',
        details: [
          {
            term: 'What',
            value:
              'Your name and e-mail address; your password, held only as a salted hash by our sign-in service; how you sign in (password, Google or Microsoft); your authenticator app, if you add one (its name and secret); when you last signed in; any role you hold (admin, organisation manager).',
          },
          {
            term: 'Why',
            value:
              'To give you an account and keep it secure. Lawful basis: contract (providing the service you asked for).',
          },
          {
            term: 'Who sees it',
            value:
              'You; our admins; if you belong to an organisation, its managers see your name and e-mail address.',
          },
          {
            term: 'How long',
            value:
              'Until you delete your account, or 3 years after your last activity, when it is deleted automatically.',
          },
        ],
      },
      {
        title: 'Trials and unlocked modules',
        details: [
          {
            term: 'What',
            value:
              'Your trial request, its approval and its dates; which protected modules you unlocked, when, and with which access code.',
          },
          {
            term: 'Why',
            value:
              'To provide the 30-day trial and the training you have access to. Lawful basis: contract.',
          },
          {
            term: 'Who sees it',
            value:
              'You and our admins; an organisation’s managers see unlocks made with their organisation’s codes.',
          },
          { term: 'How long', value: 'As long as your account.' },
        ],
      },
      {
        title: 'Learning records',
        details: [
          {
            term: 'What',
            value:
              'What the training modules report as you use them (xAPI statements): launched, progress, completed, passed or failed, scores and time spent.',
          },
          {
            term: 'Why',
            value:
              'To keep your place, show your progress and issue certificates. Lawful basis: contract; for training your organisation assigned, also your organisation’s legitimate interest in knowing its staff completed it.',
          },
          {
            term: 'Who sees it',
            value:
              'You; your organisation’s managers, for the training the organisation assigned or unlocked; our admins.',
          },
          { term: 'How long', value: 'As long as your account.' },
        ],
      },
      {
        title: 'Certificates and reflections',
        details: [
          {
            term: 'What',
            value:
              'Each certificate (its code, the module, the completion date and minutes), the learning note you write on it, and the addresses you send it to with “Send to my portfolio”.',
          },
          {
            term: 'Why',
            value: 'To give you evidence for your CPD and appraisal. Lawful basis: contract.',
          },
          {
            term: 'Who sees it',
            value:
              'You; anyone you give the code to can check it (your name, the module, the date and the minutes only); our admins. Your learning note goes only where you send it.',
          },
          {
            term: 'How long',
            value:
              'As long as your account. Once the account is deleted, a check of the code says the certificate is no longer available.',
          },
        ],
      },
      {
        title: 'Organisation membership',
        details: [
          {
            term: 'What',
            value:
              'The organisation you belong to, your role and cohort, the training assigned to you and its due dates, and invitations (the name and e-mail address a manager entered).',
          },
          {
            term: 'Why',
            value:
              'So that your organisation can run its staff’s training. Lawful basis: our contract with your organisation and its legitimate interest.',
          },
          { term: 'Who sees it', value: 'You, your organisation’s managers and our admins.' },
          {
            term: 'How long',
            value:
              'As long as your account; your place in the organisation is freed when you leave or delete your account. An invitation is deleted 3 years after it was last sent.',
          },
        ],
      },
      {
        title: 'Notifications and e-mails',
        details: [
          {
            term: 'What',
            value:
              'The notifications you see in the portal, and a record of each e-mail we send you (what it was, when, and whether it was delivered).',
          },
          {
            term: 'Why',
            value:
              'To tell you about your account, trial, training and security, and to resend an e-mail that failed. Lawful basis: contract.',
          },
          { term: 'Who sees it', value: 'You; our admins see whether e-mails were delivered.' },
          { term: 'How long', value: 'As long as your account.' },
        ],
      },
      {
        title: 'Demo requests and enquiries',
        details: [
          {
            term: 'What',
            value:
              'What you enter on the demo and enquiry forms (name, e-mail address, organisation, role and message), and a keyed, one-way code made from your network address to stop the forms being abused.',
          },
          {
            term: 'Why',
            value:
              'To answer your enquiry. Lawful basis: legitimate interest in replying to people who contact us.',
          },
          { term: 'Who sees it', value: 'Our admins.' },
          { term: 'How long', value: '3 years from when you sent it, then deleted.' },
        ],
      },
      {
        title: 'The audit log',
        details: [
          {
            term: 'What',
            value:
              'A record of every action by our admins and organisation managers (for example approving a trial, granting a role or removing a member): who did it, to whose account, when, and both e-mail addresses.',
          },
          {
            term: 'Why',
            value:
              'Accountability and security. Lawful basis: legitimate interest in being able to show who did what.',
          },
          { term: 'Who sees it', value: 'Our admins. Nobody can change or delete an entry.' },
          {
            term: 'How long',
            value:
              '3 years, after which the names and e-mail addresses in an entry are anonymised; an entry about a deleted account is anonymised when the account is deleted.',
          },
        ],
      },
    ],
    points: [
      {
        title: 'Who we are',
        text: 'Revolve is the controller of the personal data collected through this website. This means we decide how and why your personal data is used. Where your organisation gives you access, your organisation decides what training you are assigned and sees your progress on it.',
      },
      {
        title: 'What we collect',
        text: 'Only what is listed above: what you give us, what the training reports as you use it, and what we need to keep accounts secure. Our servers also keep technical logs (sign-in records, scheduled tasks and outgoing requests) for 30 days. We do not collect patient data.',
      },
      {
        title: 'How we use it',
        text: 'To create and manage your account, provide trial access and deliver our training, record your progress and certificates, let your organisation run its training, answer enquiries, and send service e-mails about your account. We never sell your data or use it for advertising.',
      },
      {
        title: 'Lawful basis',
        text: 'Under UK GDPR we process your data where it is necessary to provide the service you have asked for (contract), or where we or your organisation have a legitimate interest, as set out for each kind of data above. Where we rely on your consent, you can withdraw it at any time.',
      },
      {
        title: 'Who can see it',
        text: 'You see all of your own data. Our admins, who must sign in with an authenticator app, can see what they need to run the service. An organisation’s managers see only their own members’ names, e-mail addresses, cohorts and progress on the organisation’s training. The database itself enforces these limits.',
      },
      {
        title: 'Processors and international transfers',
        text: `We share data only with service providers who process it on our behalf under a data processing agreement: Supabase (database, sign-in and server functions, hosted in ${site.assurance.hostingRegion}), Resend (e-mail delivery, United States), our static web host (no personal data), the video and 360-degree player hosts (the 360 host knows you only by an opaque number), Google and Microsoft (only if you choose to sign in with them), Cloudflare Turnstile (checks that forms are used by a person) and Sentry (error reports, with no personal data). Transfers outside the UK rely on UK adequacy regulations, the UK-US data bridge or the UK International Data Transfer Addendum.`,
      },
      {
        title: 'How long we keep it',
        text: 'We retain personal data for 3 years from your last activity on your account, unless a longer period is required by law, and for the periods set out above. A daily job enforces this: it deletes accounts inactive for 3 years with their personal data, deletes enquiries older than 3 years, anonymises audit log entries older than 3 years, and clears technical logs after 30 days.',
      },
      {
        title: 'Security',
        text: 'We use appropriate technical and organisational measures to protect your data, including encrypted connections and storage, row-level security in the database, two-step verification for everyone with elevated access and an audit log that cannot be edited. No online service can be completely secure, so please also keep your own password safe.',
      },
      {
        title: 'Data breaches',
        text: "In the event of a personal data breach, we will notify the Information Commissioner's Office within 72 hours where we are legally required to do so. We will also tell you without undue delay if the breach is likely to put your rights and freedoms at high risk.",
      },
      {
        title: 'Your rights',
        text: 'You have the right to access, rectification, erasure, restriction of processing, objection and data portability. Signed in, your Account page lets you download all of your data (as JSON and CSV files) and delete your account at any time. For anything else, please contact us using the details in the Contact us section below; we reply within one month.',
      },
      {
        title: 'Children and changes to this policy',
        text: 'Our services are intended for healthcare professionals and students, and we do not knowingly collect data from children. We may update this policy from time to time and will post any changes on this page.',
      },
      {
        title: 'Complaints',
        text: "If you are unhappy with how we have handled your personal data, please contact us first so we can try to put things right. You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection.",
      },
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    paragraphs: [
      'This site uses only strictly necessary browser storage. This covers your sign-in session and a trial-access marker kept in local storage, both of which are needed for the site to work properly.',
      'We do not use advertising or analytics cookies. Third-party video and 360-degree players load only when you choose to start them, and those providers may set their own storage at that point.',
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    paragraphs: [
      'All content on this site, including training modules, VR and 360-degree films, scripts, images, text and branding, belongs to Revolve or our licensors and is protected by copyright and other intellectual property laws.',
      'Using our training does not transfer any ownership rights to you. You may view and use the content only as these terms allow, and you must not copy, adapt or publish it without our written permission.',
    ],
  },
  {
    id: 'limitations',
    title: 'Limitations of liability',
    paragraphs: [
      'Our training is designed to support professional learning. It does not replace clinical judgement, local policies, formal supervision or professional guidance, and you remain responsible for how you apply what you learn in practice.',
      'We aim to keep the site available and accurate, but we do not guarantee that it will always be uninterrupted or error-free. To the extent permitted by law, we are not liable for any indirect or consequential loss arising from your use of the site. Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by negligence, or for fraud.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of England and Wales. Any dispute arising from them, or from your use of this site, will be subject to the exclusive jurisdiction of the courts of England and Wales.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    paragraphs: [
      'If you have any questions about these terms, our privacy policy or how we handle your data, or you would like to exercise any of your rights, please get in touch. You can also find these details on our Contact page.',
    ],
    contactDetails: true,
  },
];

/** The page's heading and lead text (its title is in ./pages.ts). */
export const termsHero: PageHeroCopy = {
  heading: 'Terms and Conditions',
  intro: 'Please read these terms carefully before using our website and training.',
};
