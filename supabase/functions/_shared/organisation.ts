/**
 * Who Revolve is, as the site, its e-mails and its certificates name it: here, where the edge
 * functions can read it too; src/content/site.ts builds the site's details on it. Values marked
 * "to confirm" are placeholders the business must replace before launch (sitePlaceholders in
 * src/content/site.ts lists them).
 */
export const organisation = {
  name: 'Revolve',
  legalName: 'Revolve', // to confirm: registered company name
  tagline: 'Immersive VR and 360-degree training for healthcare',
  contactEmail: 'hello@revolve.example', // to confirm
  address: {
    // to confirm: full studio address
    locality: 'Cambridge',
    country: 'United Kingdom',
  },
};
