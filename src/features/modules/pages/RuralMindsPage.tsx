import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { modules } from '@/content/modules';

export default function RuralMindsPage() {
  const module = modules['rural-minds'];
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="container py-12 md:py-20">
        <Link
          to="/training-library"
          className="inline-flex items-center gap-2 py-2 text-sm font-medium hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to the training library
        </Link>
        <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-brand-ink md:text-6xl">
          {module.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground md:text-xl">{module.summary}</p>
      </div>
    </section>
  );
}
