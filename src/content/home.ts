import {
  Brain,
  ChartColumn,
  Clock,
  GitBranch,
  Glasses,
  HeartHandshake,
  ListChecks,
  ShieldCheck,
  SwitchCamera,
  TrendingUp,
} from 'lucide-react';
import type { CardItem } from '@/components/marketing/CardGrid';
import type { Stat } from '@/components/marketing/StatGrid';
import type { LinkAction } from '@/features/marketing/components/ActionButtons';
import type { Endorsement } from '@/features/marketing/components/EndorsementList';
import type { PartnerLogo } from '@/features/marketing/components/LogoTrack';

export const homeHeroActions: LinkAction[] = [
  { label: 'Explore Modules', to: '/training-library', variant: 'default' },
  // The trial button's label and action depend on the visitor's trial state once trials land;
  // signed out it always leads to /trial-signup.
  {
    label: 'Access the 30-Day Free Training Library Trial',
    to: '/trial-signup',
    variant: 'secondary',
  },
  { label: 'See How It Works', to: '/how-it-works#hero', variant: 'outline' },
];

export const homeWhatWeDo = {
  eyebrow: 'What we do',
  title: 'Two ways to step inside the moment',
  intro:
    'Fully interactive VR for the operating theatre and specialist skills, and a 360-degree library filmed in real primary-care settings.',
  cards: [
    {
      title: 'Revolve VR',
      text: 'Interactive headset training in the operating theatre with leading surgeons: switch perspective, study scans and practise the human factors of a team.',
      image: { src: '/images/home/revolve-vr.svg', alt: '' },
      href: '/surgical-training',
    },
    {
      title: 'Revolve 360',
      text: 'A library of 360-degree modules filmed in real practices, from dementia to conflict resolution, that runs on a headset, a laptop or a phone.',
      image: { src: '/images/home/revolve-360.svg', alt: '' },
      href: '/training-library',
    },
  ] satisfies CardItem[],
};

export const homeIntro = {
  eyebrow: 'Meet Revolve',
  title: 'Training that feels like being there',
  intro:
    'We film real clinicians, patients and teams, then build the scenes into training your staff can step into, pause, replay and discuss.',
};

export const homeBenefits = {
  eyebrow: 'Why immersive',
  title: 'Why teams train with Revolve',
  cards: [
    {
      title: 'Practise without risk',
      text: 'Rehearse difficult conversations and clinical decisions where a mistake teaches rather than harms.',
      icon: ShieldCheck,
    },
    {
      title: 'Learning that lasts',
      text: 'Being in the room makes a scene memorable, so the lesson is still there when the real moment comes.',
      icon: Brain,
    },
    {
      title: 'Empathy from the inside',
      text: "Seeing a consultation from the patient's chair changes how clinicians listen and explain.",
      icon: HeartHandshake,
    },
    {
      title: 'Fits the working day',
      text: 'Short modules that run on a headset, laptop or phone, between clinics or in protected learning time.',
      icon: Clock,
    },
    {
      title: 'Made with clinicians',
      text: 'Every scenario is written and checked with the educators and practitioners who know it best.',
      icon: Glasses,
    },
    {
      title: 'Progress you can see',
      text: 'Decisions and quiz answers are recorded, so educators can see where a team needs support.',
      icon: TrendingUp,
    },
  ] satisfies CardItem[],
};

export const homeImpact = {
  eyebrow: 'The evidence',
  title: 'The impact of immersive learning',
  intro: 'What immersive training achieved when it was measured against classroom learning.',
  figures: [
    { value: '4x faster', label: 'to train than in the classroom' },
    { value: '3.75x more engaged', label: 'emotionally connected to the content' },
    { value: '275% more confident', label: 'to act on what they learned' },
    { value: '64% savings at scale', label: 'in training cost for large cohorts' },
  ] satisfies Stat[],
  // to confirm: the study the business cites for these four figures
  source: {
    label: 'Source: PwC, The effectiveness of virtual reality soft skills training (2020)',
    href: 'https://www.pwc.com/us/en/tech-effect/emerging-tech/virtual-reality-study.html',
  },
};

export const homeEndorsements = {
  eyebrow: 'What educators say',
  title: 'Trusted by the people who train clinicians',
  // to confirm: real quotes, with the permission of the people quoted; attributed by role until then
  items: [
    {
      quote:
        'Our registrars talked about the home-visit scenario for weeks. It opened conversations about risk that a slide deck never has.',
      role: 'GP trainer',
      place: 'East of England',
    },
    {
      quote:
        'Reception and clinical staff trained side by side, in the same scene. That shared experience changed how the whole practice handles conflict.',
      role: 'Practice manager',
      place: 'Primary care network, Midlands',
    },
    {
      quote:
        'Students step into the consulting room before they ever meet a patient. It is the closest thing to placement we can offer in a lecture theatre.',
      role: 'Clinical skills lead',
      place: 'UK medical school',
    },
  ] satisfies Endorsement[],
};

export const homeHowItWorks = {
  eyebrow: 'How it works',
  title: 'Built for learning, not just for watching',
  intro:
    'Every module is designed around decisions, so learners do more than watch: they choose, see the consequences and reflect.',
  features: [
    {
      title: 'Branching scenarios',
      text: 'Each decision changes what happens next, so learners live with the consequences of their choices.',
      icon: GitBranch,
    },
    {
      title: 'Interaction and quizzing',
      text: 'Questions and hotspots inside the scene check understanding at the moment it matters.',
      icon: ListChecks,
    },
    {
      title: 'Changing perspectives',
      text: "Switch between clinician, patient and carer to see the same moment through each person's eyes.",
      icon: SwitchCamera,
    },
    {
      title: 'Advanced analytics',
      text: 'See how learners progress, where they hesitate and which choices they make, across a whole team.',
      icon: ChartColumn,
    },
  ] satisfies CardItem[],
  link: { label: 'See Our Approach', to: '/how-it-works' },
};

export const homeClosing = {
  title: 'Ready to step inside?',
  text: 'Try the Revolve 360 training library free for 30 days, or talk to us about training built for your team.',
  actions: [
    {
      label: 'Access the 30-Day Free Training Library Trial',
      to: '/trial-signup',
      variant: 'default',
    },
    { label: 'Book a Demo', to: '/book-demo', variant: 'outline' },
  ] satisfies LinkAction[],
};

export const trustedBy = {
  title: 'Trusted by',
  intro: 'Healthcare and education teams across the UK use Revolve training.',
  // to confirm: partner logos with permission; until then, generic marks for kinds of partner
  logos: [
    { name: 'Primary care networks', emblem: '/images/logos/primary-care.svg' },
    { name: 'Medical schools', emblem: '/images/logos/medical-school.svg' },
    { name: 'GP training hubs', emblem: '/images/logos/training-hub.svg' },
    { name: 'Integrated care boards', emblem: '/images/logos/care-board.svg' },
    { name: 'Workforce academies', emblem: '/images/logos/workforce-academy.svg' },
    { name: 'Nursing faculties', emblem: '/images/logos/nursing-faculty.svg' },
    { name: 'Regional health boards', emblem: '/images/logos/health-board.svg' },
    { name: 'Med-tech companies', emblem: '/images/logos/medtech.svg' },
  ] satisfies PartnerLogo[],
};
