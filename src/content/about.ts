import type { PageHeroCopy } from './pages';
import { HeartHandshake, ShieldCheck, Target } from 'lucide-react';
import type { CardItem, PageAction } from './types';

export const aboutMission = {
  eyebrow: 'Our mission',
  title: 'Practice before the moment matters',
  paragraphs: [
    'Revolve exists so that healthcare staff and medical educators can rehearse the moments that matter, safely, before they meet them for real.',
    'We make immersive VR and 360-degree training for primary-care teams, specialists and surgeons, and creative production from our studio. Every experience is built with the educators and clinicians who will use it, so the scenarios are realistic, the learning is sound and the training fits into busy working lives.',
  ],
  image: {
    src: '/images/about/mission.svg',
    alt: 'Illustration of a clinician in a VR headset inside a 360-degree scene of a consulting room.',
  },
};

export const aboutValues = {
  eyebrow: 'What guides us',
  title: 'How we work',
  items: [
    {
      title: 'Real to life',
      text: 'Scenarios drawn from everyday practice, filmed in real settings and reviewed by people who work in them.',
      icon: Target,
    },
    {
      title: 'Built with clinicians',
      text: 'Educators and clinicians shape every module, from the first outline to the final review.',
      icon: HeartHandshake,
    },
    {
      title: 'Safe to practise',
      text: 'Learners can make a decision, see where it leads and try again, with no risk to a patient.',
      icon: ShieldCheck,
    },
  ] satisfies CardItem[],
};

/** A group of the team, described by role (DESIGN.md: no named people). */
export interface TeamGroup {
  name: 'Educators' | 'Technologists' | 'Designers';
  text: string;
  roles: readonly string[];
  image: { src: string; alt: string };
}

export const aboutTeam = {
  eyebrow: 'Our team',
  title: 'Three disciplines, one team',
  intro:
    'Each Revolve experience brings together people who teach, people who build and people who design.',
  groups: [
    {
      name: 'Educators',
      text: 'They set what each experience should teach, write scenarios that ring true and check every module for clinical accuracy.',
      roles: ['Clinical educators', 'Medical education specialists', 'Subject-matter reviewers'],
      image: {
        src: '/images/about/educators.svg',
        alt: 'Illustration of an educator presenting a learning pathway on a board to two learners.',
      },
    },
    {
      name: 'Technologists',
      text: 'They build the VR and 360 experiences, the platform that delivers them and the analytics that show what learners achieve.',
      roles: ['VR and 3D developers', 'Web platform engineers', 'Learning analytics specialists'],
      image: {
        src: '/images/about/technologists.svg',
        alt: 'Illustration of a developer at a laptop beside a VR headset and a 3D model.',
      },
    },
    {
      name: 'Designers',
      text: 'They make every experience clear, engaging and easy to use, in the headset and on screen, from storyboard to final frame.',
      roles: ['Experience designers', 'Filmmakers and editors', 'Motion and 3D artists'],
      image: {
        src: '/images/about/designers.svg',
        alt: 'Illustration of a designer arranging storyboard frames beside a camera and a colour palette.',
      },
    },
  ] satisfies TeamGroup[],
};

export const aboutCallToAction = {
  title: 'Work with us',
  text: 'Whether you need a single module or a whole programme, we would like to hear about your learners.',
  actions: [
    { label: 'Contact us', to: '/contact', variant: 'default' },
    { label: 'Our solutions', to: '/solutions', variant: 'outline' },
  ] satisfies PageAction[],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const aboutHero: PageHeroCopy = {
  heading: 'About Revolve',
  intro:
    'We make immersive training that healthcare teams trust, built with the educators and clinicians who use it.',
};
