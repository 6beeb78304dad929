/** /book-demo: the register-interest form (SPEC.md sections 3 and 5). Submitting sends nothing. */
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
  submitLabel: 'Register interest',
  toast: {
    title: 'Thank you for your interest!',
    description: "We'll be in touch soon to arrange your demo.",
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
