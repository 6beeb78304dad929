import type { PageHeroCopy } from './pages';
import { BrainCircuit, Globe2, Hand } from 'lucide-react';
import type { CardItem, Stat } from './types';

/** What the research says about immersive training (SPEC.md section 9, research claims). */
export const insightsFindings = {
  title: 'The evidence at a glance',
  intro:
    'Learners who practise in immersive scenarios remember more and reach competence sooner than with classroom teaching alone.',
  // to confirm: the studies behind these figures, so the page can cite them
  stats: [
    { value: '75%', label: 'more knowledge retention' },
    { value: '40%', label: 'less time to competency' },
    { value: '60%', label: 'better first-year resident scores' },
    { value: '15', label: 'hospitals with standardized procedures' },
  ],
} satisfies { title: string; intro: string; stats: Stat[] };

export interface CaseStudy {
  id: string;
  /** Who the work was with, described by role: the partners are not named (to confirm with them). */
  partner: string;
  title: string;
  summary: string;
  outcome: { value: string; label: string };
  points: string[];
  image: { src: string; alt: string };
}

export const caseStudies: CaseStudy[] = [
  {
    id: 'medical-school',
    partner: 'University medical school partnership', // to confirm: partner name and permission
    title: 'Preparing final-year students for their first year as residents',
    summary:
      'A university medical school added immersive scenarios to its final-year curriculum, so students could rehearse ward rounds, handovers and difficult conversations before their first posts.',
    outcome: { value: '60%', label: 'better first-year resident scores' },
    points: [
      'Scenarios co-written with the school’s clinical educators',
      'Debriefs built into timetabled teaching sessions',
      'Scores compared with the previous cohort in the first year of practice',
    ],
    image: {
      src: '/images/insights/medical-school.svg',
      alt: 'Illustration of students in VR headsets around a lecture theatre screen',
    },
  },
  {
    id: 'hospital-network',
    partner: 'Hospital network', // to confirm: network name and permission
    title: 'One way of working, rehearsed in every hospital',
    summary:
      'A hospital network used the same immersive training in every site, so teams learned a procedure once, in the same way, wherever they worked.',
    outcome: { value: '15', label: 'hospitals working to the same standardized procedures' },
    points: [
      'A single scenario library shared by every hospital in the network',
      'Local champions trained to run sessions on their own wards',
      'Standardized procedures across 15 hospitals',
    ],
    image: {
      src: '/images/insights/hospital-network.svg',
      alt: 'Illustration of connected hospital buildings sharing one training scenario',
    },
  },
];

export const industryTrends = {
  title: 'Industry trends',
  intro: 'Three shifts we see shaping how healthcare teams will train over the next few years.',
  items: [
    {
      title: 'Remote Training',
      text: 'Standalone headsets and browser-based 360 modules bring realistic practice to staff wherever they are, without a simulation suite or travel.',
      icon: Globe2,
    },
    {
      title: 'AI Integration',
      text: 'Conversational characters and adaptive scenarios respond to what the learner says and does, and give feedback tailored to each attempt.',
      icon: BrainCircuit,
    },
    {
      title: 'Haptic Feedback',
      text: 'Controllers and gloves that push back add the sense of touch, so practical skills can be rehearsed with more of the feel of the real thing.',
      icon: Hand,
    },
  ],
} satisfies { title: string; intro: string; items: CardItem[] };

/** The page's heading and lead text (its title is in ./pages.ts). */
export const insightsHero: PageHeroCopy = {
  heading: 'Insights & Research',
  intro:
    'What the evidence says about immersive learning, and what we have seen with the teams we work with.',
};
