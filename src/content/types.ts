import type { LucideIcon } from 'lucide-react';
import type { TrialButtonWording } from './trialButton';

// The shapes content is written in. They live here, not beside the components that render them, so
// that content depends on nothing but its own types.

export interface CardItem {
  title: string;
  text: string;
  icon?: LucideIcon;
  /** A local image (public/) shown at the top of the card. */
  image?: { src: string; alt: string };
  /** Makes the whole card a link. */
  href?: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface Step {
  title: string;
  text: string;
  /** A longer explanation under the short one. */
  detail?: string;
  image?: { src: string; alt: string };
}

export type ShowcaseStep = Step & { detail: string; image: { src: string; alt: string } };

export interface Faq {
  question: string;
  answer: string;
}

/** How one product is made: its pipeline, what the client receives, the timeline and FAQs. */
export interface ProductionPipeline {
  stepsTitle: string;
  stepsIntro: string;
  steps: { title: string; text: string }[];
  deliverables: string[];
  timeline: { value: string; label: string };
  timelineNote: string;
  faqs: Faq[];
  demo: { label: string; to: string };
  /** A sample the visitor will be able to open later; shown as not available yet. */
  sample: { label: string };
}

type ActionVariant = 'default' | 'outline' | 'secondary';

/** A call to action that navigates: its label, where it goes and how prominent it is. */
export interface LinkAction {
  label: string;
  to: string;
  variant: ActionVariant;
}

/** The trial button, whose label and action follow the visitor's trial state. */
export interface TrialAction {
  trial: TrialButtonWording;
  variant: ActionVariant;
}

export type CallToAction = LinkAction | TrialAction;

/** A button that leads somewhere on this site. */
export interface PageAction {
  label: string;
  to: string;
  variant: 'default' | 'outline' | 'secondary';
}

export interface Endorsement {
  quote: string;
  /** Who said it, by role. */
  role: string;
  place: string;
}

export interface PartnerLogo {
  /** The kind of organisation, shown as text beside its emblem. */
  name: string;
  /** The name of an original, wordmark-free emblem in public/images/logos/. */
  emblem: string;
}

/** A hosted video: its id on the video host, a title for the player, and a poster of our own. */
export interface SiteVideo {
  id: string;
  title: string;
  /** A local image (public/), shown until the video plays. */
  poster: string;
}

export interface AutoplayRule {
  /** How long the element must stay visible before it plays. */
  delayMs: number;
  /** The share of the element that counts as visible (SPEC.md: 30%). */
  threshold?: number;
}

/** One section of a long document page: its anchor, heading and text. */
export interface DocumentSection {
  /** The anchor the page's contents link to (and other pages may link to). */
  id: string;
  title: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs. */
  items?: string[];
  /** Numbered points after the paragraphs, each with its own heading. */
  points?: { title: string; text: string }[];
  /** Terms and their values (a processor and where it is, a standard and its status). */
  facts?: { term: string; value: string }[];
  /** Kinds of record, each with its own heading and details (what, why, who sees it, how long). */
  records?: { title: string; details: { term: string; value: string }[] }[];
}
