import type { Endorsement } from '@/content/types';

/** Quotes from people who use the training, each attributed beneath it. */
export function EndorsementList({ items }: { items: readonly Endorsement[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.quote} className="flex">
          <figure className="flex flex-1 flex-col rounded-xl border border-white/10 bg-white/5 p-6 md:p-8">
            <span aria-hidden className="h-8 text-6xl font-bold leading-none text-brand-glow">
              &ldquo;
            </span>
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-white">
              <p>{item.quote}</p>
            </blockquote>
            <figcaption className="mt-6 border-t border-white/10 pt-4">
              <span className="block font-semibold text-white">{item.role}</span>
              <span className="block text-sm text-white/75">{item.place}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
