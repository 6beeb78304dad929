import type { PageHeroCopy } from './pages';
import type { ProductionPipeline } from './types';

/** /how-it-works-revolvevr: how a Revolve VR scenario is made (SPEC.md section 2). */
export const revolveVrPipeline: ProductionPipeline = {
  stepsTitle: 'The ten-step VR pipeline',
  stepsIntro:
    'Every Revolve VR scenario follows the same path, with your clinical team signing off at each stage.',
  steps: [
    {
      title: 'Discovery call',
      text: 'We learn who your learners are, what they find hard and where the training will be used.',
    },
    {
      title: 'Learning outcomes',
      text: 'Together we agree what learners should be able to do after the scenario, and how we will know.',
    },
    {
      title: 'Script and branching',
      text: 'We write the scenario and map each decision point and its consequences.',
    },
    {
      title: 'Clinical review',
      text: 'Your subject experts check the script for accuracy and sign it off.',
    },
    {
      title: 'Environment design',
      text: 'We design the setting, equipment and characters, matched to your real workplace.',
    },
    {
      title: '3D build',
      text: 'Artists and developers build the environment and animate the characters.',
    },
    {
      title: 'Interaction and voice',
      text: 'We add hand interactions, recorded dialogue, prompts and feedback.',
    },
    {
      title: 'Analytics',
      text: 'We instrument the choices learners make so that you can see how the scenario is used.',
    },
    {
      title: 'Learner testing',
      text: 'A pilot group plays the scenario on headsets and we refine it from what we see.',
    },
    {
      title: 'Deployment and handover',
      text: 'We install the scenario on your headsets and show facilitators how to run sessions.',
    },
  ],
  deliverables: [
    'A VR scenario installed and ready on your headsets',
    'The signed-off script and a map of every branch',
    'A facilitator guide for briefing and debriefing learners',
    'Learner analytics for each session',
    'Headset setup instructions for your IT team',
    'Support after launch, including fixes and content updates',
  ],
  timeline: { value: '6-10 weeks', label: 'for a single VR scenario' },
  timelineNote:
    'The time depends on the number of branches, characters and settings. A series of scenarios shares design and build work, so each one after the first is quicker.',
  faqs: [
    {
      question: 'Which headsets do you support?',
      answer:
        'We build for Meta Quest 3 or 3S by default. If your organisation already uses another headset, tell us at the discovery call and we will confirm what is possible.',
    },
    {
      question: 'How much space do learners need?',
      answer:
        'We recommend room-scale play in a clear area of 2 m x 2 m, so learners can walk around the scene naturally.',
    },
    {
      question: 'Can learners take part sitting down?',
      answer:
        'Yes. A seated mode is available, for smaller rooms and for learners who prefer or need to stay seated.',
    },
    {
      question: 'Do the headsets need an internet connection?',
      answer:
        'No. Offline use is supported: once a scenario is installed on a headset it runs without an internet connection.',
    },
    {
      question: 'How long does a VR scenario take to make?',
      answer:
        'Typically 6-10 weeks for a single VR scenario, from the discovery call to deployment.',
    },
    {
      question: 'Who writes the clinical content?',
      answer:
        'Our learning designers write with your clinicians and educators, and nothing is built until your subject experts have signed off the script.',
    },
    {
      question: 'Can we see how learners are doing?',
      answer:
        'Yes. Each session records the choices made and the time taken, so facilitators can debrief individuals and spot patterns across a group.',
    },
    {
      question: 'Can the scenario be changed after launch?',
      answer:
        'Yes. Guidance changes, and we can update dialogue, steps and feedback in an existing scenario without starting again.',
    },
  ],
  demo: { label: 'Book a demo', to: '/book-demo' },
  sample: {
    label: 'See a sample simulation',
  },
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const howItWorksRevolveVrHero: PageHeroCopy = {
  heading: 'How Revolve VR is made',
  intro:
    'A ten-step pipeline takes a single VR scenario from first conversation to headset in 6-10 weeks.',
};
