import { lazy, Suspense } from 'react';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { site } from '@/content/site';
import { useAuth } from '@/lib/auth/AuthProvider';
import { whenNearViewport } from '@/lib/whenNearViewport';
import { ruralMindsCopy } from '@/content/ruralMinds';
import { RuralMindsTraining } from '../components/RuralMindsTraining';

// A signed-in learner's training (launched as cmi5, with their progress) needs the query cache and
// the learning records' code: it loads for them only, so the page's first view carries neither.
const LearnerRuralMindsTraining = lazy(() => import('../components/LearnerRuralMindsTraining'));

// Below the about video: the sections' code and words load when the visitor scrolls to within
// 200 px of them (on a phone the video already fills the first screen). Until then their
// prerendered HTML stands, unhydrated; after a client-side navigation they render as soon as their
// chunk arrives.
const RuralMindsSections = lazy(() =>
  whenNearViewport('[data-rural-minds-sections]', '200px').then(() =>
    import('../components/RuralMindsSections').then(({ RuralMindsSections }) => ({
      default: RuralMindsSections,
    })),
  ),
);

export default function RuralMindsPage() {
  const { user } = useAuth();
  return (
    <>
      {user ? (
        <Suspense fallback={<RuralMindsTraining />}>
          <LearnerRuralMindsTraining userId={user.id} />
        </Suspense>
      ) : (
        <RuralMindsTraining />
      )}

      <Section
        tone="muted"
        eyebrow="Watch"
        title={ruralMindsCopy.about.title}
        intro={ruralMindsCopy.about.intro}
      >
        <VideoFacade video={site.videos.ruralMindsAbout} className="max-w-4xl shadow-xl" />
      </Section>

      <div data-rural-minds-sections>
        <Suspense fallback={null}>
          <RuralMindsSections />
        </Suspense>
      </div>
    </>
  );
}
