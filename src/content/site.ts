import { organisation } from '@shared/organisation.ts';
import type { SiteVideo } from './types';

/**
 * Company details in one place: who Revolve is (shared with the edge functions) and what the site
 * adds. Values marked "to confirm" are placeholders the business must replace before launch, each
 * listed in `sitePlaceholders` below; nothing else in the app spells them out.
 */
export const site = {
  ...organisation,
  description:
    'Immersive VR and 360-degree training for healthcare staff and medical educators, from the primary-care consulting room to the operating theatre.',
  officeHours: 'Monday to Friday 9:00 AM to 5:00 PM GMT',
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' }, // to confirm: company page
    { label: 'YouTube', href: 'https://www.youtube.com/' }, // to confirm: channel
    { label: 'Instagram', href: 'https://www.instagram.com/' }, // to confirm: profile
  ],
  /** Origin of the embedded video players (Vimeo-style), allowed by the Content-Security-Policy. */
  videoHost: 'https://player.vimeo.com',
  ogImage: '/og-image.png',
  /** Where vulnerability reports go (/trust and /.well-known/security.txt). */
  securityEmail: 'security@revolve.example', // to confirm
  /**
   * What /trust tells a buyer's information governance lead. Each status is the business's to
   * confirm: the production build refuses to ship them unconfirmed.
   */
  assurance: {
    hostingRegion: 'London, United Kingdom (AWS eu-west-2)', // to confirm: the project's region
    dtac: 'Completed DTAC available on request', // to confirm
    dspt: 'Data Security and Protection Toolkit: Standards Met (2025-26 submission)', // to confirm
    cyberEssentials: 'Cyber Essentials certified', // to confirm: scheme, certificate number and date
    clinicalSafetyOfficer: 'our Clinical Safety Officer, a registered clinician,', // to confirm: name and registration
    icoRegistration: 'ZA000000', // to confirm: the ICO registration number
    /** The accessibility statement's manual check: who, how and when. */
    manualAccessibilityCheck:
      'In November 2026 we checked every page by hand with a keyboard alone and with a screen reader (NVDA with Chrome, VoiceOver with Safari).', // to confirm: done, and when
  },
  /**
   * Every hosted video on the site. The ids are placeholders (to confirm: the real video ids); the
   * posters are our own artwork, shown until a video plays.
   */
  videos: {
    homeHero: video('76979871', 'Revolve immersive training showreel', 'home-hero'),
    homeIntro: video('76979872', 'What Revolve does, in two minutes', 'home-intro'),
    libraryLoop: video('76979873', 'Inside a Revolve 360 training module', 'library-loop'),
    surgicalHero: video(
      '76979874',
      'Revolve VR: surgical training in the operating theatre',
      'surgical-hero',
    ),
    specialist: video('76979875', 'VR Specialist: expert-led 360 learning', 'specialist'),
    digitalTwin: video('76979876', 'Digital Twins: facilities and devices in VR', 'digital-twin'),
    studioShowreel: video('76979877', 'Revolve Studio showreel', 'studio-showreel'),
    ruralMindsAbout: video('76979878', 'About Rural Minds', 'rural-minds-about'),
  },
} as const;

function video(id: string, title: string, posterName: string): SiteVideo {
  return { id, title, poster: `/images/posters/${posterName}.svg` };
}

/** A company detail that is still a placeholder: the value shipped today, and what should replace it. */
export interface SitePlaceholder {
  value: string;
  missing: string;
}

/**
 * Every placeholder above. The production build (`npm run build`, scripts/build.ts) refuses to run
 * while any is listed; the local build (`build:local`, for tests) does not. Replace a value, then
 * remove its entry. The client never imports this list, so it is left out of the bundle.
 */
export const sitePlaceholders: readonly SitePlaceholder[] = [
  { value: site.legalName, missing: 'the registered company name' },
  { value: site.contactEmail, missing: 'the contact e-mail address' },
  { value: site.address.locality, missing: 'the full studio address' },
  { value: site.social[0].href, missing: 'the LinkedIn company page' },
  { value: site.social[1].href, missing: 'the YouTube channel' },
  { value: site.social[2].href, missing: 'the Instagram profile' },
  { value: site.videos.homeHero.id, missing: 'the video id of the home hero showreel' },
  { value: site.videos.homeIntro.id, missing: 'the video id of the home introduction' },
  { value: site.videos.libraryLoop.id, missing: 'the video id of the training library loop' },
  { value: site.videos.surgicalHero.id, missing: 'the video id of the surgical training hero' },
  { value: site.videos.specialist.id, missing: 'the video id of VR Specialist' },
  { value: site.videos.digitalTwin.id, missing: 'the video id of Digital Twins' },
  { value: site.videos.studioShowreel.id, missing: 'the video id of the Studio showreel' },
  { value: site.videos.ruralMindsAbout.id, missing: 'the video id of About Rural Minds' },
  { value: site.securityEmail, missing: 'the address vulnerability reports go to' },
  { value: site.assurance.hostingRegion, missing: 'the Supabase project region' },
  { value: site.assurance.dtac, missing: 'the DTAC status' },
  { value: site.assurance.dspt, missing: 'the DSPT status and year' },
  { value: site.assurance.cyberEssentials, missing: 'the Cyber Essentials certificate' },
  { value: site.assurance.clinicalSafetyOfficer, missing: 'the Clinical Safety Officer' },
  { value: site.assurance.icoRegistration, missing: 'the ICO registration number' },
  {
    value: site.assurance.manualAccessibilityCheck,
    missing: 'the date and scope of the manual accessibility check',
  },
];
