/**
 * Company details in one place. Values marked "to confirm" are placeholders the business must
 * replace before launch; nothing else in the app spells them out.
 */
export const site = {
  name: 'Revolve',
  legalName: 'Revolve', // to confirm: registered company name
  tagline: 'Immersive VR and 360-degree training for healthcare',
  description:
    'Immersive VR and 360-degree training for healthcare staff and medical educators, from the primary-care consulting room to the operating theatre.',
  contactEmail: 'hello@revolve.example', // to confirm
  address: {
    // to confirm: full studio address
    locality: 'Cambridge',
    country: 'United Kingdom',
  },
  officeHours: 'Monday to Friday 9:00 AM to 5:00 PM GMT',
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' }, // to confirm: company page
    { label: 'YouTube', href: 'https://www.youtube.com/' }, // to confirm: channel
    { label: 'Instagram', href: 'https://www.instagram.com/' }, // to confirm: profile
  ],
  /** Origin of the embedded video players (Vimeo-style), allowed by the Content-Security-Policy. */
  videoHost: 'https://player.vimeo.com',
  ogImage: '/og-image.png',
} as const;
