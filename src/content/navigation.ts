export interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export const solutionsLinks: NavLink[] = [
  {
    label: 'Revolve VR',
    to: '/surgical-training',
    description: 'Surgical VR, specialist learning and digital twins',
  },
  {
    label: 'Revolve 360',
    to: '/training-library',
    description: 'The 360-degree training library for primary care',
  },
  { label: 'All solutions', to: '/solutions', description: 'Every way we can help your team' },
];

export const primaryLinks: NavLink[] = [
  { label: 'Studio', to: '/studio' },
  { label: 'Insights', to: '/insights' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const footerColumns: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Solutions',
    links: [
      { label: 'Revolve VR', to: '/surgical-training' },
      { label: 'Revolve 360', to: '/training-library' },
      { label: 'Revolve Custom', to: '/revolve-custom' },
      { label: 'Revolve Studio', to: '/studio' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Insights', to: '/insights' },
      { label: 'How it works', to: '/how-it-works' },
      { label: 'Book a demo', to: '/book-demo' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms and Conditions', to: '/terms-and-conditions' },
      { label: 'Privacy Policy', to: '/terms-and-conditions#privacy-policy' },
      { label: 'Cookies', to: '/terms-and-conditions#cookies' },
      { label: 'Accessibility', to: '/accessibility' },
      { label: 'Security and trust', to: '/trust' },
    ],
  },
];
