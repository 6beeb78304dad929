import type { PageHeroCopy } from './pages';
import type { ProductionPipeline } from './types';

/** /how-it-works-revolve360: how a Revolve 360 module is made (SPEC.md section 2). */
export const revolve360Pipeline: ProductionPipeline = {
  stepsTitle: 'The nine-step 360 pipeline',
  stepsIntro:
    'Every Revolve 360 module follows the same path, with your clinical team signing off at each stage.',
  steps: [
    {
      title: 'Discovery call',
      text: 'We learn who your learners are, what they find hard and how they will watch the module.',
    },
    {
      title: 'Learning outcomes',
      text: 'Together we agree what learners should take away, and the questions that will check it.',
    },
    {
      title: 'Script and storyboard',
      text: 'We write the scenes and plan where learners will look, choose and answer.',
    },
    {
      title: 'Clinical review',
      text: 'Your subject experts check the script for accuracy and sign it off.',
    },
    {
      title: 'Location and casting',
      text: 'We find a real setting that matches your workplace and cast actors for every role.',
    },
    {
      title: '360 filming',
      text: 'Our crew films each scene in 360 degrees with a clinical adviser on set.',
    },
    {
      title: 'Post-production',
      text: 'We stitch, grade and mix the footage and add graphics and captions.',
    },
    {
      title: 'Interactive build',
      text: 'We add hotspots, questions, perspective switches and feedback, then test with learners.',
    },
    {
      title: 'Launch',
      text: 'The module goes live for your learners on the web, on headsets or in the training library.',
    },
  ],
  deliverables: [
    'An interactive 360 module your learners open in a browser or headset',
    'The signed-off script and storyboard',
    'Captions for every scene',
    'A facilitator guide for group sessions',
    'Completion and question results for each learner',
    'Support after launch, including content updates',
  ],
  timeline: { value: '4-6 weeks', label: 'for a single 360 module' },
  timelineNote:
    'The time depends on the number of scenes and locations. Modules filmed together share a shoot, so a series takes less time per module.',
  faqs: [
    {
      question: 'Do learners need a VR headset?',
      answer:
        'No. Revolve 360 modules play in a web browser on a computer, tablet or phone, and in a headset for a fully immersive view.',
    },
    {
      question: 'Where do you film?',
      answer:
        'In real settings that match your learners’ workplace, such as a GP consulting room, a reception desk or a patient’s home.',
    },
    {
      question: 'How long does a 360 module take to make?',
      answer: 'Typically 4-6 weeks for a single 360 module, from the discovery call to launch.',
    },
    {
      question: 'Can our own staff appear in the film?',
      answer:
        'Yes. Many teams like to see familiar faces. We brief and support everyone on set, alongside professional actors for patient roles.',
    },
    {
      question: 'Can we track completion?',
      answer: 'Yes. You can see who has completed each module and how they answered its questions.',
    },
    {
      question: 'Can we add the module to the Revolve 360 library?',
      answer:
        'Yes, if you would like to share it. Otherwise it stays private to your organisation.',
    },
  ],
  demo: { label: 'Book a demo', to: '/book-demo' },
  sample: {
    label: 'See a sample module',
  },
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const howItWorksRevolve360Hero: PageHeroCopy = {
  heading: 'How Revolve 360 is made',
  intro:
    'A nine-step pipeline takes a single 360 module from first conversation to launch in 4-6 weeks.',
};
