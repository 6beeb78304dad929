import type { PageHeroCopy } from './pages';
/**
 * /book-demo: the register-interest form (SPEC.md sections 3 and 5). Submitting stores the lead and
 * tells the sales inbox (DESIGN.md section 6); the visitor sees exactly SPEC.md's toast and reset.
 */
export const bookDemoForm = {
  fields: {
    firstName: { label: 'First name', autoComplete: 'given-name' },
    lastName: { label: 'Last name', autoComplete: 'family-name' },
    email: { label: 'Email', autoComplete: 'email' },
    subject: { label: 'Subject', defaultValue: 'Registering interest in Revolve 360 Training' },
    message: {
      label: 'Message',
      placeholder: 'Say which training module/s you will like to be kept updated about',
    },
  },
  /** Hidden from people; a bot that fills it in is answered as a person and nothing is kept. */
  honeypot: { label: 'Leave this field empty', name: 'website' },
  submitLabel: 'Register interest',
  sendingLabel: 'Sending...',
  toast: {
    title: 'Thank you for your interest!',
    description: "We'll be in touch soon to arrange your demo.",
  },
  /** Under the form (the visitor's details are stored as a lead). */
  privacy: 'We use these details only to reply to you about Revolve’s training.',
  failureToast: {
    title: 'Registration failed',
    fallback: 'Failed to register your interest. Please try again.',
  },
} as const;

export const bookDemoNextSteps = {
  title: 'What happens next',
  items: [
    'We read your message and reply to arrange a time that suits your team.',
    'In a live demo we show Revolve VR and Revolve 360 modules that match your interests.',
    'We talk through your learners, your setting and the options for a trial or a custom project.',
  ],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const bookDemoHero: PageHeroCopy = {
  heading: 'Register your interest',
  intro: 'Tell us which modules interest you and we will arrange a demonstration for your team.',
};
