import type { PageHeroCopy } from './pages';
import type { CardItem } from './types';

/** The contact page: how to reach us and what people usually write about. */
export const contactPage = {
  messageTitle: 'Send us a message',
  messageText:
    'Write to us about your learners, the moments you would like them to practise, or a studio project. A member of the team will reply within one working day.',
  sendLabel: 'Send Message',
  detailsTitle: 'Our studio',
  topicsTitle: 'Looking for something specific?',
  topics: [
    {
      title: 'Book a demo',
      text: 'See Revolve VR and Revolve 360 with your team and talk through your training needs.',
      href: '/book-demo',
    },
    {
      title: 'Try the training library',
      text: 'How the free 30-day trial of the Revolve 360 library works, step by step.',
      href: '/trial-access',
    },
    {
      title: 'Revolve Studio',
      text: 'Podcasts, creative video, green-screen filming and motion graphics.',
      href: '/studio',
    },
  ],
} satisfies {
  messageTitle: string;
  messageText: string;
  sendLabel: string;
  detailsTitle: string;
  topicsTitle: string;
  topics: CardItem[];
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const contactHero: PageHeroCopy = {
  heading: 'Contact Us',
  intro:
    'Tell us about your learners and what you would like them to practise. We reply within one working day.',
};
