/** The words of a certificate's PDF (./build.ts). */
export const certificatePdfCopy = {
  heading: 'Certificate of completion',
  documentTitle: (moduleTitle: string, holderName: string) =>
    `Revolve CPD certificate: ${moduleTitle}, ${holderName}`,
  subject: 'A record of completed training, with its verified learning time',
  awardedTo: 'This certifies that',
  completedModule: 'completed the Revolve 360 training module',
  completedOn: (date: string) => `Completed on ${date}`,
  verifiedTime: (label: string) => `Verified learning time: ${label}`,
  cpdTime: (label: string) => `CPD time: ${label}`,
  verifiedTimeNote:
    'The unique time the learner watched, recorded by the module player and capped at the module’s length.',
  credits: (label: string) => `${label} (RCGP: one credit per hour, with a reflective note)`,
  cpdTimeNote: 'CPD time is the verified time rounded down to the quarter hour.',
  noCredits: 'Add a reflection on your certificates page to count this towards your CPD credits.',
  outcomesHeading: 'Learning outcomes',
  reflectionHeading: 'Reflective note',
  reflection: {
    learned: 'What I learned',
    application: 'How I will apply it',
    nextSteps: 'What I will do next',
  },
  verifyHeading: 'Check this certificate',
  verifyText:
    'Scan the code or visit the address below to check that this certificate is genuine and still valid.',
  code: (code: string) => `Certificate code ${code}`,
  issuedOn: (date: string) => `Issued on ${date}`,
  continued: 'Certificate of completion (continued)',
  pageNumber: (page: number, pages: number) => `Page ${page} of ${pages}`,
  /** The file's name, with the code as shown (ABCD-2345-EFGH). */
  fileName: (code: string) => `revolve-certificate-${code}.pdf`,
};
