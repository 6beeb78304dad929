import { useParams } from 'react-router-dom';
import { findModule } from '@/content/modules';
import { pageCopy } from '@/content/pages';

export default function UnlockPage() {
  const module = findModule(useParams().slug);
  if (!module) return null;
  return (
    <section className="container py-12 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {module.title}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{pageCopy.unlock.intro}</p>
    </section>
  );
}
