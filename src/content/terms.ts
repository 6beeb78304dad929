import type { PageHeroCopy } from './pages';
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

export const termsLastUpdated = '2026-11-21';

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
      'We take your privacy seriously and handle personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. The points below explain what we collect, why we collect it and the choices you have.',
    ],
    points: [
      {
        title: 'Who we are',
        text: 'Revolve is the controller of the personal data collected through this website. This means we decide how and why your personal data is used.',
      },
      {
        title: 'What we collect',
        text: 'We collect the information you give us when you register or contact us, such as your name and email address. We also record account and trial activity, such as which training modules you have unlocked.',
      },
      {
        title: 'How we use it',
        text: 'We use your data to create and manage your account, provide trial access and deliver our training. We also use it to send service emails about your account, such as sign-in and trial messages.',
      },
      {
        title: 'Lawful basis',
        text: 'Under UK GDPR we process your data where it is necessary to provide the service you have asked for, or where we have a legitimate interest in running and improving our training. Where we rely on your consent, you can withdraw it at any time.',
      },
      {
        title: 'Sharing with processors',
        text: 'We share data only with trusted service providers who process it on our behalf, including our hosting and authentication provider and the hosts of our video and 360-degree players. They may use your data only to provide their services to us.',
      },
      {
        title: 'International transfers',
        text: 'Some of our providers may process data outside the UK. Where this happens, we make sure appropriate safeguards are in place, such as UK adequacy regulations or approved contractual clauses.',
      },
      {
        title: 'How long we keep it',
        text: 'We retain personal data for 3 years from your last activity on your account, unless a longer period is required by law. After that, we delete or anonymise it.',
      },
      {
        title: 'Security',
        text: 'We use appropriate technical and organisational measures to protect your data, including encrypted connections and restricted access. No online service can be completely secure, so please also keep your own password safe.',
      },
      {
        title: 'Data breaches',
        text: "In the event of a personal data breach, we will notify the Information Commissioner's Office within 72 hours where we are legally required to do so. We will also tell you without undue delay if the breach is likely to put your rights and freedoms at high risk.",
      },
      {
        title: 'Your rights',
        text: 'You have the right to access, rectification, erasure, restriction of processing, objection and data portability. To exercise any of these rights, please contact us using the details in the Contact us section below.',
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
