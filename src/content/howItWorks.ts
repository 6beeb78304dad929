import type { PageHeroCopy } from './pages';
import type { CardItem, ShowcaseStep } from './types';

/** /how-it-works: the four steps from a learning need to training in use (SPEC.md section 2). */
export const howItWorksSteps: ShowcaseStep[] = [
  {
    title: 'Design',
    text: 'We agree the learning outcomes and design the scenario around them.',
    detail:
      'Our learning designers work with your clinicians and educators to choose the moments worth rehearsing, map the decisions learners will face and write a script that sounds like real practice. You review and sign off every scene before anything is filmed or built.',
    image: {
      src: '/images/process/design.svg',
      alt: 'Illustration of a scenario storyboard with branching decision points',
    },
  },
  {
    title: 'Film',
    text: 'We capture real settings in 360 degrees with actors and clinical advisers.',
    detail:
      'Our crew films in real consulting rooms, wards and theatres, or builds the setting in 3D for VR. Clinical advisers stay on set so that every line, gesture and piece of equipment is right, and patients are played by professional actors.',
    image: {
      src: '/images/process/film.svg',
      alt: 'Illustration of a 360-degree camera on a tripod in a clinic room',
    },
  },
  {
    title: 'Build',
    text: 'We turn the footage into interactive training with choices and feedback.',
    detail:
      'Editors, developers and designers add branching choices, quizzes, perspective switches and on-screen guidance, then test the module with learners. Analytics are built in, so you can see how people move through each scenario and where they need more support.',
    image: {
      src: '/images/process/build.svg',
      alt: 'Illustration of an interactive training scene being assembled on screen',
    },
  },
  {
    title: 'Deploy',
    text: 'Your team trains in a headset or a browser, wherever they work.',
    detail:
      'We deliver the training on VR headsets, in the browser or in our training library, set up access for your learners and show facilitators how to run sessions. After launch we support you, update content as guidance changes and report on how it is being used.',
    image: {
      src: '/images/process/deploy.svg',
      alt: 'Illustration of a VR headset and a laptop opening the same training module',
    },
  },
];

/** The detailed pipelines, one per product. */
export const howItWorksPipelines: CardItem[] = [
  {
    title: 'How Revolve VR is made',
    text: 'The ten-step pipeline behind a fully interactive VR scenario, typically 6-10 weeks.',
    href: '/how-it-works-revolvevr',
  },
  {
    title: 'How Revolve 360 is made',
    text: 'The nine-step pipeline behind a filmed 360 module, typically 4-6 weeks.',
    href: '/how-it-works-revolve360',
  },
];

export const howItWorksContact = {
  title: 'Have a learning need in mind?',
  text: 'Tell us who you are training and what they need to practise. We will suggest the right format and a realistic timeline.',
  label: 'Get in touch',
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const howItWorksHero: PageHeroCopy = {
  heading: 'How It Works',
  intro: 'Four steps take a learning need to immersive training your team can use anywhere.',
};
