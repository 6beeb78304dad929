import { CircleCheck } from 'lucide-react';
import { PageHero } from '@/components/layout/PageHero';
import { Section } from '@/components/marketing/Section';
import { StepList } from '@/components/marketing/StepList';
import { TrialButton } from '@/features/trials/components/TrialButton';
import {
  trialAccessButton,
  trialAccessHero,
  trialAccessNotes,
  trialAccessSteps,
} from '@/content/trialAccess';

export default function TrialAccessPage() {
  return (
    <>
      <PageHero copy={trialAccessHero}>
        <TrialButton wording={trialAccessButton.wording} />
      </PageHero>
      <Section eyebrow="Step by step" title="From sign-up to your first module">
        <StepList steps={trialAccessSteps} />
      </Section>
      <Section tone="muted" title={trialAccessNotes.title}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {trialAccessNotes.items.map((item) => (
            <li key={item} className="flex gap-3 rounded-xl border bg-card p-5 shadow-sm">
              <CircleCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
